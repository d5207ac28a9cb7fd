// RUN: pto-opt --help %demo_plugin | FileCheck %s
// RUN: pto-opt --version | FileCheck %s --check-prefix=VERSION

// CHECK: Available Dialects: {{.*}}pto
// CHECK-DAG: --pass-pipeline
// CHECK-DAG: --split-input-file
// CHECK-DAG: --verify-diagnostics
// CHECK-DAG: --mlir-print-ir-after-all
// CHECK-DAG: --mlir-timing
// CHECK-DAG: --allow-unregistered-dialect
// CHECK-DAG: -o <filename>
// CHECK-DAG: --canonicalize
// CHECK-DAG: --pto-skew-cross-core
// CHECK-DAG: --fifo-depth=<long>
// CHECK-DAG: --remarks
// CHECK-DAG: --tag-membership
// CHECK-DAG: --test-tag {{.*}}Test pass: tag the operation with its option values
// CHECK-DAG: --count=<long> {{.*}}An integer option
// VERSION: pto-opt (skew-mlir {{[0-9.]+}})
