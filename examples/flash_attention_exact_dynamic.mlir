// Exact flash attention over a KV length known only at run time: the pair of
// flash_attention_exact.mlir (see its header) reading the first %kv_len keys
// of a 1024-key KV buffer (64 blocks of 16 keys at most). Both kernels take
// %kv_len as argument #0 (one launch argument list for the pair) and loop
// over the key offset, `scf.for %row = 0 to %kv_len step 16`: the trip count
// ceil(kv_len / 16) is not a compile-time constant.
//
// The last block may be partial: the vector masks the scores of keys at or
// past %kv_len to -inf, so their P is exactly 0 and O is attention over the
// first %kv_len keys (the K and V rows past it get weight 0; they must be
// finite). Requires 1 <= %kv_len <= 1024.

module {
  func.func @attention_cube(%kv_len: index, %q: tensor<16x16xf32>,
                            %k: tensor<1024x16xf32>, %v: tensor<1024x16xf32>) -> tensor<16x16xf32>
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<16x16xf32>
    %o_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
    %o = scf.for %row = %c0 to %kv_len step %c16 iter_args(%acc = %o_init) -> (tensor<16x16xf32>) {
      // S = Q K_j^T
      %k_j = tensor.extract_slice %k[%row, 0] [16, 16] [1, 1] : tensor<1024x16xf32> to tensor<16x16xf32>
      %s_init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
      %s = linalg.matmul
          indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>,
                           affine_map<(m, n, d) -> (m, n)>]
          ins(%q, %k_j : tensor<16x16xf32>, tensor<16x16xf32>)
          outs(%s_init : tensor<16x16xf32>) -> tensor<16x16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<16x16xf32>) -> ()
      // O = diag(alpha) O + P V_j
      %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
      %alpha = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %o_scaled = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                                   affine_map<(r, c) -> (r, c)>],
                                  iterator_types = ["parallel", "parallel"]}
          ins(%acc, %alpha : tensor<16x16xf32>, tensor<16xf32>) outs(%empty : tensor<16x16xf32>) {
        ^bb0(%x: f32, %a: f32, %out: f32):
          %y = arith.mulf %x, %a : f32
          linalg.yield %y : f32
      } -> tensor<16x16xf32>
      %v_j = tensor.extract_slice %v[%row, 0] [16, 16] [1, 1] : tensor<1024x16xf32> to tensor<16x16xf32>
      %acc_next = linalg.matmul ins(%p, %v_j : tensor<16x16xf32>, tensor<16x16xf32>)
                                outs(%o_scaled : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %acc_next : tensor<16x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    // Attention = O / l
    %l = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %out = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
        ins(%o, %l : tensor<16x16xf32>, tensor<16xf32>) outs(%empty : tensor<16x16xf32>) {
      ^bb0(%x: f32, %d: f32, %unused: f32):
        %y = arith.divf %x, %d : f32
        linalg.yield %y : f32
    } -> tensor<16x16xf32>
    return %out : tensor<16x16xf32>
  }

  func.func @attention_vector(%kv_len: index, %scale: f32) -> (tensor<16xf32>, tensor<16xf32>)
      attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %neg_inf = arith.constant 0xFF800000 : f32
    %row_empty = tensor.empty() : tensor<16xf32>
    %p_empty = tensor.empty() : tensor<16x16xf32>
    %m_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
    %l_init = linalg.fill ins(%zero : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
    %m, %l = scf.for %row = %c0 to %kv_len step %c16 iter_args(%m_i = %m_init, %l_i = %l_init)
        -> (tensor<16xf32>, tensor<16xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
      // T = scale S, -inf for the keys at or past kv_len
      %t = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%s : tensor<16x16xf32>) outs(%p_empty : tensor<16x16xf32>) {
        ^bb0(%x: f32, %out: f32):
          %col = linalg.index 1 : index
          %key = arith.addi %row, %col : index
          %valid = arith.cmpi ult, %key, %kv_len : index
          %xs = arith.mulf %x, %scale : f32
          %y = arith.select %valid, %xs, %neg_inf : f32
          linalg.yield %y : f32
      } -> tensor<16x16xf32>
      // m' = max(m, rowmax(T))
      %max_init = linalg.fill ins(%neg_inf : f32) outs(%row_empty : tensor<16xf32>) -> tensor<16xf32>
      %t_max = linalg.reduce { arith.maximumf } ins(%t : tensor<16x16xf32>) outs(%max_init : tensor<16xf32>) dimensions = [1]
      %m_next = linalg.map { arith.maximumf } ins(%m_i, %t_max : tensor<16xf32>, tensor<16xf32>) outs(%row_empty : tensor<16xf32>)
      // P = exp(T - m'), m' broadcast along the row
      %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%t, %m_next : tensor<16x16xf32>, tensor<16xf32>) outs(%p_empty : tensor<16x16xf32>) {
        ^bb0(%x: f32, %mx: f32, %out: f32):
          %d = arith.subf %x, %mx : f32
          %e = math.exp %d : f32
          linalg.yield %e : f32
      } -> tensor<16x16xf32>
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
      "pto.tpush_to_aic"(%p) : (tensor<16x16xf32>) -> ()
      "pto.tpush_to_aic"(%alpha) : (tensor<16xf32>) -> ()
      scf.yield %m_next, %l_next : tensor<16xf32>, tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    "pto.tpush_to_aic"(%l) : (tensor<16xf32>) -> ()
    return %m, %l : tensor<16xf32>, tensor<16xf32>
  }
}
