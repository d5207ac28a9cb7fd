// Memory that may alias: the producer half runs ahead, so it may not read
// memory that the consumer half may write (here: element i+1, which the
// producer reads one iteration later, too early once skewed). Two memrefs may be the same memory
// unless provably distinct: different allocations of this function, a FIFO
// pop's tile against an allocation or an argument, or an argument declared
// `llvm.noalias` against another argument. Views, scf.if results and loop
// iter_args are followed to what they address; anything else (arith.select,
// globals, plain arguments) may alias anything.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s

// The consumer writes a memref chosen by arith.select between the buffer the
// producer reads and another one. Demoted.
// CHECK-LABEL: func.func @select
// CHECK:         scf.for
// CHECK-COUNT-1:   "pto.tpush_to_aiv"
// CHECK-NOT:       "pto.tpush_to_aiv"
func.func @select(%k: memref<9xf32> {llvm.noalias}, %out: memref<9xf32> {llvm.noalias}, %b: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m = arith.select %b, %k, %out : memref<9xf32>
  // expected-remark @below {{demoted: producer-half op 'pto.tpush_to_aiv' reads memory that consumer-half op 'memref.store' may write}}
  scf.for %i = %c0 to %c8 step %c1 {
    %kv = memref.subview %k[%i] [1] [1] : memref<9xf32> to memref<1xf32, strided<[1], offset: ?>>
    "pto.tpush_to_aiv"(%kv) : (memref<1xf32, strided<[1], offset: ?>>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1xf32>
    %n = arith.addi %i, %c1 : index
    memref.store %v, %m[%n] : memref<9xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The consumer writes a memref that an scf.if returns: one of its branches
// yields the buffer the producer reads. Demoted.
// CHECK-LABEL: func.func @if_result
// CHECK-NOT:     pto.pipeline_stages
func.func @if_result(%k: memref<9xf32> {llvm.noalias}, %out: memref<9xf32> {llvm.noalias}, %b: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m = scf.if %b -> (memref<9xf32>) {
    scf.yield %out : memref<9xf32>
  } else {
    scf.yield %k : memref<9xf32>
  }
  // expected-remark @below {{demoted: producer-half op 'memref.load' reads memory that consumer-half op 'memref.store' may write}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %k[%i] : memref<9xf32>
    %t = tensor.splat %x : tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %n = arith.addi %i, %c1 : index
    memref.store %v, %m[%n] : memref<9xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// The consumer writes through an inner loop's iter_arg, which starts as the
// buffer the producer reads. Demoted.
// CHECK-LABEL: func.func @inner_iter_arg
// CHECK-NOT:     pto.pipeline_stages
func.func @inner_iter_arg(%k: memref<9xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer-half op 'memref.load' reads memory that consumer-half op 'scf.for' may write}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %k[%i] : memref<9xf32>
    %t = tensor.splat %x : tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %r = scf.for %j = %c0 to %c2 step %c1 iter_args(%m = %k) -> (memref<9xf32>) {
      %n = arith.addi %i, %c1 : index
      memref.store %v, %m[%n] : memref<9xf32>
      scf.yield %m : memref<9xf32>
    }
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Two arguments the caller binds to one buffer: arguments may alias unless
// one of them is declared `llvm.noalias`. Demoted.
// CHECK-LABEL: func.func @aliased_arguments
// CHECK-NOT:     pto.pipeline_stages
func.func @aliased_arguments(%k: memref<9xf32>, %out: memref<9xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: producer-half op 'memref.load' reads memory that consumer-half op 'memref.store' may write}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %k[%i] : memref<9xf32>
    %t = tensor.splat %x : tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %n = arith.addi %i, %c1 : index
    memref.store %v, %out[%n] : memref<9xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}
func.func @caller(%buf: memref<9xf32>, %v: f32) {
  func.call @aliased_arguments(%buf, %buf, %v) : (memref<9xf32>, memref<9xf32>, f32) -> ()
  return
}

// -----

// Two memref.get_global of one symbol are one buffer. Demoted.
// CHECK-LABEL: func.func @one_global
// CHECK-NOT:     pto.pipeline_stages
memref.global "private" @g : memref<9xf32> = dense<0.0>
func.func @one_global(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %k = memref.get_global @g : memref<9xf32>
  %out = memref.get_global @g : memref<9xf32>
  // expected-remark @below {{demoted: producer-half op 'memref.load' reads memory that consumer-half op 'memref.store' may write}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %k[%i] : memref<9xf32>
    %t = tensor.splat %x : tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %n = arith.addi %i, %c1 : index
    memref.store %v, %out[%n] : memref<9xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Provably distinct: two allocations of this function; an allocation and an
// argument; an argument declared llvm.noalias and another argument; the
// popped tile and any of them. Skewed.
// CHECK-LABEL: func.func @distinct
// CHECK:         scf.for
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
func.func @distinct(%k: memref<8xf32> {llvm.noalias}, %out: memref<8xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloca() : memref<4xf32>
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %k[%i] : memref<8xf32>
    %y = memref.load %a[%i] : memref<8xf32>
    %s = arith.addf %x, %y : f32
    %t = tensor.splat %s : tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> memref<4xf32>
    memref.copy %p, %b : memref<4xf32> to memref<4xf32>
    memref.store %v, %out[%i] : memref<8xf32>
    "pto.tfree_from_aiv"(%p) : (memref<4xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  memref.dealloc %a : memref<8xf32>
  return
}
