// The operand-less tfree of the real contract releases the oldest popped
// slot of its pipe. With tensor tiles that touches no memory of the
// program: the loop skews. With memref tiles it frees a popped slot of its
// pipe, which is no allocation of the core (aliasing.h: a slot is no other
// memory), and the producer half can reach a popped slot only through the
// pop's result, which it never holds: the loop skews too. The memrefs are
// the core's own allocations: global memory would be ordered by the
// messages against the peer's accesses (shared-memory.mlir).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @tensor_tiles
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// CHECK:         scf.for
// CHECK:           pto.tfree_from_aiv {split = 0}{{$}}
func.func @tensor_tiles(%k: tensor<8x16xf32>) attributes {pto.core = "aic"} {
  %m = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4; no vector kernel in this module: planned alone, assuming a peer that pops each message in order (as pto-sim's echo peer does))}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %m[%i] : memref<16xf32>
    %s = tensor.splat %x : tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) {split = 0 : i8} : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() {split = 0 : i8} : () -> tensor<1x16xf32>
    "pto.tfree_from_aiv"() {split = 0 : i8} : () -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// CHECK-LABEL: func.func @memref_tiles
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// CHECK:         scf.for
func.func @memref_tiles() attributes {pto.core = "aic"} {
  %k = memref.alloc() : memref<1x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4; no vector kernel in this module}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%k) : (memref<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<1x16xf32>
    "pto.tfree_from_aiv"() : () -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}
