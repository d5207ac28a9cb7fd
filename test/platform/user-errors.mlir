// User errors: located diagnostics, exit code 1, never a Python traceback.
// RUN: not pto-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not pto-opt %s %demo_plugin --test-tag="nope=1" 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not pto-opt %s %demo_plugin --test-tag="count=abc" 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not pto-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not pto-opt %s --load-python-plugin=%s.missing.py 2>&1 | FileCheck %s --check-prefix=PLUGIN

// FLAG: Unknown command line argument '--no-such-flag'
// OPTION: no such option nope
// VALUE: for the --count option: 'abc' value invalid for long argument
// VALUE-NOT: Traceback
// PIPELINE: 'no-such-pass' does not refer to a registered pass or pass pipeline
// PLUGIN: pto-opt: error: cannot load plugin
// PLUGIN-NOT: Traceback
func.func @f(%t: tensor<4xf32>) {
  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
  return
}
