// A tile-IR pair (our own): the cube loads a 32x16 tile, marks only its
// first 16 rows valid and pushes it split up/down; vector sub-block 0 gets
// the 16 valid rows, sub-block 1 a half with an empty valid shape. Both
// sub-blocks push what they popped back unsplit: sub-block 1's empty tile
// carries nothing and is no mismatch; the cube pops sub-block 0's rows and
// stores them. The pipes are initialised with their real operands: a
// global-memory slot buffer and reserved local buffers.
module {
  func.func @cube(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>, %slots: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %back = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
    %fwd = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048}
      (gm_slot_buffer = %slots : !pto.ptr<f32>, c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %back : i32)
    %in_view = pto.make_tensor_view %in, shape = [%c32, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %in_window = pto.partition_view %in_view, offsets = [%c0, %c0], sizes = [%c32, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x16xf32>
    %tile = pto.alloc_tile : !pto.tile_buf<mat, 32x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    pto.tload ins(%in_window : !pto.partition_tensor_view<32x16xf32>) outs(%tile : !pto.tile_buf<mat, 32x16xf32, valid=?x?, blayout=col_major, slayout=row_major>)
    pto.set_validshape %tile, %c16, %c16 : !pto.tile_buf<mat, 32x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    pto.tpush_to_aiv(%tile : !pto.tile_buf<mat, 32x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) {split = 1}
    %got = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>
    %out_view = pto.make_tensor_view %out, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %out_window = pto.partition_view %out_view, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tstore ins(%got : !pto.tile_buf<mat, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major>) outs(%out_window : !pto.partition_tensor_view<16x16xf32>)
    pto.tfree_from_aiv {split = 0}
    return
  }

  func.func @vector(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>, %slots: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %fwd = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    %back = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048}
      (gm_slot_buffer = %slots : !pto.ptr<f32>, c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %back : i32)
    %half = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    pto.tpush_to_aic(%half : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
    pto.tfree_from_aic {split = 1}
    return
  }
}
