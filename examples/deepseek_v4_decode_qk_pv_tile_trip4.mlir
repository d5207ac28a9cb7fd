// DeepSeek-V4 decode qk_pv as examples/deepseek_v4_decode_qk_pv_tile.mlir,
// at 128 heads: the head-batch loop runs 4 batches of 32, the trip of the
// public sample's unrolled loop (tonibohnlein/PTOAS test/samples/
// DeepseekV4DecodeA5/kernels/qk_pv.pto), so that the skew's order can be
// compared with it. pto-skew-cross-core runs the cube's producer half
// (load Q, move to left, QK^T into the accumulator, push) two batches ahead
// of its consumer half (pop P, extract to left, PV, store): the cube pushes
// the 4 score tiles, then pops the 4 probability tiles, as the sample does,
// with two copies of each buffer a half uses alone (Q in mat, Q and P in
// left, K and V in right, the scores and the output in acc), each placed
// after the original where the kernel placed it. See the original for
// what is modelled on the sample and what differs.
module {
  func.func @qk_pv_cube(%q: !pto.ptr<bf16> {llvm.noalias}, %kv: !pto.ptr<bf16> {llvm.noalias}, %bias: !pto.ptr<f32> {llvm.noalias},
                        %oi: !pto.ptr<f32> {llvm.noalias}, %mi: !pto.ptr<f32> {llvm.noalias}, %li: !pto.ptr<f32> {llvm.noalias})
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %a0 = arith.constant 0 : i64
    %a16k = arith.constant 16384 : i64
    %a32k = arith.constant 32768 : i64
    %to_cube = pto.reserve_buffer {name = "qk_pv_v2c", size = 32768, location = #pto.address_space<mat>, auto = false, base = 32768} -> i32
    %to_vec = pto.import_reserved_buffer {name = "qk_pv_c2v", peer_func = @qk_pv_vector} -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 16384}
      (c2v_consumer_buf = %to_vec : i32, v2c_consumer_buf = %to_cube : i32)
    %q_view = pto.make_tensor_view %q, shape = [%c128, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xbf16>
    %kv_view = pto.make_tensor_view %kv, shape = [%c128, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xbf16>
    %oi_view = pto.make_tensor_view %oi, shape = [%c128, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    // The KV window, and its transpose: the same bytes read as 64x128.
    %kv_tile = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %kv_tile_t = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %kv_window = pto.partition_view %kv_view, offsets = [%c0, %c0], sizes = [%c128, %c64] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<128x64xbf16>
    pto.tload ins(%kv_window : !pto.partition_tensor_view<128x64xbf16>) outs(%kv_tile : !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %q_tile = pto.alloc_tile addr = %a16k : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %q_left = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %k_right = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %scores = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    %p_left = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    %v_right = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
    %out = pto.alloc_tile addr = %a32k : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    scf.for %hb = %c0 to %c4 step %c1 {
      %h0 = arith.muli %hb, %c32 : index
      %q_window = pto.partition_view %q_view, offsets = [%h0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<32x64xbf16>
      pto.tload ins(%q_window : !pto.partition_tensor_view<32x64xbf16>) outs(%q_tile : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
      pto.tmov ins(%q_tile : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%q_left : !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
      pto.tmov ins(%kv_tile_t : !pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%k_right : !pto.tile_buf<loc=right, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
      pto.tmatmul ins(%q_left, %k_right : !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=64, v_row=32, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%scores : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
      pto.tpush_to_aiv(%scores : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 1}
      %p = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
      pto.textract ins(%p, %c0, %c0 : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%p_left : !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
      pto.tfree_from_aiv {split = 1}
      pto.tmov ins(%kv_tile : !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%v_right : !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
      pto.tmatmul ins(%p_left, %v_right : !pto.tile_buf<loc=left, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%out : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
      %oi_window = pto.partition_view %oi_view, offsets = [%h0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x64xf32>
      pto.tstore ins(%out : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%oi_window : !pto.partition_tensor_view<32x64xf32>)
    } {pto.pipeline_stages = 2 : i64}
    return
  }

  func.func @qk_pv_vector(%q: !pto.ptr<bf16> {llvm.noalias}, %kv: !pto.ptr<bf16> {llvm.noalias}, %bias: !pto.ptr<f32> {llvm.noalias},
                          %oi: !pto.ptr<f32> {llvm.noalias}, %mi: !pto.ptr<f32> {llvm.noalias}, %li: !pto.ptr<f32> {llvm.noalias})
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %scale = arith.constant 0.125 : f32
    %to_vec = pto.reserve_buffer {name = "qk_pv_c2v", size = 32768, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %to_cube = pto.import_reserved_buffer {name = "qk_pv_v2c", peer_func = @qk_pv_cube} -> i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 16384}
      (c2v_consumer_buf = %to_vec : i32, v2c_consumer_buf = %to_cube : i32)
    %bias_view = pto.make_tensor_view %bias, shape = [%c1, %c128], strides = [%c128, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %mi_view = pto.make_tensor_view %mi, shape = [%c128, %c1], strides = [%c1, %c128] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>
    %li_view = pto.make_tensor_view %li, shape = [%c128, %c1], strides = [%c1, %c128] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>
    %bias_row = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %bias_window = pto.partition_view %bias_view, offsets = [%c0, %c0], sizes = [%c1, %c128] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x128xf32>
    pto.tload ins(%bias_window : !pto.partition_tensor_view<1x128xf32>) outs(%bias_row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    %sb = pto.get_subblock_idx
    %sb_index = arith.index_cast %sb : i64 to index
    %r0 = arith.muli %sb_index, %c16 : index
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %tmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %row_max = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
    %row_sum = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
    %p = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    scf.for %hb = %c0 to %c4 step %c1 {
      %s = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
      pto.tmuls ins(%s, %scale : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
      pto.tfree_from_aic {split = 1}
      pto.tcolexpandadd ins(%t, %bias_row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
      pto.trowmax ins(%t, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%row_max : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
      pto.trowexpandsub ins(%t, %row_max : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
      pto.texp ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
      pto.trowsum ins(%t, %tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%row_sum : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
      pto.tcvt ins(%t {rmode = #pto<round_mode RINT>} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%p : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
      pto.tpush_to_aic(%p : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 1}
      // This sub-block's heads: batch hb * 32, then 16 per sub-block.
      %h0 = arith.muli %hb, %c32 : index
      %row = arith.addi %h0, %r0 : index
      %mi_window = pto.partition_view %mi_view, offsets = [%row, %c0], sizes = [%c16, %c1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>
      pto.tstore ins(%row_max : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%mi_window : !pto.partition_tensor_view<16x1xf32>)
      %li_window = pto.partition_view %li_view, offsets = [%row, %c0], sizes = [%c16, %c1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>
      pto.tstore ins(%row_sum : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%li_window : !pto.partition_tensor_view<16x1xf32>)
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
