// Remainder peeling (the default, remainder=peel): the requested depth is
// kept when it does not divide the trip count. The steady loop covers the
// largest multiple of the depth; after it come the producer copies of the
// iterations left over, then the consumer copies of every iteration not yet
// consumed. A copy of iteration n has membership slot n % depth. Trips 5, 7,
// 9, 10 at depth 2 (stages 3) and depth 3 (stages 4); trip 5 < 2 x 3 lowers
// depth 3 to 5 // 2 = 2. Each case is a cube/vector pair (the vector pops,
// computes and answers every iteration) that test_golden_pairs_sim.py runs
// through `pto-sim check`.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @d2_trip5
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C2]] to %[[C4]] step %[[C2]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C4]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C2]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C3]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C4]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    return %[[E2]]

//--- d2_trip5.mlir
func.func @d2_trip5(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 5, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d2_trip5() attributes {pto.core = "aiv"} {
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

// CHECK-LABEL: func.func @d2_trip7
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C2]] to %[[C6]] step %[[C2]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C4]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C5]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    return %[[E2]]

//--- d2_trip7.mlir
func.func @d2_trip7(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 7 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 7, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d2_trip7() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 7 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @d2_trip9
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C2]] to %[[C8]] step %[[C2]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C8]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C7]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C8]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    return %[[E2]]

//--- d2_trip9.mlir
func.func @d2_trip9(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 9 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 9, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d2_trip9() attributes {pto.core = "aiv"} {
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

// CHECK-LABEL: func.func @d2_trip10
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C2]] to %[[C10]] step %[[C2]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C8]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C9]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    return %[[E1]]

//--- d2_trip10.mlir
func.func @d2_trip10(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 10 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 10, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d2_trip10() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 10 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @d3_trip5
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C2]] to %[[C4]] step %[[C2]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C4]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C2]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C3]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C4]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    return %[[E2]]

//--- d3_trip5.mlir
func.func @d3_trip5(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 5 : index
  // expected-remark @below {{skewed: depth 2 (requested 3, trip 5, slots 4; trip 5 < 2 x 3: at most 2 iterations ahead)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d3_trip5() attributes {pto.core = "aiv"} {
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

// CHECK-LABEL: func.func @d3_trip7
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C3]] to %[[C6]] step %[[C3]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C3]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C4]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C5]], 0] {{.*}} {pto.pipeline_membership = "1048576:2"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E3:.*]] = tensor.insert_slice %{{.*}} into %[[E2]][%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    return %[[E3]]

//--- d3_trip7.mlir
func.func @d3_trip7(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 7 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip 7, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d3_trip7() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 7 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @d3_trip9
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C3]] to %[[C9]] step %[[C3]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C7]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C8]], 0] {{.*}} {pto.pipeline_membership = "1048576:2"}
// CHECK-NEXT:    return %[[E2]]

//--- d3_trip9.mlir
func.func @d3_trip9(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
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

func.func @vector_d3_trip9() attributes {pto.core = "aiv"} {
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

// CHECK-LABEL: func.func @d3_trip10
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// Steady loop:
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[C3]] to %[[C9]] step %[[C3]]
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C9]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = tensor.insert_slice %{{.*}} into %[[R]][%[[C6]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E1:.*]] = tensor.insert_slice %{{.*}} into %[[E0]][%[[C7]], 0] {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E2:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][%[[C8]], 0] {{.*}} {pto.pipeline_membership = "1048576:2"}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E3:.*]] = tensor.insert_slice %{{.*}} into %[[E2]][%[[C9]], 0] {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    return %[[E3]]

//--- d3_trip10.mlir
func.func @d3_trip10(%k: tensor<64x16xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32>
    attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 10 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip 10, slots 4)}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %init) -> (tensor<64x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<64x16xf32>
    scf.yield %o : tensor<64x16xf32>
  } {pto.pipeline_stages = 4 : i64}
  return %r : tensor<64x16xf32>
}

func.func @vector_d3_trip10() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 10 : index
  scf.for %i = %c0 to %ub step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  }
  return
}
