// Narrow induction variables at every depth (issue 23 item 4): the group
// count of a guarded skew is T / D, which at depth 1 is the trip itself and
// exceeds a signed i8 from 128 on. Each pair is skewed at the depth the slot
// count allows (stage 4 requests 3: 1, 2 or 3 slots give depth 1, 2 or 3).

//--- signed.mlir
module {
  func.func @cube(%lb: i8, %ub: i8, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c1 = arith.constant 1 : i8
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) : i8 {
      %f = arith.sitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%lb: i8, %ub: i8, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c1 = arith.constant 1 : i8
    scf.for %i = %lb to %ub step %c1 : i8 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}

//--- unsigned.mlir
module {
  func.func @cube(%lb: i8, %ub: i8, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c1 = arith.constant 1 : i8
    %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) : i8 {
      %f = arith.uitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%lb: i8, %ub: i8, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c1 = arith.constant 1 : i8
    scf.for unsigned %i = %lb to %ub step %c1 : i8 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}

//--- static.mlir
// Constant bounds: a signed i8 from -100 to 100 and an unsigned i8 from 0 to
// 250 (-6 as a signed constant).
module {
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %lo = arith.constant -100 : i8
    %hi = arith.constant 100 : i8
    %c0 = arith.constant 0 : i8
    %c250 = arith.constant -6 : i8
    %c1 = arith.constant 1 : i8
    %r = scf.for %i = %lo to %hi step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) : i8 {
      %f = arith.sitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    %r2 = scf.for unsigned %i = %c0 to %c250 step %c1 iter_args(%acc = %r) -> (tensor<4xf32>) : i8 {
      %f = arith.uitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r2 : tensor<4xf32>
  }
  func.func @vector(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %lo = arith.constant -100 : i8
    %hi = arith.constant 100 : i8
    %c0 = arith.constant 0 : i8
    %c250 = arith.constant -6 : i8
    %c1 = arith.constant 1 : i8
    scf.for %i = %lo to %hi step %c1 : i8 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    scf.for unsigned %i = %c0 to %c250 step %c1 : i8 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}
