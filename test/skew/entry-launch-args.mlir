// A `pto.entry` launch function may pass each kernel its own argument list:
// argument k of the cube and argument k of the vector then need not be one
// value. The pass relates the two kernels through what their arguments hold
// at launch (skew_mlir/launch.py): the entry's arguments by position,
// constants and arith on them by structure. That decides both which global
// memory the peer may touch (docs/ir-contract.md) and which run-time loops
// run equally often (docs/deadlock.md).
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: split-file %s %t
// RUN: pto-sim check %t/swapped.mlir | FileCheck %s --check-prefix=SIM
// RUN: pto-sim check %t/same-order.mlir | FileCheck %s --check-prefix=SIM
// SIM: PASS

// The entry passes the cube %n and the vector %m: their loops need not run
// equally often, so the pair proof cannot relate them. Before, both bounds
// were "argument #0" and the pair was proved as if n = m.
module {
  func.func @launch(%n: index, %m: index, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%n, %o) : (index, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%m, %o) : (index, tensor<4xf32>) -> ()
    return
  }
  func.func private @cube(%n: index, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-remark @below {{demoted: the pair cannot be proved as written (its loops run 2 different trip counts known at run time only)}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func private @vec(%n: index, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----
// One entry argument, passed to the cube first and to the vector last, and
// the same arith expression of it in both kernels: one trip, proved.
module {
  func.func @launch(%n: index, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%n, %o) : (index, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%o, %n) : (tensor<4xf32>, index) -> ()
    return
  }
  func.func private @cube(%n: index, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n2 = arith.muli %n, %c2 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
    %r = scf.for %i = %c0 to %n2 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func private @vec(%o: tensor<4xf32>, %n: index) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n2 = arith.muli %n, %c2 : index
    scf.for %i = %c0 to %n2 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----
// The entry launches the vector twice: every tool models one run of each
// kernel, so that is an error at the second launch (it was a demotion).
module {
  func.func @launch(%n: index, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%n, %o) : (index, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%n, %o) : (index, tensor<4xf32>) -> ()
    // expected-error @below {{the pto.entry @launch launches @vec a second time: a launch runs each kernel once}}
    func.call @vec(%n, %o) : (index, tensor<4xf32>) -> ()
    return
  }
  func.func private @cube(%n: index, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func private @vec(%n: index, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// The entry passes %x as the cube's %g and as the vector's %h: the vector's
// stores to %h are the memory the cube loads, although its own %h is another
// (llvm.noalias) argument. Before, argument #1 of the vector was taken for
// argument #1 of the cube, and the load ran ahead of the stores it reads.
//--- swapped.mlir
module {
  func.func @launch(%x: memref<9xf32>, %y: memref<9xf32>, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%x, %y, %o) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%y, %x, %o) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> ()
    return
  }
  func.func private @cube(%g: memref<9xf32> {llvm.noalias}, %h: memref<9xf32> {llvm.noalias}, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: producer-half op 'memref.load' reads global memory that @vec may write}}
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
  func.func private @vec(%g: memref<9xf32> {llvm.noalias}, %h: memref<9xf32> {llvm.noalias}, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %e = tensor.extract %t[%c0] : tensor<4xf32>
      %e1 = arith.addf %e, %one : f32
      %next = arith.addi %i, %c1 : index
      memref.store %e1, %h[%next] : memref<9xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// -----

// The same kernels launched with one list: the vector stores to %y, which
// the cube never loads, so the load runs ahead. The entry's call of a
// declaration launches neither kernel.
//--- same-order.mlir
module {
  func.func @launch(%x: memref<9xf32>, %y: memref<9xf32>, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%x, %y, %o) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%x, %y, %o) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> ()
    func.call @runtime_sync() : () -> ()
    return
  }
  func.func private @runtime_sync()
  func.func private @cube(%g: memref<9xf32> {llvm.noalias}, %h: memref<9xf32> {llvm.noalias}, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
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
  func.func private @vec(%g: memref<9xf32> {llvm.noalias}, %h: memref<9xf32> {llvm.noalias}, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %e = tensor.extract %t[%c0] : tensor<4xf32>
      %e1 = arith.addf %e, %one : f32
      %next = arith.addi %i, %c1 : index
      memref.store %e1, %h[%next] : memref<9xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}
