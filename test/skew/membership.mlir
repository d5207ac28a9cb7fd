// Membership tags for the buffer allocator: every op copied by the skew that
// produces a tensor or memref, pops excepted, gets
// pto.pipeline_membership = "G:S" (G one group per skewed loop, from 1048576
// in each function; S the copy index shared by matching producer and
// consumer copies), appended with ';' to an existing value.
// RUN: pto-opt %s --pto-skew-cross-core | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core="tag-membership=false" | FileCheck %s --check-prefix=NOTAG
// NOTAG-NOT: 104857

// CHECK-LABEL: func.func @two_loops
// First skewed loop: group 1048576.
// CHECK:         tensor.extract_slice {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NEXT:    math.exp {{.*}} {pto.pipeline_membership = "7:3;1048576:0"}
// CHECK-NEXT:    "pto.tpush_to_aiv"({{.*}}) : (tensor<1x16xf32>) -> ()
// CHECK-NEXT:    tensor.extract_slice {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK-NEXT:    math.exp {{.*}} {pto.pipeline_membership = "7:3;1048576:1"}
// CHECK:         scf.for
// CHECK:           "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:      tensor.insert_slice {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK:           "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:      tensor.insert_slice {{.*}} {pto.pipeline_membership = "1048576:1"}
// CHECK:         "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:    tensor.insert_slice {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK:         "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:    tensor.insert_slice {{.*}} {pto.pipeline_membership = "1048576:1"}
// The demoted loop in between takes no group, the next skewed loop is 1048577.
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpop_from_aic"
// CHECK-NEXT:      math.exp %{{[^ ]*}} : tensor<1x16xf32>
// CHECK-NEXT:      "pto.tpush_to_aic"
// CHECK-NEXT:    }
// The first loop's constants serve it too: its prologue follows at once.
// CHECK-NEXT:    tensor.extract_slice {{.*}} {pto.pipeline_membership = "1048577:0"}
// CHECK:         scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:    tensor.insert_slice {{.*}} {pto.pipeline_membership = "1048577:0"}
// CHECK-NEXT:    "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
// CHECK-NEXT:    tensor.insert_slice {{.*}} {pto.pipeline_membership = "1048577:1"}
// CHECK-NEXT:    return
func.func @two_loops(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    %e = math.exp %s {pto.pipeline_membership = "7:3"} : tensor<1x16xf32>
    "pto.tpush_to_aiv"(%e) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  scf.for %i = %c0 to %c8 step %c1 {
    %p = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
    %e = math.exp %p : tensor<1x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  %r2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %r) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r2 : tensor<8x16xf32>
}

// Groups restart in every function.
// CHECK-LABEL: func.func @next_function
// CHECK:         tensor.extract_slice {{.*}} {pto.pipeline_membership = "1048576:0"}
// CHECK-NOT:     1048577
// CHECK:         return
func.func @next_function(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
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
