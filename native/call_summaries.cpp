//===- call_summaries.cpp - what a call reaches ---------------------------===//

#include "call_summaries.h"
#include "op_names.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace skew {
namespace {

class CallSummaries {
public:
  /// Calls are read only inside `scope`; `names` are the ops to report.
  CallSummaries(Operation *scope, llvm::SmallPtrSet<const void *, 8> names)
      : scope(scope), names(std::move(names)) {}

  /// What `call` (a CallOpInterface op) reaches, transitively.
  CallSummary summarize(Operation *call);

private:
  // The callee of one call: the callable op, or why there is none.
  struct Target {
    Operation *callable = nullptr;
    std::string callee, problem;
  };
  // What one callable holds itself: the named ops and its calls' targets.
  struct Body {
    llvm::SmallSetVector<OperationName, 4> reached;
    SmallVector<Target> calls;
  };

  Target resolve(Operation *call);
  const Body &body(Operation *callable);

  Operation *scope;
  llvm::SmallPtrSet<const void *, 8> names;
  SymbolTableCollection symbolTables;
  llvm::DenseMap<Operation *, Body> bodies;
};

CallSummaries::Target CallSummaries::resolve(Operation *op) {
  Target target;
  auto call = cast<CallOpInterface>(op);
  CallInterfaceCallable callee = call.getCallableForCallee();
  auto symbol = dyn_cast<SymbolRefAttr>(callee);
  if (!symbol) {
    target.problem = "an indirect call ('" +
                     op->getName().getStringRef().str() + "')";
    return target;
  }
  llvm::raw_string_ostream(target.callee) << symbol;
  Operation *callable = call.resolveCallableInTable(&symbolTables);
  auto interface = dyn_cast_or_null<CallableOpInterface>(callable);
  if (!interface)
    target.problem = target.callee + " is not a function the pass can find";
  else if (callable != scope && !scope->isProperAncestor(callable))
    target.problem = target.callee + " is outside the op the pass runs on "
                                     "(run it on the module)";
  else if (!interface.getCallableRegion() ||
           interface.getCallableRegion()->empty())
    target.problem = target.callee + " is a declaration";
  else
    target.callable = callable;
  return target;
}

const CallSummaries::Body &CallSummaries::body(Operation *callable) {
  auto found = bodies.find(callable);
  if (found != bodies.end())
    return found->second;
  Body result;
  cast<CallableOpInterface>(callable).getCallableRegion()->walk(
      [&](Operation *op) {
        if (names.contains(op->getName().getAsOpaquePointer()))
          result.reached.insert(op->getName());
        if (isa<CallOpInterface>(op))
          result.calls.push_back(resolve(op));
      });
  return bodies[callable] = std::move(result);
}

CallSummary CallSummaries::summarize(Operation *call) {
  Target first = resolve(call);
  CallSummary summary{first.callee, std::nullopt, {}};
  if (!first.problem.empty())
    summary.problem = first.problem;
  llvm::SmallSetVector<OperationName, 4> reached;
  // Depth-first over the callables reached; each is read once (recursion
  // included).
  SmallVector<Target> work{first};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!work.empty()) {
    Target target = work.pop_back_val();
    if (!target.callable) {
      if (!summary.problem)
        summary.problem = target.problem + " (called through " +
                          summary.callee + ")";
      continue;
    }
    if (!seen.insert(target.callable).second)
      continue;
    summary.functions.push_back(wrap(target.callable));
    const Body &held = body(target.callable);
    reached.insert(held.reached.begin(), held.reached.end());
    work.append(held.calls.rbegin(), held.calls.rend());
  }
  for (OperationName name : reached)
    summary.reached.push_back(name.getStringRef().str());
  return summary;
}

} // namespace

std::vector<CallSummary> summarizeCalls(MlirOperation scope,
                                        const std::vector<MlirOperation> &calls,
                                        const std::vector<std::string> &names) {
  Operation *scopeOp = unwrap(scope);
  CallSummaries summaries(scopeOp, opNameKeys(names, scopeOp->getContext()));
  std::vector<CallSummary> result;
  for (MlirOperation call : calls)
    result.push_back(summaries.summarize(unwrap(call)));
  return result;
}

} // namespace skew
