// DeepSeek-V4 decode sliding-window attention, the qk_pv stage of one token,
// as a cube/vector kernel pair with split messages.
//
// Source: hw-native-sys/pypto-lib, models/deepseek_v4_flash_dspark/
// decode_sparse_attn_swa.py, sparse_attn_swa(), the `qk_pv` spmd block:
//
//   for qk_hb in pl.pipeline(H // QK_M_TILE, stage=2):     # H = 64, QK_M_TILE = 32
//       qk_raw    = pl.matmul(qk_q_tile, qk_kv, b_trans=True, out_dtype=FP32)  # cube
//       qk_scores = pl.col_expand_add(pl.mul(qk_raw, SOFTMAX_SCALE), bias_row) # vector
//       qk_mi     = pl.row_max(qk_scores)
//       qk_exp    = pl.exp(pl.row_expand_sub(qk_scores, qk_mi))
//       qk_li     = pl.row_sum(qk_exp)
//       qk_exp_bf16 = pl.cast(qk_exp, BF16, mode="rint")
//       qk_oi     = pl.matmul(qk_exp_bf16, qk_kv, out_dtype=FP32)               # cube
//       for qk_sub in pl.unroll(QK_M_TILE // H_TILE): store the 16-head rows of mi, li, oi
//
// The cube/vector split of the stage: the cube computes QK^T of 32 heads
// against the 128-key window and pushes the f32 scores; the vector runs the
// softmax statistics and pushes the bf16 probabilities back; the cube pops
// them and multiplies them by the window. The code PyPTO generates for this
// stage (the public PTOAS samples DeepseekV4DecodeA3, DeepseekV4DecodeA5,
// DeepseekV4ProDecodeA5 and DeepseekV4FlashDsparkA5 `kernels/qk_pv.pto`)
// pushes and pops with split = 0 in both directions: one vector core pops
// the whole 32-head tile. This example instead splits both directions
// up/down (split = 1, our choice, to exercise split messages on a real
// shape): each vector sub-block pops the 16 heads of its half (the source's
// H_TILE = 16 sub-tiles) and pushes its half of the probabilities back; the
// cube pops the joined 32-head tile.
//
// Changed in translation:
// - one token (the spmd block index qk_t = 0), one sparse block (the SWA
//   window is one 128-key tile, as in the source); HEAD_DIM scaled from 512
//   to 64 (SOFTMAX_SCALE = 64^-0.5 = 0.125 accordingly) to keep the
//   simulation small; H = 64, WIN = 128, QK_M_TILE = 32, H_TILE = 16 as in
//   the source config;
// - the GM tensors are kernel arguments and results: q [H, D] and the
//   gathered window kv [128, D] in bf16, the bias row [1, 128] in f32; the
//   cube returns oi [H, D], each vector sub-block returns mi and li [H, 1]
//   with the rows of its heads filled (the source writes them to GM);
// - pl.* tile ops become linalg: b_trans is a matmul indexing map,
//   col_expand_add / row_expand_sub are linalg.generic with the broadcast
//   maps (r, c) -> (0, c) / (r, c) -> (r, 0), row_max / row_sum are
//   reductions into [16, 1], cast rint is arith.truncf (round to nearest even);
// - the pipe is declared by the initialise ops with dir_mask = 3 (both
//   directions, 4 slots each); tfree is operand-less, after the last use.
//
// The pass's decisions (pto-opt --pto-skew-cross-core="remarks=true"):
//   cube loop:   skewed: depth 1 (requested 2, trip 2, slots 4)
//   vector loop: not skewed: consumer role (expected: the peer's producer runs
//                ahead): its first FIFO op 'pto.tpop_from_aic' is a pop
// (trip 2 = H / QK_M_TILE cannot hold two depth-2 groups, so the cube runs
// one head batch ahead.) pto-verify-fifo: clean. pto-sim check: PASS,
// bitwise (2 messages per direction, 2 vector sub-blocks).

module {
  func.func @qk_pv_cube(%q: tensor<64x64xbf16>, %kv: tensor<128x64xbf16>) -> tensor<64x64xf32>
      attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
    %buf = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    "pto.aic_initialize_pipe"(%buf, %buf) {dir_mask = 3 : i8, slot_size = 16384 : i32} : (i32, i32) -> ()
    %oi_empty = tensor.empty() : tensor<64x64xf32>
    %oi_init = linalg.fill ins(%zero : f32) outs(%oi_empty : tensor<64x64xf32>) -> tensor<64x64xf32>
    %s_empty = tensor.empty() : tensor<32x128xf32>
    %o_empty = tensor.empty() : tensor<32x64xf32>
    %oi = scf.for %hb = %c0 to %c2 step %c1 iter_args(%oi_all = %oi_init) -> (tensor<64x64xf32>) {
      %h0 = arith.muli %hb, %c32 : index
      %q_tile = tensor.extract_slice %q[%h0, 0] [32, 64] [1, 1] : tensor<64x64xbf16> to tensor<32x64xbf16>
      // qk_raw = q_tile · kv^T (b_trans)
      %s_init = linalg.fill ins(%zero : f32) outs(%s_empty : tensor<32x128xf32>) -> tensor<32x128xf32>
      %qk_raw = linalg.matmul
          indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
          ins(%q_tile, %kv : tensor<32x64xbf16>, tensor<128x64xbf16>) outs(%s_init : tensor<32x128xf32>) -> tensor<32x128xf32>
      "pto.tpush_to_aiv"(%qk_raw) {split = 1 : i8} : (tensor<32x128xf32>) -> ()
      // qk_oi = exp_bf16 · kv
      %p = "pto.tpop_from_aiv"() {split = 1 : i8} : () -> tensor<32x128xbf16>
      %o_init = linalg.fill ins(%zero : f32) outs(%o_empty : tensor<32x64xf32>) -> tensor<32x64xf32>
      %qk_oi = linalg.matmul ins(%p, %kv : tensor<32x128xbf16>, tensor<128x64xbf16>) outs(%o_init : tensor<32x64xf32>) -> tensor<32x64xf32>
      "pto.tfree_from_aiv"() {split = 1 : i8} : () -> ()
      %next = tensor.insert_slice %qk_oi into %oi_all[%h0, 0] [32, 64] [1, 1] : tensor<32x64xf32> into tensor<64x64xf32>
      scf.yield %next : tensor<64x64xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %oi : tensor<64x64xf32>
  }

  func.func @qk_pv_vector(%bias_row: tensor<1x128xf32>) -> (tensor<64x1xf32>, tensor<64x1xf32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
    %buf = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %scale = arith.constant 0.125 : f32
    "pto.aiv_initialize_pipe"(%buf, %buf) {dir_mask = 3 : i8, slot_size = 16384 : i32} : (i32, i32) -> ()
    %sb = "pto.get_subblock_idx"() : () -> i64
    %sb_index = arith.index_cast %sb : i64 to index
    %r0 = arith.muli %sb_index, %c16 : index
    %stat_empty = tensor.empty() : tensor<64x1xf32>
    %stat_init = linalg.fill ins(%zero : f32) outs(%stat_empty : tensor<64x1xf32>) -> tensor<64x1xf32>
    %tile_empty = tensor.empty() : tensor<16x128xf32>
    %row_empty = tensor.empty() : tensor<16x1xf32>
    %mi, %li = scf.for %hb = %c0 to %c2 step %c1 iter_args(%mi_all = %stat_init, %li_all = %stat_init)
        -> (tensor<64x1xf32>, tensor<64x1xf32>) {
      %qk_raw = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<16x128xf32>
      // qk_scores = col_expand_add(qk_raw * SOFTMAX_SCALE, bias_row)
      %qk_scores = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (0, c)>, affine_map<(r, c) -> (r, c)>],
                                   iterator_types = ["parallel", "parallel"]}
          ins(%qk_raw, %bias_row : tensor<16x128xf32>, tensor<1x128xf32>) outs(%tile_empty : tensor<16x128xf32>) {
        ^bb0(%x: f32, %b: f32, %out: f32):
          %xs = arith.mulf %x, %scale : f32
          %v = arith.addf %xs, %b : f32
          linalg.yield %v : f32
      } -> tensor<16x128xf32>
      // qk_mi = row_max(qk_scores)
      %max_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16x1xf32>) -> tensor<16x1xf32>
      %qk_mi = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, 0)>],
                               iterator_types = ["parallel", "reduction"]}
          ins(%qk_scores : tensor<16x128xf32>) outs(%max_init : tensor<16x1xf32>) {
        ^bb0(%x: f32, %acc: f32):
          %m = arith.maximumf %x, %acc : f32
          linalg.yield %m : f32
      } -> tensor<16x1xf32>
      // qk_exp = exp(row_expand_sub(qk_scores, qk_mi))
      %qk_exp = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, 0)>, affine_map<(r, c) -> (r, c)>],
                                iterator_types = ["parallel", "parallel"]}
          ins(%qk_scores, %qk_mi : tensor<16x128xf32>, tensor<16x1xf32>) outs(%tile_empty : tensor<16x128xf32>) {
        ^bb0(%x: f32, %m: f32, %out: f32):
          %d = arith.subf %x, %m : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
      } -> tensor<16x128xf32>
      "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
      // qk_li = row_sum(qk_exp)
      %sum_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16x1xf32>) -> tensor<16x1xf32>
      %qk_li = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, 0)>],
                               iterator_types = ["parallel", "reduction"]}
          ins(%qk_exp : tensor<16x128xf32>) outs(%sum_init : tensor<16x1xf32>) {
        ^bb0(%x: f32, %acc: f32):
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
      } -> tensor<16x1xf32>
      // qk_exp_bf16 = cast(qk_exp, BF16, rint)
      %qk_exp_bf16 = arith.truncf %qk_exp : tensor<16x128xf32> to tensor<16x128xbf16>
      "pto.tpush_to_aic"(%qk_exp_bf16) {split = 1 : i8} : (tensor<16x128xbf16>) -> ()
      // the rows of this sub-block's 16 heads: qk_hb * QK_M_TILE + sub-block * H_TILE
      %h0 = arith.muli %hb, %c32 : index
      %row = arith.addi %h0, %r0 : index
      %mi_next = tensor.insert_slice %qk_mi into %mi_all[%row, 0] [16, 1] [1, 1] : tensor<16x1xf32> into tensor<64x1xf32>
      %li_next = tensor.insert_slice %qk_li into %li_all[%row, 0] [16, 1] [1, 1] : tensor<16x1xf32> into tensor<64x1xf32>
      scf.yield %mi_next, %li_next : tensor<64x1xf32>, tensor<64x1xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %mi, %li : tensor<64x1xf32>, tensor<64x1xf32>
  }
}
