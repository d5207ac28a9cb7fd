// pto.pipeline_stages on an op that is no scf.for: the pass pipelines
// scf.for loops only, and says it ignores the marker (it used to ignore it
// silently). A marked call is still a call: the loop holding it sees the
// pop it reaches.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics -o /dev/null
// RUN: pto-opt %s --pass-pipeline="builtin.module(func.func(pto-skew-cross-core))" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC-COUNT-4: warning: 'pto.pipeline_stages' on '{{[a-z.]+}}' is ignored: only scf.for loops are pipelined

func.func @while_loop(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-warning @below {{'pto.pipeline_stages' on 'scf.while' is ignored: only scf.for loops are pipelined}}
  %n = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c8 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  } attributes {pto.pipeline_stages = 2 : i64}
  return
}

// -----

func.func @affine_loop(%a: tensor<16xf32>) {
  // expected-warning @below {{'pto.pipeline_stages' on 'affine.for' is ignored: only scf.for loops are pipelined}}
  affine.for %i = 0 to 8 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// expected-warning @below {{'pto.pipeline_stages' on 'func.func' is ignored: only scf.for loops are pipelined}}
func.func @marked_function(%a: tensor<16xf32>) attributes {pto.pipeline_stages = 2 : i64} {
  "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
  return
}

// -----

func.func private @pop() -> tensor<16xf32> {
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  return %p : tensor<16xf32>
}

func.func @marked_call(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: 'func.call' to @pop reaches FIFO ops ('pto.tpop_from_aiv')}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    // expected-warning @below {{'pto.pipeline_stages' on 'func.call' is ignored: only scf.for loops are pipelined}}
    %p = func.call @pop() {pto.pipeline_stages = 2 : i64} : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// Functions a pto.entry does not launch are left alone: no warning for a
// marker in one or on one.
module {
  func.func @launch(%a: tensor<16xf32>) attributes {pto.entry} {
    func.call @cube(%a) : (tensor<16xf32>) -> ()
    return
  }
  func.func private @cube(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    return
  }
  func.func private @idle_marked(%a: tensor<16xf32>) attributes {pto.pipeline_stages = 2 : i64} {
    return
  }
  func.func private @idle_while(%a: tensor<16xf32>) {
    affine.for %i = 0 to 8 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
