// A two-message group per iteration, trip 4: the cube sends row i of %k and
// row i of %v, the vector answers k - 2 v, the cube stores it in row i.
module {
  func.func @cube(%k: tensor<4x16xf32>, %v: tensor<4x16xf32>) -> tensor<4x16xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %init = tensor.empty() : tensor<4x16xf32>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4x16xf32>) {
      %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
      %t = tensor.extract_slice %v[%i, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
      "pto.tpush_to_aiv"(%t) : (tensor<1x16xf32>) -> ()
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
      %a = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %b = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %b2 = arith.addf %b, %b : tensor<1x16xf32>
      %d = arith.subf %a, %b2 : tensor<1x16xf32>
      "pto.tpush_to_aic"(%d) : (tensor<1x16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
