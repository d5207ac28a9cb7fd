// The cube calls @external, a declaration without a body, when %call is
// true: as in the interpreter, the run fails only if the call is made.
module {
  func.func private @external(tensor<1x16xf32>)
  func.func @cube(%k: tensor<1x16xf32>, %call: i32) -> tensor<1x16xf32> attributes {pto.core = "aic"} {
    %zero = arith.constant 0 : i32
    %taken = arith.cmpi ne, %call, %zero : i32
    scf.if %taken {
      func.call @external(%k) : (tensor<1x16xf32>) -> ()
    }
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
