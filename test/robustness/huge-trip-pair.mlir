// A 10^12-trip cube/vector pair: the pass and pto-verify-fifo work from the
// constants; the simulator, which executes every op, refuses the loop up
// front with a located error instead of running for days.
// RUN: pto-opt %s --pto-skew-cross-core --pto-verify-fifo="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=VERIFY --implicit-check-not=Traceback
// RUN: not pto-sim run %s 2>&1 | FileCheck %s --check-prefix=SIM --implicit-check-not=Traceback --implicit-check-not=cycles
// RUN: not pto-sim check %s 2>&1 | FileCheck %s --check-prefix=CHECK --implicit-check-not=Traceback
// RUN: not pto-sim run %s --pass-pipeline='builtin.module(func.func(pto-skew-cross-core))' 2>&1 | FileCheck %s --check-prefix=SKEWED --implicit-check-not=Traceback

// With the step limit lifted, the bound on the messages kept for the trace
// comparison stops it.
// RUN: not pto-sim run %s --max-steps=100000000000000 --max-pipe-mib=1 2>&1 | FileCheck %s --check-prefix=MEMORY --implicit-check-not=Traceback
// MEMORY: pto-sim: error: 'pto.tpush_to_aiv' at {{.*}}huge-trip-pair.mlir:[[@LINE+15]]:7: the messages pushed so far (C2V 316, V2C 315) need about 1 MiB, over the limit of 1 MiB kept for the trace comparison (raise it with --max-pipe-mib)

// VERIFY: huge-trip-pair.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: FIFO verified for @cube / @vector at 4 slot(s) per pipe: C2V 1000000000000 messages, peak 4 of 4 slots held; V2C 1000000000000 messages
// SIM: pto-sim: error: 'scf.for' at {{.*}}huge-trip-pair.mlir:[[@LINE+11]]:5: 1000000000000 iterations of 3 ops exceed the step limit of 5000000 (raise it with --max-steps)
// CHECK: FAIL: before the pipeline: 'scf.for' at {{.*}}huge-trip-pair.mlir:[[@LINE+10]]:5: 1000000000000 iterations of 3 ops exceed the step limit
// After the pass under func.func: the cube's loop, demoted (its peer is not
// visible and it pushes more messages than its slots hold), stops first.
// SKEWED: pto-sim: error: 'scf.for' at {{.*}}huge-trip-pair.mlir:[[@LINE+7]]:5: 1000000000000 iterations of 3 ops exceed the step limit of 5000000

module {
  func.func @cube(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1000000000000 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 3 : i64}
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1000000000000 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%t) : (tensor<16xf32>) -> ()
    } {pto.pipeline_stages = 3 : i64}
    return
  }
}
