// A multi-round-trip pair in tile IR (the flash-decode tile pair of
// examples/flash_decode_qk_pv_tile.mlir with O_j = P V_j sent back to the
// vector, which accumulates it: cube push S, pop P, push O_j; vector pop S,
// push P, pop O_j). Its bodies reach their tile buffers through memory, which
// the co-skew does not copy per stage in flight (only the producer skew does,
// skew/multibuffer.py): both loops stay as written, the remarks say why, and
// the pair still runs as before.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: pto-opt %s --pto-skew-cross-core | FileCheck %s
// RUN: pto-sim check %s | FileCheck %s --check-prefix=SIM
// REMARK: coskew-tile.mlir:{{[0-9]+}}:5: remark: demoted: {{.*}}; not co-skewed with @fd_vector's loop at {{.*}}: co-skew reorders the body's memory accesses across iterations: 'pto.tload' may touch memory
// REMARK: coskew-tile.mlir:{{[0-9]+}}:5: remark: not skewed: {{.*}}; not co-skewed with @fd_cube's loop at {{.*}}: co-skew reorders the body's memory accesses across iterations: 'pto.tload' may touch memory
// CHECK-LABEL: func.func @fd_cube(
// CHECK:         scf.for
// CHECK-NOT:     pto.alloc_multi_tile
// CHECK:       func.func @fd_vector(
// SIM: PASS: 6 outputs and messages (C2V 16, V2C 8) bitwise identical
module {
  func.func @fd_cube(%q: !pto.ptr<f32> {llvm.noalias}, %kt: !pto.ptr<f32> {llvm.noalias},
                        %v: !pto.ptr<f32> {llvm.noalias}, %o: !pto.ptr<f32> {llvm.noalias},
                        %m: !pto.ptr<f32> {llvm.noalias}, %l: !pto.ptr<f32> {llvm.noalias})
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %q_view = pto.make_tensor_view %q, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %kt_view = pto.make_tensor_view %kt, shape = [%c16, %c128], strides = [%c128, %c1] : !pto.tensor_view<?x?xf32>
    %v_view = pto.make_tensor_view %v, shape = [%c128, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %o_view = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %q_window = pto.partition_view %q_view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %q_mat = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%q_window : !pto.partition_tensor_view<16x16xf32>) outs(%q_mat : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %q_left = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    pto.tmov ins(%q_mat : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%q_left : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
    %k_mat = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %k_right = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    %s = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %p_left = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    %v_mat = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %v_right = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    %out = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.texpands ins(%zero : f32) outs(%out : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    scf.for %j = %c0 to %c8 step %c1 {
      %key = arith.muli %j, %c16 : index
      // S = Q K_j^T
      %kt_window = pto.partition_view %kt_view, offsets = [%c0, %key], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tload ins(%kt_window : !pto.partition_tensor_view<16x16xf32>) outs(%k_mat : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tmov ins(%k_mat : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%k_right : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
      pto.tmatmul ins(%q_left, %k_right : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%s : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%s : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
      // O += P V_j
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.textract ins(%p, %c0, %c0 : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>, index, index) outs(%p_left : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
      pto.tfree_from_aiv {split = 0}
      %v_window = pto.partition_view %v_view, offsets = [%key, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tload ins(%v_window : !pto.partition_tensor_view<16x16xf32>) outs(%v_mat : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tmov ins(%v_mat : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%v_right : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
      pto.tmatmul ins(%p_left, %v_right : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%out : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%out : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
    } {pto.pipeline_stages = 2 : i64}
    return
  }

  func.func @fd_vector(%q: !pto.ptr<f32> {llvm.noalias}, %kt: !pto.ptr<f32> {llvm.noalias},
                        %v: !pto.ptr<f32> {llvm.noalias}, %o: !pto.ptr<f32> {llvm.noalias},
                        %m: !pto.ptr<f32> {llvm.noalias}, %l: !pto.ptr<f32> {llvm.noalias})
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %scale = arith.constant 0.25 : f32
    %lowest = arith.constant -3.0e38 : f32
    %zero = arith.constant 0.0 : f32
    %m_view = pto.make_tensor_view %m, shape = [%c16, %c1], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>
    %l_view = pto.make_tensor_view %l, shape = [%c16, %c1], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    %tmp = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    %row_max = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
    %row_sum = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
    %run_max = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
    %run_sum = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
    %o_acc = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    pto.texpands ins(%zero : f32) outs(%o_acc : !pto.tile_buf<vec, 16x16xf32>)
    %o_view = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    pto.texpands ins(%lowest : f32) outs(%run_max : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
    pto.texpands ins(%zero : f32) outs(%run_sum : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
    scf.for %j = %c0 to %c8 step %c1 {
      %sc = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tmuls ins(%sc, %scale : !pto.tile_buf<vec, 16x16xf32, valid=?x?>, f32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
      pto.tfree_from_aic {split = 0}
      pto.trowmax ins(%t, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%row_max : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
      pto.tmax ins(%run_max, %row_max : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%run_max : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
      pto.trowexpandsub ins(%t, %run_max : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
      pto.texp ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
      pto.trowsum ins(%t, %tmp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%row_sum : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
      pto.tadd ins(%run_sum, %row_sum : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%run_sum : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0}
      %oj = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tadd ins(%o_acc, %oj : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%o_acc : !pto.tile_buf<vec, 16x16xf32>)
      pto.tfree_from_aic {split = 0}
    } {pto.pipeline_stages = 2 : i64}
    %m_window = pto.partition_view %m_view, offsets = [%c0, %c0], sizes = [%c16, %c1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>
    pto.tstore ins(%run_max : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%m_window : !pto.partition_tensor_view<16x1xf32>)
    %o_window = pto.partition_view %o_view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tstore ins(%o_acc : !pto.tile_buf<vec, 16x16xf32>) outs(%o_window : !pto.partition_tensor_view<16x16xf32>)
    %l_window = pto.partition_view %l_view, offsets = [%c0, %c0], sizes = [%c16, %c1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>
    pto.tstore ins(%run_sum : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%l_window : !pto.partition_tensor_view<16x1xf32>)
    return
  }
}
