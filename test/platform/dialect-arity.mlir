// The dialect (dialect/*.td) checks the arity of every pto op.
// RUN: pto-opt %s -split-input-file -verify-diagnostics

func.func @push_two(%t: tensor<4xf32>) {
  // expected-error @below {{'pto.tpush_to_aiv' op the sub-block id must be i64, got 'tensor<4xf32>'}}
  "pto.tpush_to_aiv"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

// A pop's optional operands are index values (valid rows, valid columns).
func.func @pop_with_tile_operand(%t: tensor<4xf32>) {
  // expected-error @below {{'pto.tpop_from_aic' op operand #0 (sub-block id) must be i64, got 'tensor<4xf32>'}}
  %x = "pto.tpop_from_aic"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @pop_without_result() {
  // expected-error @below {{'pto.tpop_from_aiv' op requires one result}}
  "pto.tpop_from_aiv"() : () -> ()
  return
}

// -----

// tfree takes no operand (the real form) or the popped tile (ours before).
func.func @free_with_two_operands(%t: tensor<4xf32>) {
  // expected-error @below {{'pto.tfree_from_aic' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  "pto.tfree_from_aic"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @push_with_three_operands(%t: tensor<4xf32>, %s: i64) {
  // expected-error @below {{'pto.tpush_to_aic' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  "pto.tpush_to_aic"(%t, %s, %s) : (tensor<4xf32>, i64, i64) -> ()
  return
}

// -----

func.func @init_without_slot_size() {
  // expected-error @below {{'pto.aic_initialize_pipe' op requires attribute 'slot_size'}}
  "pto.aic_initialize_pipe"() {dir_mask = 1 : i8} : () -> ()
  return
}

// -----

func.func @init_with_string_mask() {
  // expected-error @below {{'pto.aiv_initialize_pipe' op attribute 'dir_mask' failed to satisfy constraint: 8-bit signless integer attribute}}
  "pto.aiv_initialize_pipe"() {dir_mask = "c2v", slot_size = 1024 : i32} : () -> ()
  return
}

// -----

func.func @subblock_idx_i32() {
  // expected-error @below {{'pto.get_subblock_idx' op result #0 must be 64-bit signless integer, but got 'i32'}}
  %i = "pto.get_subblock_idx"() : () -> i32
  return
}

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse PTO_KernelKindAttr parameter 'value' which is to be a `::skew::pto::KernelKind`}}
func.func @kernel_kind_int() attributes {pto.kernel_kind = #pto.kernel_kind<1>} {
  return
}

// -----

func.func @push_with_result(%t: tensor<4xf32>) {
  // expected-error @below {{'pto.tpush_to_aic' op requires zero results}}
  %r = "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unknown_op() {
  // expected-error @below {{unregistered operation 'pto.tpush_sideways' found in dialect ('pto') that does not allow unknown operations}}
  "pto.tpush_sideways"() : () -> ()
  return
}
