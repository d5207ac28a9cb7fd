//===- call_summaries.cpp - what a call reaches ---------------------------===//

#include "call_summaries.h"

#include "mlir/Interfaces/CallInterfaces.h"

using namespace mlir;

namespace skew {

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
  CallSummary summary{first.callee, first.problem, {}};
  // Depth-first over the callables reached; each is read once (recursion
  // included).
  llvm::SmallVector<Target> work{first};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!work.empty()) {
    Target target = work.pop_back_val();
    if (!target.callable) {
      if (summary.problem.empty())
        summary.problem = target.problem + " (called through " +
                          summary.callee + ")";
      continue;
    }
    if (!seen.insert(target.callable).second)
      continue;
    const Body &held = body(target.callable);
    summary.reached.insert(held.reached.begin(), held.reached.end());
    work.append(held.calls.rbegin(), held.calls.rend());
  }
  return summary;
}

} // namespace skew
