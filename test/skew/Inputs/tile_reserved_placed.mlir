// One cross-core tile-IR loop whose mat buffer %ma1 the kernel places at 0,
// 1 KiB below a buffer it reserves at 2048 (where a pipe's receive slots
// would be): at depth 3 the copies of %ma1 (0, 1024, 2048) would run into
// it, so the depth is lowered to 2 (tile-buffers.test).
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %keep: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 96 : index
    %n = arith.constant 6 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bv = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %kv = pto.make_tensor_view %keep, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bw = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %kw = pto.partition_view %kv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %mb = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%bw : !pto.partition_tensor_view<16x16xf32>) outs(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %rb = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    pto.tmov ins(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%rb : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
    %spare = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    pto.tmov ins(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%spare : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
    %acc0 = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.tmatmul ins(%spare, %rb : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%acc0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    pto.tstore ins(%acc0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%kw : !pto.partition_tensor_view<16x16xf32>)
    %a0 = arith.constant 0 : i64
    %v2c = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = false, base = 2048} -> i32
    %ma1 = pto.alloc_tile addr = %a0 : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %la1 = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    %acc1 = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    scf.for %i = %c0 to %n step %c1 {
      %r0 = arith.muli %i, %c16 : index
      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%ma1 : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tmov ins(%ma1 : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%la1 : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
      pto.tmatmul ins(%la1, %rb : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%acc1 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%acc1 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tstore ins(%p : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) outs(%ow : !pto.partition_tensor_view<16x16xf32>)
      pto.tfree_from_aiv {split = 0}
    } {pto.pipeline_stages = 4 : i64}
    return
  }

  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %keep: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 6 : index
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
