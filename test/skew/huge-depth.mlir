// Huge depths are computed, not searched (pto.pipeline_stages and
// pto.fifo_depth near 10^12 used to count the depth down one at a time), and
// the depth is capped at 64 copies whatever the stages and slots ask for, so
// the skewed form stays small: 64 producer copies in the prologue, 64 + 64 in
// the steady loop, 64 consumer copies in the epilogue (+ the remainder).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true remainder=shrink" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=SHRINK

// Stages and slots near 10^12, trip 10^12 + 1: depth 64, the steady loop
// covers the first 10^12 = 64 x 15625000000 iterations, the last one is
// peeled; with remainder=shrink only 1 divides the trip (73 x 137 x 99990001).
// CHECK-LABEL: func.func @huge_both
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[END:.*]] = arith.constant 1000000000000 : index
// CHECK-COUNT-64: "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.tpop_from_aiv"
// CHECK:         scf.for %{{.*}} = %[[C64]] to %[[END]] step %[[C64]] {
// CHECK-COUNT-64: "pto.tpush_to_aiv"
// CHECK-COUNT-64: "pto.tpop_from_aiv"
// CHECK:         }
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-COUNT-65: "pto.tpop_from_aiv"
// CHECK-NEXT:    return
// SHRINK: remark: skewed: depth 1 (requested 999999999999, trip 1000000000001, slots 1000000000000; capped at 64 copies of the body; remainder=shrink: 1 is the largest depth dividing trip 1000000000001)
module attributes {pto.fifo_depth = 1000000000000 : i64} {
  func.func @huge_both(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1000000000001 : index
    // expected-remark @below {{skewed: depth 64 (requested 999999999999, trip 1000000000001, slots 1000000000000; capped at 64 copies of the body)}}
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 1000000000000 : i64}
    return
  }
}

// -----

// Huge stages, the usual 4 slots: the slots bound the depth.
// CHECK-LABEL: func.func @huge_stages
// SHRINK: remark: skewed: depth 3 (requested 999999999999, trip 9, slots 4; C2V has 4 slots: at most 4 iterations ahead; remainder=shrink: 3 is the largest depth dividing trip 9)
module {
  func.func @huge_stages(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 9 : index
    // expected-remark @below {{skewed: depth 4 (requested 999999999999, trip 9, slots 4; C2V has 4 slots: at most 4 iterations ahead)}}
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 1000000000000 : i64}
    return
  }
}
