// Ops whose memory effects name no value (cross-core flags, barriers:
// MemRead/MemWrite on all memory) ahead of a memory access the push depends
// on. The slicer orders the access after them; comparing the access's value
// with an effect that names none must not fail (the bindings raise on
// `value == None`): the analysis used to stop with an internal error here.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core{remarks=true}))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC-NOT: internal error

// The cube waits on the vector's flag, then loads what it pushes from its
// argument: the wait goes into the producer half with the load, and reads
// all memory, which the vector (it sets flags) may write.
module {
  func.func @cube(%g: memref<4xf32>, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: producer-half op 'pto.sync.wait' reads global memory that @vector may write: the skew would run it ahead of the pops that order the peer's stores}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      pto.sync.wait <PIPE_V>, 0
      %v = memref.load %g[%c0] : memref<4xf32>
      %t = tensor.splat %v : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    pto.sync.set <PIPE_V>, 0
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
      pto.sync.set <PIPE_V>, 0
    }
    return
  }
}

// -----

// A pipe barrier ahead of a load of the cube's own buffer, with a peer that
// touches no memory: nothing shared is reordered, but the barrier joins the
// producer half and writes all memory, of which a skew cannot keep a copy
// per iteration in flight.
module {
  func.func @barrier_cube(%x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    %buf = memref.alloc() : memref<4xf32>
    memref.store %one, %buf[%c0] : memref<4xf32>
    // expected-remark @below {{demoted: producer-half op 'pto.barrier' writes memory that is no tile buffer of the core (only those get a copy per iteration in flight)}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      pto.barrier <PIPE_V>
      %v = memref.load %buf[%c0] : memref<4xf32>
      %t = tensor.splat %v : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @barrier_vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}
