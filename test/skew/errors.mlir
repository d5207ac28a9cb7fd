// Malformed markers are errors at their location, and the pass changes
// nothing (every loop is checked before any is rewritten).
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file -verify-diagnostics
// RUN: not pto-opt %s --pto-skew-cross-core="fifo-depth=-1" 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: option 'fifo-depth' of pass 'pto-skew-cross-core' must be >= 0, got -1

func.func @stages_zero(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got 0 : i64}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 0 : i64}
  return
}

// -----

func.func @stages_not_integer(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got "2"}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = "2"}
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got 2.000000e+00 : f32}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = 2.0 : f32}
  return
}

// -----

// The loop before the malformed one is not skewed either: the pass fails
// before rewriting anything.
func.func @first_fine_then_malformed(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-error @below {{'pto.pipeline_stages' must be an integer >= 1, got -3 : i64}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = -3 : i64}
  return
}

// -----

// expected-error @below {{'pto.fifo_depth' must be an integer >= 1, got 0 : i64}}
module attributes {pto.fifo_depth = 0 : i64} {
  func.func @bad_slots(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
