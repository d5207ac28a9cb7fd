// Static ranges other than 0..n step 1, and i32 and unsigned (`scf.for
// unsigned`) induction variables, up to the top of their type: the skewed
// loops run to start + trip * step, which must fit the IV's type as its
// comparison reads it, or the loop is demoted. Each case is a cube/vector
// pair that test_golden_pairs_sim.py runs through `pto-sim check`.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics
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
//--- start_and_step.mlir
func.func @start_and_step(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 4 : index
  %ub = arith.constant 20 : index
  %st = arith.constant 4 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4)}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

func.func @vector_start_and_step() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 4 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
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
//--- step_not_dividing.mlir
func.func @step_not_dividing(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %st = arith.constant 3 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4)}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

func.func @vector_step_not_dividing() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 4 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
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
//--- i32_iv.mlir
func.func @i32_iv(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 4 : i32
  %st = arith.constant 1 : i32
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4)}}
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

func.func @vector_i32_iv() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 4 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// Unsigned i32 IV across the signed maximum: 2147483641, ..., 2147483649
// (trip 5), compared unsigned. The steady loop stays unsigned and ends at
// 2147483649 (printed -2147483647), where the remainder iteration is peeled.
// CHECK-LABEL: func.func @unsigned_iv
// CHECK-DAG:     %[[LB:.*]] = arith.constant 2147483641 : i32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[I1:.*]] = arith.constant 2147483643 : i32
// CHECK-DAG:     %[[I2:.*]] = arith.constant 2147483645 : i32
// CHECK-DAG:     %[[I4:.*]] = arith.constant -2147483647 : i32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:     %[[I3:.*]] = arith.constant 2147483647 : i32
// Prologue:
// CHECK:         arith.subi %[[LB]], %[[LB]] : i32
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    arith.subi %[[I1]], %[[LB]] : i32
// CHECK:         "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    %[[R:.*]] = scf.for unsigned %[[K:.*]] = %[[I2]] to %[[I4]] step %[[C4]] iter_args({{.*}}) -> (tensor<32x16xf32>)  : i32 {
// CHECK-NEXT:      arith.subi %[[K]], %[[LB]] : i32
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[K1:.*]] = arith.addi %[[K]], %[[C2]] : i32
// CHECK-NEXT:      arith.subi %[[K1]], %[[LB]] : i32
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[KM4:.*]] = arith.subi %[[K]], %[[C4]] : i32
// CHECK-NEXT:      arith.subi %[[KM4]], %[[LB]] : i32
// CHECK:           "pto.tpop_from_aiv"
// CHECK:           %[[KM2:.*]] = arith.subi %[[K]], %[[C2]] : i32
// CHECK-NEXT:      arith.subi %[[KM2]], %[[LB]] : i32
// CHECK:           "pto.tpop_from_aiv"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue: the producer copy of 2147483649, then the consumer copies of
// 2147483645, 2147483647, 2147483649.
// CHECK-NEXT:    arith.subi %[[I4]], %[[LB]] : i32
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    arith.subi %[[I2]], %[[LB]] : i32
// CHECK:         "pto.tpop_from_aiv"
// CHECK:         arith.subi %[[I3]], %[[LB]] : i32
// CHECK:         "pto.tpop_from_aiv"
// CHECK:         arith.subi %[[I4]], %[[LB]] : i32
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     pto.tp
// CHECK:         return
//--- unsigned_iv.mlir
func.func @unsigned_iv(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 2147483641 : i32
  %ub = arith.constant 2147483651 : i32
  %st = arith.constant 2 : i32
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 5, slots 4)}}
  %r = scf.for unsigned %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) : i32 {
    %d = arith.subi %i, %lb : i32
    %x = arith.index_cast %d : i32 to index
    %s = tensor.extract_slice %k[%x, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%x, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

func.func @vector_unsigned_iv() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// Unsigned i32 IV at the top of its range: 4294967280, ..., 4294967292
// (printed -16 to -4, trip 4). The skewed loops would run to 4294967296,
// which i32 does not hold: demoted, the loop left as it is.
// CHECK-LABEL: func.func @unsigned_near_max
// CHECK-NOT:     "pto.tpush_to_aiv"
// CHECK:         scf.for unsigned
// CHECK-NEXT:      arith.subi
// CHECK-NEXT:      arith.index_cast
// CHECK-NEXT:      tensor.extract_slice
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     pto.pipeline_stages
// CHECK-NEXT:    return
//--- unsigned_near_max.mlir
func.func @unsigned_near_max(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 4294967280 : i32
  %ub = arith.constant 4294967295 : i32
  %st = arith.constant 4 : i32
  // expected-remark @below {{demoted: skewed upper bound 4294967296 overflows i32}}
  %r = scf.for unsigned %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) : i32 {
    %d = arith.subi %i, %lb : i32
    %x = arith.index_cast %d : i32 to index
    %s = tensor.extract_slice %k[%x, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%x, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

func.func @vector_unsigned_near_max() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 4 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// Signed i32 IV ending at the type's maximum: 2147483627, ..., 2147483643
// (trip 5), start + trip * step = 2147483647 fits: skewed, the remainder
// iteration 2147483643 peeled.
// CHECK-LABEL: func.func @i32_near_max
// CHECK-DAG:     %[[LB:.*]] = arith.constant 2147483627 : i32
// CHECK-DAG:     %[[I1:.*]] = arith.constant 2147483631 : i32
// CHECK-DAG:     %[[I2:.*]] = arith.constant 2147483635 : i32
// CHECK-DAG:     %[[I4:.*]] = arith.constant 2147483643 : i32
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG:     %[[I3:.*]] = arith.constant 2147483639 : i32
// Prologue:
// CHECK:         arith.subi %[[LB]], %[[LB]] : i32
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    arith.subi %[[I1]], %[[LB]] : i32
// CHECK:         "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    scf.for %[[K:.*]] = %[[I2]] to %[[I4]] step %[[C8]] iter_args({{.*}}) -> (tensor<32x16xf32>)  : i32 {
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    arith.subi %[[I4]], %[[LB]] : i32
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    arith.subi %[[I2]], %[[LB]] : i32
// CHECK:         "pto.tpop_from_aiv"
// CHECK:         arith.subi %[[I3]], %[[LB]] : i32
// CHECK:         "pto.tpop_from_aiv"
// CHECK:         arith.subi %[[I4]], %[[LB]] : i32
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     pto.tp
// CHECK:         return
//--- i32_near_max.mlir
func.func @i32_near_max(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 2147483627 : i32
  %ub = arith.constant 2147483647 : i32
  %st = arith.constant 4 : i32
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 5, slots 4)}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) : i32 {
    %d = arith.subi %i, %lb : i32
    %x = arith.index_cast %d : i32 to index
    %s = tensor.extract_slice %k[%x, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%x, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

func.func @vector_i32_near_max() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// Three more and it no longer fits: 2147483630, ..., 2147483646 (trip 5)
// would run the skewed loops to 2147483650, past the i32 maximum: demoted.
// CHECK-LABEL: func.func @i32_past_max
// CHECK-NOT:     "pto.tpush_to_aiv"
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-1:   "pto.tpush_to_aiv"
// CHECK-COUNT-1:   "pto.tpop_from_aiv"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     pto.pipeline_stages
// CHECK-NEXT:    return
//--- i32_past_max.mlir
func.func @i32_past_max(%k: tensor<32x16xf32>, %init: tensor<32x16xf32>) -> tensor<32x16xf32>
    attributes {pto.core = "aic"} {
  %lb = arith.constant 2147483630 : i32
  %ub = arith.constant 2147483647 : i32
  %st = arith.constant 4 : i32
  // expected-remark @below {{demoted: skewed upper bound 2147483650 overflows i32}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (tensor<32x16xf32>) : i32 {
    %d = arith.subi %i, %lb : i32
    %x = arith.index_cast %d : i32 to index
    %s = tensor.extract_slice %k[%x, 0] [1, 16] [1, 1] : tensor<32x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%x, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<32x16xf32>
    scf.yield %o : tensor<32x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<32x16xf32>
}

func.func @vector_i32_past_max() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}
