// race_tile_ordered.mlir with the vector's tload of rows 0..15 of %g moved
// before its pop: nothing orders it against the cube's tstore of those
// rows, a data race on global memory.
module {
  func.func @cube(%in: !pto.ptr<f32>, %g: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %in_view = pto.make_tensor_view %in, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %in_window = pto.partition_view %in_view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %g_view = pto.make_tensor_view %g, shape = [%c32, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %g_top = pto.partition_view %g_view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %tile = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    pto.tload ins(%in_window : !pto.partition_tensor_view<16x16xf32>) outs(%tile : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>)
    pto.tstore ins(%tile : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) outs(%g_top : !pto.partition_tensor_view<16x16xf32>)
    pto.tpush_to_aiv(%tile : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) {split = 0}
    return
  }

  func.func @vector(%in: !pto.ptr<f32>, %g: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %g_view = pto.make_tensor_view %g, shape = [%c32, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %g_top = pto.partition_view %g_view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %g_bottom = pto.partition_view %g_view, offsets = [%c16, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %copy = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    pto.tload ins(%g_top : !pto.partition_tensor_view<16x16xf32>) outs(%copy : !pto.tile_buf<vec, 16x16xf32, valid=?x?>)
    %got = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    pto.tstore ins(%copy : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%g_bottom : !pto.partition_tensor_view<16x16xf32>)
    pto.tfree_from_aic {split = 0}
    return
  }
}
