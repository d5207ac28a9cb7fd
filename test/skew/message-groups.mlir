// Message groups: every push ahead of the body's first pop leads (the
// producer half is their backward slice), the pops and everything after them
// follow, so several pushes and several pops per iteration skew together.
// Each pipe bounds the depth by its slots / the messages one iteration moves
// through it. A push after a pop on a pipe the lead group uses would reorder
// that pipe: demoted, the remark naming both ops. Each case is a cube/vector
// pair that test_golden_pairs_sim.py runs through `pto-sim check`.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s

// Two pushes then two pops, 8 slots: depth 2 (8 / 2 messages = 4 >= 2);
// each copy pushes both tiles in order and pops both in order.
// CHECK-LABEL: func.func @two_pushes_two_pops
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         "pto.tpush_to_aiv"(%[[A0:.*]]) :
// CHECK-NEXT:    "pto.tpush_to_aiv"(%[[B0:.*]]) :
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    scf.for %{{.*}} = %[[C2]] to %[[C8]] step %[[C2]]
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK:           "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK:         "pto.tpop_from_aiv"
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NOT:     pto.tp
// CHECK:         return
//--- two_pushes_two_pops.mlir
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @two_pushes_two_pops(%k: tensor<64x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32>
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 8)}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<16xf32>) {
      %a = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<16xf32>
      %j = arith.addi %i, %c32 : index
      %b = tensor.extract_slice %k[%j, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<16xf32>
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aiv"(%b) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %q = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %s = arith.addf %p, %q : tensor<16xf32>
      %n = arith.addf %acc, %s : tensor<16xf32>
      scf.yield %n : tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<16xf32>
  }

  func.func @vector_two_pushes_two_pops() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %s = arith.addf %a, %b : tensor<16xf32>
      %d = arith.subf %a, %b : tensor<16xf32>
      "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aic"(%d) : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// A push on C2V (id 0) and a push on a second pipe (C2V id 1), then a pop
// from each: both pushes lead, each pipe holds one message per iteration, so
// 4 slots allow depth 2. The copies keep every pipe's order.
// CHECK-LABEL: func.func @two_pipes
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// Prologue:
// CHECK:         tensor.extract_slice %{{.*}}[%[[C0]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"(%{{.*}}) {id = 0 : i32}
// CHECK-NEXT:    %[[E0:.*]] = math.exp
// CHECK-NEXT:    "pto.tpush_to_aiv"(%[[E0]]) {id = 1 : i32}
// CHECK-NEXT:    tensor.extract_slice %{{.*}}[%[[C1]], 0]
// CHECK-NEXT:    "pto.tpush_to_aiv"(%{{.*}}) {id = 0 : i32}
// CHECK-NEXT:    %[[E1:.*]] = math.exp
// CHECK-NEXT:    "pto.tpush_to_aiv"(%[[E1]]) {id = 1 : i32}
// Steady loop:
// CHECK-NEXT:    scf.for %[[K:.*]] = %[[C2]] to %[[C8]] step %[[C2]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"(%{{.*}}) {id = 0 : i32}
// CHECK-NEXT:      math.exp
// CHECK-NEXT:      "pto.tpush_to_aiv"(%{{.*}}) {id = 1 : i32}
// CHECK-NEXT:      %[[K1:.*]] = arith.addi %[[K]], %[[C1]]
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[K1]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"(%{{.*}}) {id = 0 : i32}
// CHECK-NEXT:      math.exp
// CHECK-NEXT:      "pto.tpush_to_aiv"(%{{.*}}) {id = 1 : i32}
// CHECK-NEXT:      "pto.tpop_from_aiv"() {id = 0 : i32}
// CHECK-NEXT:      "pto.tpop_from_aiv"() {id = 1 : i32}
// CHECK-NEXT:      arith.subf
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      "pto.tpop_from_aiv"() {id = 0 : i32}
// CHECK-NEXT:      "pto.tpop_from_aiv"() {id = 1 : i32}
// CHECK:           scf.yield
// CHECK-NEXT:    }
// Epilogue:
// CHECK-NEXT:    "pto.tpop_from_aiv"() {id = 0 : i32}
// CHECK-NEXT:    "pto.tpop_from_aiv"() {id = 1 : i32}
// CHECK-NEXT:    arith.subf
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    "pto.tpop_from_aiv"() {id = 0 : i32}
// CHECK-NEXT:    "pto.tpop_from_aiv"() {id = 1 : i32}
// CHECK-NOT:     pto.tp
// CHECK:         return
//--- two_pipes.mlir
module {
  func.func @two_pipes(%k: tensor<64x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32>
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<16xf32>) {
      %a = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<64x16xf32> to tensor<16xf32>
      "pto.tpush_to_aiv"(%a) {id = 0 : i32} : (tensor<16xf32>) -> ()
      %e = math.exp %a : tensor<16xf32>
      "pto.tpush_to_aiv"(%e) {id = 1 : i32} : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() {id = 0 : i32} : () -> tensor<16xf32>
      %q = "pto.tpop_from_aiv"() {id = 1 : i32} : () -> tensor<16xf32>
      %s = arith.subf %p, %q : tensor<16xf32>
      %n = arith.addf %acc, %s : tensor<16xf32>
      scf.yield %n : tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<16xf32>
  }

  func.func @vector_two_pipes() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = "pto.tpop_from_aic"() {id = 0 : i32} : () -> tensor<16xf32>
      %e = "pto.tpop_from_aic"() {id = 1 : i32} : () -> tensor<16xf32>
      %m = arith.mulf %a, %e : tensor<16xf32>
      "pto.tpush_to_aic"(%m) {id = 0 : i32} : (tensor<16xf32>) -> ()
      "pto.tpush_to_aic"(%e) {id = 1 : i32} : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// Pushes interleaved with the work that makes them, then one pop: all lead.
// CHECK-LABEL: func.func @interleaved_pushes
// CHECK:         math.exp
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    math.sqrt
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    math.exp
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    math.sqrt
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    scf.for
//--- interleaved_pushes.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @interleaved_pushes(%a: tensor<16xf32>, %init: tensor<16xf32>) -> tensor<16xf32>
      attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 6, slots 4)}}
    %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %init) -> (tensor<16xf32>) {
      %e = math.exp %a : tensor<16xf32>
      "pto.tpush_to_aiv"(%e) : (tensor<16xf32>) -> ()
      %s = math.sqrt %a : tensor<16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %q = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %t = arith.addf %p, %q : tensor<16xf32>
      %n = arith.addf %acc, %t : tensor<16xf32>
      scf.yield %n : tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<16xf32>
  }

  func.func @vector_interleaved_pushes() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 6 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %m = arith.mulf %a, %b : tensor<16xf32>
      "pto.tpush_to_aic"(%m) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aic"(%a) : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// Three messages per iteration on each pipe, 4 slots, stage 4: the pipes
// bound the depth to 4 / 3 = 1.
// CHECK-LABEL: func.func @slots_per_message
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    scf.for
//--- slots_per_message.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @slots_per_message(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 1 (requested 3, trip 8, slots 4; C2V has 4 slots for 3 messages per iteration: at most 1 iteration ahead)}}
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %q = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %r = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 4 : i64}
    return
  }

  func.func @vector_slots_per_message() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %c = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%a) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aic"(%b) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aic"(%c) : (tensor<16xf32>) -> ()
    }
    return
  }
}

// -----

// A push after the first pop on the lead group's pipe: demoted, naming both.
// CHECK-LABEL: func.func @push_after_pop
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:    }
//--- push_after_pop.mlir
module {
  func.func @push_after_pop(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: multi-round-trip: 'pto.tpush_to_aiv' on pipe C2V follows 'pto.tpop_from_aiv' (a push on C2V ahead of that pop runs ahead)}}
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %q = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      %r = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }

  func.func @vector_push_after_pop() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %b = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %s = arith.addf %a, %b : tensor<16xf32>
      "pto.tpush_to_aic"(%s) : (tensor<16xf32>) -> ()
      %c = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%c) : (tensor<16xf32>) -> ()
      "pto.tpush_to_aic"(%a) : (tensor<16xf32>) -> ()
    }
    return
  }
}
