// Each chunk is processed on its own; outputs are joined by the marker.
// A chunk that fails does not stop the others, and the exit code is 1.
// RUN: not pto-opt %s -split-input-file %demo_plugin --test-tag 2>/dev/null | FileCheck %s
// RUN: not pto-opt %s -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// The joined output is byte for byte upstream mlir-opt's:
// RUN: not pto-opt %s -split-input-file 2>/dev/null > %t.ours
// RUN: not mlir-opt --irdl-file=%pto_irdl %s -split-input-file 2>/dev/null > %t.upstream
// RUN: diff %t.upstream %t.ours

// CHECK: func.func @first() attributes {test.count = 3 : i64
// CHECK: // -----
// CHECK: func.func @second() attributes {test.count = 3 : i64
// CHECK: // -----
// CHECK: func.func @third()
func.func @first() { return }

// -----

func.func @second() { return }

// -----

// ERR: within split at {{.*}}split-input-file.mlir:{{[0-9]+}} offset :{{[0-9]+}}:1: error: custom op 'not_an_op' is unknown
not_an_op

// -----

func.func @third() { return }
