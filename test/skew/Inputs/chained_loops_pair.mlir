// A cube/vector pair whose pipeline loops use the loops before them: the
// cube's second loop starts from the first one's result and captures it, its
// third pushes and yields the second one's result (all three skewed), its
// fourth captures the third one's result (demoted: one stage); the vector
// mirrors them (all not skewed: consumer role).
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%w: tensor<4xf32>)
      -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %r1 = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
      %x = arith.index_cast %i : index to i32
      %f = arith.sitofp %x : i32 to f32
      %t = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %a, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %r2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %r1) -> (tensor<4xf32>) {
      %t = arith.mulf %r1, %w : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %a, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %r3 = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%r2) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      scf.yield %r2 : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    %r4 = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
      %t = arith.subf %r3, %a : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      scf.yield %p : tensor<4xf32>
    } {pto.pipeline_stages = 1 : i64}
    return %r1, %r2, %r3, %r4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  func.func @vector(%w: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
      attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %v1 = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t = arith.addf %p, %a : tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
      scf.yield %t : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %v2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %v1) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t = arith.addf %p, %v1 : tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
      scf.yield %t : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    scf.for %i = %c0 to %c6 step %c1 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t = arith.subf %p, %v2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    scf.for %i = %c0 to %c6 step %c1 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return %v1, %v2 : tensor<4xf32>, tensor<4xf32>
  }
}
