//===- call_summaries.h - what a call reaches -----------------------------===//
//
// A call counts as the FIFO ops its callee holds, directly or through the
// functions it calls in turn; a call whose callee cannot be read (an
// indirect call, an unknown symbol, a declaration, a function outside the op
// a pass runs on, which another thread may be rewriting) hides what it does.
// Callees are found through MLIR's CallOpInterface, by the nearest symbol
// table, as the verifier and the inliner find them.
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_CALL_SUMMARIES_H
#define SKEW_MLIR_CALL_SUMMARIES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>

namespace skew {

struct CallSummary {
  std::string callee;  // as written ("@f"), empty for an indirect call
  std::string problem; // why what the call does is unknown; empty if known
  llvm::SmallSetVector<mlir::OperationName, 4> reached; // named ops reached
};

class CallSummaries {
public:
  /// Calls are read only inside `scope`; `names` are the ops to report.
  CallSummaries(mlir::Operation *scope,
                llvm::SmallPtrSet<const void *, 8> names)
      : scope(scope), names(std::move(names)) {}

  /// What `call` (a CallOpInterface op) reaches, transitively.
  CallSummary summarize(mlir::Operation *call);

private:
  // The callee of one call: the callable op, or why there is none.
  struct Target {
    mlir::Operation *callable = nullptr;
    std::string callee, problem;
  };
  // What one callable holds itself: the named ops and its calls' targets.
  struct Body {
    llvm::SmallSetVector<mlir::OperationName, 4> reached;
    llvm::SmallVector<Target> calls;
  };

  Target resolve(mlir::Operation *call);
  const Body &body(mlir::Operation *callable);

  mlir::Operation *scope;
  llvm::SmallPtrSet<const void *, 8> names;
  mlir::SymbolTableCollection symbolTables;
  llvm::DenseMap<mlir::Operation *, Body> bodies;
};

} // namespace skew

#endif // SKEW_MLIR_CALL_SUMMARIES_H
