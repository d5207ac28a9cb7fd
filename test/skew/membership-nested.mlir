// Membership tags go on every tensor/memref-producing op of each skewed
// copy, nested regions included: an inner loop's tiles are tagged with the
// copy's "G:S" as the inner loop itself is (after an existing value and
// ';'). Nested scalar ops stay untagged. They used to be left untagged,
// letting the buffer allocator share their buffers across copies.
// RUN: pto-opt %s --pto-skew-cross-core | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core="tag-membership=false" | FileCheck %s --check-prefix=NOTAG
// NOTAG-NOT: 104857

// CHECK-LABEL: func.func @inner_loops
// The prologue's two producer copies, slots 0 and 1.
// CHECK:         scf.for
// CHECK:           arith.addi %{{.*}} : index
// CHECK-NEXT:      math.exp {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:      arith.addf {{.*}} {pto.pipeline_membership = "5:1;1048576:0"}
// CHECK:         } {pto.pipeline_membership = "1048576:0"}
// CHECK:         "pto.tpush_to_aiv"
// CHECK:         scf.for
// CHECK:           math.exp {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK:         } {pto.pipeline_membership = "1048576:1"}
// CHECK:         "pto.tpush_to_aiv"
// The consumer copies in the steady loop: their inner loops' tiles too.
// CHECK:         "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      arith.mulf {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK:         "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      arith.mulf {{.*}} {pto.pipeline_membership = "1048576:1"}
// (%out is the core's own allocation: a store to global memory would stay
// behind the later pushes, see shared-memory.mlir.)
func.func @inner_loops(%init: tensor<1x16xf32>) attributes {pto.core = "aic"} {
  %out = memref.alloc() : memref<8x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %t = scf.for %j = %c0 to %c2 step %c1 iter_args(%a = %init) -> (tensor<1x16xf32>) {
      %k = arith.addi %j, %c1 : index
      %e = math.exp %a : tensor<1x16xf32>
      %f = arith.addf %e, %a {pto.pipeline_membership = "5:1"} : tensor<1x16xf32>
      scf.yield %f : tensor<1x16xf32>
    }
    "pto.tpush_to_aiv"(%t) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %q = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %p) -> (tensor<1x16xf32>) {
      %m = arith.mulf %b, %b : tensor<1x16xf32>
      scf.yield %m : tensor<1x16xf32>
    }
    %x = tensor.extract %q[%c0, %c0] : tensor<1x16xf32>
    memref.store %x, %out[%i, %c0] : memref<8x16xf32>
    "pto.tfree_from_aiv"() : () -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}
