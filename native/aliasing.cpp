//===- aliasing.cpp - may two memrefs address the same memory? ------------===//

#include "aliasing.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace skew {

namespace {

constexpr llvm::StringLiteral kNoAlias = "llvm.noalias";

// The function whose entry block `value` is an argument of, or null.
FunctionOpInterface argumentOf(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return nullptr;
  return dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

bool declaredNoAlias(Value value) {
  FunctionOpInterface function = argumentOf(value);
  return function &&
         function.getArgAttr(cast<BlockArgument>(value).getArgNumber(),
                             kNoAlias);
}

} // namespace

MemoryAliasing::Origin MemoryAliasing::origin(Value value) const {
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *owner = result.getOwner();
    if (llvm::is_contained(slotOps, owner->getName()))
      return Origin::Slot;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(owner))
      if (effects.getEffectOnValue<MemoryEffects::Allocate>(value))
        return Origin::Allocation;
    return Origin::Opaque;
  }
  return argumentOf(value) ? Origin::Argument : Origin::Opaque;
}

AliasResult MemoryAliasing::aliasImpl(Value lhs, Value rhs) {
  if (lhs == rhs)
    return AliasResult::MustAlias;
  Origin left = origin(lhs), right = origin(rhs);
  // A slot against anything known not to be derived from another slot.
  if ((left == Origin::Slot && right != Origin::Opaque) ||
      (right == Origin::Slot && left != Origin::Opaque))
    return AliasResult::NoAlias;
  if (left == Origin::Argument && right == Origin::Argument &&
      argumentOf(lhs) == argumentOf(rhs) &&
      (declaredNoAlias(lhs) || declaredNoAlias(rhs)))
    return AliasResult::NoAlias;
  return LocalAliasAnalysis::aliasImpl(lhs, rhs);
}

} // namespace skew
