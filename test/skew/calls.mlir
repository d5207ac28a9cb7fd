// FIFO ops reached through calls (any CallOpInterface op) count as the
// loop's: a call whose callee, or a function it calls in turn, pushes or
// pops makes the loop cross-core; skewing the loop's own FIFO ops around it
// would reorder its messages, so it is demoted, with the call and callee
// named. A call the pass cannot follow (a declaration, an indirect call, a
// function outside the op the pass runs on) may do either: demoted too.
// calls-sim.test runs the first case through the simulator.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s
// Run on each function alone, the pass cannot read the other functions
// (another thread may be rewriting them): every call is unknown.
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core{remarks=true}))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC

func.func @send(%t: tensor<4xf32>) {
  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
  return
}
func.func @forward(%t: tensor<4xf32>) {
  func.call @send(%t) : (tensor<4xf32>) -> ()
  return
}
// The loop pushes and pops itself, and pushes once more through two calls.
// CHECK-LABEL: func.func @direct_and_called
// CHECK:         scf.for
// CHECK-NOT:     pto.pipeline_stages
// FUNC: remark: demoted: FIFO traffic unknown: 'func.call' to @forward cannot be followed: @forward is outside the op the pass runs on (run it on the module)
func.func @direct_and_called(%w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: 'func.call' to @forward reaches FIFO ops ('pto.tpush_to_aiv')}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    func.call @forward(%p) : (tensor<4xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

func.func @send(%t: tensor<4xf32>) {
  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
  return
}
func.func @receive() -> tensor<4xf32> {
  %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  return %p : tensor<4xf32>
}
// All of the loop's FIFO ops are in callees: cross-core, demoted. A loop
// whose calls only push is not (left as it is).
// CHECK-LABEL: func.func @only_called
// CHECK:         scf.for
// CHECK:         } {pto.pipeline_stages = 2 : i64}
// CHECK-NOT:     pto.pipeline_stages
func.func @only_called(%w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it pushes but never pops (its calls included), no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
    func.call @send(%w) : (tensor<4xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{demoted: cross-core through calls: its calls push and pop (the first: 'func.call' to @send)}}
  scf.for %i = %c0 to %c8 step %c1 {
    func.call @send(%w) : (tensor<4xf32>) -> ()
    %p = func.call @receive() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A recursive callee that pops: followed once around the cycle.
func.func @drain(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %m = arith.subi %n, %c1 : index
    func.call @drain(%m) : (index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @recursive_callee
// CHECK-NOT:     pto.pipeline_stages
func.func @recursive_callee(%w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: 'func.call' to @drain reaches FIFO ops ('pto.tpop_from_aiv')}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    func.call @drain(%c1) : (index) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A declaration may push or pop: demoted, the body unchanged.
// CHECK-LABEL: func.func @declared
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      func.call @log
// CHECK-NOT:     pto.pipeline_stages
func.func private @log(tensor<4xf32>)
func.func @declared(%w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: FIFO traffic unknown: 'func.call' to @log cannot be followed: @log is a declaration}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    func.call @log(%p) : (tensor<4xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// So may a function reached through a function pointer, and one that a
// callee calls.
// CHECK-LABEL: func.func @indirect
// CHECK-NOT:     pto.pipeline_stages
func.func private @log(tensor<4xf32>)
func.func @relay(%t: tensor<4xf32>) {
  func.call @log(%t) : (tensor<4xf32>) -> ()
  return
}
func.func @indirect(%w: tensor<4xf32>) {
  %f = func.constant @relay : (tensor<4xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: FIFO traffic unknown: 'func.call_indirect' cannot be followed: an indirect call ('func.call_indirect')}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    func.call_indirect %f(%p) : (tensor<4xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{demoted: FIFO traffic unknown: 'func.call' to @relay cannot be followed: @log is a declaration (called through @relay)}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    func.call @relay(%p) : (tensor<4xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A call that reaches no FIFO op is an ordinary op: skewed.
// CHECK-LABEL: func.func @plain_call
// CHECK:         scf.for
// CHECK-COUNT-2:   "pto.tpush_to_aiv"
// CHECK:           "pto.tpop_from_aiv"
// CHECK-NEXT:      func.call @scale
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      func.call @scale
func.func @scale(%t: tensor<4xf32>) -> tensor<4xf32> {
  %u = arith.addf %t, %t : tensor<4xf32>
  return %u : tensor<4xf32>
}
func.func @plain_call(%w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %t = func.call @scale(%p) : (tensor<4xf32>) -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}
