// Co-skew and tfree: a tfree releases the oldest popped slot of its pipe, so
// a co-skew that runs a later iteration's pop ahead of a free changes which
// slot the free releases (the tile it names, or the one the operand-less
// form means). The pass checks that every free releases the slot of the pop
// it releases in the original (docs/message-identity.md) and demotes the
// pair when no depth keeps that; a free that stays next to its pop is
// co-skewed as any other op. Each case is a pair that
// test_golden_pairs_sim.py runs through `pto-sim check`.
// RUN: pto-opt %s -split-input-file --pto-skew-cross-core="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: pto-opt %s -split-input-file --pto-skew-cross-core | FileCheck %s

// The vector pops s, pushes, pops q, then frees s and q: the co-skew's cut
// puts the pop of q in stage 1, behind the next iteration's pop of s, and
// the first free would release s(k) but the second s(k+1), not q(k).
// (The named frees are cut into a later stage than their pops, which no
// copy could name: demoted for that first.)
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:5: remark: demoted: multi-round-trip: {{.*}}not co-skewed with @named_vector's loop at {{.*}}: 'pto.tfree_from_aic' in stage 1 frees the tile 'pto.tpop_from_aic' popped in stage 0
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:5: remark: not skewed: consumer role {{.*}}not co-skewed with @named_cube's loop at {{.*}}: 'pto.tfree_from_aic' in stage 1 frees the tile 'pto.tpop_from_aic' popped in stage 0
// CHECK-LABEL: func.func @named_cube(
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:    }
//--- named.mlir
module {
  func.func @named_cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @named_vector(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tfree_from_aic"(%s) : (tensor<4xf32>) -> ()
      "pto.tfree_from_aic"(%q) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

// -----

// The same with the operand-less frees and data flowing on, the cube's
// first message computed from the iteration and the vector's result from
// both tiles: freeing s(k+1) early would let the cube overwrite a slot the
// vector still reads.
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:10: remark: demoted: multi-round-trip: {{.*}}no co-skew depth is proved against the peer (tried 2, 1)
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:10: remark: not skewed: consumer role {{.*}}no co-skew depth is proved against the peer (tried 2, 1)
// CHECK-LABEL: func.func @unnamed_vector(
// CHECK:         scf.for
// CHECK-NEXT:      "pto.tpop_from_aic"
// CHECK-NEXT:      "pto.tpush_to_aic"
// CHECK-NEXT:      "pto.tpop_from_aic"
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      "pto.tfree_from_aic"()
// CHECK-NEXT:      "pto.tfree_from_aic"()
//--- unnamed.mlir
module {
  func.func @unnamed_cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %i32 = arith.index_cast %i : index to i32
      %f = arith.sitofp %i32 : i32 to f32
      %t = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %u = arith.addf %p, %w : tensor<4xf32>
      "pto.tpush_to_aiv"(%u) : (tensor<4xf32>) -> ()
      %next = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @unnamed_vector(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %sq = arith.addf %s, %q : tensor<4xf32>
      %next = arith.addf %acc, %sq : tensor<4xf32>
      "pto.tfree_from_aic"() : () -> ()
      "pto.tfree_from_aic"() : () -> ()
      scf.yield %next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
}

// -----

// Each free right after its own pop, before the next pop: every free keeps
// releasing its own tile's slot at any depth, and the pair is co-skewed.
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:5: remark: co-skewed with @early_vector's loop at {{.*}}: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:5: remark: co-skewed with @early_cube's loop at {{.*}}: 2 stages, depth 2 (requested 2, trip 8, slots 4)
// CHECK-LABEL: func.func @early_vector(
// CHECK:         scf.for
// CHECK:           %[[S:.*]] = "pto.tpop_from_aic"
// CHECK-NEXT:      "pto.tfree_from_aic"(%[[S]])
//--- early.mlir
module {
  func.func @early_cube(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @early_vector(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tfree_from_aic"(%s) : (tensor<4xf32>) -> ()
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tfree_from_aic"(%q) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

// -----

// The cube frees the tile of its first pop after its second pop: the cut
// puts the free in a later stage than the pop, where a copy would name the
// tile carried through the steady loop, which is no pop's result (the
// verifier and the simulator reject such a free). Demoted.
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:5: remark: demoted: multi-round-trip: {{.*}}not co-skewed with @late_vector's loop at {{.*}}: 'pto.tfree_from_aiv' in stage 2 frees the tile 'pto.tpop_from_aiv' popped in stage 1
// REMARK: coskew-tfree.mlir:{{[0-9]+}}:5: remark: not skewed: consumer role {{.*}}not co-skewed with @late_cube's loop at {{.*}}: 'pto.tfree_from_aiv' in stage 2 frees the tile 'pto.tpop_from_aiv' popped in stage 1
// CHECK-LABEL: func.func @late_cube(
// CHECK:         scf.for
// CHECK:           %[[P:.*]] = "pto.tpop_from_aiv"
// CHECK:           "pto.tfree_from_aiv"(%[[P]])
//--- late-free.mlir
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @late_cube(%x: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%x) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%p) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aiv"() {id = 1 : i32} : () -> tensor<4xf32>
      "pto.tfree_from_aiv"(%p) : (tensor<4xf32>) -> ()
      "pto.tfree_from_aiv"(%q) {id = 1 : i32} : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @late_vector(%x: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      "pto.tfree_from_aic"(%s) : (tensor<4xf32>) -> ()
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) {id = 1 : i32} : (tensor<4xf32>) -> ()
      "pto.tfree_from_aic"(%t) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
