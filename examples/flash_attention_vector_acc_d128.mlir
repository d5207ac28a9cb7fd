// examples/flash_attention_vector_acc.mlir at Ascend-sized tiles (as
// flash_attention_exact_d128.mlir): 64 query rows, head dim 128, 8 KV blocks
// of 128 keys, Q/K/V and P in f16, S and O_j in f32. Per block the cube sends
// S = Q K_j^T, gets P back, sends O_j = P V_j; the vector keeps the running
// max m, sum l and the output O, rescaled and accumulated: O = diag(alpha) O
// + O_j. The pass co-skews the two loops (docs/schedules.md#co-skew).

module {
  func.func @attention_cube(%q: tensor<64x128xf16>, %k: tensor<1024x128xf16>,
                            %v: tensor<1024x128xf16>)
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<64x128xf32>
    scf.for %j = %c0 to %c8 step %c1 {
      %row = arith.muli %j, %c128 : index
      // S = Q K_j^T  (64 rows x 128 keys, f32)
      %k_j = tensor.extract_slice %k[%row, 0] [128, 128] [1, 1] : tensor<1024x128xf16> to tensor<128x128xf16>
      %s_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x128xf32>) -> tensor<64x128xf32>
      %s = linalg.matmul
          indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>,
                           affine_map<(m, n, d) -> (m, n)>]
          ins(%q, %k_j : tensor<64x128xf16>, tensor<128x128xf16>)
          outs(%s_init : tensor<64x128xf32>) -> tensor<64x128xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<64x128xf32>) -> ()
      // O_j = P V_j  (P in f16, O_j in f32)
      %p = "pto.tpop_from_aiv"() : () -> tensor<64x128xf16>
      %v_j = tensor.extract_slice %v[%row, 0] [128, 128] [1, 1] : tensor<1024x128xf16> to tensor<128x128xf16>
      %o_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x128xf32>) -> tensor<64x128xf32>
      %o_j = linalg.matmul ins(%p, %v_j : tensor<64x128xf16>, tensor<128x128xf16>)
                           outs(%o_init : tensor<64x128xf32>) -> tensor<64x128xf32>
      "pto.tpush_to_aiv"(%o_j) : (tensor<64x128xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }

  func.func @attention_vector(%scale: f32) -> (tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>)
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
    %o_init = linalg.fill ins(%zero : f32) outs(%s_empty : tensor<64x128xf32>) -> tensor<64x128xf32>
    %m, %l, %o = scf.for %j = %c0 to %c8 step %c1
        iter_args(%m_i = %m_init, %l_i = %l_init, %o_i = %o_init)
        -> (tensor<64xf32>, tensor<64xf32>, tensor<64x128xf32>) {
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
      // P = exp(scale S - m') in f32, then f16 for the cube's P V_j.
      %p32 = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>],
                             iterator_types = ["parallel", "parallel"]}
          ins(%ss, %m_next : tensor<64x128xf32>, tensor<64xf32>) outs(%s_empty : tensor<64x128xf32>) {
        ^bb0(%x: f32, %mx: f32, %out: f32):
          %d = arith.subf %x, %mx : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
      } -> tensor<64x128xf32>
      %p = linalg.map ins(%p32 : tensor<64x128xf32>) outs(%p_empty : tensor<64x128xf16>)
        (%x: f32, %unused: f16) {
          %h = arith.truncf %x : f32 to f16
          linalg.yield %h : f16
        }
      "pto.tpush_to_aic"(%p) : (tensor<64x128xf16>) -> ()
      // alpha = exp(m - m'): 0 on the first block (m = -inf)
      %alpha = linalg.map ins(%m_i, %m_next : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
        (%a: f32, %b: f32, %unused: f32) {
          %d = arith.subf %a, %b : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
        }
      // l' = alpha l + rowsum(P)
      %sum_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<64xf32>) -> tensor<64xf32>
      %p_sum = linalg.reduce { arith.addf } ins(%p32 : tensor<64x128xf32>) outs(%sum_init : tensor<64xf32>) dimensions = [1]
      %l_scaled = linalg.map { arith.mulf } ins(%l_i, %alpha : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
      %l_next = linalg.map { arith.addf } ins(%l_scaled, %p_sum : tensor<64xf32>, tensor<64xf32>) outs(%row_empty : tensor<64xf32>)
      // O = diag(alpha) O + O_j
      %o_j = "pto.tpop_from_aic"() : () -> tensor<64x128xf32>
      %o_next = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                                 affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>],
                                iterator_types = ["parallel", "parallel"]}
          ins(%o_i, %alpha, %o_j : tensor<64x128xf32>, tensor<64xf32>, tensor<64x128xf32>)
          outs(%s_empty : tensor<64x128xf32>) {
        ^bb0(%x: f32, %a: f32, %y: f32, %out: f32):
          %xa = arith.mulf %x, %a : f32
          %sum = arith.addf %xa, %y : f32
          linalg.yield %sum : f32
      } -> tensor<64x128xf32>
      scf.yield %m_next, %l_next, %o_next : tensor<64xf32>, tensor<64xf32>, tensor<64x128xf32>
    } {pto.pipeline_stages = 2 : i64}
    // Attention = O / l
    %out = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
        ins(%o, %l : tensor<64x128xf32>, tensor<64xf32>) outs(%s_empty : tensor<64x128xf32>) {
      ^bb0(%x: f32, %d: f32, %unused: f32):
        %y = arith.divf %x, %d : f32
        linalg.yield %y : f32
    } -> tensor<64x128xf32>
    return %out, %m, %l : tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>
  }
}
