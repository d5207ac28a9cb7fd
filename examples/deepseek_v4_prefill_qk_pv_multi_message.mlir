// DeepSeek-V4 prefill sparse attention, the qk_pv stage of one query token,
// as a cube/vector kernel pair exchanging two messages per direction per
// pipelined iteration (one per 16-head sub-tile; synthetic, see below).
//
// Source: hw-native-sys/pypto-lib, models/deepseek_v4_flash_dspark/
// prefill_sparse_attn.py, the `qk_pv` spmd block:
//
//   for qk_sb in pl.range(PREFILL_ATTN_BLOCKS):               # 128-key sparse blocks
//       qk_kv_k = qk_kv_v = sparse_kv[block rows]
//       for qk_hb in pl.pipeline(H // QK_M_TILE, stage=2):    # H = 64, QK_M_TILE = 32
//           qk_raw = pl.matmul(qk_q_tile, qk_kv_k, b_trans=True)            # cube
//           softmax statistics mi, li and qk_exp_bf16 (row_max, exp, row_sum, cast rint)  # vector
//           qk_oi = pl.matmul(qk_exp_bf16, qk_kv_v)                          # cube
//           for qk_sub in pl.unroll(QK_M_TILE // HEAD_TILE):   # HEAD_TILE = 16
//               store the 16-head rows of mi, li, oi for (qk_sb, head tile)
//
// The two messages per direction are ours (synthetic): the source's stage,
// as PyPTO compiles it, exchanges one message per direction per 32-head
// batch (the QK^T tile to the vector, the probabilities back). Here the
// exchange is cut along the source's HEAD_TILE sub-tiles without split (the
// A2/A3 GM path, one vector core), to exercise message groups on a real
// shape: per 32-head batch the cube pushes the two 16-head score tiles, the
// vector pops each, computes its statistics and pushes its bf16
// probabilities back, and the cube pops both and multiplies each by the
// block's values. Two messages per direction per iteration of the
// pipelined loop, on one pipe.
//
// Changed in translation:
// - one query token (qk_local_t = 0), every block valid (valid_block_mask
//   all set); PREFILL_ATTN_BLOCKS = 2 and HEAD_DIM scaled from 512 to 64
//   (SOFTMAX_SCALE = 0.125) to keep the simulation small; H = 64,
//   PREFILL_ATTN_TILE = 128, QK_M_TILE = 32, HEAD_TILE = 16 as in the source;
// - GM tensors are arguments and results: q [H, D] and the gathered sparse
//   kv [2*128, D] in bf16, the bias [1, 2*128] in f32; the cube returns oi
//   and the vector mi, li per (block, head) as [2, H, D] / [2, H, 1];
// - the pl.unroll over the two head sub-tiles is written out on the cube
//   (push, push, then pop / PV / tfree twice) and kept as an scf.for of two
//   iterations around pop / softmax / push on the vector;
// - pl.* tile ops become linalg as in deepseek_v4_decode_swa_qk_pv.mlir;
// - the pipe is declared with dir_mask = 3 (4 slots per direction).
//
// The pass's decisions (pto-opt --pto-skew-cross-core="remarks=true"):
//   cube loop (qk_hb):   skewed: depth 1 (requested 2, trip 2, slots 4)
//   vector loop (qk_hb): demoted: FIFO op 'pto.tpop_from_aic' is nested in
//                        'scf.for'
// The cube's two pushes lead as one message group (both ahead of the first
// pop), so the cube runs the next head batch's QK and both pushes before
// the current batch's two pops; trip 2 = H / QK_M_TILE allows depth 1.
// pto-verify-fifo: clean. pto-sim check: PASS, bitwise (8 messages per
// direction, one vector core: no split and no sub-block query), 1.44x fewer
// cycles.

module {
  func.func @qk_pv_cube(%q: tensor<64x64xbf16>, %kv: tensor<256x64xbf16>) -> tensor<2x64x64xf32>
      attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
    %buf = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    "pto.aic_initialize_pipe"(%buf, %buf) {dir_mask = 3 : i8, slot_size = 8192 : i32} : (i32, i32) -> ()
    %oi_empty = tensor.empty() : tensor<2x64x64xf32>
    %oi_init = linalg.fill ins(%zero : f32) outs(%oi_empty : tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
    %s_empty = tensor.empty() : tensor<32x128xf32>
    %o_empty = tensor.empty() : tensor<16x64xf32>
    %oi = scf.for %sb = %c0 to %c2 step %c1 iter_args(%oi_blocks = %oi_init) -> (tensor<2x64x64xf32>) {
      %k0 = arith.muli %sb, %c128 : index
      %kv_blk = tensor.extract_slice %kv[%k0, 0] [128, 64] [1, 1] : tensor<256x64xbf16> to tensor<128x64xbf16>
      %oi_sb = scf.for %hb = %c0 to %c2 step %c1 iter_args(%oi_all = %oi_blocks) -> (tensor<2x64x64xf32>) {
        %h0 = arith.muli %hb, %c32 : index
        %q_tile = tensor.extract_slice %q[%h0, 0] [32, 64] [1, 1] : tensor<64x64xbf16> to tensor<32x64xbf16>
        %s_init = linalg.fill ins(%zero : f32) outs(%s_empty : tensor<32x128xf32>) -> tensor<32x128xf32>
        %qk_raw = linalg.matmul
            indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
            ins(%q_tile, %kv_blk : tensor<32x64xbf16>, tensor<128x64xbf16>) outs(%s_init : tensor<32x128xf32>) -> tensor<32x128xf32>
        // pl.unroll(QK_M_TILE // HEAD_TILE), written out: two messages each way.
        %s_sub0 = tensor.extract_slice %qk_raw[0, 0] [16, 128] [1, 1] : tensor<32x128xf32> to tensor<16x128xf32>
        "pto.tpush_to_aiv"(%s_sub0) {split = 0 : i8} : (tensor<16x128xf32>) -> ()
        %s_sub1 = tensor.extract_slice %qk_raw[16, 0] [16, 128] [1, 1] : tensor<32x128xf32> to tensor<16x128xf32>
        "pto.tpush_to_aiv"(%s_sub1) {split = 0 : i8} : (tensor<16x128xf32>) -> ()
        %p0 = "pto.tpop_from_aiv"() {split = 0 : i8} : () -> tensor<16x128xbf16>
        %o_init0 = linalg.fill ins(%zero : f32) outs(%o_empty : tensor<16x64xf32>) -> tensor<16x64xf32>
        %qk_oi0 = linalg.matmul ins(%p0, %kv_blk : tensor<16x128xbf16>, tensor<128x64xbf16>) outs(%o_init0 : tensor<16x64xf32>) -> tensor<16x64xf32>
        "pto.tfree_from_aiv"() {split = 0 : i8} : () -> ()
        %p1 = "pto.tpop_from_aiv"() {split = 0 : i8} : () -> tensor<16x128xbf16>
        %o_init1 = linalg.fill ins(%zero : f32) outs(%o_empty : tensor<16x64xf32>) -> tensor<16x64xf32>
        %qk_oi1 = linalg.matmul ins(%p1, %kv_blk : tensor<16x128xbf16>, tensor<128x64xbf16>) outs(%o_init1 : tensor<16x64xf32>) -> tensor<16x64xf32>
        "pto.tfree_from_aiv"() {split = 0 : i8} : () -> ()
        %row1 = arith.addi %h0, %c16 : index
        %oi_half = tensor.insert_slice %qk_oi0 into %oi_all[%sb, %h0, 0] [1, 16, 64] [1, 1, 1] : tensor<16x64xf32> into tensor<2x64x64xf32>
        %oi_next = tensor.insert_slice %qk_oi1 into %oi_half[%sb, %row1, 0] [1, 16, 64] [1, 1, 1] : tensor<16x64xf32> into tensor<2x64x64xf32>
        scf.yield %oi_next : tensor<2x64x64xf32>
      } {pto.pipeline_stages = 2 : i64}
      scf.yield %oi_sb : tensor<2x64x64xf32>
    }
    return %oi : tensor<2x64x64xf32>
  }

  func.func @qk_pv_vector(%bias: tensor<1x256xf32>) -> (tensor<2x64x1xf32>, tensor<2x64x1xf32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
    %buf = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %scale = arith.constant 0.125 : f32
    "pto.aiv_initialize_pipe"(%buf, %buf) {dir_mask = 3 : i8, slot_size = 8192 : i32} : (i32, i32) -> ()
    %stat_empty = tensor.empty() : tensor<2x64x1xf32>
    %stat_init = linalg.fill ins(%zero : f32) outs(%stat_empty : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %tile_empty = tensor.empty() : tensor<16x128xf32>
    %row_empty = tensor.empty() : tensor<16x1xf32>
    %mi, %li = scf.for %sb = %c0 to %c2 step %c1 iter_args(%mi_blocks = %stat_init, %li_blocks = %stat_init)
        -> (tensor<2x64x1xf32>, tensor<2x64x1xf32>) {
      %b0 = arith.muli %sb, %c128 : index
      %bias_row = tensor.extract_slice %bias[0, %b0] [1, 128] [1, 1] : tensor<1x256xf32> to tensor<1x128xf32>
      %mi_sb, %li_sb = scf.for %hb = %c0 to %c2 step %c1 iter_args(%mi_all = %mi_blocks, %li_all = %li_blocks)
          -> (tensor<2x64x1xf32>, tensor<2x64x1xf32>) {
        %h0 = arith.muli %hb, %c32 : index
        %mi_h, %li_h = scf.for %sub = %c0 to %c2 step %c1 iter_args(%mi_acc = %mi_all, %li_acc = %li_all)
            -> (tensor<2x64x1xf32>, tensor<2x64x1xf32>) {
          %qk_raw = "pto.tpop_from_aic"() {split = 0 : i8} : () -> tensor<16x128xf32>
          %qk_scores = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (0, c)>, affine_map<(r, c) -> (r, c)>],
                                       iterator_types = ["parallel", "parallel"]}
              ins(%qk_raw, %bias_row : tensor<16x128xf32>, tensor<1x128xf32>) outs(%tile_empty : tensor<16x128xf32>) {
            ^bb0(%x: f32, %b: f32, %out: f32):
              %xs = arith.mulf %x, %scale : f32
              %v = arith.addf %xs, %b : f32
              linalg.yield %v : f32
          } -> tensor<16x128xf32>
          "pto.tfree_from_aic"() {split = 0 : i8} : () -> ()
          %max_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16x1xf32>) -> tensor<16x1xf32>
          %qk_mi = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, 0)>],
                                   iterator_types = ["parallel", "reduction"]}
              ins(%qk_scores : tensor<16x128xf32>) outs(%max_init : tensor<16x1xf32>) {
            ^bb0(%x: f32, %acc: f32):
              %m = arith.maximumf %x, %acc : f32
              linalg.yield %m : f32
          } -> tensor<16x1xf32>
          %qk_exp = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, 0)>, affine_map<(r, c) -> (r, c)>],
                                    iterator_types = ["parallel", "parallel"]}
              ins(%qk_scores, %qk_mi : tensor<16x128xf32>, tensor<16x1xf32>) outs(%tile_empty : tensor<16x128xf32>) {
            ^bb0(%x: f32, %m: f32, %out: f32):
              %d = arith.subf %x, %m : f32
              %e = math.exp %d : f32
              linalg.yield %e : f32
          } -> tensor<16x128xf32>
          %sum_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16x1xf32>) -> tensor<16x1xf32>
          %qk_li = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, 0)>],
                                   iterator_types = ["parallel", "reduction"]}
              ins(%qk_exp : tensor<16x128xf32>) outs(%sum_init : tensor<16x1xf32>) {
            ^bb0(%x: f32, %acc: f32):
              %s = arith.addf %x, %acc : f32
              linalg.yield %s : f32
          } -> tensor<16x1xf32>
          %qk_exp_bf16 = arith.truncf %qk_exp : tensor<16x128xf32> to tensor<16x128xbf16>
          "pto.tpush_to_aic"(%qk_exp_bf16) {split = 0 : i8} : (tensor<16x128xbf16>) -> ()
          %r0 = arith.muli %sub, %c16 : index
          %row = arith.addi %h0, %r0 : index
          %mi_next = tensor.insert_slice %qk_mi into %mi_acc[%sb, %row, 0] [1, 16, 1] [1, 1, 1] : tensor<16x1xf32> into tensor<2x64x1xf32>
          %li_next = tensor.insert_slice %qk_li into %li_acc[%sb, %row, 0] [1, 16, 1] [1, 1, 1] : tensor<16x1xf32> into tensor<2x64x1xf32>
          scf.yield %mi_next, %li_next : tensor<2x64x1xf32>, tensor<2x64x1xf32>
        }
        scf.yield %mi_h, %li_h : tensor<2x64x1xf32>, tensor<2x64x1xf32>
      } {pto.pipeline_stages = 2 : i64}
      scf.yield %mi_sb, %li_sb : tensor<2x64x1xf32>, tensor<2x64x1xf32>
    }
    return %mi, %li : tensor<2x64x1xf32>, tensor<2x64x1xf32>
  }
}
