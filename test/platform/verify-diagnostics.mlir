// Diagnostics of Python passes are real MLIR diagnostics: -verify-diagnostics
// matches them like those of any C++ pass.
// RUN: pto-opt %s -split-input-file -verify-diagnostics %demo_plugin --test-tag="mode=remark count=5 label=x"

// expected-remark @below {{count is 5}}
// expected-warning @below {{label is x}}
func.func @f() { return }

// -----

// expected-remark @below {{count is 5}}
// expected-warning @below {{label is x}}
func.func @g() { return }
