// A pipeline loop in a function that a kernel calls runs wherever and as
// often as it is called: the module anchor's pair proof (docs/deadlock.md)
// does not follow calls, so such a loop is demoted. Skewed unchecked, this
// exchange (both sides push then pop, stage 4, trip 9, 4 slots) deadlocks.
//
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -o %t.mlir
// RUN: pto-opt %t.mlir --pto-verify-fifo -o /dev/null
// RUN: pto-sim check %s | FileCheck %s
// CHECK: PASS

module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube_body(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{demoted: @cube_body is not a kernel but kernel @cube may call it: the pair proof does not follow calls, so no skew is proved safe (docs/deadlock.md)}}
    %r = scf.for %i = %c0 to %c9 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @cube(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %r = func.call @cube_body(%w, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @vec_inner(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{demoted: @vec_inner is not a kernel but kernel @vec may call it: the pair proof does not follow calls, so no skew is proved safe (docs/deadlock.md)}}
    %r = scf.for %i = %c0 to %c9 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  // Reached through a second call: the transitive closure finds it.
  func.func @vec_body(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
    %r = func.call @vec_inner(%w, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %r = func.call @vec_body(%w, %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// Under func.func the callers are not visible: a pipeline loop in a function
// that is not a kernel may run inside a kernel, as often as it is called.
// RUN: pto-opt %s --pass-pipeline='builtin.module(func.func(pto-skew-cross-core{remarks=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: pto-sim check %s --pass-pipeline='builtin.module(func.func(pto-skew-cross-core))' | FileCheck %s
// FUNC: demoted: @cube_body is not a kernel and its callers are not visible from this anchor: a kernel may call it, and no skew is safe against every peer (docs/deadlock.md)
// FUNC: demoted: @vec_inner is not a kernel and its callers are not visible from this anchor
