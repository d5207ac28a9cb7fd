// The IRDL definition checks the arity of every pto op.
// RUN: pto-opt %s -split-input-file -verify-diagnostics

func.func @push_two(%t: tensor<4xf32>) {
  // expected-error @below {{expects exactly 1 operands, but got 2}}
  "pto.tpush_to_aiv"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @pop_with_operand(%t: tensor<4xf32>) {
  // expected-error @below {{expects exactly 0 operands, but got 1}}
  %x = "pto.tpop_from_aic"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @pop_without_result() {
  // expected-error @below {{expects exactly 1 results, but got 0}}
  "pto.tpop_from_aiv"() : () -> ()
  return
}

// -----

func.func @free_without_operand() {
  // expected-error @below {{expects exactly 1 operands, but got 0}}
  "pto.tfree_from_aic"() : () -> ()
  return
}

// -----

func.func @push_with_result(%t: tensor<4xf32>) {
  // expected-error @below {{expects exactly 0 results, but got 1}}
  %r = "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unknown_op() {
  // expected-error @below {{unregistered operation 'pto.tpush_sideways' found in dialect ('pto') that does not allow unknown operations}}
  "pto.tpush_sideways"() : () -> ()
  return
}
