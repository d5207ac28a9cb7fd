//--- producer.mlir
// The A buffer %ma, written (tload) and read (tmov) by the producer half
// only, is the initial value of an iter_arg the loop yields unchanged: the
// store after the loop reads the last A block through the loop's result,
// the allocation itself. %ma stays one buffer (the loop still skews).
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %last: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 80 : index
    %n = arith.constant 5 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bv = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %lv = pto.make_tensor_view %last, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bw = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %mb = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%bw : !pto.partition_tensor_view<16x16xf32>) outs(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %rb = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    pto.tmov ins(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%rb : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
    %ma = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %la = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ma) -> (!pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) {
      %r0 = arith.muli %i, %c16 : index
      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tmov ins(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%la : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
      pto.tmatmul ins(%la, %rb : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tstore ins(%p : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) outs(%ow : !pto.partition_tensor_view<16x16xf32>)
      pto.tfree_from_aiv {split = 0}
      scf.yield %m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    } {pto.pipeline_stages = 3 : i64}
    %lw = pto.partition_view %lv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tstore ins(%r : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%lw : !pto.partition_tensor_view<16x16xf32>)
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %last: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 5 : index
    %half = arith.constant 0.5 : f32
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tmuls ins(%t, %half : !pto.tile_buf<vec, 16x16xf32, valid=?x?>, f32) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>)
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
//--- crossing.mlir
// As producer.mlir, and the consumer half also stores each A block (to rows
// 80 on of %out): %ma crosses the halves but must stay one buffer, so the
// loop is demoted.
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %last: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 160 : index
    %n = arith.constant 5 : index
    %c80 = arith.constant 80 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bv = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %lv = pto.make_tensor_view %last, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bw = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %mb = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%bw : !pto.partition_tensor_view<16x16xf32>) outs(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %rb = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    pto.tmov ins(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%rb : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
    %ma = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %la = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ma) -> (!pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) {
      %r0 = arith.muli %i, %c16 : index
      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tmov ins(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%la : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
      pto.tmatmul ins(%la, %rb : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tstore ins(%p : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) outs(%ow : !pto.partition_tensor_view<16x16xf32>)
      pto.tfree_from_aiv {split = 0}
      %r1 = arith.addi %r0, %c80 : index
      %xw = pto.partition_view %ov, offsets = [%r1, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tstore ins(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%xw : !pto.partition_tensor_view<16x16xf32>)
      scf.yield %m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    } {pto.pipeline_stages = 3 : i64}
    %lw = pto.partition_view %lv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tstore ins(%r : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%lw : !pto.partition_tensor_view<16x16xf32>)
    return
  }
  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %last: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 5 : index
    %half = arith.constant 0.5 : f32
    scf.for %i = %c0 to %n step %c1 {
      %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
      pto.tmuls ins(%t, %half : !pto.tile_buf<vec, 16x16xf32, valid=?x?>, f32) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>)
      pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
