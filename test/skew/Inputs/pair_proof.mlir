// Pairs for pair-proof.test: the proof over every trip (docs/deadlock.md).

//--- fill100.mlir
// Deadlock-free as written exactly for n <= 200 (the vector pushes its n
// answers first; the pipes absorb 2 x 100); a depth-2 skew deadlocks from 199.
module attributes {pto.fifo_depth = 100 : i64} {
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
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index, %w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %t : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

//--- dyndims.mlir
// The cube pushes tensor<?x4xf32>, the vector pops tensor<1x4xf32>: one
// message type. Deadlock-free as written for n <= 8 at 4 slots.
module {
  func.func @cube(%n: index, %w: tensor<1x4xf32>) -> tensor<1x4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<1x4xf32>) {
      %x = arith.index_cast %i : index to i32
      %f = arith.sitofp %x : i32 to f32
      %t = linalg.fill ins(%f : f32) outs(%w : tensor<1x4xf32>) -> tensor<1x4xf32>
      %d = tensor.cast %t : tensor<1x4xf32> to tensor<?x4xf32>
      "pto.tpush_to_aiv"(%d) : (tensor<?x4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<1x4xf32>
      %s = linalg.add ins(%acc, %p : tensor<1x4xf32>, tensor<1x4xf32>) outs(%w : tensor<1x4xf32>) -> tensor<1x4xf32>
      scf.yield %s : tensor<1x4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<1x4xf32>
  }
  func.func @vector(%n: index, %w: tensor<1x4xf32>) -> tensor<1x4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aic"(%w) : (tensor<1x4xf32>) -> ()
    }
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<1x4xf32>) {
      %t = "pto.tpop_from_aic"() : () -> tensor<1x4xf32>
      %s = linalg.add ins(%acc, %t : tensor<1x4xf32>, tensor<1x4xf32>) outs(%w : tensor<1x4xf32>) -> tensor<1x4xf32>
      scf.yield %s : tensor<1x4xf32>
    }
    return %r : tensor<1x4xf32>
  }
}

//--- broken.mlir
// The vector pops 8x4 tiles where the cube pushes 8x8: no deadlock, a
// mismatch. The pass must say so, and warn without remarks.
module {
  func.func @cube(%w: tensor<8x8xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    scf.for %i = %c0 to %c9 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<8x8xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<8x8xf32>
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector(%w: tensor<8x8xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    scf.for %i = %c0 to %c9 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<8x4xf32>
      "pto.tpush_to_aic"(%w) : (tensor<8x8xf32>) -> ()
    }
    return
  }
}

//--- lone.mlir
// A forgotten pto.core = "aiv": the cube has no peer in its module.
module {
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = linalg.add ins(%acc, %p : tensor<4xf32>, tensor<4xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%w: tensor<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}
