// Pipeline loops whose trip count is known at run time only (a bound that
// is not a constant; the step must be a positive constant). The skewed form
// runs behind a guard `trip >= 2D`, computed without overflow as
// (ub > lb) and ((ub - lb - 1) /u step >= 2D - 1); the original loop, demoted,
// runs in the else branch. Under the guard: D producer copies (prologue), a
// steady loop counting groups j in [1, T / D) (its copies' induction values
// are lb + j*D*step + offset), the T % D remainder producers each under
// scf.if (T % D > t), the last D consumer copies, then the remainder
// consumers, each under its scf.if. Pairs through the simulator:
// dynamic-trips-sim.test; the pair proof: dynamic-trips-pair.mlir.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s

// Upper bound known at run time, depth 2.
// CHECK-LABEL: func.func @dynamic_upper
// CHECK-SAME:    (%[[N:.*]]: index, %[[W:.*]]: tensor<4xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[SPAN:.*]] = arith.subi %[[N]], %[[C0]]
// CHECK-NEXT:    %[[SPAN1:.*]] = arith.subi %[[SPAN]], %[[C1]]
// CHECK-NEXT:    %[[LAST:.*]] = arith.divui %[[SPAN1]], %[[C1]]
// CHECK-NEXT:    %[[ABOVE:.*]] = arith.cmpi sgt, %[[N]], %[[C0]]
// CHECK-NEXT:    %[[ENOUGH:.*]] = arith.cmpi uge, %[[LAST]], %[[C3]]
// CHECK-NEXT:    %[[SKEW:.*]] = arith.andi %[[ABOVE]], %[[ENOUGH]]
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[SKEW]] -> (tensor<4xf32>) {
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[LAST]], %[[C1]]
// CHECK-NEXT:      %[[G:.*]] = arith.divui %[[T]], %[[C2]]
//                  Prologue: iterations 0 and 1.
// CHECK:           "pto.tpush_to_aiv"
// CHECK:           "pto.tpush_to_aiv"
//                  Steady: produce 2j, 2j+1, consume 2j-2, 2j-1.
// CHECK:           %[[S:.*]] = scf.for unsigned %[[J:.*]] = %[[C1]] to %[[G]] step %[[C1]] iter_args(%[[A:.*]] = %[[W]])
// CHECK-NEXT:        %[[JD:.*]] = arith.muli %[[J]], %[[C2]]
// CHECK-NEXT:        %[[BASE:.*]] = arith.addi %[[C0]], %[[JD]]
// CHECK:             "pto.tpush_to_aiv"
// CHECK:             arith.addi %[[BASE]], %[[C1]]
// CHECK:             "pto.tpush_to_aiv"
//                  (the consumer half does not use the IV: no induction value)
// CHECK-NEXT:        "pto.tpop_from_aiv"
// CHECK-NEXT:        arith.addf %[[A]],
// CHECK-NEXT:        "pto.tpop_from_aiv"
// CHECK:             scf.yield
// CHECK-NEXT:      }
//                  The groups' last base, the remainder T % 2 and its base.
// CHECK-NEXT:      %[[GM1:.*]] = arith.subi %[[G]], %[[C1]]
// CHECK-NEXT:      %[[LD:.*]] = arith.muli %[[GM1]], %[[C2]]
// CHECK-NEXT:      %[[LB:.*]] = arith.addi %[[C0]], %[[LD]]
// CHECK-NEXT:      %[[REST:.*]] = arith.remui %[[T]], %[[C2]]
// CHECK-NEXT:      %[[EB:.*]] = arith.addi %[[LB]], %[[C2]]
// CHECK-NEXT:      %[[RUN0:.*]] = arith.cmpi ugt, %[[REST]], %[[C0]]
//                  Remainder producer T-1 (T odd), ahead of the epilogue.
// CHECK-NEXT:      scf.if %[[RUN0]] {
// CHECK:             "pto.tpush_to_aiv"
// CHECK-NEXT:      }
//                  Epilogue: consume 2G-2, 2G-1.
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      arith.addf %[[S]],
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      %[[E1:.*]] = arith.addf
//                  Remainder consumer T-1 (T odd).
// CHECK:           %[[F:.*]] = scf.if %[[RUN0]] -> (tensor<4xf32>) {
// CHECK-NEXT:        "pto.tpop_from_aiv"
// CHECK:             scf.yield
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[E1]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[F]]
//                  Below 2D iterations: the original loop, demoted.
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[O:.*]] = scf.for %{{.*}} = %[[C0]] to %[[N]] step %[[C1]] iter_args(%{{.*}} = %[[W]])
// CHECK-NOT:         pto.pipeline_membership
// CHECK:           } 
// CHECK-NOT:       pto.pipeline_stages
// CHECK-NEXT:      scf.yield %[[O]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @dynamic_upper(%n: index, %w: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    %s = arith.addf %acc, %p : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<4xf32>
}

// -----

// Lower bound known at run time, step 3, stages 4: depth 3, so the guard
// asks for (ub - lb - 1) / 3 >= 5, a group spans 9, and two remainder
// copies run when T % 3 > 0 and T % 3 > 1.
// CHECK-LABEL: func.func @dynamic_lower
// CHECK-SAME:    (%[[LB:.*]]: index,
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG:     %[[C100:.*]] = arith.constant 100 : index
// CHECK:         arith.subi %[[C100]], %[[LB]]
// CHECK:         %[[LAST:.*]] = arith.divui %{{.*}}, %[[C3]]
// CHECK-NEXT:    arith.cmpi sgt, %[[C100]], %[[LB]]
// CHECK-NEXT:    arith.cmpi uge, %[[LAST]], %[[C5]]
// CHECK:         scf.if
// CHECK-COUNT-3:   "pto.tpush_to_aiv"
// CHECK:           scf.for unsigned %[[J:.*]] = %[[C1]] to %{{.*}} step %[[C1]]
// CHECK-NEXT:        arith.muli %[[J]], %[[C9]]
// CHECK-COUNT-3:     "pto.tpush_to_aiv"
// CHECK-COUNT-3:     "pto.tpop_from_aiv"
// CHECK:           }
// CHECK:           %[[REST:.*]] = arith.remui %{{.*}}, %[[C3]]
// CHECK:           %[[RUN0:.*]] = arith.cmpi ugt, %[[REST]], %{{.*}}
// CHECK-NEXT:      %[[RUN1:.*]] = arith.cmpi ugt, %[[REST]], %[[C1]]
// CHECK-NEXT:      scf.if %[[RUN0]] {
// CHECK-NEXT:        "pto.tpush_to_aiv"
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if %[[RUN1]] {
// CHECK:             "pto.tpush_to_aiv"
// CHECK-NEXT:      }
// CHECK-COUNT-3:   "pto.tpop_from_aiv"
// CHECK:           scf.if %[[RUN0]] {
// CHECK-NEXT:        "pto.tpop_from_aiv"
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if %[[RUN1]] {
// CHECK-NEXT:        "pto.tpop_from_aiv"
// CHECK-NEXT:      }
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %[[LB]] to %[[C100]] step %[[C3]] {
func.func @dynamic_lower(%lb: index, %w: tensor<4xf32>) {
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  // expected-remark @below {{skewed: depth 3 (requested 3, trip dynamic, skewed when >= 6, slots 4)}}
  scf.for %i = %lb to %c100 step %c3 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 4 : i64}
  return
}

// -----

// Both bounds known at run time, an i32 induction variable: the guard and
// the counts are i32 arithmetic.
// CHECK-LABEL: func.func @dynamic_both_i32
// CHECK-SAME:    (%[[LB:.*]]: i32, %[[UB:.*]]: i32,
// CHECK:         arith.subi %[[UB]], %[[LB]] : i32
// CHECK:         arith.cmpi sgt, %[[UB]], %[[LB]] : i32
// CHECK:         scf.if
// CHECK:           scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %[[LB]] to %[[UB]] step %{{.*}}  : i32 {
func.func @dynamic_both_i32(%lb: i32, %ub: i32, %w: tensor<4xf32>) {
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
  scf.for %i = %lb to %ub step %c2 : i32 {
    %f = arith.sitofp %i : i32 to f32
    %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// An unsigned loop compares its bounds as unsigned: so does the guard.
// CHECK-LABEL: func.func @dynamic_unsigned
// CHECK-SAME:    (%[[UB:.*]]: i32,
// CHECK:         arith.cmpi ugt, %[[UB]], %{{.*}} : i32
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      scf.for unsigned %{{.*}} = %{{.*}} to %[[UB]] step
func.func @dynamic_unsigned(%ub: i32, %w: tensor<4xf32>) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
  scf.for unsigned %i = %c4 to %ub step %c1 : i32 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A narrow IV with a large step holds few iterations: i8 at step 40 runs at
// most 7 times, so depth 7 could never pass its guard: depth 3; at step 100
// (at most 3 times) no skew could.
// CHECK-LABEL: func.func @dynamic_narrow
func.func @dynamic_narrow(%lb: i8, %ub: i8, %w: tensor<4xf32>) {
  %c40 = arith.constant 40 : i8
  %c100 = arith.constant 100 : i8
  // expected-remark @below {{skewed: depth 3 (requested 7, trip dynamic, skewed when >= 6, slots 4; C2V has 4 slots: at most 4 iterations ahead; i8 holds at most 7 iterations at step 40)}}
  scf.for %i = %lb to %ub step %c40 : i8 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 8 : i64}
  // expected-remark @below {{demoted: step 100 leaves at most 3 iterations in i8}}
  scf.for %i = %lb to %ub step %c100 : i8 {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}

// -----

// A step known at run time only is skewed when it is provably positive (the
// maximum of anything and a positive constant): the offsets and the group
// stride are computed from it; the guard divides by it. A plain argument may
// be zero or negative: demoted.
// CHECK-LABEL: func.func @dynamic_step
// CHECK-SAME:    (%[[N:.*]]: index, %[[S:.*]]: index,
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[STEP:.*]] = arith.maxsi %[[S]], %[[C1]]
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         arith.divui %{{.*}}, %[[STEP]]
// CHECK:         scf.if
// CHECK-NEXT:      %[[OFF1:.*]] = arith.muli %[[STEP]], %[[ONE:[^ ]*]]
// CHECK-NEXT:      %[[STRIDE:.*]] = arith.muli %[[STEP]], %[[C2]]
// CHECK:           scf.for unsigned %[[J:.*]] = %[[ONE]] to %{{.*}} step %[[ONE]]
// CHECK-NEXT:        %[[JS:.*]] = arith.muli %[[J]], %[[STRIDE]]
// CHECK-NEXT:        %[[BASE:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK:             arith.addi %[[BASE]], %[[OFF1]]
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[N]] step %[[STEP]] {
func.func @dynamic_step(%n: index, %s: index, %w: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %step = arith.maxsi %s, %c1 : index
  // expected-remark @below {{skewed: depth 2 (requested 2, trip dynamic, skewed when >= 4, slots 4)}}
  scf.for %i = %c0 to %n step %step {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    %t = linalg.fill ins(%f : f32) outs(%w : tensor<4xf32>) -> tensor<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{demoted: non-constant step (not provably positive: it may be zero or negative)}}
  scf.for %i = %c0 to %n step %s {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  // A signed loop's step may not be an unsigned maximum (maxui(-5, 1) is -5).
  %ustep = arith.maxui %s, %c1 : index
  // expected-remark @below {{demoted: non-constant step (not provably positive: it may be zero or negative)}}
  scf.for %i = %c0 to %n step %ustep {
    "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  } {pto.pipeline_stages = 2 : i64}
  return
}
