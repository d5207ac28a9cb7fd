//===- python_pass.h - mlir::Pass subclasses implemented in Python --------===//
//
// A PythonPassSpec describes a pass written in Python: its pipeline argument,
// summary, typed options and the Python callable that runs it. Registering a
// spec puts a real mlir::Pass in MLIR's global registry, so pipelines,
// `--help` and pass printing treat it like any C++ pass.
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_PYTHON_PASS_H
#define SKEW_MLIR_PYTHON_PASS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string>
#include <vector>

namespace skew {

enum class OptionKind { Int, Bool, String };

struct OptionSpec {
  std::string name;
  OptionKind kind;
  std::string defaultText; // textual default, as on a pipeline string
  std::string help;
};

struct PythonPassSpec {
  std::string argument;
  std::string summary;
  std::string className;
  std::string opName; // anchor operation, empty for op-agnostic passes
  std::vector<OptionSpec> options;
  // runner(operation capsule, {option name: value}) -> bool (true = success).
  // A strong reference, kept for the life of the process like the registry.
  PyObject *runner = nullptr;
};

// Registers `spec` (taking ownership) in MLIR's pass registry. Returns an
// error message, empty on success.
std::string registerPythonPass(PythonPassSpec *spec);

} // namespace skew

#endif
