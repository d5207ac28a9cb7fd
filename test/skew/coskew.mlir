// Co-skew (docs/schedules.md#co-skew): a multi-round-trip loop and the loop
// of the peer kernel it talks to are cut into stages at their FIFO ops and
// pipelined together at the module anchor, at depths 1 to 3, with a
// remainder; the demote cases keep today's remark and say why. Each case is
// a cube/vector pair that test_golden_pairs_sim.py runs through `pto-sim check`.
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// C->V->C (cube: push, pop, push; vector: pop, push, pop), trip 8, stages 2:
// two stages on each side (the cut: a pop after a push), depth 2. The
// prologue runs stage 0 of iterations 0, 1; the steady loop (k = 2, 4, 6)
// stage 0 of k, k+1 then stage 1 of k-2, k-1; the epilogue stage 1 of 6, 7.
// The C2V pipe's order changes alike on both sides (S0 S1 S2 S3 O0 O1 ...).
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_depth2_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_depth2_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// CHECK-LABEL: func.func @cv3_depth2_cube(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C8]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @cv3_depth2_vector(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C8]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- cv3_depth2.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cv3_depth2_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @cv3_depth2_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// Trip 3 holds two stages of one iteration each: depth 1.
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_depth1_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 1 (requested 2, trip 3, slots 4; trip 3 < 2 stages x 2: at most 1 iteration(s) per stage)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_depth1_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 1 (requested 2, trip 3, slots 4; trip 3 < 2 stages x 2: at most 1 iteration(s) per stage)
// CHECK-LABEL: func.func @cv3_depth1_cube(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C1]] to %[[C3]] step %[[C1]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @cv3_depth1_vector(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C1]] to %[[C3]] step %[[C1]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- cv3_depth1.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cv3_depth1_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 3 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @cv3_depth1_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 3 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// pto.pipeline_stages = 4 asks for depth 3; 8 slots hold it.
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_depth3_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 3 (requested 3, trip 12, slots 8)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_depth3_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 3 (requested 3, trip 12, slots 8)
// CHECK-LABEL: func.func @cv3_depth3_cube(
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C3]] to %[[C12]] step %[[C3]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @cv3_depth3_vector(
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C3]] to %[[C12]] step %[[C3]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- cv3_depth3.mlir
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @cv3_depth3_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 12 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @cv3_depth3_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 12 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// Trip 7 at depth 2: the steady loop covers groups 1 and 2, the epilogue runs
// stage 1 of group 2 and both stages of the last, partial group (iteration 6).
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_remainder_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 7, slots 4)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cv3_remainder_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 7, slots 4)
// CHECK-LABEL: func.func @cv3_remainder_cube(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C6]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @cv3_remainder_vector(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C6]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- cv3_remainder.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cv3_remainder_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 7 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @cv3_remainder_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 7 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// C->V->C->V: three stages on the cube (push | pop, push | pop), two on the
// vector (pop, push | pop, push); one schedule of times, so the V2C pipe,
// whose messages lie one stage later on the cube, keeps one order on both.
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cvcv_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 3 stages, depth 2 (requested 2, trip 8, slots 4)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @cvcv_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// CHECK-LABEL: func.func @cvcv_cube(
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C4]] to %[[C8]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @cvcv_vector(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C8]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- cvcv.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cvcv_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %p4 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t4 = arith.mulf %p4, %t3 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t4 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @cvcv_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %i4 = arith.index_cast %i : index to i32
      %f4 = arith.sitofp %i4 : i32 to f32
      %s4 = tensor.splat %f4 : tensor<4xf32>
      %t4 = arith.addf %t3, %s4 : tensor<4xf32>
      "pto.tpush_to_aic"(%t4) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t4 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// V->C->V: the vector leads (the cut is the same rule on either core).
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @vcv_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 6, slots 4)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @vcv_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 6, slots 4)
// CHECK-LABEL: func.func @vcv_cube(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C6]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @vcv_vector(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C2]] to %[[C6]] step %[[C2]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:         "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- vcv.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @vcv_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 6 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vcv_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 6 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aic"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aic"(%t3) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// The cube pushes two tiles before its first pop, the vector pops the second
// only after its push: the C2V messages fall in different stages on the two
// sides, so any co-skew would reorder that pipe on one side only: both stay
// as today, the remarks saying why.
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: demoted: the producer half's result #0 of 'arith.addf' is used by 'arith.mulf' in the consumer half (only scalar arith is recomputed there); not co-skewed with @orders_differ_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: pipe C2V's messages fall in stages [0, 0, 1] on the cube but [0, 1, 1] on the vector: co-skewing would reorder them on one side
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop; not co-skewed with @orders_differ_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: pipe C2V's messages fall in stages [0, 0, 1] on the cube but [0, 1, 1] on the vector: co-skewing would reorder them on one side
// CHECK-LABEL: func.func @orders_differ_cube(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @orders_differ_vector(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- orders_differ.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @orders_differ_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %i4 = arith.index_cast %i : index to i32
      %f4 = arith.sitofp %i4 : i32 to f32
      %s4 = tensor.splat %f4 : tensor<4xf32>
      %t4 = arith.addf %t3, %s4 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t4) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t4 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @orders_differ_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %p4 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t4 = arith.mulf %p4, %t3 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t4 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// C->V->C->V->C at one slot per pipe: no depth proves in the pair
// model, so both loops stay as today.
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: demoted: the producer half's result #0 of 'arith.addf' is used by 'arith.mulf' in the consumer half (only scalar arith is recomputed there); not co-skewed with @too_few_slots_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: no co-skew depth is proved against the peer (tried 2, 1)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop; not co-skewed with @too_few_slots_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: no co-skew depth is proved against the peer (tried 2, 1)
// CHECK-LABEL: func.func @too_few_slots_cube(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         return
// CHECK-LABEL: func.func @too_few_slots_vector(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT:     "pto.t
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]]
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpush_to_aic"
// CHECK-NOT:     "pto.t
// CHECK:           "pto.tpop_from_aic"
// CHECK-NOT:     "pto.t
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     "pto.t
// CHECK:         return
//--- too_few_slots.mlir
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @too_few_slots_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %p4 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t4 = arith.mulf %p4, %t3 : tensor<4xf32>
      %i5 = arith.index_cast %i : index to i32
      %f5 = arith.sitofp %i5 : i32 to f32
      %s5 = tensor.splat %f5 : tensor<4xf32>
      %t5 = arith.addf %t4, %s5 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t5) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t5 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @too_few_slots_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %i4 = arith.index_cast %i : index to i32
      %f4 = arith.sitofp %i4 : i32 to f32
      %s4 = tensor.splat %f4 : tensor<4xf32>
      %t4 = arith.addf %t3, %s4 : tensor<4xf32>
      "pto.tpush_to_aic"(%t4) : (tensor<4xf32>) -> ()
      %p5 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t5 = arith.mulf %p5, %t4 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t5 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// A scalar chain over the IV (%row) read in both stages is recomputed in
// each stage's copies, not carried: the steady loop's extra iter_args are
// the tiles stage 1 reads (%a, one per lane), none of index type.
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @recompute_vector's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// REMARK: coskew.mlir:{{[0-9]+}}:10: remark: co-skewed with @recompute_cube's loop at {{.*}}.mlir:{{[0-9]+}}:10: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// CHECK-LABEL: func.func @recompute_cube(
// CHECK:         scf.for %[[K:[^ ]*]] = {{.*}} -> (tensor<64xf32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK:           arith.muli %[[K]], %{{.*}} : index
// CHECK:           "pto.tpush_to_aiv"
// CHECK:           %[[BACK:.*]] = arith.subi %[[K]], %{{.*}} : index
// CHECK-NEXT:      arith.muli %[[BACK]], %{{.*}} : index
// CHECK:           "pto.tpop_from_aiv"
//--- recompute.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @recompute_cube(%src: tensor<64xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %src) -> (tensor<64xf32>) {
      %row = arith.muli %i, %c4 : index
      %a = tensor.extract_slice %src[%row] [4] [1] : tensor<64xf32> to tensor<4xf32>
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %b = arith.addf %p, %a : tensor<4xf32>
      "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> ()
      %next = tensor.insert_slice %b into %acc[%row] [4] [1] : tensor<4xf32> into tensor<64xf32>
      scf.yield %next : tensor<64xf32>
    } {pto.pipeline_stages = 2 : i64}
    %out = tensor.extract_slice %r[0] [4] [1] : tensor<64xf32> to tensor<4xf32>
    return %out : tensor<4xf32>
  }
  func.func @recompute_vector(%x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %p = arith.mulf %s, %x : tensor<4xf32>
      "pto.tpush_to_aic"(%p) : (tensor<4xf32>) -> ()
      %o = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %next = arith.addf %acc, %o : tensor<4xf32>
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// Two co-skewed pairs of loops: each remark names the loop of the other kernel
// it is paired with (the cube's second loop named itself once).
// REMARK: remark: co-skewed with @twice_vector's loop at {{.*}}: 2 stages
// REMARK: remark: co-skewed with @twice_vector's loop at {{.*}}: 2 stages
// REMARK: remark: co-skewed with @twice_cube's loop at {{.*}}: 2 stages
// REMARK: remark: co-skewed with @twice_cube's loop at {{.*}}: 2 stages
//--- twice.mlir
module {
  func.func @twice_cube(%a: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @twice_vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%x) : (tensor<4xf32>) -> ()
      %z = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    scf.for %i = %c0 to %c4 step %c1 {
      %x = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%x) : (tensor<4xf32>) -> ()
      %z = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
