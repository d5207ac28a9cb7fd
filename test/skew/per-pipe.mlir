// Reordering is forbidden per pipe (a pipe is (direction, id)), not per
// direction: a push after the first pop is a multi-round-trip only when it is
// on a pipe the lead group uses (docs/schedules.md).
//
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s

// The push after the pop is on pipe C2V id 1, which the lead push (id 0) does
// not use: it stays in the consumer half and the loop skews.
// CHECK-LABEL: func.func @other_id
// CHECK:         "pto.tpush_to_aiv"{{.*}}id = 0
// CHECK-NEXT:    "pto.tpush_to_aiv"{{.*}}id = 0
// CHECK-NEXT:    scf.for
// CHECK:           "pto.tpop_from_aiv"
// CHECK:           "pto.tpush_to_aiv"{{.*}}id = 1
func.func @other_id(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%w) {id = 0 : i32} : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() {id = 0 : i32} : () -> tensor<4xf32>
    %n = arith.addf %acc, %p : tensor<4xf32>
    "pto.tpush_to_aiv"(%n) {id = 1 : i32} : (tensor<4xf32>) -> ()
    scf.yield %n : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<4xf32>
}

// -----

// The same loop with the late push on the lead's own pipe: running the lead
// ahead would reorder C2V id 0, so it is demoted, naming both ops.
// CHECK-LABEL: func.func @same_id
// CHECK:         scf.for
// CHECK-NOT:     pto.pipeline_stages
func.func @same_id(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: multi-round-trip: 'pto.tpush_to_aiv' on pipe C2V follows 'pto.tpop_from_aiv'}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
    "pto.tpush_to_aiv"(%w) {id = 0 : i32} : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() {id = 0 : i32} : () -> tensor<4xf32>
    %n = arith.addf %acc, %p : tensor<4xf32>
    "pto.tpush_to_aiv"(%n) {id = 0 : i32} : (tensor<4xf32>) -> ()
    scf.yield %n : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<4xf32>
}
