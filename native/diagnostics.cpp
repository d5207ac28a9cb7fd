//===- diagnostics.cpp - diagnostics of any severity, and pass-run capture ===//

#include "diagnostics.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <mutex>

using namespace mlir;

namespace skew {

void emitDiagnostic(MlirLocation location, Severity severity,
                    const std::string &message, const std::vector<Note> &notes) {
  DiagnosticSeverity level = severity == Severity::Error ? DiagnosticSeverity::Error
                             : severity == Severity::Warning
                                 ? DiagnosticSeverity::Warning
                                 : DiagnosticSeverity::Remark;
  Location loc = unwrap(location);
  InFlightDiagnostic diag = loc.getContext()->getDiagEngine().emit(loc, level);
  diag << message;
  for (const auto &[noteLoc, text] : notes)
    diag.attachNote(unwrap(noteLoc)) << text;
}

struct DiagnosticCapture::State {
  MLIRContext *context;
  std::mutex mutex; // worker threads report concurrently
  std::vector<CapturedError> errors;
  std::vector<Diagnostic> heldBack;
  std::optional<ScopedDiagnosticHandler> handler;
};

DiagnosticCapture::DiagnosticCapture(MlirContext context)
    : state(std::make_unique<State>()) {
  State &s = *state;
  s.context = unwrap(context);
  s.handler.emplace(s.context, [&s](Diagnostic &diag) {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (diag.getSeverity() != DiagnosticSeverity::Error) {
      s.heldBack.push_back(std::move(diag));
      return success();
    }
    CapturedError captured{wrap(diag.getLocation()), diag.str(), {}};
    for (Diagnostic &note : diag.getNotes())
      captured.notes.emplace_back(wrap(note.getLocation()), note.str());
    s.errors.push_back(std::move(captured));
    return success();
  });
}

DiagnosticCapture::~DiagnosticCapture() { finish(); }

std::vector<CapturedError> DiagnosticCapture::finish() {
  if (!state->handler)
    return {};
  state->handler.reset();
  for (Diagnostic &diag : state->heldBack)
    state->context->getDiagEngine().emit(std::move(diag));
  state->heldBack.clear();
  return std::move(state->errors);
}

} // namespace skew
