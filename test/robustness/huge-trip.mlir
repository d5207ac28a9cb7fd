// Loops of 10^12 and more iterations are rewritten from their constants,
// never traced or unrolled; bounds the 64-bit emitter cannot build (i128,
// unsigned beyond 2^63) are demoted instead of failing the pass.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | pto-opt -split-input-file | FileCheck %s --check-prefix=REPARSE
// REPARSE-COUNT-5: func.func

// 10^12 trips, stage 3 (depth 2): prologue at 0 and 1, steady loop from 2 to
// 10^12 step 2, epilogue consuming 10^12 - 2 and 10^12 - 1.
// CHECK-LABEL: func.func @trip_10_pow_12
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[N:.*]] = arith.constant 1000000000000 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[L2:.*]] = arith.constant 999999999998 : index
// CHECK-DAG:     %[[L1:.*]] = arith.constant 999999999999 : index
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[K:.*]] = %[[C2]] to %[[N]] step %[[C2]] iter_args(%[[ACC:.*]] = %[[C0]]) -> (index) {
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK:           %[[KM2:.*]] = arith.subi %[[K]], %[[C2]] : index
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      %[[A0:.*]] = arith.addi %[[ACC]], %[[KM2]] : index
// CHECK-NEXT:      %[[KM1:.*]] = arith.subi %[[K]], %[[C1]] : index
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      %[[A1:.*]] = arith.addi %[[A0]], %[[KM1]] : index
// CHECK-NEXT:      scf.yield %[[A1]] : index
// CHECK-NEXT:    }
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = arith.addi %[[R]], %[[L2]] : index
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = arith.addi %[[E0]], %[[L1]] : index
// CHECK-NEXT:    return %[[E1]] : index
func.func @trip_10_pow_12(%a: tensor<16xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000000 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 1000000000000, slots 4)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  } {pto.pipeline_stages = 3 : i64}
  return %r : index
}

// -----

// 10^12 range from 5 step 7: trip 142857142857, odd: depth 2 all the same,
// the steady loop covering all but the last iteration (5 + (trip - 1) * 7 =
// 10^12 - 3), which is produced after it; the epilogue consumes the last three.
// CHECK-LABEL: func.func @trip_step_7
// CHECK-DAG:     %[[C14:.*]] = arith.constant 14 : index
// CHECK-DAG:     %[[C19:.*]] = arith.constant 19 : index
// CHECK-DAG:     %[[END:.*]] = arith.constant 999999999997 : index
// CHECK-DAG:     %[[L2:.*]] = arith.constant 999999999983 : index
// CHECK-DAG:     %[[L1:.*]] = arith.constant 999999999990 : index
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %[[C19]] to %[[END]] step %[[C14]] iter_args(%{{.*}} = %{{.*}}) -> (index) {
// CHECK:         }
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = arith.addi %[[R]], %[[L2]] : index
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = arith.addi %[[E2]], %[[L1]] : index
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E:.*]] = arith.addi %[[E1]], %[[END]] : index
// CHECK-NEXT:    return %[[E]] : index
func.func @trip_step_7(%a: tensor<16xf32>) -> index {
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %n = arith.constant 1000000000000 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 142857142857, slots 4)}}
  %r = scf.for %i = %c5 to %n step %c7 iter_args(%acc = %c5) -> (index) {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  } {pto.pipeline_stages = 2 : i64}
  return %r : index
}

// -----

// The largest trip the IV type allows: [0, 2^63 - 1) step 1, odd: depth 2,
// the steady loop up to 2^63 - 2, the last iteration peeled after it.
// CHECK-LABEL: func.func @trip_int64_max
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[END:.*]] = arith.constant 9223372036854775806 : index
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    scf.for %{{.*}} = %[[C2]] to %[[END]] step %[[C2]] {
// CHECK:         }
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-COUNT-3: "pto.tpop_from_aiv"
func.func @trip_int64_max(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 9223372036854775807 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 9223372036854775807, slots 4)}}
  scf.for %i = %c0 to %n step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// i128 bounds past 2^64 (reading them used to abort in APInt) and an
// unsigned index loop above 2^63 (the emitter used to raise a TypeError).
// CHECK-LABEL: func.func @beyond_int64
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i128 {
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:    }
// CHECK:         scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:    }
// CHECK-NOT:     pto.pipeline_stages
func.func @beyond_int64(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : i128
  %c1 = arith.constant 1 : i128
  %n = arith.constant 100000000000000000000000 : i128
  // expected-remark @below {{demoted: bounds [0, 100000000000000000000000) of the skewed loops do not fit in a signed 64-bit integer}}
  scf.for %i = %c0 to %n step %c1 : i128 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  %s = arith.constant -10 : index
  %e = arith.constant -2 : index
  %one = arith.constant 1 : index
  // expected-remark @below {{demoted: bounds [18446744073709551606, 18446744073709551614) of the skewed loops do not fit in a signed 64-bit integer}}
  scf.for unsigned %i = %s to %e step %one {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// i128 bounds that fit in 64 bits are skewed as usual.
// CHECK-LABEL: func.func @small_i128
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i128 {
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
func.func @small_i128(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : i128
  %c1 = arith.constant 1 : i128
  %n = arith.constant 8 : i128
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  scf.for %i = %c0 to %n step %c1 : i128 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}
