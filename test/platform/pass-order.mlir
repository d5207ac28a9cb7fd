// Pass flags apply in command-line order, each nested as its pass requires.
// RUN: pto-opt %s %demo_plugin --cse --test-tag="count=2" --canonicalize --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: pto-opt %s %demo_plugin --canonicalize --test-tag --cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=REV

// CHECK:      builtin.module(
// CHECK-NEXT:   cse,
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     test-tag{count=2 flag=false label=none mode=tag}
// CHECK-NEXT:   ),
// CHECK-NEXT:   canonicalize
// REV:      builtin.module(
// REV-NEXT:   canonicalize
// REV-NEXT:   func.func(
// REV-NEXT:     test-tag
// REV-NEXT:   ),
// REV-NEXT:   cse
func.func @f() { return }
