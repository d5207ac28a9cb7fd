// Kernels whose body has several blocks (cf.br / cf.cond_br): the pair
// proof cannot model them, so the pair "cannot be proved as written" and each
// kernel is planned by the peer-blind rule (docs/deadlock.md): the
// multi-block kernel's own FIFO use cannot be counted, so its loops are
// demoted; its single-block peer keeps a skew only while its pushes fit the
// slots. pto-sim check runs both (test/sim/multi-block.test).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core{remarks=true}))" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=FUNC
// FUNC: multi-block.mlir:{{[0-9]+}}:10: remark: demoted: the peer kernel is not visible from this anchor, and the kernel's own FIFO use cannot be counted (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)): no skew is safe against every peer
// FUNC: remark: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 4 messages on V2C, more than the 1 slot a peer's initialise op may declare (this kernel declares none for V2C)

// 4 slots: the vector's 4 pushes fit, its loop skews.
// CHECK-LABEL: func.func @cube
// CHECK:         cf.cond_br
// CHECK:         scf.for
// CHECK-NOT:     pto.pipeline_stages
// CHECK-LABEL: func.func @vector
// CHECK-COUNT-2: "pto.tpush_to_aic"
// CHECK:         scf.for
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%t: tensor<4xf32>, %flag: i1) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    cf.cond_br %flag, ^negated(%t : tensor<4xf32>), ^loop(%t : tensor<4xf32>)
  ^negated(%a: tensor<4xf32>):
    %n = arith.negf %a : tensor<4xf32>
    cf.br ^loop(%n : tensor<4xf32>)
  ^loop(%x: tensor<4xf32>):
    // expected-remark @below {{demoted: the pair cannot be proved as written (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)), and the kernel's own FIFO use cannot be counted (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)): no skew is safe against every peer}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f32
      %s = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %next = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%t: tensor<4xf32>, %flag: i1) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4; the pair cannot be proved as written (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)): safe, its 4 pushes on V2C fit the slots)}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f32
      %s = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %next = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// 2 slots: the vector pushes more than its slots, its loop is demoted too.
// CHECK-LABEL: func.func @cube
// CHECK-LABEL: func.func @vector
// CHECK-NOT:   pto.pipeline_stages
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%t: tensor<4xf32>, %flag: i1) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    cf.cond_br %flag, ^negated(%t : tensor<4xf32>), ^loop(%t : tensor<4xf32>)
  ^negated(%a: tensor<4xf32>):
    %n = arith.negf %a : tensor<4xf32>
    cf.br ^loop(%n : tensor<4xf32>)
  ^loop(%x: tensor<4xf32>):
    // expected-remark @below {{demoted: the pair cannot be proved as written (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)), and the kernel's own FIFO use cannot be counted (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)): no skew is safe against every peer}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f32
      %s = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %next = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%t: tensor<4xf32>, %flag: i1) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-remark @below {{demoted: the pair cannot be proved as written (the body of kernel @cube has 3 blocks (unstructured control flow is not modelled)), and the kernel pushes 4 messages on V2C, more than its 2 slots: a skew of any depth deadlocks against some peer (docs/deadlock.md)}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f32
      %s = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %next = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
}
