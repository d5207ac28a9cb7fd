// A pass failure, a Python exception inside a pass, and a missed expectation.
// RUN: pto-opt %s -verify-diagnostics %demo_plugin --test-tag="mode=fail"
// RUN: not pto-opt %s %demo_plugin --test-tag="mode=raise" 2>&1 | FileCheck %s --check-prefix=RAISE
// RUN: not pto-opt %s -verify-diagnostics %demo_plugin --test-tag 2>&1 | FileCheck %s --check-prefix=MISSED

// RAISE: verify-diagnostics-errors.mlir:[[@LINE+5]]:1: error: pass 'test-tag' raised RuntimeError: deliberate failure
// RAISE-NOT: Traceback
// MISSED: error: expected error "test-tag failed on purpose" was not produced

// expected-error @below {{test-tag failed on purpose}}
func.func @f() { return }
