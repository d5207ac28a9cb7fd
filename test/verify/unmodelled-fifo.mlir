// FIFO traffic the FIFO model does not read (ops that state an effect on the
// pipes through MLIR's side-effect interface: quantisation state, the
// pipe-handle forms) is a located error in the verifier and the pass: never
// "verified", and never an op the skew moves across a push.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-verify-fifo
// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-skew-cross-core

func.func @cube(%t: tensor<16x16xf32>, %s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-error @below {{'pto.set_quant_scalar' acts on a pipe in a way the FIFO model does not model}}
    pto.set_quant_scalar(%s : f32) {id = 0}
    "pto.tpush_to_aiv"(%t) {split = 0 : i8} : (tensor<16x16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = "pto.tpop_from_aic"() {split = 0 : i8} : () -> tensor<16x16xf32>
  }
  return
}

// -----

func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) {split = 0 : i8} : (tensor<16x16xf32>) -> ()
  return
}
func.func @vector(%p: !pto.pipe, %d: !pto.tile_buf<vec, 16x16xf32>) attributes {pto.core = "aiv"} {
  %x = "pto.tpop_from_aic"() {split = 0 : i8} : () -> tensor<16x16xf32>
  // expected-error @below {{'pto.tpop' acts on a pipe in a way the FIFO model does not model}}
  pto.tpop(%d, %p : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
  // expected-error @below {{'pto.tfree' acts on a pipe in a way the FIFO model does not model}}
  pto.tfree(%p : !pto.pipe) {split = 0}
  return
}
