// Exact flash attention, softmax(scale * Q K^T) V, with the output rescaled
// and accumulated on the vector core: 8 KV blocks of 16 keys, head dim 16,
// 16 query rows. Per block j three messages go back and forth:
//
//   cube  (aic): S = Q K_j^T -> tpush_to_aiv ; P = tpop_from_aiv ;
//                O_j = P V_j -> tpush_to_aiv
//   vector(aiv): S = tpop_from_aic ; m' = max(m, rowmax(scale S)) ;
//                P = exp(scale S - m') -> tpush_to_aic ; alpha = exp(m - m') ;
//                l = alpha l + rowsum(P) ; O_j = tpop_from_aic ;
//                O = diag(alpha) O + O_j
//
// The vector returns O / l, and m, l (m + log l is the row's log-sum-exp).
// Both loops turn between pushing and popping twice per block, so neither
// can run ahead alone; at the module anchor the pass co-skews the two
// (docs/schedules.md#co-skew): the cube's Q K^T of block j+D and the
// vector's rescale of block j overlap the other core's work.

module {
  func.func @attention_cube(%q: tensor<16x16xf32>, %k: tensor<128x16xf32>,
                            %v: tensor<128x16xf32>)
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<16x16xf32>
    scf.for %j = %c0 to %c8 step %c1 {
      %row = arith.muli %j, %c16 : index
      // S = Q K_j^T
      %k_j = tensor.extract_slice %k[%row, 0] [16, 16] [1, 1] : tensor<128x16xf32> to tensor<16x16xf32>
      %s_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
      %s = linalg.matmul
          indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>,
                           affine_map<(m, n, d) -> (m, n)>]
          ins(%q, %k_j : tensor<16x16xf32>, tensor<16x16xf32>)
          outs(%s_init : tensor<16x16xf32>) -> tensor<16x16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<16x16xf32>) -> ()
      // O_j = P V_j
      %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
      %v_j = tensor.extract_slice %v[%row, 0] [16, 16] [1, 1] : tensor<128x16xf32> to tensor<16x16xf32>
      %o_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
      %o_j = linalg.matmul ins(%p, %v_j : tensor<16x16xf32>, tensor<16x16xf32>)
                           outs(%o_init : tensor<16x16xf32>) -> tensor<16x16xf32>
      "pto.tpush_to_aiv"(%o_j) : (tensor<16x16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }

  func.func @attention_vector(%scale: f32) -> (tensor<16x16xf32>, tensor<16xf32>, tensor<16xf32>)
      attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %row_empty = tensor.empty() : tensor<16xf32>
    %tile_empty = tensor.empty() : tensor<16x16xf32>
    %m_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
    %l_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
    %o_init = linalg.fill ins(%zero : f32) outs(%tile_empty : tensor<16x16xf32>) -> tensor<16x16xf32>
    %m, %l, %o = scf.for %j = %c0 to %c8 step %c1
        iter_args(%m_i = %m_init, %l_i = %l_init, %o_i = %o_init)
        -> (tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
      // m' = max(m, rowmax(scale S))
      %max_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
      %s_max = linalg.reduce ins(%s : tensor<16x16xf32>) outs(%max_init : tensor<16xf32>) dimensions = [1]
        (%in: f32, %init: f32) {
          %scaled = arith.mulf %in, %scale : f32
          %mx = arith.maximumf %scaled, %init : f32
          linalg.yield %mx : f32
        }
      %m_next = linalg.map { arith.maximumf } ins(%m_i, %s_max : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      // P = exp(scale S - m'), m' broadcast along the row
      %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%s, %m_next : tensor<16x16xf32>, tensor<16xf32>) outs(%tile_empty : tensor<16x16xf32>) {
        ^bb0(%x: f32, %mx: f32, %out: f32):
          %xs = arith.mulf %x, %scale : f32
          %d = arith.subf %xs, %mx : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
      } -> tensor<16x16xf32>
      "pto.tpush_to_aic"(%p) : (tensor<16x16xf32>) -> ()
      // alpha = exp(m - m'): 0 on the first block (m = -inf)
      %alpha = linalg.map ins(%m_i, %m_next : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
        (%a: f32, %b: f32, %unused: f32) {
          %d = arith.subf %a, %b : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
        }
      // l' = alpha l + rowsum(P)
      %sum_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
      %p_sum = linalg.reduce { arith.addf } ins(%p : tensor<16x16xf32>) outs(%sum_init : tensor<16xf32>) dimensions = [1]
      %l_scaled = linalg.map { arith.mulf } ins(%l_i, %alpha : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      %l_next = linalg.map { arith.addf } ins(%l_scaled, %p_sum : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      // O = diag(alpha) O + O_j
      %o_j = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
      %o_next = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                                 affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>],
                                iterator_types = ["parallel", "parallel"]}
          ins(%o_i, %alpha, %o_j : tensor<16x16xf32>, tensor<16xf32>, tensor<16x16xf32>)
          outs(%tile_empty : tensor<16x16xf32>) {
        ^bb0(%x: f32, %a: f32, %y: f32, %out: f32):
          %xa = arith.mulf %x, %a : f32
          %sum = arith.addf %xa, %y : f32
          linalg.yield %sum : f32
      } -> tensor<16x16xf32>
      scf.yield %m_next, %l_next, %o_next : tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    // Attention = O / l
    %out = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
        ins(%o, %l : tensor<16x16xf32>, tensor<16xf32>) outs(%tile_empty : tensor<16x16xf32>) {
      ^bb0(%x: f32, %d: f32, %unused: f32):
        %y = arith.divf %x, %d : f32
        linalg.yield %y : f32
    } -> tensor<16x16xf32>
    return %out, %m, %l : tensor<16x16xf32>, tensor<16xf32>, tensor<16xf32>
  }
}
