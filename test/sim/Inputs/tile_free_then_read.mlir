// The vector releases its slot, then stores the popped tile.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %v = pto.make_tensor_view %in, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32>
    pto.tload ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<mat, 16x16xf32>)
    pto.tpush_to_aiv(%t : !pto.tile_buf<mat, 16x16xf32>) {split = 0}
    return
  }
  func.func @vector(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %o = pto.make_tensor_view %out, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %p = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    pto.tfree_from_aic {split = 0}
    pto.tstore ins(%p : !pto.tile_buf<vec, 16x16xf32>) outs(%ow : !pto.partition_tensor_view<16x16xf32>)
    return
  }
}
