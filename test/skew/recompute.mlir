// A scalar arith chain of the producer half (a tile offset over the IV and a
// loop invariant) that the consumer half also uses is not a carried value:
// it is recomputed at the head of every consumer copy, in its original
// order, before the pop.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @offset_chain
// CHECK-SAME:    %[[BASE:[^:]*]]: index
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// Producer copies compute the chain for their own IV ...
// CHECK-NEXT:      %[[R0:.*]] = arith.muli %[[K]], %[[C16:.*]] : index
// CHECK-NEXT:      %[[O0:.*]] = arith.addi %[[R0]], %[[BASE]] : index
// CHECK-NEXT:      %[[X0:.*]] = arith.addi %[[O0]], %[[C8:.*]] : index
// CHECK-NEXT:      tensor.extract_slice %{{.*}}[%[[X0]], 0]
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK:           "pto.tpush_to_aiv"
// ... and each consumer copy recomputes it for its IV, before its pop. The
// op feeding only the producer half (+8) is not recomputed.
// CHECK-NEXT:      %[[KM2:.*]] = arith.subi %[[K]], %{{.*}} : index
// CHECK-NEXT:      %[[R2:.*]] = arith.muli %[[KM2]], %[[C16]] : index
// CHECK-NEXT:      %[[O2:.*]] = arith.addi %[[R2]], %[[BASE]] : index
// CHECK-NEXT:      %[[P:.*]] = "pto.tpop_from_aiv"()
// CHECK-NEXT:      tensor.insert_slice %[[P]] into %{{.*}}[%[[O2]], 0]
// CHECK-NEXT:      %[[KM1:.*]] = arith.subi %[[K]], %{{.*}} : index
// CHECK-NEXT:      %[[R1:.*]] = arith.muli %[[KM1]], %[[C16]] : index
// CHECK-NEXT:      %[[O1:.*]] = arith.addi %[[R1]], %[[BASE]] : index
// CHECK-NEXT:      "pto.tpop_from_aiv"()
// CHECK-NEXT:      tensor.insert_slice %{{.*}}[%[[O1]], 0]
// CHECK-NEXT:      scf.yield
func.func @offset_chain(%k: tensor<256x16xf32>, %init: tensor<256x16xf32>, %base: index) -> tensor<256x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4)}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<256x16xf32>) {
    %row = arith.muli %i, %c16 : index
    %off = arith.addi %row, %base : index
    %skip = arith.addi %off, %c8 : index
    %s = tensor.extract_slice %k[%skip, 0] [1, 16] [1, 1] : tensor<256x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%off, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<256x16xf32>
    scf.yield %o : tensor<256x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<256x16xf32>
}

// A chain that ends in a tensor (arith on tensors) is not scalar: it is a
// carried tile, so the loop is demoted.
// CHECK-LABEL: func.func @tensor_arith_carry
// CHECK:         scf.for
// CHECK-NOT:     pto.pipeline_stages
// CHECK:         return
func.func @tensor_arith_carry(%a: tensor<16xf32>, %b: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: the producer half's result #0 of 'arith.addf' is used by 'arith.mulf' in the consumer half (only scalar arith is recomputed there)}}
  scf.for %i = %c0 to %c8 step %c1 {
    %s = arith.addf %a, %b : tensor<16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %m = arith.mulf %p, %s : tensor<16xf32>
    "pto.tfree_from_aiv"(%m) : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}
