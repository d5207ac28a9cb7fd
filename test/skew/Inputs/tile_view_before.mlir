// tile_crossing_d2.mlir (a tile-IR pair at depth 2, trip 11) with the
// consumer half reading %ma through a view of a view made before the loop:
// each copy of %ma gets the two views taken of its own slot
// (tile-buffers.test).
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @cube(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %sum: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %rows = arith.constant 176 : index
    %n = arith.constant 11 : index
    %av = pto.make_tensor_view %a, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bv = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %ov = pto.make_tensor_view %out, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %sv = pto.make_tensor_view %sum, shape = [%rows, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %bw = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %mb = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    pto.tload ins(%bw : !pto.partition_tensor_view<16x16xf32>) outs(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
    %rb = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    pto.tmov ins(%mb : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%rb : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
    %ma = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    // Views of %ma made before the loop, the consumer half reading the
    // second: each copy of %ma gets them taken of its own slot.
    %mv = pto.subview %ma[%c0, %c0] sizes [16, 16] : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %mvv = pto.subview %mv[%c0, %c0] sizes [16, 16] : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
    %la = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %pl = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
    %xr = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
    %o = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %total = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %sw = pto.partition_view %sv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tmatmul ins(%pl, %xr : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%total : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    scf.for %i = %c0 to %n step %c1 {
      %r0 = arith.muli %i, %c16 : index
      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      %ow = pto.partition_view %ov, offsets = [%r0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      pto.tload ins(%aw : !pto.partition_tensor_view<16x16xf32>) outs(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
      pto.tmov ins(%ma : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%la : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
      pto.tmatmul ins(%la, %rb : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
      %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
      pto.textract ins(%p, %c0, %c0 : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>, index, index) outs(%pl : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
      pto.tfree_from_aiv {split = 0}
      pto.tmov ins(%mvv : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%xr : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
      pto.tmatmul ins(%pl, %xr : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%o : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tmatmul.acc ins(%total, %pl, %xr : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%total : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tstore ins(%o : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%ow : !pto.partition_tensor_view<16x16xf32>)
    } {pto.pipeline_stages = 3 : i64}
    pto.tstore ins(%total : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%sw : !pto.partition_tensor_view<16x16xf32>)
    return
  }

  func.func @vector(%a: !pto.ptr<f32> {llvm.noalias}, %b: !pto.ptr<f32> {llvm.noalias}, %out: !pto.ptr<f32> {llvm.noalias}, %sum: !pto.ptr<f32> {llvm.noalias}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 11 : index
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
