// A loop of 100,000 round trips runs under the JIT. Each runtime call takes
// its message as an unranked memref, whose descriptor the LLVM lowering puts
// in a stack alloca: without an alloca scope per call the stack grew by one
// per call and iteration, and the child died of SIGSEGV near 10^5 trips.
// (--max-steps makes the interpreter's race check give up early.)
// RUN: pto-sim run --jit --max-steps 1000 %s 2>&1 | FileCheck %s --implicit-check-not=SIGSEGV
// CHECK: long-loops.mlir (jit): C2V: 100000 messages, 4 slots, V2C: 100000 messages, 4 slots
module {
  func.func @cube(%a: tensor<1xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 100000 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<1xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<1xf32>
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 100000 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<1xf32>
      "pto.tpush_to_aic"(%t) : (tensor<1xf32>) -> ()
    }
    return
  }
}
