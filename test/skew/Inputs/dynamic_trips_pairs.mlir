// Cube/vector pairs whose pipeline loops run a trip count known at run time
// only: both kernels take the bounds as the same arguments (one launch
// argument list). Each cube iteration pushes a tile built from its induction
// value and pops the vector's answer into an accumulator, so a wrong
// induction value, a lost or reordered message or a wrong remainder changes
// the result. See dynamic-trips-sim.test.

//--- upper.mlir
module {
  func.func @cube(%n: index, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %x = arith.index_cast %i : index to i32
      %f = arith.sitofp %x : i32 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      %m = linalg.mul ins(%s, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

//--- lower.mlir
// Lower bound and step from the launch, upper bound constant; stages 4: depth 3.
module {
  func.func @cube(%lb: i32, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c3 = arith.constant 3 : i32
    %c40 = arith.constant 40 : i32
    %r = scf.for %i = %lb to %c40 step %c3 iter_args(%acc = %w) -> (tensor<4xf32>) : i32 {
      %f = arith.sitofp %i : i32 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      %m = linalg.mul ins(%s, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%lb: i32, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c3 = arith.constant 3 : i32
    %c40 = arith.constant 40 : i32
    scf.for %i = %lb to %c40 step %c3 : i32 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}

//--- unsigned.mlir
// Both bounds from the launch, an unsigned i8 loop: bounds past 127 are
// large positive trips, not negative ones.
module {
  func.func @cube(%lb: i8, %ub: i8, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c2 = arith.constant 2 : i8
    %r = scf.for unsigned %i = %lb to %ub step %c2 iter_args(%acc = %w) -> (tensor<4xf32>) : i8 {
      %f = arith.uitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      %m = linalg.mul ins(%s, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%lb: i8, %ub: i8, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c2 = arith.constant 2 : i8
    scf.for unsigned %i = %lb to %ub step %c2 : i8 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}

//--- signed_i8.mlir
// Both bounds from the launch, a signed i8 loop with step 1: from -128 to
// 127 the trip (255) does not fit in i8 as a signed number.
module {
  func.func @cube(%lb: i8, %ub: i8, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c1 = arith.constant 1 : i8
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) : i8 {
      %f = arith.sitofp %i : i8 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      %m = linalg.mul ins(%s, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
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

//--- holds_slot.mlir
// The vector pushes a tile before its loop, at 2 slots: the cube's skew of
// depth 2 still proves at every trip (the cube pops that tile last).
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%n: index, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %q = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %o = linalg.add ins(%r, %q : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
    return %o : tensor<4xf32>
  }
  func.func @vector(%n: index, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

//--- both_ahead.mlir
// Both kernels push first in their loops, at 2 slots: skewed at depth 2,
// both would fill their pipes at trip 4 and wait for each other; depth 1
// proves at every trip.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%n: index, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %t : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
}

//--- two_lengths.mlir
// The cube loops over %n, the vector over %m: nothing relates their trips,
// so no skew is proved.
module {
  func.func @cube(%n: index, %m: index, %w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector(%n: index, %m: index, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %m step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

//--- derived.mlir
// Both kernels loop from 0 to %n * 16 step max(%s, 1): the bounds are arith
// expressions of the launch arguments, the same in both kernels, so the
// loops run equally often; the step is known at run time only but
// provably positive.
module {
  func.func @cube(%n: index, %s: index, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %ub = arith.muli %n, %c16 : index
    %step = arith.maxsi %s, %c1 : index
    %r = scf.for %i = %c0 to %ub step %step iter_args(%acc = %w) -> (tensor<4xf32>) {
      %x = arith.index_cast %i : index to i32
      %f = arith.sitofp %x : i32 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %a = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      %m = linalg.mul ins(%a, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %m : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index, %s: index, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %ub = arith.muli %n, %c16 : index
    %step = arith.maxsi %s, %c1 : index
    scf.for %i = %c0 to %ub step %step {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = linalg.add ins(%t, %w : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}
