// Upstream mlir-opt's pass-manager and output flags: pass statistics (both
// displays), the list of registered passes, bytecode output (read back), and
// a crash reproducer for a failing pipeline (whole and local), run again.
// RUN: pto-opt %s --cse --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: pto-opt %s --cse --canonicalize --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: pto-opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: pto-opt %s --emit-bytecode -o %t.mlirbc
// RUN: pto-opt %t.mlirbc | FileCheck %s --check-prefix=BYTECODE
// RUN: not pto-opt %s --emit-bytecode --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not pto-opt %s --pto-skew-cross-core --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// RUN: not pto-opt %s --pto-skew-cross-core --mlir-pass-pipeline-crash-reproducer=%t.local.mlir --mlir-pass-pipeline-local-reproducer -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: FileCheck %s --check-prefix=REPRO < %t.local.mlir
// The reproducer runs its own pipeline; printed, it keeps its resource.
// RUN: not pto-opt %t.repro.mlir --run-reproducer -o /dev/null 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: pto-opt %t.repro.mlir | FileCheck %s --check-prefix=REPRO
// RUN: pto-opt %t.repro.mlir --emit-bytecode | pto-opt | FileCheck %s --check-prefix=REPRO

// STATS: Pass statistics report
// STATS: CSE
// STATS: num-cse'd - Number of operations CSE'd

// LIST: Passes:
// LIST: --pto-skew-cross-core
// LIST: --pto-verify-fifo

// BYTECODE: func.func @f
// BYTECODE: pto.pipeline_stages = 0 : i64

// SPLIT: --emit-bytecode cannot be combined with --split-input-file

// FAILED: error: 'pto.pipeline_stages' must be an integer >= 1, got 0 : i64
// FAILED: reproducer generated at `{{.*}}`

// AGAIN: repro.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'pto.pipeline_stages' must be an integer >= 1, got 0 : i64

// REPRO: func.func @f
// REPRO: mlir_reproducer
// REPRO: pipeline: "builtin.module(pto-skew-cross-core{

func.func @f(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 0 : i64}
  return
}
