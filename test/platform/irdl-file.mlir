// pto-opt loads a user's --irdl-file beside the pto dialect, so mlir-opt does
// when it runs our passes.
// RUN: mlir-opt %s --irdl-file=%S/Inputs/demo.irdl.mlir --pto-skew-cross-core | FileCheck %s
// RUN: pto-opt %s --irdl-file=%S/Inputs/demo.irdl.mlir --cse | FileCheck %s
// RUN: not pto-opt %s --irdl-file=%S/Inputs/missing.irdl.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// Without the file, the demo op is unknown:
// RUN: not pto-opt %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK-LABEL: func.func @f
// CHECK: "demo.mark"
// CHECK: "pto.tpush_to_aiv"
// MISSING: error: could not open input file {{.*}}missing.irdl.mlir
// UNKNOWN: irdl-file.mlir:[[@LINE+2]]:14: error: operation being parsed with an unregistered dialect
func.func @f(%t: tensor<4xf32>) {
  "demo.mark"(%t) : (tensor<4xf32>) -> ()
  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
  return
}
