// The skew depth is clamped to the FIFO slot count (a deeper producer would
// deadlock against a demoted peer): option fifo-depth, else the module
// attribute pto.fifo_depth, else 4.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true fifo-depth=2" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=OPT2
// RUN: pto-opt %s --pass-pipeline='builtin.module(pto-skew-cross-core{remarks=true fifo-depth=1})' -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=OPT1

// Default: 4 slots, stage 6 asks for depth 5.
// OPT2: remark: skewed: depth 2 (requested 5, trip 60, slots 2; C2V has 2 slots: at most 2 iterations ahead)
// OPT1: remark: skewed: depth 1 (requested 5, trip 60, slots 1; C2V has 1 slot: at most 1 iteration ahead)
func.func @default_slots(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c60 = arith.constant 60 : index
  // expected-remark @below {{skewed: depth 4 (requested 5, trip 60, slots 4; C2V has 4 slots: at most 4 iterations ahead)}}
  scf.for %i = %c0 to %c60 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 6 : i64}
  return
}

// -----

// The module attribute sets the slot count; the option overrides it.
// OPT2: remark: skewed: depth 2 (requested 5, trip 60, slots 2; C2V has 2 slots: at most 2 iterations ahead)
// OPT1: remark: skewed: depth 1 (requested 5, trip 60, slots 1; C2V has 1 slot: at most 1 iteration ahead)
module attributes {pto.fifo_depth = 3 : i64} {
  func.func @module_slots(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c60 = arith.constant 60 : index
    // expected-remark @below {{skewed: depth 3 (requested 5, trip 60, slots 3; C2V has 3 slots: at most 3 iterations ahead)}}
    scf.for %i = %c0 to %c60 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 6 : i64}
    return
  }
}

// -----

// More slots than asked for: no clamp.
// OPT2: remark: skewed: depth 2 (requested 2, trip 60, slots 2)
// OPT1: remark: skewed: depth 1 (requested 2, trip 60, slots 1; C2V has 1 slot: at most 1 iteration ahead)
module attributes {pto.fifo_depth = 16 : i64} {
  func.func @many_slots(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c60 = arith.constant 60 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 60, slots 16)}}
    scf.for %i = %c0 to %c60 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
