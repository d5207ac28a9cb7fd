// A vector kernel without a cube peer and without FIFO traffic, as many of
// pypto's kernels are: a row of global memory scaled and stored back.
module {
  func.func @scale(%g: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    %v = pto.make_tensor_view %g, shape = [%c1, %c32], strides = [%c32, %c1] : !pto.tensor_view<1x32xf32>
    %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c1, %c32] : !pto.tensor_view<1x32xf32> -> !pto.partition_tensor_view<1x32xf32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
    pto.tload ins(%w : !pto.partition_tensor_view<1x32xf32>) outs(%t : !pto.tile_buf<vec, 1x32xf32>)
    pto.tmuls ins(%t, %two : !pto.tile_buf<vec, 1x32xf32>, f32) outs(%t : !pto.tile_buf<vec, 1x32xf32>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 1x32xf32>) outs(%w : !pto.partition_tensor_view<1x32xf32>)
    return
  }
}
