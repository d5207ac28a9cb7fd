// Results of rewritten loops that nobody uses, or that many ops use: every
// use moves to the value that now holds the result (the last epilogue copy,
// or the demoted loop itself).
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | FileCheck %s
// RUN: pto-opt %s --pto-skew-cross-core -split-input-file | pto-opt -split-input-file | FileCheck %s
//
// A result used 1,000 times (generated): all uses read the last epilogue copy.
// RUN: %python %S/Inputs/gen.py uses 1000 > %t.uses.mlir
// RUN: pto-opt %t.uses.mlir --pto-skew-cross-core | FileCheck %s --check-prefix=MANY
// MANY:           %[[LOOP:.*]] = scf.for
// MANY:           %[[E0:.*]] = arith.addf %[[LOOP]], %{{.*}}
// MANY:           %[[LAST:.*]] = arith.addf %[[E0]], %{{.*}}
// MANY-NEXT:      %[[U:.*]] = arith.addf %[[LAST]], %[[LAST]] : tensor<16xf32>
// MANY-COUNT-999: arith.addf %{{.*}}, %[[LAST]] : tensor<16xf32>
// MANY-NEXT:      return
// RUN: %python %S/Inputs/gen.py uses 1000 --pair > %t.pair.mlir
// RUN: pto-sim check %t.pair.mlir | FileCheck %s --check-prefix=SIM
// SIM: PASS: 1 outputs and messages (C2V 4, V2C 4) bitwise identical

// Two carried values, neither result used.
// CHECK-LABEL: func.func @unused_results
// CHECK:         %{{.*}}:2 = scf.for
// CHECK-COUNT-2:   "pto.tpop_from_aiv"
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    return
// CHECK-NOT:     pto.pipeline_stages
func.func @unused_results(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %a, %y = %a) -> (tensor<16xf32>, tensor<16xf32>) {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %x2 = arith.addf %x, %p : tensor<16xf32>
    %y2 = arith.mulf %y, %p : tensor<16xf32>
    scf.yield %x2, %y2 : tensor<16xf32>, tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// One result feeds a second pipeline loop, an scf.if, itself twice and the
// return; the second loop's result is unused.
// CHECK-LABEL: func.func @result_everywhere
// CHECK:         %[[L1:.*]] = scf.for
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[E0:.*]] = arith.addf %[[L1]], %{{.*}}
// CHECK-NEXT:    "pto.tpop_from_aiv"
// CHECK-NEXT:    %[[R:.*]] = arith.addf %[[E0]], %{{.*}}
// CHECK:         "pto.tpush_to_aiv"(%[[R]])
// CHECK-NEXT:    "pto.tpush_to_aiv"(%[[R]])
// CHECK-NEXT:    %[[L2:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[R]])
// CHECK-COUNT-2:   "pto.tpush_to_aiv"(%[[R]])
// CHECK:         scf.if %{{.*}} -> (tensor<16xf32>) {
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[R]], %[[R]]
// CHECK-NEXT:      scf.yield %[[D]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[R]]
// CHECK:         return %[[R]], %{{.*}} : tensor<16xf32>, tensor<16xf32>
func.func @result_everywhere(%a: tensor<16xf32>, %b: i1) -> (tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %x2 = arith.addf %x, %p : tensor<16xf32>
    scf.yield %x2 : tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %r) -> (tensor<16xf32>) {
    "pto.tpush_to_aiv"(%r) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    %x2 = arith.addf %x, %p : tensor<16xf32>
    scf.yield %x2 : tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  %t = scf.if %b -> (tensor<16xf32>) {
    %d = arith.addf %r, %r : tensor<16xf32>
    scf.yield %d : tensor<16xf32>
  } else {
    scf.yield %r : tensor<16xf32>
  }
  return %r, %t : tensor<16xf32>, tensor<16xf32>
}

// -----

// A demoted loop (its pop feeds the yield) keeps its uses.
// CHECK-LABEL: func.func @demoted_many_uses
// CHECK:         %[[L:.*]] = scf.for
// CHECK:         }
// CHECK-NOT:     pto.pipeline_stages
// CHECK-NEXT:    %[[U1:.*]] = arith.addf %[[L]], %[[L]]
// CHECK-NEXT:    %[[U2:.*]] = arith.addf %[[U1]], %[[L]]
// CHECK-NEXT:    return %[[U2]], %[[L]], %[[L]]
func.func @demoted_many_uses(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %p = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    "pto.tpush_to_aic"(%x) : (tensor<16xf32>) -> ()
    scf.yield %p : tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  %u1 = arith.addf %r, %r : tensor<16xf32>
  %u2 = arith.addf %u1, %r : tensor<16xf32>
  return %u2, %r, %r : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
