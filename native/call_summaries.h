//===- call_summaries.h - what a call reaches -----------------------------===//
//
// A call counts as the FIFO ops its callee holds, directly or through the
// functions it calls in turn; a call whose callee cannot be read (an
// indirect call, an unknown symbol, a declaration, a function outside the op
// a pass runs on, which another thread may be rewriting) hides what it does.
// Callees are found through MLIR's CallOpInterface, by the nearest symbol
// table, as the verifier and the inliner find them.
//
// Only MLIR's C API types and the standard library appear here (see
// python_pass.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_CALL_SUMMARIES_H
#define SKEW_MLIR_CALL_SUMMARIES_H

#include "mlir-c/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace skew {

struct CallSummary {
  std::string callee; // as written ("@f"), empty for an indirect call
  std::optional<std::string> problem; // why what the call does is unknown
  std::vector<std::string> reached;   // the named ops reached, first seen first
  // The callables whose bodies the call runs, directly or through further
  // calls, first seen first.
  std::vector<MlirOperation> functions;
};

// What each of `calls` (CallOpInterface ops, see isCall in ir_queries.h)
// reaches of the ops named `names`, and of the callables, transitively;
// callees are read only inside `scope`. This is the one place callees are
// read: any op implementing CallOpInterface is a call, any other op (one
// that merely carries a `callee` attribute, say) is not.
std::vector<CallSummary> summarizeCalls(MlirOperation scope,
                                        const std::vector<MlirOperation> &calls,
                                        const std::vector<std::string> &names);

} // namespace skew

#endif // SKEW_MLIR_CALL_SUMMARIES_H
