//===- python_pass.h - mlir::Pass subclasses implemented in Python --------===//
//
// A PythonPassSpec describes a pass written in Python: its pipeline argument,
// summary, typed options and the callback that runs it. Registering a spec
// puts a real mlir::Pass in MLIR's global registry, so pipelines, `--help`
// and pass printing treat it like any C++ pass, and MLIR's pass manager runs
// it wherever a pipeline nests it: under `func.func`, once per function on
// MLIR's worker threads (each thread runs a clone of the pass).
//
// Upstream's hook for Python passes, `PassManager.add(callable, op_name=...)`
// of the MLIR 22 bindings (mlir/lib/Bindings/Python/Pass.cpp), cannot do
// that: it adds the pass to the top-level pass manager only (the bindings
// offer no `nest`), so a pass anchored on `func.func` on a `builtin.module`
// manager is a fatal "Can't add pass ... restricted to 'func.func' ... did
// you intend to nest?"; its passes cannot be cloned (the clone callback
// throws), which a pass manager running nested pipelines on several threads
// needs; and they are not in the registry, so a textual pipeline or
// pto-opt's command line cannot name them, nor give them options.
//
// Like the other headers the bindings include, this one uses only MLIR's C
// API types and the standard library: the bindings are compiled as nanobind
// needs (RTTI, exceptions), the MLIR side as MLIR is (neither).
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_PYTHON_PASS_H
#define SKEW_MLIR_PYTHON_PASS_H

#include "mlir-c/IR.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace skew {

enum class OptionKind { Int, Bool, String };

struct OptionSpec {
  std::string name;
  OptionKind kind;
  std::string defaultText; // textual default, as on a pipeline string
  std::string help;
};

using OptionValue = std::variant<int64_t, bool, std::string>;

// Runs the pass on `op` with its options' values (in declaration order).
// Returns success; on failure, a non-empty `error` is reported at `op` as
// the pass's error (an empty one: the runner reported its own diagnostics).
using PassRunner = std::function<bool(
    MlirOperation op, const std::vector<OptionValue> &values,
    std::string &error)>;

// Checks option values beyond their type (a range, a choice) when a
// pipeline sets them. Returns the error message, empty when they are valid.
using OptionChecker =
    std::function<std::string(const std::vector<OptionValue> &values)>;

struct PythonPassSpec {
  std::string argument;
  std::string summary;
  std::string className;
  std::string opName; // anchor operation, empty for op-agnostic passes
  std::vector<OptionSpec> options;
  // Kept, like the registry, for the life of the process; called on the
  // thread that runs the pass.
  PassRunner run;
  OptionChecker check;
};

// Registers `spec` in MLIR's pass registry. Returns an error message, empty
// on success.
std::string registerPythonPass(std::unique_ptr<PythonPassSpec> spec);

} // namespace skew

#endif
