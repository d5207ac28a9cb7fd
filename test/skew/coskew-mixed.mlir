// A pair holding a co-skewed C->V->C pair of loops and, after them, an
// exchange (both kernels push first) the pass skews on its own: its requested
// depth deadlocks, so the pair's no-search depth choice proves its fallbacks
// with the co-skews in the model (pairing.py keeps them in every fallback);
// the output verifies and checks bit for bit.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: coskew-mixed.mlir:{{[0-9]+}}:10: remark: co-skewed with @mixed_vector's loop at {{.*}}: 2 stages, depth 2 (requested 2, trip 64, slots 4)
// REMARK: coskew-mixed.mlir:{{[0-9]+}}:11: remark: skewed: depth 2 (requested 32, trip 64, slots 4; depth 4 deadlocks against @mixed_vector: both kernels push first and block on full pipes (C2V 4 of 4, V2C 4 of 4 slots held))
// REMARK: coskew-mixed.mlir:{{[0-9]+}}:10: remark: co-skewed with @mixed_cube's loop at {{.*}}: 2 stages, depth 2 (requested 2, trip 64, slots 4)
// REMARK: coskew-mixed.mlir:{{[0-9]+}}:11: remark: skewed: depth 2 (requested 32, trip 64, slots 4; depth 4 deadlocks against @mixed_cube
// RUN: pto-opt %s --pto-skew-cross-core | pto-opt --pto-verify-fifo | FileCheck %s --check-prefix=IR
// IR: scf.for
// RUN: pto-sim check %s | FileCheck %s --check-prefix=SIM
// SIM: PASS: 2 outputs and messages (C2V 192, V2C 128) bitwise identical (C2V reordered
module attributes {pto.fifo_depth = 4 : i64} {
  func.func @mixed_cube(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 64 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %i1 = arith.index_cast %i : index to i32
      %f1 = arith.sitofp %i1 : i32 to f32
      %s1 = tensor.splat %f1 : tensor<4xf32>
      %t1 = arith.addf %x0, %s1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t1) : (tensor<4xf32>) -> ()
      %p2 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %t2 = arith.mulf %p2, %t1 : tensor<4xf32>
      %i3 = arith.index_cast %i : index to i32
      %f3 = arith.sitofp %i3 : i32 to f32
      %s3 = tensor.splat %f3 : tensor<4xf32>
      %t3 = arith.addf %t2, %s3 : tensor<4xf32>
      "pto.tpush_to_aiv"(%t3) : (tensor<4xf32>) -> ()
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %r2 = scf.for %j = %c0 to %ub step %c1_step iter_args(%b = %r) -> (tensor<4xf32>) {
      %j1 = arith.index_cast %j : index to i32
      %g1 = arith.sitofp %j1 : i32 to f32
      %h1 = tensor.splat %g1 : tensor<4xf32>
      %u1 = arith.addf %x0, %h1 : tensor<4xf32>
      "pto.tpush_to_aiv"(%u1) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %b_next = arith.addf %b, %q : tensor<4xf32>
      scf.yield %b_next : tensor<4xf32>
    } {pto.pipeline_stages = 33 : i64}
    return %r2 : tensor<4xf32>
  }
  func.func @mixed_vector(%x0: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1_step = arith.constant 1 : index
    %ub = arith.constant 64 : index
    %cst = arith.constant dense<1.5> : tensor<4xf32>
    %r = scf.for %i = %c0 to %ub step %c1_step iter_args(%acc = %x0) -> (tensor<4xf32>) {
      %p1 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t1 = arith.mulf %p1, %x0 : tensor<4xf32>
      %i2 = arith.index_cast %i : index to i32
      %f2 = arith.sitofp %i2 : i32 to f32
      %s2 = tensor.splat %f2 : tensor<4xf32>
      %t2 = arith.addf %t1, %s2 : tensor<4xf32>
      "pto.tpush_to_aic"(%t2) : (tensor<4xf32>) -> ()
      %p3 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %t3 = arith.mulf %p3, %t2 : tensor<4xf32>
      %acc_next = arith.addf %acc, %t3 : tensor<4xf32>
      scf.yield %acc_next : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    %r2 = scf.for %j = %c0 to %ub step %c1_step iter_args(%b = %r) -> (tensor<4xf32>) {
      %jv = arith.index_cast %j : index to i32
      %gv = arith.sitofp %jv : i32 to f32
      %w = tensor.splat %gv : tensor<4xf32>
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %b_next = arith.addf %b, %q : tensor<4xf32>
      scf.yield %b_next : tensor<4xf32>
    } {pto.pipeline_stages = 33 : i64}
    return %r2 : tensor<4xf32>
  }
}