// Static ranges other than 0..n step 1, and an i32 induction variable.
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s

// Nonzero start, step 4: 4, 8, 12, 16 (trip 4, depth 2).
// CHECK-LABEL: func.func @start_and_step
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG:     arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// Prologue:
// CHECK:         tensor.extract_slice %{{.*}}[%[[C4]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C8]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    scf.for %[[K:.*]] = %[[C12]] to %[[C20]] step %[[C8]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[KP4:.*]] = arith.addi %[[K]], %[[C4]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[KP4]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[KM8:.*]] = arith.subi %[[K]], %[[C8]]
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[KM8]], 0]
// CHECK-NEXT:      %[[KM4:.*]] = arith.subi %[[K]], %[[C4]]
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[KM4]], 0]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C12]], 0]
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C16]], 0]
// CHECK-NEXT:    return
func.func @start_and_step(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %lb = arith.constant 4 : index
  %ub = arith.constant 20 : index
  %st = arith.constant 4 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

// -----

// Step 3 does not divide 0..10: 0, 3, 6, 9 (trip 4). The steady loop runs to
// the computed bound 12, not the original 10.
// CHECK-LABEL: func.func @step_not_dividing
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     arith.constant 10 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// Prologue:
// CHECK:         tensor.extract_slice %{{.*}}[%[[C0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C3]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    scf.for %[[K:.*]] = %[[C6]] to %[[C12]] step %[[C6]]
// CHECK:           arith.subi %[[K]], %[[C6]]
// CHECK:           arith.subi %[[K]], %[[C3]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C6]], 0]
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C9]], 0]
// CHECK-NEXT:    return
func.func @step_not_dividing(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %st = arith.constant 3 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

// -----

// An i32 induction variable: i32 bounds and offsets; the index_cast of the IV
// is a scalar chain recomputed in every consumer copy.
// CHECK-LABEL: func.func @i32_iv
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// Prologue:
// CHECK:         %[[X0:.*]] = arith.index_cast %[[C0]] : i32 to index
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[X0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    %[[X1:.*]] = arith.index_cast %[[C1]] : i32 to index
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[X1]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    scf.for %[[K:.*]] = %[[C2]] to %[[C4]] step %[[C2]] iter_args(%{{.*}}) -> (tensor<8x16xf32>)  : i32 {
// CHECK-NEXT:      %[[XK:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[XK]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[K1:.*]] = arith.addi %[[K]], %[[C1]] : i32
// CHECK-NEXT:      %[[XK1:.*]] = arith.index_cast %[[K1]] : i32 to index
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[XK1]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[KM2:.*]] = arith.subi %[[K]], %[[C2]] : i32
// CHECK-NEXT:      %[[XKM2:.*]] = arith.index_cast %[[KM2]] : i32 to index
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[XKM2]], 0]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    %[[XE0:.*]] = arith.index_cast %[[C2]] : i32 to index
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[XE0]], 0]
// CHECK-NEXT:    %[[XE1:.*]] = arith.index_cast %[[C3]] : i32 to index
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[XE1]], 0]
// CHECK-NEXT:    return
func.func @i32_iv(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 4 : i32
  %st = arith.constant 1 : i32
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<8x16xf32>) : i32 {
    %x = arith.index_cast %i : i32 to index
    %s = tensor.extract_slice %k[%x, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%x, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<8x16xf32>
}
