// The vector kernel never returns (a while loop whose condition stays
// true): the JIT's child process is stopped at its time limit.
module {
  func.func @cube(%k: tensor<1x16xf32>) -> tensor<1x16xf32> attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%k) : (tensor<1x16xf32>) -> ()
    return %k : tensor<1x16xf32>
  }
  func.func @vector() -> index attributes {pto.core = "aiv"} {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi sge, %i, %c0 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      %next = arith.addi %j, %c1 : index
      %wrapped = arith.andi %next, %c1 : index
      scf.yield %wrapped : index
    }
    return %n : index
  }
}
