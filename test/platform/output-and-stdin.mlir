// Input from a file or stdin, output to stdout or -o.
// RUN: pto-opt %s -o %t && FileCheck %s < %t
// RUN: pto-opt < %s | FileCheck %s
// RUN: cat %s | pto-opt - | FileCheck %s
// RUN: not pto-opt %s.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: "pto.tpush_to_aiv"(%{{.*}}) : (tensor<4xf32>) -> ()
// MISSING: cannot open input file
func.func @f(%t: tensor<4xf32>) {
  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
  return
}
