// Message groups: every push ahead of the body's first pop leads (the
// producer half is their backward slice), the pops and everything after them
// follow, so several pushes and several pops per iteration skew together.
// Each pipe bounds the depth by its slots / the messages one iteration moves
// through it. A push after a pop on a pipe the lead group uses would reorder
// that pipe: demoted (test/skew/demote.mlir, @multi_round_trip_cube).
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
}

// -----

// Three messages per iteration on each pipe, 4 slots, stage 4: the pipes
// bound the depth to 4 / 3 = 1.
// CHECK-LABEL: func.func @slots_per_message
// CHECK:         "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    "pto.tpush_to_aiv"
// CHECK-NEXT:    scf.for
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @slots_per_message(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 1 (requested 3, trip 8, slots 4; C2V: 4 slots / 3 messages per iteration)}}
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
}
