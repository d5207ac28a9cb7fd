// Upstream mlir-opt with the IRDL file parses pto-opt's output, and the
// skew-mlir passes reach mlir-opt through the pipeline string of pto-opt.
// RUN: pto-opt %s --cse | mlir-opt-upstream --irdl-file=%pto_irdl | FileCheck %s
// RUN: mlir-opt-upstream --irdl-file=%pto_irdl %s | pto-opt | FileCheck %s

// CHECK-LABEL: func.func @roundtrip
// CHECK: "pto.tpush_to_aiv"
// CHECK: "pto.tpop_from_aiv"
// CHECK: "pto.tfree_from_aiv"
// CHECK: "pto.tpop_from_aic"
// CHECK: "pto.tpush_to_aic"
// CHECK: "pto.tfree_from_aic"
func.func @roundtrip(%t: tensor<16x16xf32>, %m: memref<16xf16>) {
  "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
  %a = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  "pto.tfree_from_aiv"(%a) : (tensor<16x16xf32>) -> ()
  %b = "pto.tpop_from_aic"() : () -> memref<16xf16>
  "pto.tpush_to_aic"(%m) : (memref<16xf16>) -> ()
  "pto.tfree_from_aic"(%b) : (memref<16xf16>) -> ()
  return
}
