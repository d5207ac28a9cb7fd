// Where multi-round-trip loops are not co-skewed, both keep today's remark:
// with multi-round-trip=demote (the reference's rule), under a func.func
// anchor (the peer is not visible); at the module anchor a trip count known
// at run time only is co-skewed behind a guard. Each case is
// a pair that test_golden_pairs_sim.py runs through `pto-sim check`.
// RUN: pto-opt %s -split-input-file --pto-skew-cross-core="remarks=true multi-round-trip=demote" 2>&1 >/dev/null | FileCheck %s --check-prefix=DEMOTE
// RUN: pto-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(pto-skew-cross-core{remarks=true}))" 2>&1 >/dev/null | FileCheck %s --check-prefix=DEMOTE
// RUN: pto-opt %s -split-input-file --pto-skew-cross-core="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=COSKEW
// RUN: pto-opt %s -split-input-file --pto-skew-cross-core="multi-round-trip=demote" | FileCheck %s --check-prefix=IR

// DEMOTE: coskew-demote.mlir:{{[0-9]+}}:10: remark: demoted: the producer half's result #0 of 'arith.addf' is used by 'arith.mulf' in the consumer half (only scalar arith is recomputed there){{$}}
// DEMOTE: coskew-demote.mlir:{{[0-9]+}}:10: remark: not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop{{$}}
// IR-LABEL: func.func @mrt_cube(
// IR:         scf.for %{{.*}} = %c0 to %c8 step %c1
// IR-NOT:     pto.pipeline_stages
// IR-LABEL: func.func @mrt_vector(
// IR:         scf.for %{{.*}} = %c0 to %c8 step %c1
// IR-NOT:     pto.pipeline_stages
// COSKEW: remark: co-skewed with @mrt_vector's loop at {{.*}}coskew-demote.mlir:{{[0-9]+}}:10: 2 stages, depth 2
// COSKEW: remark: co-skewed with @mrt_cube's loop at {{.*}}coskew-demote.mlir:{{[0-9]+}}:10: 2 stages, depth 2
//--- multi_round_trip.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @mrt_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
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
  func.func @mrt_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
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

// A trip count known at run time only (one kernel argument in both loops):
// demoted with multi-round-trip=demote or under func.func; at the module
// anchor co-skewed behind a guard (coskew-dynamic.test checks that form).
// DEMOTE: coskew-demote.mlir:{{[0-9]+}}:10: remark: demoted: the producer half's result #0 of 'arith.addf' is used by 'arith.mulf' in the consumer half (only scalar arith is recomputed there){{$}}
// DEMOTE: coskew-demote.mlir:{{[0-9]+}}:10: remark: not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop{{$}}
// COSKEW: coskew-demote.mlir:{{[0-9]+}}:10: remark: co-skewed with @dyn_vector's loop at {{.*}}: 2 stages, depth 2 (requested 2, trip dynamic, co-skewed when >= 4, slots 4)
// COSKEW: coskew-demote.mlir:{{[0-9]+}}:10: remark: co-skewed with @dyn_cube's loop at {{.*}}: 2 stages, depth 2 (requested 2, trip dynamic, co-skewed when >= 4, slots 4)
//--- run_time_trip.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @dyn_cube(%x0: tensor<4xf32>, %n: i32) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.index_cast %n : i32 to index
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
  func.func @dyn_vector(%x0: tensor<4xf32>, %n: i32) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.index_cast %n : i32 to index
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
