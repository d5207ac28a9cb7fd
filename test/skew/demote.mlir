// Cross-core loops that cannot be producer-skewed are demoted: the loop stays,
// body unchanged, without pto.pipeline_stages. One function per reason.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file
// No demoted loop keeps its marker, wherever it stands in the output.
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s --implicit-check-not=pto.pipeline_stages

// A tile of the producer half is also used by the consumer half.
// CHECK-LABEL: func.func @tensor_carry
// CHECK:         scf.for
// CHECK-NEXT:      %[[S:.*]] = tensor.extract_slice
// CHECK-NEXT:      "pto.tpush_to_aiv"(%[[S]])
// CHECK-NEXT:      %[[P:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[P]], %[[S]]
// CHECK-NEXT:      "pto.tfree_from_aiv"(%[[A]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @tensor_carry(%k: tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: the producer half's result #0 of 'tensor.extract_slice' is used by 'arith.addf' in the consumer half (only scalar arith is recomputed there)}}
  scf.for %i = %c0 to %c8 step %c1 {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %a = arith.addf %p, %s : tensor<1x16xf32>
    "pto.tfree_from_aiv"(%a) : (tensor<1x16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The producer half reads an iter_arg: running it ahead would read a value
// the consumer half has not produced yet.
// CHECK-LABEL: func.func @producer_reads_iter_arg
func.func @producer_reads_iter_arg(%init: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer half reads iter_arg #0 (in 'math.exp')}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<16xf32>) {
    %e = math.exp %acc : tensor<16xf32>
    "pto.tpush_to_aiv"(%e) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    scf.yield %p : tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<16xf32>
}

// -----

// The same, through a value captured by a region of a producer-half op.
// CHECK-LABEL: func.func @producer_captures_iter_arg
func.func @producer_captures_iter_arg(%init: f32, %t: tensor<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer half reads iter_arg #0 (in 'linalg.map')}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (f32) {
    %e = tensor.empty() : tensor<16xf32>
    %m = linalg.map ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>)
      (%x: f32, %unused: f32) {
        %y = arith.mulf %x, %acc : f32
        linalg.yield %y : f32
      }
    "pto.tpush_to_aiv"(%m) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %v = tensor.extract %p[%c0] : tensor<16xf32>
    scf.yield %v : f32
  } {pto.pipeline_stages = 2 : i64}
  return %r : f32
}

// -----

// The loop yields a producer-half tile.
// CHECK-LABEL: func.func @yield_of_producer_value
func.func @yield_of_producer_value(%k: tensor<8x16xf32>, %init: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: the producer half's result #0 of 'tensor.extract_slice' is used by 'scf.yield' in the consumer half (only scalar arith is recomputed there)}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<1x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    "pto.tfree_from_aiv"(%p) : (tensor<1x16xf32>) -> ()
    scf.yield %s : tensor<1x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<1x16xf32>
}

// -----

// Multi-round-trip on the cube (C->V->C->V): the second push on C2V follows
// the pop, so running the first push ahead would reorder C2V.
// CHECK-LABEL: func.func @multi_round_trip_cube
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:    }
func.func @multi_round_trip_cube(%a: tensor<16xf32>, %b: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: multi-round-trip: 'pto.tpush_to_aiv' on pipe C2V follows 'pto.tpop_from_aiv' (a push on C2V ahead of that pop runs ahead)}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    "pto.tpush_to_aiv"(%b) : (tensor<16xf32>) -> ()
    %q = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Multi-round-trip on the vector: it pops first, a consumer.
// CHECK-LABEL: func.func @multi_round_trip_vector
func.func @multi_round_trip_vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop}}
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %e = math.exp %s : tensor<16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<16xf32>) -> ()
    %t = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %f = math.exp %t : tensor<16xf32>
    "pto.tpush_to_aic"(%f) : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Consumer role: the popped tile feeds the body.
// CHECK-LABEL: func.func @consumer_role
func.func @consumer_role() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop}}
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %e = math.exp %s : tensor<16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A pop leads even when its tile is unused: popping ahead is a consumer-side
// prefetch, which docs/ir-contract.md rules out.
// CHECK-LABEL: func.func @pop_lead_unused
func.func @pop_lead_unused(%a: tensor<16xf32>) attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop}}
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    "pto.tpush_to_aic"(%a) : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A step known at run time only may be zero or negative (bounds known at
// run time only skew behind a guard: test/skew/dynamic-trips.mlir).
// CHECK-LABEL: func.func @dynamic_bounds
func.func @dynamic_bounds(%lb: index, %ub: index, %st: index, %a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: non-constant step (not provably positive: it may be zero or negative)}}
  scf.for %i = %c0 to %c8 step %st {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// i1 bounds are 1-bit integers, not "non-constant": unsigned, 0 to 1 step
// 1 runs once; signed, the step `true` is -1.
// CHECK-LABEL: func.func @i1_bounds
func.func @i1_bounds(%a: tensor<16xf32>) {
  %lb = arith.constant false
  %ub = arith.constant true
  // expected-remark @below {{demoted: trip count 1 < 2}}
  scf.for unsigned %i = %lb to %ub step %ub : i1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{demoted: non-positive step -1}}
  scf.for %i = %lb to %ub step %ub : i1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Trip counts 0 and 1 (and an empty range written backwards).
// CHECK-LABEL: func.func @short_trips
func.func @short_trips(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // expected-remark @below {{demoted: trip count 0 < 2}}
  scf.for %i = %c0 to %c0 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{demoted: trip count 1 < 2}}
  scf.for %i = %c0 to %c1 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{demoted: trip count 0 < 2}}
  scf.for %i = %c5 to %c0 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// pto.pipeline_stages = 1 asks for no overlap; a cross-core loop still leaves
// the pass as a plain loop.
// CHECK-LABEL: func.func @one_stage
func.func @one_stage(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: pto.pipeline_stages = 1 asks for no skew}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 1 : i64}
  return
}

// -----

// A FIFO op nested in a region of the body (here an scf.if) makes the loop
// cross-core; it is demoted (the reference would treat it as same-core).
// CHECK-LABEL: func.func @fifo_in_if
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK-NEXT:        "pto.tpush_to_aiv"
func.func @fifo_in_if(%a: tensor<16xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: FIFO op 'pto.tpush_to_aiv' is nested in 'scf.if'}}
  scf.for %i = %c0 to %c8 step %c1 {
    scf.if %c {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    }
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The skewed loops would run up to 130, which does not fit the i8 IV.
// CHECK-LABEL: func.func @bound_overflow
func.func @bound_overflow(%a: tensor<16xf32>) {
  %lb = arith.constant 0 : i8
  %ub = arith.constant 127 : i8
  %st = arith.constant 10 : i8
  // expected-remark @below {{demoted: skewed upper bound 130 overflows i8}}
  scf.for %i = %lb to %ub step %st : i8 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}
