// A half that does not use the induction variable gets no induction values:
// no constants, addi or subi are emitted for its copies (they would be dead).
// RUN: pto-opt %s --pto-skew-cross-core="tag-membership=false" | FileCheck %s

// Neither half uses %i: only the steady loop's bounds are new.
// CHECK-LABEL: func.func @neither
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT:     arith.constant
// CHECK:         scf.for %{{.*}} = %[[C2]] to %{{.*}} step %[[C2]] {
// CHECK-NOT:       arith.addi
// CHECK-NOT:       arith.subi
// CHECK:         }
// CHECK-NOT:     arith.constant
// CHECK:         return
func.func @neither(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// Only the producer reads %i: k + 1 for its second copy, nothing for the
// consumer copies (no k - 2, k - 1, and no epilogue constants 6, 7).
// CHECK-LABEL: func.func @producer_only
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           arith.addi %[[K]], %{{.*}} : index
// CHECK-NOT:       arith.subi
// CHECK:         }
// CHECK-NOT:     arith.constant 6
// CHECK-NOT:     arith.constant 7
// CHECK:         return
func.func @producer_only(%k: tensor<128x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<128x16xf32> to tensor<16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}
