// An op the JIT's lowering has no conversion for (vector.print: the JIT
// does not lower the vector dialect): an error that names the op and its
// location, not a guess.
module {
  func.func @cube(%k: tensor<1x16xf32>) -> tensor<1x16xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %x = tensor.extract %k[%c0, %c0] : tensor<1x16xf32>
    vector.print %x : f32
    "pto.tpush_to_aiv"(%k) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    return %p : tensor<1x16xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    "pto.tpush_to_aic"(%s) : (tensor<1x16xf32>) -> ()
    return
  }
}
