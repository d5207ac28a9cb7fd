//===- diagnostics.h - diagnostics of any severity, and pass-run capture --===//
//
// The bindings emit only errors without notes, and their pass-manager run
// holds the GIL and reports errors only. Here: emitting an error, warning or
// remark with notes, and capturing what a pass-manager run reports.
//
// Only MLIR's C API types and the standard library appear here (see
// python_pass.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_DIAGNOSTICS_H
#define SKEW_MLIR_DIAGNOSTICS_H

#include "mlir-c/IR.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace skew {

enum class Severity { Error, Warning, Remark };

using Note = std::pair<MlirLocation, std::string>;

void emitDiagnostic(MlirLocation location, Severity severity,
                    const std::string &message, const std::vector<Note> &notes);

// An error diagnostic, as the bindings' `ir.DiagnosticInfo` holds one.
struct CapturedError {
  MlirLocation location;
  std::string message;
  std::vector<Note> notes;
};

// While it lives, the errors reported in `context` are captured, as the
// bindings' own `PassManager.run` captures them, and every other diagnostic
// is held back; `finish` re-emits those (and ends the capture). A pass
// manager run with the GIL released may report from MLIR's worker threads
// (it re-emits their diagnostics on its own thread), where a Python handler
// attached to the context must not be called: `finish` is called with the
// GIL held again.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MlirContext context);
  ~DiagnosticCapture();
  // The captured errors, in order.
  std::vector<CapturedError> finish();

private:
  struct State;
  std::unique_ptr<State> state;
};

} // namespace skew

#endif
