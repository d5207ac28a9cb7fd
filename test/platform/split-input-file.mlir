// Each chunk is processed on its own; outputs are joined by the marker.
// A chunk that fails does not stop the others, and the exit code is 1.
// RUN: not pto-opt %s -split-input-file %demo_plugin --test-tag 2>/dev/null | FileCheck %s
// RUN: not pto-opt %s -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// The joined output and the diagnostics are byte for byte upstream mlir-opt's
// (diagnostics name lines of the original file):
// RUN: not pto-opt %s -split-input-file 2> %t.ours.err > %t.ours
// RUN: not mlir-opt-upstream --irdl-file=%pto_irdl %s -split-input-file 2> %t.upstream.err > %t.upstream
// RUN: diff %t.upstream %t.ours
// RUN: diff %t.upstream.err %t.ours.err
// A marker of two characters or fewer would split at every byte (upstream
// mlir-opt then runs out of memory): an error.
// RUN: not pto-opt %s --split-input-file=XX 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not mlir-opt %s --split-input-file=X 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: for the --split-input-file option: the marker '{{X+}}' must be longer than 2 characters

// CHECK: func.func @first() attributes {test.count = 3 : i64
// CHECK: // -----
// CHECK: func.func @second() attributes {test.count = 3 : i64
// CHECK: // -----
// CHECK: func.func @third()
func.func @first() { return }

// -----

func.func @second() { return }

// -----

// ERR: {{^}}{{.*}}split-input-file.mlir:[[@LINE+1]]:1: error: custom op 'not_an_op' is unknown
not_an_op

// -----

func.func @third() { return }
