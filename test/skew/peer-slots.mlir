// The slot count of a pipe comes from every initialise op of it the pass can
// see: both kernels' at the module anchor (issue 23 item 3). Where the peer's
// declaration is not visible (a func.func anchor), the peer-blind rule counts
// only on the kernel's own declaration, else on one slot: a peer's
// initialise op overrides the option and the module attribute, and may
// declare a single slot. The cube used to be skewed at depth 2 under
// func.func with "safe, its 4 pushes fit the slots" against a vector that
// declares 1 slot, and deadlocked.
//
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core{remarks=true}))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | pto-opt --pto-verify-fifo -split-input-file -o /dev/null
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core))" -split-input-file | pto-opt --pto-verify-fifo -split-input-file -o /dev/null
// RUN: split-file %s %t
// RUN: pto-sim check %t/peer-declares.mlir | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/peer-declares.mlir --pass-pipeline='builtin.module(func.func(pto-skew-cross-core))' | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/peer-declares-i8.mlir --pass-pipeline='builtin.module(func.func(pto-skew-cross-core{fifo-depth=8}))' | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/unproved-peer.mlir --arg 2=1 | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/both-declare.mlir --pass-pipeline='builtin.module(func.func(pto-skew-cross-core))' | FileCheck %s --check-prefix=SIM
// SIM: PASS

// Only the vector declares the pipes, with 1 slot. At the module anchor the
// cube's loop reads that declaration (slots 1: depth 1); under func.func the
// cube cannot see it, and 4 pushes may not fit: demoted.
// FUNC: peer-slots.mlir:[[@LINE+8]]:10: remark: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 4 messages on C2V, more than the 1 slot a peer's initialise op may declare (this kernel declares none for C2V): a skew of any depth deadlocks against some peer (docs/deadlock.md)
//--- peer-declares.mlir
module {
  func.func @cube(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-remark @below {{skewed: depth 1 (requested 2, trip 4, slots 1; C2V has 1 slot: at most 1 iteration ahead)}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    "pto.aiv_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 1 : i32} : () -> ()
    // expected-remark @below {{not skewed: consumer role}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      "pto.tpush_to_aic"(%n) : (tensor<4xf32>) -> ()
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// The same with a module attribute and the option saying 8: the vector's
// declaration (2 slots) wins over both, for the pass at either anchor. Two
// pushes per iteration: at the module anchor, depth 1 (2 slots / 2 messages).
// FUNC: peer-slots.mlir:[[@LINE+8]]:10: remark: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 6 messages on C2V, more than the 1 slot a peer's initialise op may declare (this kernel declares none for C2V)
//--- peer-declares-i8.mlir
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @cube(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : i8
    %c1 = arith.constant 1 : i8
    %c3 = arith.constant 3 : i8
    // expected-remark @below {{skewed: depth 1 (requested 3, trip 3, slots 2; C2V has 2 slots for 2 messages per iteration: at most 1 iteration ahead)}}
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) : i8 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : i8
    %c1 = arith.constant 1 : i8
    %c3 = arith.constant 3 : i8
    "pto.aiv_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 2 : i32} : () -> ()
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) : i8 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %p, %q : tensor<4xf32>
      "pto.tpush_to_aic"(%n) : (tensor<4xf32>) -> ()
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

// -----

// At the module anchor, a peer the pair proof cannot model (a body of
// several blocks): the fallback counts the pushes against the slots of both
// kernels' declarations (the vector's 1), not the module's 4.
// FUNC: peer-slots.mlir:[[@LINE+8]]:10: remark: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 3 messages on C2V, more than the 1 slot a peer's initialise op may declare (this kernel declares none for C2V)
//--- unproved-peer.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%w: tensor<4xf32>, %o: tensor<4xf32>, %flag: i1) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    // expected-remark @below {{demoted: the pair cannot be proved as written (the body of kernel @vec has 3 blocks (unstructured control flow is not modelled)), and the kernel pushes 3 messages on C2V, more than its 1 slots: a skew of any depth deadlocks against some peer (docs/deadlock.md)}}
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>, %flag: i1) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    "pto.aiv_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 1 : i32} : () -> ()
    cf.cond_br %flag, ^negated(%o : tensor<4xf32>), ^loop(%o : tensor<4xf32>)
  ^negated(%a: tensor<4xf32>):
    %m = arith.negf %a : tensor<4xf32>
    cf.br ^loop(%m : tensor<4xf32>)
  ^loop(%x: tensor<4xf32>):
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      "pto.tpush_to_aic"(%n) : (tensor<4xf32>) -> ()
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

// -----

// Both kernels declare 4 slots: under func.func the cube counts on its own
// declaration, which the peer's must match, and keeps its skew.
// FUNC: peer-slots.mlir:[[@LINE+9]]:10: remark: skewed: depth 2 (requested 2, trip 4, slots 4; the peer kernel is not visible from this anchor: safe, its 4 pushes on C2V fit the slots)
//--- both-declare.mlir
module {
  func.func @cube(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 4 : i32} : () -> ()
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4)}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    "pto.aiv_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 4 : i32} : () -> ()
    // expected-remark @below {{not skewed: consumer role}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      "pto.tpush_to_aic"(%n) : (tensor<4xf32>) -> ()
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}
