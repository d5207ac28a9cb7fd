// Loops bounded by arith over constants (3 + 1; an i8 loop from -100 to
// -97 + 1) are planned as run-time trips behind a guard, while the pair
// proof reads their trips as the constants they are (4 each). A guarded
// plan was run in the proof at "no trip known", which it takes for the loop
// as written: the co-skew at depth 2 was "proved" and deadlocked at 1 slot
// (a soak case). The proof now runs it at its constant trip: depth 2
// deadlocks there, depth 1 proves.
//
// RUN: pto-opt %s --pto-skew-cross-core=remarks=true -o %t.mlir 2>&1 | FileCheck %s
// CHECK: remark: co-skewed with @vector's loop {{.*}}: 2 stages, depth 1 (requested 2, trip dynamic, co-skewed when >= 2, slots 1; depth 2 is not proved against the peer)
// CHECK: remark: co-skewed with @cube's loop {{.*}}: 2 stages, depth 1
// RUN: pto-opt --pto-verify-fifo %t.mlir -o /dev/null
// RUN: pto-sim check %s | FileCheck %s --check-prefix=SIM
// SIM: PASS: 1 outputs and messages (C2V 4, V2C 8) bitwise identical

module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %ub = arith.addi %c3, %c1 : index
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %a = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %b = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %a, %b : tensor<4xf32>
      %n = arith.addf %acc, %s : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %lb = arith.constant -100 : i8
    %c1 = arith.constant 1 : i8
    %c97 = arith.constant -97 : i8
    %ub = arith.addi %c97, %c1 : i8
    scf.for %i = %lb to %ub step %c1 : i8 {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}
