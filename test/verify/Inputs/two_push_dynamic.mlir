// A pair whose cube loop pushes from two sites per iteration, over a trip
// known at run time: the pass skews it behind a guard (against-guarded.test).
module {
  func.func @cube(%w: tensor<4xf32>, %n: index) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
      %x = arith.addf %w, %w : tensor<4xf32>
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> () loc("push_w")
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> () loc("push_x")
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32> loc("pop_back")
      %s = arith.addf %a, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector(%unused: tensor<4xf32>, %n: index) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("pop_w")
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32> loc("pop_x")
      "pto.tpush_to_aic"(%q) : (tensor<4xf32>) -> () loc("push_back")
    }
    return
  }
}
