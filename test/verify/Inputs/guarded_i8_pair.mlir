// A pair whose loops run from %lo to %n (i8 launch arguments, %lo a
// constant here) at 2 slots: the pass guards its skew by the trip count.
// Used by test_guarded_values.py.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%w: tensor<4xf32>, %n: i8) attributes {pto.core = "aic"} {
    %lo = arith.constant -3 : i8
    %c1 = arith.constant 1 : i8
    %r = scf.for %i = %lo to %n step %c1 iter_args(%a = %w) -> (tensor<4xf32>) : i8 {
      %f = arith.sitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %a, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%unused: tensor<4xf32>, %n: i8) attributes {pto.core = "aiv"} {
    %lo = arith.constant -3 : i8
    %c1 = arith.constant 1 : i8
    scf.for %i = %lo to %n step %c1 : i8 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%p) : (tensor<4xf32>) -> ()
    }
    return
  }
}
