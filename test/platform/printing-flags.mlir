// Upstream printing flags: generic form, debug info, IR after each pass.
// RUN: pto-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: pto-opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: pto-opt %s %demo_plugin --test-tag --cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: pto-opt %s --cse --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING

// GENERIC: "func.func"() <{function_type = () -> (), sym_name = "f"}>
// DEBUG: loc("{{.*}}printing-flags.mlir":[[@LINE+5]]:1)
// AFTER: // -----// IR Dump After TagFunctions (test-tag) //----- //
// AFTER: // -----// IR Dump After CSE (cse) //----- //
// TIMING: Execution time report
// TIMING: CSE
func.func @f() { return }
