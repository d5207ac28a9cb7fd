// A minimal cross-core round trip, trip 4: the cube sends row i of %k, the
// vector answers exp(row), the cube stores the answer in row i.
module {
  func.func @cube(%k: tensor<4x16xf32>) -> tensor<4x16xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %init = tensor.empty() : tensor<4x16xf32>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4x16xf32>) {
      %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
      %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
      scf.yield %o : tensor<4x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4x16xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %e = math.exp %s : tensor<1x16xf32>
      "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
