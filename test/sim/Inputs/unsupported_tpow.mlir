module {
  func.func @cube(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    return
  }
  func.func @vector(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %in = pto.make_tensor_view %p, shape = [%c8], strides = [%c1] : !pto.tensor_view<8xf32>
    %win = pto.partition_view %in, offsets = [%c0], sizes = [%c8] : !pto.tensor_view<8xf32> -> !pto.partition_tensor_view<8xf32>
    %out = pto.make_tensor_view %q, shape = [%c8], strides = [%c1] : !pto.tensor_view<8xf32>
    %wout = pto.partition_view %out, offsets = [%c0], sizes = [%c8] : !pto.tensor_view<8xf32> -> !pto.partition_tensor_view<8xf32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 1x8xf32>
    pto.tload ins(%win : !pto.partition_tensor_view<8xf32>) outs(%t : !pto.tile_buf<vec, 1x8xf32>)
    pto.tadd ins(%t, %t : !pto.tile_buf<vec, 1x8xf32>, !pto.tile_buf<vec, 1x8xf32>) outs(%t : !pto.tile_buf<vec, 1x8xf32>)
    pto.tpow ins(%t, %t : !pto.tile_buf<vec, 1x8xf32>, !pto.tile_buf<vec, 1x8xf32>) outs(%t : !pto.tile_buf<vec, 1x8xf32>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 1x8xf32>) outs(%wout : !pto.partition_tensor_view<8xf32>)
    return
  }
}
