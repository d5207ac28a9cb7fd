// pto.pipeline_stages of unusual types and values (string, float, 0 and
// negative are in test/skew/errors.mlir). Huge counts of any integer width
// are read exactly (an i128 used to abort the process in APInt) and clamped
// to the slot count; a boolean, a unit or an array is a located error.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not pto-opt %s --pto-skew-cross-core -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR --implicit-check-not=Traceback
// ERR-COUNT-4: pipeline-stages.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'pto.pipeline_stages' must be an integer >= 1

// 2^40 stages: requested depth 2^40 - 1, clamped to the 2 slots of the module.
// CHECK-LABEL: func.func @stages_2_pow_40
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// CHECK:         scf.for %{{.*}} = %[[C2]] to %{{.*}} step %[[C2]] {
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
// CHECK:         }
// CHECK-NOT:     pto.pipeline_stages
// CHECK-COUNT-2: "pto.tpop_from_aiv"
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @stages_2_pow_40(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 2 (requested 1099511627775, trip 8, slots 2; C2V has 2 slots: at most 2 iterations ahead)}}
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 1099511627776 : i64}
    return
  }
}

// -----

// Wider than 64 bits, and the largest unsigned 64-bit value (which the
// bindings read back as -1).
// CHECK-LABEL: func.func @stages_wide
// CHECK-NOT:   pto.pipeline_stages
func.func @stages_wide(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 4 (requested 99999999999999999999999999999, trip 8, slots 4; C2V has 4 slots: at most 4 iterations ahead)}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 100000000000000000000000000000 : i128}
  // expected-remark @below {{skewed: depth 4 (requested 18446744073709551614, trip 8, slots 4; C2V has 4 slots: at most 4 iterations ahead)}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 18446744073709551615 : ui64}
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 3 : index}
  return
}

// -----

// A same-core loop with a huge count is left exactly as it was.
// CHECK-LABEL: func.func @same_core_huge
// CHECK:       } {pto.pipeline_stages = 100000000000000000000000000000 : i128}
func.func @same_core_huge(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it neither pushes nor pops, no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = 100000000000000000000000000000 : i128}
  return
}

// -----

func.func @stages_bool(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got true}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = true}
  return
}

// -----

func.func @stages_unit(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got unit}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages}
  return
}

// -----

func.func @stages_array(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got [2]}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = [2]}
  return
}

// -----

func.func @stages_negative_wide(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got -100000000000000000000000000000 : si128}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = -100000000000000000000000000000 : si128}
  return
}
