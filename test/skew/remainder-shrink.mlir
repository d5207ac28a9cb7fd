// remainder=shrink, the reference's rule: the requested depth is lowered to
// the largest d with trip % d == 0 and trip >= 2d, down to 1 (the classic
// one-ahead skew). The remark says so when the divisor rule lowered it. Each
// case is a cube/vector pair that test_golden_pairs_sim.py runs through
// `pto-sim check`.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true remainder=shrink" -split-input-file -verify-diagnostics
// RUN: pto-opt %s --pto-skew-cross-core="remainder=shrink" -split-input-file | FileCheck %s

// Trip 2 at depth 1: the steady loop runs once and is kept.
// CHECK-LABEL: func.func @f2_trip2
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// Prologue:
// CHECK:         tensor.extract_slice %{{.*}}[%[[C0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    scf.for %{{.*}} = %[[C1]] to %[[C2]] step %[[C1]]
// CHECK-COUNT-1: "pto.tpush_to_aiv"
// CHECK-COUNT-1: "pto.tpop_from_aiv"
// CHECK:         scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C1]], 0]
// CHECK-NEXT:    return

// Trip 6 at depth 3: three produces then three consumes per steady iteration.
// CHECK-LABEL: func.func @f4_trip6
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// Prologue:
// CHECK:         tensor.extract_slice %{{.*}}[%[[C0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C1]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C2]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"
// Steady loop:
// CHECK-NEXT:    scf.for %[[K:.*]] = %[[C3]] to %[[C6]] step %[[C3]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[K1:.*]] = arith.addi %[[K]], %[[C1]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K1]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[K2:.*]] = arith.addi %[[K]], %[[C2]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K2]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[KM3:.*]] = arith.subi %[[K]], %[[C3]]
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[KM3]], 0]
// CHECK-NEXT:      %[[KM2:.*]] = arith.subi %[[K]], %[[C2]]
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[KM2]], 0]
// CHECK-NEXT:      %[[KM1:.*]] = arith.subi %[[K]], %[[C1]]
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[KM1]], 0]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C3]], 0]
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C4]], 0]
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    tensor.insert_slice %{{.*}}[%[[C5]], 0]
// CHECK-NEXT:    return

//--- f2_trip2.mlir
func.func @f2_trip2(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 2 : index
  // expected-remark @below {{skewed: depth 1 (requested 2, trip 2, slots 4; trip 2 < 2 x 2: at most 1 iteration ahead)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip2() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 2 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f2_trip3.mlir
func.func @f2_trip3(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 3 : index
  // expected-remark @below {{skewed: depth 1 (requested 2, trip 3, slots 4; trip 3 < 2 x 2: at most 1 iteration ahead)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip3() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 3 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f2_trip4.mlir
func.func @f2_trip4(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 4 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip4() attributes {pto.core = "aiv"} {
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

//--- f2_trip5.mlir
func.func @f2_trip5(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  // expected-remark @below {{skewed: depth 1 (requested 2, trip 5, slots 4; remainder=shrink: 1 is the largest depth dividing trip 5)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip5() attributes {pto.core = "aiv"} {
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

//--- f2_trip6.mlir
func.func @f2_trip6(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 6 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 6, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip6() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 6 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f2_trip8.mlir
func.func @f2_trip8(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip8() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 8 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f2_trip9.mlir
func.func @f2_trip9(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 9 : index
  // expected-remark @below {{skewed: depth 1 (requested 2, trip 9, slots 4; remainder=shrink: 1 is the largest depth dividing trip 9)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip9() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 9 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f2_trip12.mlir
func.func @f2_trip12(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 12 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 12, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f2_trip12() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 12 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f4_trip2.mlir
func.func @f4_trip2(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 2 : index
  // expected-remark @below {{skewed: depth 1 (requested 3, trip 2, slots 4; trip 2 < 2 x 3: at most 1 iteration ahead)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip2() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 2 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f4_trip3.mlir
func.func @f4_trip3(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 3 : index
  // expected-remark @below {{skewed: depth 1 (requested 3, trip 3, slots 4; trip 3 < 2 x 3: at most 1 iteration ahead)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip3() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 3 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f4_trip4.mlir
func.func @f4_trip4(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 4 : index
  // expected-remark @below {{skewed: depth 2 (requested 3, trip 4, slots 4; trip 4 < 2 x 3: at most 2 iterations ahead)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip4() attributes {pto.core = "aiv"} {
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

//--- f4_trip5.mlir
func.func @f4_trip5(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  // expected-remark @below {{skewed: depth 1 (requested 3, trip 5, slots 4; trip 5 < 2 x 3: at most 2 iterations ahead; remainder=shrink: 1 is the largest depth dividing trip 5)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip5() attributes {pto.core = "aiv"} {
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

//--- f4_trip6.mlir
func.func @f4_trip6(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 6 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip 6, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip6() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 6 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f4_trip8.mlir
func.func @f4_trip8(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 3, trip 8, slots 4; remainder=shrink: 2 is the largest depth dividing trip 8)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip8() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 8 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f4_trip9.mlir
func.func @f4_trip9(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 9 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip 9, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip9() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 9 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

//--- f4_trip12.mlir
func.func @f4_trip12(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 12 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip 12, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_f4_trip12() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 12 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}
