// A cube kernel without a vector peer.
module {
  func.func @cube(%k: tensor<1x16xf32>) -> tensor<1x16xf32> attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%k) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    return %p : tensor<1x16xf32>
  }
}
