// pto.fifo_depth is read exactly at any integer width (the bindings read
// integer attributes through int64: an i128 aborted the process), by both
// passes; a wide negative one is the usual located error.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not pto-opt %s --pto-verify-fifo -split-input-file 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: wide-fifo-depth.mlir:{{[0-9]+}}:1: error: 'pto.fifo_depth' must be an integer >= 1, got -1180591620717411303424 : i128

// CHECK-LABEL: func.func @wide
// CHECK-NOT: pto.pipeline_stages
module attributes {pto.fifo_depth = 1180591620717411303424 : i128} {
  func.func @wide(%a: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 1180591620717411303424)}}
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

// -----

// expected-error @below {{'pto.fifo_depth' must be an integer >= 1, got -1180591620717411303424 : i128}}
module attributes {pto.fifo_depth = -1180591620717411303424 : i128} {
  func.func @negative(%a: tensor<16xf32>) {
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
