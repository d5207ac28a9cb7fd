// A tile-IR pair (our own) in the shape pypto gives a vector pop whose
// logical valid shape is narrower than the tile: the vector kernel pops the
// whole 16x8 box (valid operands), sees its first 4 rows through a
// pto.treshape to a type with that valid shape, and stores them.
module {
  func.func @cube(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %in_view = pto.make_tensor_view %in, shape = [%c16, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %in_window = pto.partition_view %in_view, offsets = [%c0, %c0], sizes = [%c16, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x8xf32>
    %tile = pto.alloc_tile : !pto.tile_buf<vec, 16x8xf32>
    pto.tload ins(%in_window : !pto.partition_tensor_view<16x8xf32>) outs(%tile : !pto.tile_buf<vec, 16x8xf32>)
    pto.tpush_to_aiv(%tile : !pto.tile_buf<vec, 16x8xf32>) {split = 0}
    return
  }

  func.func @vector(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %box = pto.tpop_from_aic(%c16, %c8) {split = 0} -> !pto.tile_buf<vec, 16x8xf32, valid=?x?>
    %rows = pto.treshape %box : !pto.tile_buf<vec, 16x8xf32, valid=?x?> -> !pto.tile_buf<vec, 16x8xf32, valid=4x8>
    %out_view = pto.make_tensor_view %out, shape = [%c4, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %out_window = pto.partition_view %out_view, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x8xf32>
    pto.tstore ins(%rows : !pto.tile_buf<vec, 16x8xf32, valid=4x8>) outs(%out_window : !pto.partition_tensor_view<4x8xf32>)
    pto.tfree_from_aic {split = 0}
    return
  }
}
