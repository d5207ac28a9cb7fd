// The vector core can be the producer too: a vector loop whose push does not
// depend on its pop is skewed like the cube's.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @vector_producer
// CHECK:         math.exp
// CHECK-NEXT:    "pto.tpush_to_aic"
// CHECK:         math.exp
// CHECK-NEXT:    "pto.tpush_to_aic"
// CHECK-NEXT:    scf.for
// CHECK:           "pto.tpush_to_aic"
// CHECK:           "pto.tpush_to_aic"
// CHECK:           "pto.tpop_from_aic"
// CHECK:           "pto.tpop_from_aic"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    "pto.tpop_from_aic"
// CHECK:         "pto.tpop_from_aic"
func.func @vector_producer(%x: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32>
    attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4; no cube kernel in this module: planned alone, assuming a peer that pops each message in order (as pto-sim's echo peer does))}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
    %t = tensor.extract_slice %x[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    %e = math.exp %t : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    "pto.tfree_from_aic"(%p) : (tensor<1x16xf32>) -> ()
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  return %r : tensor<8x16xf32>
}
