// A pipeline loop whose body (nested regions included) lacks a push/pop
// pair is not cross-core (the spec's Behavior 1): it is left exactly as it
// was, pto.pipeline_stages kept; the remark says which of the two it lacks.
// It used to be demoted with "not a round-trip".
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @push_only
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:    } {pto.pipeline_stages = 2 : i64}
func.func @push_only(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it pushes but never pops, no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) {split = 0 : i8, id = 1 : i32} : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// CHECK-LABEL: func.func @pop_only
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpop_from_aic"
// CHECK-NEXT:      math.exp
// CHECK-NEXT:      "pto.tfree_from_aic"
// CHECK-NEXT:    } {pto.pipeline_stages = 3 : i64}
func.func @pop_only() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it pops but never pushes, no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    %e = math.exp %s : tensor<16xf32>
    "pto.tfree_from_aic"() : () -> ()
  } {pto.pipeline_stages = 3 : i64}
  return
}

// -----

// Pushes on two pipes, no pop: still not cross-core.
// CHECK-LABEL: func.func @two_pipes_push_only
// CHECK:         } {pto.pipeline_stages = 2 : i64}
func.func @two_pipes_push_only(%a: tensor<16xf32>) attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it pushes but never pops, no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aic"(%a) {id = 0 : i32} : (tensor<16xf32>) -> ()
    "pto.tpush_to_aic"(%a) {id = 1 : i32} : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// An outer loop holding a push-only and a pop-only inner loop has the pair
// (nested ops count): demoted. The inner loops have no pair: kept.
// CHECK-LABEL: func.func @pair_across_inner_loops
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:           } {pto.pipeline_stages = 2 : i64}
// CHECK:           scf.for
// CHECK:           } {pto.pipeline_stages = 2 : i64}
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @pair_across_inner_loops(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{demoted: FIFO op 'pto.tpush_to_aiv' is nested in 'scf.for'}}
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-remark @below {{not skewed: not cross-core: it pushes but never pops, no round trip to overlap; left as it was}}
    scf.for %j = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    // expected-remark @below {{not skewed: not cross-core: it pops but never pushes, no round trip to overlap; left as it was}}
    scf.for %j = %c0 to %c4 step %c1 {
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
  } {pto.pipeline_stages = 2 : i64}
  return
}
