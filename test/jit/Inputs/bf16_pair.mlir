// A bf16 tile through a pipe and back out of the vector kernel.
module {
  func.func @cube(%t: tensor<4xbf16>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%t) : (tensor<4xbf16>) -> ()
    return
  }
  func.func @vector() -> tensor<4xbf16> attributes {pto.core = "aiv"} {
    %t = "pto.tpop_from_aic"() : () -> tensor<4xbf16>
    %d = arith.addf %t, %t : tensor<4xbf16>
    return %d : tensor<4xbf16>
  }
}
