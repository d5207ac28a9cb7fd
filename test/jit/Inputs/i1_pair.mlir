// A pair whose cube kernel makes an i1 tensor (a compare), which the
// wheel's MLIR aborts on while bufferizing: refused with the op's location.
module {
  func.func @cube(%k: tensor<1x16xf32>) -> tensor<1x16xf32> attributes {pto.core = "aic"} {
    %zero = arith.constant dense<0.0> : tensor<1x16xf32>
    %positive = arith.cmpf ogt, %k, %zero : tensor<1x16xf32>
    %r = arith.select %positive, %k, %zero : tensor<1x16xi1>, tensor<1x16xf32>
    "pto.tpush_to_aiv"(%r) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    return %p : tensor<1x16xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    "pto.tpush_to_aic"(%s) : (tensor<1x16xf32>) -> ()
    return
  }
}
