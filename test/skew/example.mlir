// The flash-decode example: the cube loop is skewed (depth 2), the vector
// loop is demoted (its popped scores feed the softmax).
// RUN: pto-opt %src_root/examples/flash_decode_qk_pv.mlir --pto-skew-cross-core="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: pto-opt %src_root/examples/flash_decode_qk_pv.mlir --pto-skew-cross-core | mlir-opt-upstream --irdl-file=%pto_irdl | FileCheck %s

// REMARK: flash_decode_qk_pv.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: skewed: depth 2 (requested 2, trip 8, slots 4)
// REMARK: flash_decode_qk_pv.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop

// Cube: Q·K^T for blocks 0 and 1 primed, then two produces and two consumes
// per steady iteration, then the last two consumes.
// CHECK-LABEL: func.func @qk_pv_cube
// CHECK-SAME:    pto.core = "aic"
// CHECK-COUNT-2: linalg.matmul
// CHECK-NOT:     pto.tpop_from_aiv
// CHECK:         %[[O:.*]] = scf.for %{{.*}} = %c2 to %c8 step %c2 iter_args
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-COUNT-2: "pto.tpop_from_aiv"
// CHECK-NOT:     pto.pipeline_stages
// CHECK:         return

// Vector: the same loop, without its pipeline marker.
// CHECK-LABEL: func.func @qk_pv_vector
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpop_from_aic"
// CHECK-NOT:       pto.pipeline_stages
// CHECK:           "pto.tpush_to_aic"
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return
