// pto-verify-fifo rejects FIFO tiles that are not ranked tensors or memrefs
// (the dialect's shared check), at the op, before modelling anything.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

func.func @cube(%x: f32) attributes {pto.core = "aic"} {
  // expected-error @below {{'pto.tpush_to_aiv' operand must be a tile buffer, ranked tensor or memref tile, got f32}}
  "pto.tpush_to_aiv"(%x) : (f32) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  // expected-error @below {{'pto.tpop_from_aic' result must be a tile buffer, ranked tensor or memref tile, got tensor<*xf32>}}
  %s = "pto.tpop_from_aic"() : () -> tensor<*xf32>
  // expected-error @below {{'pto.tfree_from_aic' operand must be a tile buffer, ranked tensor or memref tile, got tensor<*xf32>}}
  "pto.tfree_from_aic"(%s) : (tensor<*xf32>) -> ()
  return
}

// -----

// Checked in unmarked functions too.
func.func @f(%x: vector<4xf32>) {
  // expected-error @below {{'pto.tpush_to_aic' operand must be a tile buffer, ranked tensor or memref tile, got vector<4xf32>}}
  "pto.tpush_to_aic"(%x) : (vector<4xf32>) -> ()
  return
}
