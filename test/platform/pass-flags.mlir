// A Python pass from a plugin gets its own flag; flags apply in order, nested
// under func.func through the implicit nesting of pto-opt.
// RUN: pto-opt %s %demo_plugin --test-tag="count=7 flag=true label=hi" | FileCheck %s
// RUN: pto-opt %s %demo_plugin --pass-pipeline='builtin.module(func.func(test-tag{count=7 flag=true label=hi}))' | FileCheck %s
// RUN: pto-opt %s %demo_plugin -p 'builtin.module(func.func(test-tag{count=7 flag=true label=hi}))' | FileCheck %s
// Defaults:
// RUN: pto-opt %s %demo_plugin --pass-pipeline='builtin.module(func.func(test-tag))' | FileCheck %s --check-prefix=DEFAULT

// CHECK-LABEL: func.func @a()
// CHECK-SAME: test.count = 7 : i64, test.flag = true, test.label = "hi"
// CHECK-LABEL: func.func @b()
// CHECK-SAME: test.count = 7 : i64
// DEFAULT: test.count = 3 : i64, test.flag = false, test.label = "none"
func.func @a() { return }
func.func @b() { return }
