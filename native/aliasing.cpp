//===- aliasing.cpp - may two memrefs address the same memory? ------------===//

#include "aliasing.h"
#include "pto_dialect.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Analysis/AliasAnalysis/LocalAliasAnalysis.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

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

class MemoryAliasing : public LocalAliasAnalysis {
public:
  explicit MemoryAliasing(SmallVector<OperationName> slotOps)
      : slotOps(std::move(slotOps)) {}

  bool mayAlias(Value a, Value b) { return !alias(a, b).isNo(); }

protected:
  AliasResult aliasImpl(Value lhs, Value rhs) override;

private:
  enum class Origin { Slot, Argument, Allocation, Opaque };
  Origin origin(Value value) const;

  SmallVector<OperationName> slotOps;
};

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
  if (pto::inDistinctMemories(lhs.getType(), rhs.getType()))
    return AliasResult::NoAlias;
  if (left == Origin::Argument && right == Origin::Argument &&
      argumentOf(lhs) == argumentOf(rhs) &&
      (declaredNoAlias(lhs) || declaredNoAlias(rhs)))
    return AliasResult::NoAlias;
  return LocalAliasAnalysis::aliasImpl(lhs, rhs);
}

} // namespace

std::optional<std::pair<size_t, size_t>>
firstAlias(const std::vector<MlirValue> &reads,
           const std::vector<MlirValue> &writes,
           const std::vector<std::string> &slotOps) {
  if (reads.empty() || writes.empty())
    return std::nullopt;
  MLIRContext *context = unwrap(reads.front()).getContext();
  SmallVector<OperationName> slotNames;
  for (const std::string &name : slotOps)
    slotNames.emplace_back(name, context);
  MemoryAliasing aliasing(std::move(slotNames));
  for (size_t j = 0; j < writes.size(); ++j)
    for (size_t i = 0; i < reads.size(); ++i)
      if (aliasing.mayAlias(unwrap(reads[i]), unwrap(writes[j])))
        return std::make_pair(i, j);
  return std::nullopt;
}

bool privateMemory(MlirValue mlirValue, const std::vector<std::string> &slotOps) {
  Value value = unwrap(mlirValue);
  // A tile buffer is in a core-local memory wherever it comes from (a fresh
  // buffer or one at a fixed address). A tensor is a value, in no memory the
  // peer could address (an effect on one, a push's read of the tensor it
  // sends, says nothing of global memory).
  if (pto::isCoreLocalTile(value.getType()) || isa<TensorType>(value.getType()))
    return true;
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *owner = result.getOwner();
    if (llvm::is_contained(slotOps, owner->getName().getStringRef().str()))
      return true;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(owner))
      if (effects.getEffectOnValue<MemoryEffects::Allocate>(value))
        return true;
    auto view = dyn_cast<ViewLikeOpInterface>(owner);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

} // namespace skew
