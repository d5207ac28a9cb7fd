// Loops without FIFO push/pop are same-core: left exactly as they are,
// pto.pipeline_stages kept, whatever their stage count.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @same_core
// CHECK:         scf.for
// CHECK-NEXT:      tensor.extract_slice
// CHECK-NEXT:      tensor.insert_slice
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } {pto.pipeline_stages = 3 : i64}
// CHECK:         scf.for
// CHECK:         } {pto.pipeline_stages = 1 : i64}
func.func @same_core(%a: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it neither pushes nor pops, no round trip to overlap; left as it was}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
    %s = tensor.extract_slice %a[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    %o = tensor.insert_slice %s into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  } {pto.pipeline_stages = 3 : i64}
  // A tfree alone moves no message: still same-core.
  // expected-remark @below {{not skewed: not cross-core: it neither pushes nor pops, no round trip to overlap; left as it was}}
  %q = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %r) -> (tensor<8x16xf32>) {
    "pto.tfree_from_aiv"(%acc) : (tensor<8x16xf32>) -> ()
    scf.yield %acc : tensor<8x16xf32>
  } {pto.pipeline_stages = 1 : i64}
  return %q : tensor<8x16xf32>
}

// -----

// A same-core pipeline loop (a K-split matmul) in the producer half is kept
// intact, pto.pipeline_stages included, in every producer copy; the
// cross-core loop around it is skewed.
// CHECK-LABEL: func.func @nested_same_core
// CHECK-COUNT-2: } {pto.pipeline_membership = "1048576:{{[01]}}", pto.pipeline_stages = 2 : i64}
// CHECK:         scf.for %[[K:[^ ]*]] =
// CHECK:             tensor.extract_slice %{{.*}}[%{{.*}}, %[[K]]]
// CHECK:           } {pto.pipeline_membership = "1048576:0", pto.pipeline_stages = 2 : i64}
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      %[[K1:.*]] = arith.addi %[[K]]
// CHECK:             tensor.extract_slice %{{.*}}[%{{.*}}, %[[K1]]]
// CHECK:           } {pto.pipeline_membership = "1048576:1", pto.pipeline_stages = 2 : i64}
// CHECK-NOT:     pto.pipeline_stages
func.func @nested_same_core(%q: tensor<16x64xf32>, %k: tensor<64x64xf32>, %init: tensor<8x16x16xf32>)
    -> tensor<8x16x16xf32> attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4; no vector kernel in this module: planned alone, assuming a peer that pops each message in order (as pto-sim's echo peer does))}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16x16xf32>) {
    // expected-remark @below {{not skewed: not cross-core: it neither pushes nor pops, no round trip to overlap; left as it was}}
    %s = scf.for %kk = %c0 to %c4 step %c1 iter_args(%part = %z) -> (tensor<16x16xf32>) {
      %off = arith.muli %kk, %c16 : index
      %qk = tensor.extract_slice %q[0, %off] [16, 16] [1, 1] : tensor<16x64xf32> to tensor<16x16xf32>
      %kb = tensor.extract_slice %k[%off, %i] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
      %m = linalg.matmul ins(%qk, %kb : tensor<16x16xf32>, tensor<16x16xf32>) outs(%part : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %m : tensor<16x16xf32>
    } {pto.pipeline_stages = 2 : i64}
    "pto.tpush_to_aiv"(%s) : (tensor<16x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<16x16xf32> into tensor<8x16x16xf32>
    scf.yield %o : tensor<8x16x16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<8x16x16xf32>
}

// -----

// An outer pipeline loop around a cross-core loop holds FIFO ops in a nested
// region: it is demoted, after the inner loop (innermost first) is skewed.
// CHECK-LABEL: func.func @outer_of_cross_core
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-NOT:     pto.pipeline_stages
func.func @outer_of_cross_core(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{demoted: FIFO op 'pto.tpush_to_aiv' is nested in 'scf.for'}}
  scf.for %j = %c0 to %c4 step %c1 {
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 4, slots 4)}}
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
  } {pto.pipeline_stages = 2 : i64}
  return
}
