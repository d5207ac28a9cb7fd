// Malformed IR: a located parse error and exit code 1, no traceback.
// RUN: not pto-opt %s 2>&1 | FileCheck %s

// CHECK: parse-error.mlir:[[@LINE+4]]:22: error: expected ')' to end operand list
// CHECK-NOT: Traceback
func.func @f(%t: tensor<4xf32>) {
  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
  "pto.tpush_to_aiv"(, %t) : (tensor<4xf32>) -> ()
  return
}
