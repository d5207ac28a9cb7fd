// Flash-decode QK/PV at Ascend-sized tiles: the same cube/vector pair as
// flash_decode_qk_pv.mlir (one message per direction per KV block, no
// rescale of the earlier blocks of O; see that file's header), with
//
//   64 query rows per tile (e.g. a GQA group of 8 query heads x 8 decoded
//   tokens, or 4 sequences x 16 heads), head dim 128, KV blocks of 128 keys
//   (the usual paged-KV block size), 8 blocks = 1024 keys;
//   Q, K, V in f16; S = Q K_j^T and O accumulated in f32 (the cube's L0C);
//   the vector runs the softmax in f32 and sends P back in f16 for P V_j.
//
// K_j^T is not materialised: the Q K^T matmul reads K_j through a transposed
// indexing map, as the cube loads it into L0B with a transpose. At these
// sizes one block keeps the cube and the vector about equally busy (under the
// default cost model ~1,900 and ~1,500 cycles), each well above the 600-cycle
// pipe hop.

module {
  func.func @qk_pv_cube(%q: tensor<64x128xf16>, %k: tensor<1024x128xf16>,
                        %v: tensor<1024x128xf16>) -> tensor<64x128xf32>
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %s_empty = tensor.empty() : tensor<64x128xf32>
    %o_empty = tensor.empty() : tensor<64x128xf32>
    %o_init = linalg.fill ins(%zero : f32) outs(%o_empty : tensor<64x128xf32>) -> tensor<64x128xf32>
    %o = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %o_init) -> (tensor<64x128xf32>) {
      %row = arith.muli %j, %c128 : index
      // S = Q · K_j^T  (64 rows x 128 keys, f32)
      %k_j = tensor.extract_slice %k[%row, 0] [128, 128] [1, 1] : tensor<1024x128xf16> to tensor<128x128xf16>
      %s_init = linalg.fill ins(%zero : f32) outs(%s_empty : tensor<64x128xf32>) -> tensor<64x128xf32>
      %s = linalg.matmul
          indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>,
                           affine_map<(m, n, d) -> (m, n)>]
          ins(%q, %k_j : tensor<64x128xf16>, tensor<128x128xf16>)
          outs(%s_init : tensor<64x128xf32>) -> tensor<64x128xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<64x128xf32>) -> ()
      // O += P · V_j  (P in f16, O in f32)
      %p = "pto.tpop_from_aiv"() : () -> tensor<64x128xf16>
      %v_j = tensor.extract_slice %v[%row, 0] [128, 128] [1, 1] : tensor<1024x128xf16> to tensor<128x128xf16>
      %acc_next = linalg.matmul ins(%p, %v_j : tensor<64x128xf16>, tensor<128x128xf16>)
                                outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
      scf.yield %acc_next : tensor<64x128xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %o : tensor<64x128xf32>
  }

  func.func @qk_pv_vector(%scale: f32) -> (tensor<64xf32>, tensor<64xf32>)
      attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %row_empty = tensor.empty() : tensor<64xf32>
    %s_empty = tensor.empty() : tensor<64x128xf32>
    %p_empty = tensor.empty() : tensor<64x128xf16>
    %m_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<64xf32>) -> tensor<64xf32>
    %l_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<64xf32>) -> tensor<64xf32>
    %m, %l = scf.for %j = %c0 to %c8 step %c1 iter_args(%m_i = %m_init, %l_i = %l_init)
        -> (tensor<64xf32>, tensor<64xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<64x128xf32>
      // Scaled scores, block row max, new running max.
      %ss = linalg.map ins(%s : tensor<64x128xf32>) outs(%s_empty : tensor<64x128xf32>)
        (%x: f32, %unused: f32) {
          %xs = arith.mulf %x, %scale : f32
          linalg.yield %xs : f32
        }
      %max_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<64xf32>) -> tensor<64xf32>
      %s_max = linalg.reduce { arith.maximumf } ins(%ss : tensor<64x128xf32>) outs(%max_init : tensor<64xf32>) dimensions = [1]
      %m_next = linalg.map { arith.maximumf } ins(%m_i, %s_max : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
      // P = exp(scale * S - m_next) in f32, broadcast along the row.
      %p32 = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>],
                             iterator_types = ["parallel", "parallel"]}
          ins(%ss, %m_next : tensor<64x128xf32>, tensor<64xf32>) outs(%s_empty : tensor<64x128xf32>) {
        ^bb0(%x: f32, %mx: f32, %out: f32):
          %d = arith.subf %x, %mx : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
      } -> tensor<64x128xf32>
      // l_next = l_i * exp(m_i - m_next) + rowsum(P)
      %alpha = linalg.map ins(%m_i, %m_next : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
        (%a: f32, %b: f32, %unused: f32) {
          %d = arith.subf %a, %b : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
        }
      %sum_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<64xf32>) -> tensor<64xf32>
      %p_sum = linalg.reduce { arith.addf } ins(%p32 : tensor<64x128xf32>) outs(%sum_init : tensor<64xf32>) dimensions = [1]
      %l_scaled = linalg.map { arith.mulf } ins(%l_i, %alpha : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
      %l_next = linalg.map { arith.addf } ins(%l_scaled, %p_sum : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
      // P to f16 for the cube's P · V_j.
      %p = linalg.map ins(%p32 : tensor<64x128xf32>) outs(%p_empty : tensor<64x128xf16>)
        (%x: f32, %unused: f16) {
          %h = arith.truncf %x : f32 to f16
          linalg.yield %h : f16
        }
      "pto.tpush_to_aic"(%p) : (tensor<64x128xf16>) -> ()
      scf.yield %m_next, %l_next : tensor<64xf32>, tensor<64xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %m, %l : tensor<64xf32>, tensor<64xf32>
  }
}
