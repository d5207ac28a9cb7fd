// The pass never makes a deadlock-free cube/vector pair deadlock
// (docs/deadlock.md). At the module anchor it proves each planned pair in the
// verifier's model and lowers the depths that deadlock; under func.func it
// cannot see the peer and keeps a skew only if the kernel's pushes can never
// block.
//
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file -o %t.mlir
// RUN: pto-opt %t.mlir --pto-verify-fifo -split-input-file -o /dev/null
// RUN: pto-opt %s --pass-pipeline='builtin.module(func.func(pto-skew-cross-core{remarks=true}))' -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=FUNC
// RUN: split-file %s %t
// RUN: pto-sim check %t/exchange.mlir | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/holding.mlir | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/fits.mlir --pass-pipeline='builtin.module(func.func(pto-skew-cross-core))' | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/exchange.mlir --pass-pipeline='builtin.module(func.func(pto-skew-cross-core))' | FileCheck %s --check-prefix=SIM
// SIM: PASS

// The exchange of issue 12: both kernels push then pop, stage 4, trip 9,
// 4 slots. Skewing both to depth 3 puts 6 messages in each 4-slot pipe before
// either kernel pops; both drop to depth 2 (the last iteration of 9 peeled
// after the steady loop).

// CHECK-LABEL: func.func @cube
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    scf.for
// CHECK-LABEL: func.func @vec
// CHECK:         "pto.tpush_to_aic"
// CHECK-NEXT:    "pto.tpush_to_aic"
// CHECK-NEXT:    scf.for
// FUNC: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 9 messages on C2V, more than the 1 slot a peer's initialise op may declare (this kernel declares none for C2V): a skew of any depth deadlocks against some peer (docs/deadlock.md)
// FUNC: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 9 messages on V2C, more than the 1 slot a peer's initialise op may declare (this kernel declares none for V2C)
//--- exchange.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @cube(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{skewed: depth 2 (requested 3, trip 9, slots 4; depth 3 deadlocks against @vec: both kernels push first and block on full pipes (C2V 4 of 4, V2C 4 of 4 slots held))}}
    %r = scf.for %i = %c0 to %c9 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    // expected-remark @below {{skewed: depth 2 (requested 3, trip 9, slots 4; depth 3 deadlocks against @cube: both kernels push first and block on full pipes (C2V 4 of 4, V2C 4 of 4 slots held))}}
    %r = scf.for %i = %c0 to %c9 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// Issue 10, item 6: the vector pushes a tile before its loop and frees each
// popped tile only after its own push, so it holds a slot of each pipe; at 2
// slots the cube's depth-2 skew deadlocked against it.

// CHECK-LABEL: func.func @cube2
// FUNC: demoted: the peer kernel is not visible from this anchor, and the kernel pushes 8 messages on C2V, more than the 1 slot a peer's initialise op may declare (this kernel declares none for C2V)
// FUNC: not skewed: consumer role
//--- holding.mlir
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube2(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 1 (requested 2, trip 8, slots 2; depth 2 deadlocks against @vec2: both kernels push first and block on full pipes (C2V 2 of 2, V2C 2 of 2 slots held))}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %q = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %r, %q : tensor<4xf32>
    return %s : tensor<4xf32>
  }
  func.func @vec2(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
    // expected-remark @below {{not skewed: consumer role}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      "pto.tpush_to_aic"(%n) : (tensor<4xf32>) -> ()
      "pto.tfree_from_aic"(%p) : (tensor<4xf32>) -> ()
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// Under func.func a kernel whose pushes all fit the slots of its own
// declaration (which the peer's must match) keeps its skew: those pushes
// never block, whatever the peer does.

// FUNC: skewed: depth 2 (requested 2, trip 4, slots 4; the peer kernel is not visible from this anchor: safe, its 4 pushes on C2V fit the slots)
//--- fits.mlir
module {
  func.func @cube3(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
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
  func.func @vec3(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
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
