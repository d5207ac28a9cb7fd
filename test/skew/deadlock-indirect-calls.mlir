// A kernel with a call the pass cannot follow (through a function value, to
// a declaration) may reach any function of its module: a pipeline loop in a
// function that is not a kernel is demoted then too (deadlock-calls.mlir
// follows direct calls). A module whose kernels call nothing of the kind
// keeps the skew of such a loop.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null

module {
  func.func @indirect_body(%w: tensor<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{demoted: @indirect_body is not a kernel but kernel @cube may call it: the pair proof does not follow calls, so no skew is proved safe (docs/deadlock.md)}}
    scf.for %i = %c0 to %c9 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return
  }
  func.func @cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %f = func.constant @indirect_body : (tensor<4xf32>) -> ()
    func.call_indirect %f(%w) : (tensor<4xf32>) -> ()
    return
  }
}

// -----

module {
  func.func private @external(tensor<4xf32>)
  func.func @declared_body(%w: tensor<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{demoted: @declared_body is not a kernel but kernel @vector may call it}}
    scf.for %i = %c0 to %c9 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return
  }
  func.func @vector(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    func.call @external(%w) : (tensor<4xf32>) -> ()
    return
  }
}

// -----

module {
  func.func @helper(%w: tensor<4xf32>) -> tensor<4xf32> {
    return %w : tensor<4xf32>
  }
  func.func @direct_body(%w: tensor<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{skewed: depth 3 (requested 3, trip 9, slots 4)}}
    scf.for %i = %c0 to %c9 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return
  }
  func.func @cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %v = func.call @helper(%w) : (tensor<4xf32>) -> tensor<4xf32>
    return
  }
}
