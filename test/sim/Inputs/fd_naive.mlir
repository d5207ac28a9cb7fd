// Split-KV flash-decode pair, trip 4 (tiles of 64 keys). The cube computes
// S_i = Q K_i^T, sends it to the vector, gets P_i = exp(S_i - rowmax S_i)
// back and stores P_i V_i; the vector returns each tile's row max m_i and row
// sum l_i. softmax(Q K^T) V = sum_i e^(m_i-M) P_i V_i / sum_i e^(m_i-M) l_i.
module {
  func.func @fd_aic(%q: tensor<16x32xf32>, %k: tensor<256x32xf32>, %v: tensor<256x32xf32>) -> tensor<4x16x32xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %out0 = tensor.empty() : tensor<4x16x32xf32>
    %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%out = %out0) -> (tensor<4x16x32xf32>) {
      %off = arith.muli %i, %c64 : index
      %kt = tensor.extract_slice %k[%off, 0] [64, 32] [1, 1] : tensor<256x32xf32> to tensor<64x32xf32>
      %e0 = tensor.empty() : tensor<32x64xf32>
      %ktt = linalg.transpose ins(%kt : tensor<64x32xf32>) outs(%e0 : tensor<32x64xf32>) permutation = [1, 0]
      %e1 = tensor.empty() : tensor<16x64xf32>
      %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x64xf32>) -> tensor<16x64xf32>
      %s = linalg.matmul ins(%q, %ktt : tensor<16x32xf32>, tensor<32x64xf32>) outs(%s0 : tensor<16x64xf32>) -> tensor<16x64xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<16x64xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16x64xf32>
      %off2 = arith.muli %i, %c64 : index
      %vt = tensor.extract_slice %v[%off2, 0] [64, 32] [1, 1] : tensor<256x32xf32> to tensor<64x32xf32>
      %e2 = tensor.empty() : tensor<16x32xf32>
      %o0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
      %o = linalg.matmul ins(%p, %vt : tensor<16x64xf32>, tensor<64x32xf32>) outs(%o0 : tensor<16x32xf32>) -> tensor<16x32xf32>
      "pto.tfree_from_aiv"(%p) : (tensor<16x64xf32>) -> ()
      %out2 = tensor.insert_slice %o into %out[%i, 0, 0] [1, 16, 32] [1, 1, 1] : tensor<16x32xf32> into tensor<4x16x32xf32>
      scf.yield %out2 : tensor<4x16x32xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %res : tensor<4x16x32xf32>
  }

  func.func @fd_aiv(%q: tensor<16x32xf32>, %k: tensor<256x32xf32>, %v: tensor<256x32xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %m0 = tensor.empty() : tensor<4x16xf32>
    %l0 = tensor.empty() : tensor<4x16xf32>
    %res:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %m0, %l = %l0) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<16x64xf32>
      %me = tensor.empty() : tensor<16xf32>
      %mi0 = linalg.fill ins(%ninf : f32) outs(%me : tensor<16xf32>) -> tensor<16xf32>
      %mi = linalg.reduce ins(%s : tensor<16x64xf32>) outs(%mi0 : tensor<16xf32>) dimensions = [1]
        (%in: f32, %acc: f32) {
          %mx = arith.maximumf %in, %acc : f32
          linalg.yield %mx : f32
        }
      %pe = tensor.empty() : tensor<16x64xf32>
      %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %mi : tensor<16x64xf32>, tensor<16xf32>) outs(%pe : tensor<16x64xf32>) {
        ^bb0(%x: f32, %mx: f32, %o: f32):
          %d = arith.subf %x, %mx : f32
          %ex = math.exp %d : f32
          linalg.yield %ex : f32
      } -> tensor<16x64xf32>
      "pto.tfree_from_aic"(%s) : (tensor<16x64xf32>) -> ()
      %li0 = linalg.fill ins(%zero : f32) outs(%me : tensor<16xf32>) -> tensor<16xf32>
      %li = linalg.reduce ins(%p : tensor<16x64xf32>) outs(%li0 : tensor<16xf32>) dimensions = [1]
        (%in: f32, %acc: f32) {
          %sum = arith.addf %in, %acc : f32
          linalg.yield %sum : f32
        }
      "pto.tpush_to_aic"(%p) : (tensor<16x64xf32>) -> ()
      %m2 = tensor.insert_slice %mi into %m[%i, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<4x16xf32>
      %l2 = tensor.insert_slice %li into %l[%i, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<4x16xf32>
      scf.yield %m2, %l2 : tensor<4x16xf32>, tensor<4x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %res#0, %res#1 : tensor<4x16xf32>, tensor<4x16xf32>
  }
}
