// Memref IR: the producer half runs ahead of the consumer half, so it may
// read memory the consumer half does not write, and must not write memory.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s
// depth=auto prices every op of these bodies, linalg ops on memrefs (no
// results) too, without an error.
// RUN: pto-opt %s --pto-skew-cross-core="depth=auto" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=AUTO --allow-empty
// AUTO-NOT: error

// Reads without hazard: the pushed tile is a view of %k, the consumer writes
// %out and the popped tile only, and %k is declared not to alias the other
// arguments (without llvm.noalias, %out may be %k: see aliasing.mlir).
// Skewed.
// CHECK-LABEL: func.func @reads_no_hazard
// CHECK:         scf.for
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
func.func @reads_no_hazard(%k: memref<8x16xf32> {llvm.noalias}, %out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  scf.for %i = %c0 to %c8 step %c1 {
    %kv = memref.subview %k[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    %x = memref.load %k[%i, %c0] : memref<8x16xf32>
    "pto.tpush_to_aiv"(%kv) : (memref<1x16xf32, strided<[16, 1], offset: ?>>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<1x16xf32>
    %ov = memref.subview %out[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %p, %ov : memref<1x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    memref.store %x, %out[%i, %c0] : memref<8x16xf32>
    "pto.tfree_from_aiv"(%p) : (memref<1x16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The consumer half writes the memref the producer half reads (through
// another view of it): the early read would miss the write. Demoted.
// CHECK-LABEL: func.func @read_after_write_hazard
// CHECK-NOT:     pto.pipeline_stages
func.func @read_after_write_hazard(%buf: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer-half op 'pto.tpush_to_aiv' reads memory that consumer-half op 'memref.copy' may write}}
  scf.for %i = %c0 to %c8 step %c1 {
    %kv = memref.subview %buf[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    "pto.tpush_to_aiv"(%kv) : (memref<1x16xf32, strided<[16, 1], offset: ?>>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<1x16xf32>
    %next = arith.addi %i, %c1 : index
    %ov = memref.subview %buf[%next, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %p, %ov : memref<1x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The producer half writes global memory: the writes of later iterations
// would land early. Demoted.
// CHECK-LABEL: func.func @producer_writes
func.func @producer_writes(%buf: memref<8xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer-half op 'memref.atomic_rmw' writes global memory that does not provably move every iteration}}
  scf.for %i = %c0 to %c8 step %c1 {
    %old = memref.atomic_rmw addf %v, %buf[%i] : (f32, memref<8xf32>) -> f32
    %t = tensor.splat %old : tensor<16xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A tile allocated by the producer half and filled in place: the fill is not
// on an SSA path to the push, but the push reads what the fill wrote, so the
// fill joins the producer half (through the buffer); every producer copy
// allocates its own tile. Skewed.
// CHECK-LABEL: func.func @tile_filled_in_place
func.func @tile_filled_in_place(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  scf.for %i = %c0 to %c8 step %c1 {
    %t = memref.alloc() : memref<16xf32>
    linalg.fill ins(%v : f32) outs(%t : memref<16xf32>)
    "pto.tpush_to_aiv"(%t) : (memref<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// An op of the producer half whose effects MLIR cannot establish (a call,
// even to a function without FIFO ops) counts as having effects. Demoted.
// CHECK-LABEL: func.func @producer_unknown_effects
func.func @make_tile(%i: index) -> memref<16xf32> {
  %t = memref.alloc() : memref<16xf32>
  return %t : memref<16xf32>
}
func.func @producer_unknown_effects() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer-half op 'func.call' has unknown memory effects}}
  scf.for %i = %c0 to %c8 step %c1 {
    %t = func.call @make_tile(%i) : (index) -> memref<16xf32>
    "pto.tpush_to_aiv"(%t) : (memref<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The producer half reads memory and the consumer half calls a function,
// which may write it. Demoted.
// CHECK-LABEL: func.func @consumer_unknown_effects
func.func @sink(%t: memref<16xf32>) {
  return
}
func.func @consumer_unknown_effects(%k: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: consumer-half op 'func.call' has unknown memory effects and the producer half reads memory ('pto.tpush_to_aiv')}}
  scf.for %i = %c0 to %c8 step %c1 {
    %kv = memref.subview %k[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    "pto.tpush_to_aiv"(%kv) : (memref<16xf32, strided<[1], offset: ?>>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<16xf32>
    func.call @sink(%p) : (memref<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}
