// Flash-decode QK/PV as a cube/vector kernel pair exchanging tiles through the
// cross-core FIFO, one message per direction per KV block:
//
//   cube  (aic): S = Q·K_j^T -> tpush_to_aiv ; P = tpop_from_aiv ; O += P·V_j
//   vector(aiv): S = tpop_from_aic ; online softmax (running max m, sum l) ;
//                P = exp(S - m) -> tpush_to_aic
//
// `pto-opt --pto-skew-cross-core` skews the cube loop (its Q·K^T half does not
// depend on the popped tile, so it runs two blocks ahead) and leaves the vector
// loop as written (it pops first: the consumer role the cube expects). Rescaling
// the earlier blocks of O by exp(m_old - m_new) would take a second message
// per block; this example keeps one message per direction and leaves it out.
//
// 8 KV blocks of 16 keys, head dim 16, 16 query rows per tile.

module {
  func.func @qk_pv_cube(%q: tensor<16x16xf32>, %k: tensor<128x16xf32>,
                        %v: tensor<128x16xf32>) -> tensor<16x16xf32>
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<16x16xf32>
    %o_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
    %o = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %o_init) -> (tensor<16x16xf32>) {
      %row = arith.muli %j, %c16 : index
      // S = Q · K_j^T
      %k_j = tensor.extract_slice %k[%row, 0] [16, 16] [1, 1] : tensor<128x16xf32> to tensor<16x16xf32>
      %kt_init = tensor.empty() : tensor<16x16xf32>
      %k_jt = linalg.transpose ins(%k_j : tensor<16x16xf32>) outs(%kt_init : tensor<16x16xf32>) permutation = [1, 0]
      %s_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
      %s = linalg.matmul ins(%q, %k_jt : tensor<16x16xf32>, tensor<16x16xf32>) outs(%s_init : tensor<16x16xf32>) -> tensor<16x16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<16x16xf32>) -> ()
      // O += P · V_j
      %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
      %v_j = tensor.extract_slice %v[%row, 0] [16, 16] [1, 1] : tensor<128x16xf32> to tensor<16x16xf32>
      %acc_next = linalg.matmul ins(%p, %v_j : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %acc_next : tensor<16x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %o : tensor<16x16xf32>
  }

  func.func @qk_pv_vector(%scale: f32) -> (tensor<16xf32>, tensor<16xf32>)
      attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %row_empty = tensor.empty() : tensor<16xf32>
    %m_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
    %l_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
    %m, %l = scf.for %j = %c0 to %c8 step %c1 iter_args(%m_i = %m_init, %l_i = %l_init)
        -> (tensor<16xf32>, tensor<16xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
      // Block row max, new running max.
      %max_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
      %s_max = linalg.reduce ins(%s : tensor<16x16xf32>) outs(%max_init : tensor<16xf32>) dimensions = [1]
        (%in: f32, %init: f32) {
          %scaled = arith.mulf %in, %scale : f32
          %mx = arith.maximumf %scaled, %init : f32
          linalg.yield %mx : f32
        }
      %m_next = linalg.map { arith.maximumf } ins(%m_i, %s_max : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      // P = exp(scale * S - m_next), broadcast along the row.
      %p_empty = tensor.empty() : tensor<16x16xf32>
      %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%s, %m_next : tensor<16x16xf32>, tensor<16xf32>) outs(%p_empty : tensor<16x16xf32>) {
        ^bb0(%x: f32, %mx: f32, %out: f32):
          %xs = arith.mulf %x, %scale : f32
          %d = arith.subf %xs, %mx : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
      } -> tensor<16x16xf32>
      // l_next = l_i * exp(m_i - m_next) + rowsum(P)
      %alpha = linalg.map ins(%m_i, %m_next : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
        (%a: f32, %b: f32, %unused: f32) {
          %d = arith.subf %a, %b : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
        }
      %sum_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
      %p_sum = linalg.reduce { arith.addf } ins(%p : tensor<16x16xf32>) outs(%sum_init : tensor<16xf32>) dimensions = [1]
      %l_scaled = linalg.map { arith.mulf } ins(%l_i, %alpha : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      %l_next = linalg.map { arith.addf } ins(%l_scaled, %p_sum : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      "pto.tpush_to_aic"(%p) : (tensor<16x16xf32>) -> ()
      scf.yield %m_next, %l_next : tensor<16xf32>, tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %m, %l : tensor<16xf32>, tensor<16xf32>
  }
}
