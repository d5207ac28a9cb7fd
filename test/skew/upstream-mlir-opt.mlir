// The pass output is plain upstream IR plus the pto dialect: upstream
// mlir-opt, given the dialect's IRDL file, parses and verifies it.
// RUN: pto-opt %s --pto-skew-cross-core | mlir-opt-upstream --irdl-file=%pto_irdl | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core -mlir-print-op-generic | mlir-opt-upstream --irdl-file=%pto_irdl | FileCheck %s

// CHECK-LABEL: func.func @cube
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// CHECK:         scf.for
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// CHECK-COUNT-2: "pto.tpop_from_aiv"
// CHECK:         }
// CHECK-COUNT-2: "pto.tpop_from_aiv"
// CHECK-LABEL: func.func @vector
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpop_from_aic"
func.func @cube(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<8x16xf32>
}

func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %s : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}
