// Global memory (kernel arguments, anything not allocated on the core or
// popped from a pipe) is shared by the cores, and the messages order their
// accesses to it (issue 23 item 6). The skew runs a producer copy ahead of
// the pops of earlier iterations and a consumer copy behind the pushes of
// later ones: a producer-half read of global memory the peer may write, or a
// consumer-half write of global memory the peer may read, is a hazard. At
// the module anchor the peer's accesses are read; under func.func the peer
// may do anything.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core{remarks=true}))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: split-file %s %t
// RUN: pto-sim check %t/load-ahead.mlir | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/store-behind.mlir | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/peer-private.mlir | FileCheck %s --check-prefix=SIM
// SIM: PASS

// The cube loads %g[i] after popping the answer to message i-1, which the
// vector sends after storing %g[i]: the load may not run ahead.
// FUNC: shared-memory.mlir:[[@LINE+8]]:10: remark: demoted: producer-half op 'memref.load' reads global memory that the peer kernel (not visible) may write
//--- load-ahead.mlir
module {
  func.func @cube(%g: memref<9xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: producer-half op 'memref.load' reads global memory that @vec may write: the skew would run it ahead of the pops that order the peer's stores}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %v = memref.load %g[%i] : memref<9xf32>
      %t = linalg.fill ins(%v : f32) outs(%o : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%g: memref<9xf32>, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %e = tensor.extract %t[%c0] : tensor<4xf32>
      %e1 = arith.addf %e, %one : f32
      %next = arith.addi %i, %c1 : index
      memref.store %e1, %g[%next] : memref<9xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// The cube stores %g[i+1] after popping; the vector loads %g[j] after popping
// message j, which the cube pushes after that store: the store may not fall
// behind the next pushes.
// FUNC: shared-memory.mlir:[[@LINE+8]]:5: remark: demoted: consumer-half op 'memref.store' writes global memory that the peer kernel (not visible) may read
//--- store-behind.mlir
module {
  func.func @cube(%g: memref<9xf32>, %w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: consumer-half op 'memref.store' writes global memory that @vec may read or write: the skew would run it behind the pushes that order the peer's accesses}}
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %e = tensor.extract %p[%c0] : tensor<4xf32>
      %next = arith.addi %i, %c1 : index
      memref.store %e, %g[%next] : memref<9xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vec(%g: memref<9xf32>, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %v = memref.load %g[%i] : memref<9xf32>
      %u = linalg.fill ins(%v : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// The vector touches no global memory: at the module anchor the cube's loads
// of %g and its stores to %out run ahead and behind; under func.func the
// peer is not visible and the loop is demoted. A local allocation is no
// global memory: the second loop skews at either anchor (the cube's own
// declaration of 16 slots holds its 16 pushes).
// FUNC: shared-memory.mlir:[[@LINE+11]]:10: remark: demoted: producer-half op 'memref.load' reads global memory that the peer kernel (not visible) may write
// FUNC: shared-memory.mlir:[[@LINE+22]]:11: remark: skewed: depth 2
//--- peer-private.mlir
module {
  func.func @cube(%g: memref<9xf32> {llvm.noalias}, %out: memref<9xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 16 : i32} : () -> ()
    %local = memref.alloc() : memref<9xf32>
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 16)}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %v = memref.load %g[%i] : memref<9xf32>
      %t = linalg.fill ins(%v : f32) outs(%o : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %e = tensor.extract %p[%c0] : tensor<4xf32>
      memref.store %e, %out[%i] : memref<9xf32>
      memref.store %e, %local[%i] : memref<9xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 16)}}
    %r2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %r) -> (tensor<4xf32>) {
      %v = memref.load %local[%i] : memref<9xf32>
      %t = linalg.fill ins(%v : f32) outs(%o : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r2 : tensor<4xf32>
  }
  func.func @vec(%g: memref<9xf32>, %out: memref<9xf32>, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c16 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}
