// A fifo-depth below the pipes' real slot count (here 1 of 3): the pair
// deadlocks as written at the count the pass assumes from trip 1 on (the
// cube holds two popped slots of V2C), so no message or free of a rewrite
// can be checked against it there, while with the real slots it runs. The
// pair proof skews nothing (once a co-skew at depth 5 freed other slots
// than the input at 3 slots); the peer-blind rule decides, naming the trip.
// (The cube frees in the operand-less form: a free naming its first pop's
// tile would be cut into a later stage, which demotes first:
// coskew-tfree.mlir.)
// RUN: pto-opt %s --pto-skew-cross-core="fifo-depth=1 remarks=true" -o %t 2>&1 | FileCheck %s
// RUN: pto-opt %t --pto-verify-fifo -o /dev/null
// RUN: pto-sim check %s --arg 0=12 --pass-pipeline="builtin.module(pto-skew-cross-core{fifo-depth=1})" | FileCheck %s --check-prefix=SIM
// CHECK: understated-slots.mlir:20:5: remark: not skewed: consumer role {{.*}}: the pair deadlocks as written at trip 1
// CHECK: understated-slots.mlir:32:5: remark: demoted: multi-round-trip: {{.*}}: the pair deadlocks as written at trip 1
// SIM: PASS
module attributes {pto.fifo_depth = 3 : i64} {
  func.func @cube(%n: index, %w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tfree_from_aiv"() : () -> ()
      "pto.tfree_from_aiv"() : () -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector(%n: index, %w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      "pto.tfree_from_aic"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 6 : i64}
    return
  }
}
