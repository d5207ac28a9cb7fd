// Unknown dialects are an error unless --allow-unregistered-dialect.
// RUN: pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: not pto-opt %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: "foo.bar"() : () -> ()
// ERR: unregistered-dialect.mlir:[[@LINE+2]]:{{[0-9]+}}: error: operation being parsed with an unregistered dialect
func.func @f() {
  "foo.bar"() : () -> ()
  return
}
