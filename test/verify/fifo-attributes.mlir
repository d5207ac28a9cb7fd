// Malformed FIFO and initialise ops: the dialect's verifier rejects them at
// the op when the file is read (what the FIFO model itself cannot model, split
// 3 / 4, fifo_model.op_error reports), for pto-verify-fifo and
// pto-skew-cross-core alike.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file -verify-diagnostics

func.func @f(%t: tensor<16x16xf32>) {
  // expected-error @below {{'pto.tpush_to_aiv' split 3 is not modelled: the FIFO model reads split 0 (none), 1 (up/down) and 2 (left/right)}}
  "pto.tpush_to_aiv"(%t) {split = 3 : i8} : (tensor<16x16xf32>) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.tfree_from_aic' split 4 is not modelled}}
  "pto.tfree_from_aic"() {split = 4 : i8} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.tfree_from_aic' op attribute 'split' failed to satisfy constraint: 8-bit signless integer attribute}}
  "pto.tfree_from_aic"() {split = "none"} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.tpop_from_aiv' op pipe id must be >= 0, got -1}}
  %p = "pto.tpop_from_aiv"() {id = -1 : i32} : () -> tensor<16xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @below {{'pto.tpop_from_aic' op operand #0 (sub-block id) must be i64, got 'index'}}
  %p = "pto.tpop_from_aic"(%n) : (index) -> tensor<16xf32>
  return
}

// -----

func.func @f(%t: tensor<16xf32>, %x: f32) {
  // expected-error @below {{'pto.tpush_to_aic' op the sub-block id must be i64, got 'f32'}}
  "pto.tpush_to_aic"(%t, %x) : (tensor<16xf32>, f32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.aic_initialize_pipe' op dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got 4}}
  "pto.aic_initialize_pipe"() {dir_mask = 4 : i8, slot_size = 1024 : i32} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.aiv_initialize_pipe' op slot counts must be positive, got 0}}
  "pto.aiv_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 1024 : i32, slot_num = 0 : i32} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.aiv_initialize_pipe' op slot_size must be positive, got 0}}
  "pto.aiv_initialize_pipe"() {dir_mask = 2 : i8, slot_size = 0 : i32} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @below {{'pto.aic_initialize_pipe' op pipe id must be >= 0, got -2}}
  "pto.aic_initialize_pipe"() {dir_mask = 2 : i8, slot_size = 64 : i32, id = -2 : i32} : () -> ()
  return
}
