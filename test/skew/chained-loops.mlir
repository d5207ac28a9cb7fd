// Pipeline loops of one block that use an earlier pipeline loop's results:
// every plan is made before the first rewrite, and a rewrite replaces its
// loop's results, so a later loop must read what it yields, captures, starts
// from or is bounded by when it is rewritten (a plan that kept the old
// values made a steady loop yield its own result, crashed, or broke
// dominance). The pair in Inputs/chained_loops_pair.mlir runs these shapes
// through the simulator (chained-loops-sim.test).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s

// The second loop yields (and pushes) the first loop's result: both skewed;
// the second steady loop yields the first loop's final value.
// CHECK-LABEL: func.func @yields_earlier
// CHECK:         %[[R1:.*]] = scf.for
// CHECK:         %[[E0:.*]] = arith.addf %[[R1]]
// CHECK:         %[[E1:.*]] = arith.addf %[[E0]]
// CHECK:         "pto.tpush_to_aiv"(%[[E1]])
// CHECK:         "pto.tpush_to_aiv"(%[[E1]])
// CHECK:         scf.for
// CHECK:           scf.yield %[[E1]]
// CHECK:         return %[[E1]], %[[E1]]
func.func @yields_earlier(%w: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r1 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %a, %p : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%r1) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    scf.yield %r1 : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r1, %r2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The second loop starts from the first loop's result and captures it in a
// nested region: both skewed.
// CHECK-LABEL: func.func @init_and_capture
// CHECK:         %[[R1:.*]] = scf.for
// CHECK:         %[[E0:.*]] = arith.addf %[[R1]]
// CHECK:         %[[E1:.*]] = arith.addf %[[E0]]
// CHECK:         scf.if
// CHECK-NEXT:      arith.addf %[[E1]]
// CHECK:         %[[R2:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E1]])
// CHECK:           scf.if
// CHECK-NEXT:        arith.addf %[[E1]]
// CHECK:         arith.addf %[[R2]]
func.func @init_and_capture(%w: tensor<4xf32>, %b: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r1 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %a, %p : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %r1) -> (tensor<4xf32>) {
    %t = scf.if %b -> (tensor<4xf32>) {
      %u = arith.addf %r1, %w : tensor<4xf32>
      scf.yield %u : tensor<4xf32>
    } else {
      scf.yield %w : tensor<4xf32>
    }
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %a, %p : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r2 : tensor<4xf32>
}

// -----

// The second loop's upper bound is the first (skewed) loop's result, known
// at run time only: that loop is skewed behind a guard, and the guard, the
// skewed form and the original loop in its else branch all read the skewed
// loop's final value, not the erased loop's result.
// CHECK-LABEL: func.func @bound_from_earlier
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK:         %[[N0:.*]] = arith.addi
// CHECK:         %[[N1:.*]] = arith.addi %[[N0]]
// CHECK:         arith.subi %[[N1]], %c0
// CHECK:         arith.cmpi sgt, %[[N1]], %c0
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %c0 to %[[N1]] step %c1 {
// CHECK-NOT:       pto.pipeline_stages
// CHECK:         return
func.func @bound_from_earlier(%w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %n = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %c0) -> (index) {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %m = arith.addi %a, %c1 : index
    scf.yield %m : index
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
  scf.for %i = %c0 to %n step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Mixed: a demoted loop between skewed ones, each using the one before.
// CHECK-LABEL: func.func @mixed_chain
// CHECK:         %[[D:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%{{.*}} = %[[E1:[^)]*]])
// CHECK:           arith.addf %{{.*}}, %[[E1]]
// CHECK:         }
// CHECK-NOT:     pto.pipeline_stages
// CHECK:         "pto.tpush_to_aiv"(%[[D]])
// CHECK:         "pto.tpush_to_aiv"(%[[D]])
// CHECK:         scf.for
// CHECK:           scf.yield %[[D]]
// CHECK:         return
func.func @mixed_chain(%w: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r1 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %a, %p : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aiv' is a pop}}
  %r2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %r1) -> (tensor<4xf32>) {
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %p, %r1 : tensor<4xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
    scf.yield %s : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r3 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%r2) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    scf.yield %r2 : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r3 : tensor<4xf32>
}
