//===- ir_queries.cpp - the bulk IR questions the passes ask --------------===//

#include "ir_queries.h"
#include "pto_registration.h"
#include "op_names.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace skew {

BlockFacts blockFacts(MlirBlock mlirBlock) {
  Block *block = unwrap(mlirBlock);
  llvm::DenseMap<Operation *, int64_t> index;
  for (Operation &op : *block)
    index.try_emplace(&op, static_cast<int64_t>(index.size()));
  BlockFacts facts;
  for (Operation &op : *block) {
    llvm::SmallSetVector<int64_t, 8> sources;
    op.walk([&](Operation *nested) {
      for (Value value : nested->getOperands()) {
        if (auto arg = dyn_cast<BlockArgument>(value)) {
          if (arg.getOwner() == block)
            sources.insert(-1 - static_cast<int64_t>(arg.getArgNumber()));
        } else if (Operation *definer = value.getDefiningOp();
                   definer->getBlock() == block) {
          sources.insert(index.lookup(definer));
        }
      }
    });
    facts.ops.push_back(wrap(&op));
    facts.names.push_back(op.getName().getStringRef().str());
    facts.uses.emplace_back(sources.begin(), sources.end());
    facts.buffers.push_back(llvm::any_of(op.getResultTypes(), [](Type type) {
      return isa<TensorType, BaseMemRefType>(type);
    }));
    facts.scalars.push_back(
        op.getNumRegions() == 0 &&
        llvm::all_of(op.getResultTypes(), [](Type type) {
          return isa<IndexType, IntegerType, FloatType>(type);
        }));
    facts.effectFree.push_back(isMemoryEffectFree(&op));
  }
  return facts;
}

CollectedOps collectOps(MlirOperation mlirRoot,
                        const std::vector<std::string> &names, bool calls,
                        bool fifo, const std::string &attribute) {
  Operation *root = unwrap(mlirRoot);
  llvm::SmallPtrSet<const void *, 8> keys =
      opNameKeys(names, root->getContext());
  StringAttr marker;
  if (!attribute.empty())
    marker = StringAttr::get(root->getContext(), attribute);
  std::vector<Operation *> found;
  root->walk([&](Operation *op) {
    if (keys.contains(op->getName().getAsOpaquePointer()) ||
        (calls && isa<CallOpInterface>(op)) ||
        (fifo && touchesFifo(wrap(op))) ||
        (marker && op->hasAttr(marker)))
      found.push_back(op);
  });
  llvm::DenseMap<Operation *, int64_t> position;
  for (size_t i = 0; i < found.size(); ++i)
    position.try_emplace(found[i], static_cast<int64_t>(i));
  CollectedOps collected;
  for (Operation *op : found) {
    int64_t ancestor = -1;
    for (Operation *up = op; up != root && ancestor < 0;) {
      up = up->getParentOp();
      ancestor = position.lookup_or(up, -1);
    }
    collected.ops.push_back(wrap(op));
    collected.ancestors.push_back(ancestor);
  }
  return collected;
}

bool isCall(MlirOperation op) { return isa<CallOpInterface>(unwrap(op)); }

std::optional<std::string> elementsBytes(MlirAttribute attr) {
  ArrayRef<char> data;
  if (auto dense = dyn_cast<DenseElementsAttr>(unwrap(attr))) {
    data = dense.getRawData();
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(unwrap(attr))) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    data = blob->getData();
  } else {
    return std::nullopt;
  }
  return std::string(data.data(), data.size());
}

std::string controlFlowKind(MlirOperation op) {
  Operation *operation = unwrap(op);
  if (isa<RegionBranchOpInterface>(operation))
    return "branch";
  if (isa<RegionBranchTerminatorOpInterface>(operation))
    return "terminator";
  if (isa<CallOpInterface>(operation))
    return "call";
  return "";
}

bool isSymbolTable(MlirOperation op) {
  return unwrap(op)->hasTrait<OpTrait::SymbolTable>();
}

bool mayRunAgainAfter(MlirOperation op, MlirOperation other) {
  Operation *inner = unwrap(op), *outer = unwrap(other);
  for (Region *region = inner->getParentRegion(); region;
       region = region->getParentRegion()) {
    if (!region->isAncestor(outer->getParentRegion()))
      continue;
    if (!region->hasOneBlock())
      return true;
    Operation *holder = region->getParentOp();
    if (holder->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
    auto branch = dyn_cast<RegionBranchOpInterface>(holder);
    if (!branch || branch.isRepetitiveRegion(region->getRegionNumber()))
      return true;
  }
  return false;
}

std::optional<std::vector<MemoryEffect>> memoryEffects(MlirOperation op) {
  std::optional<llvm::SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(unwrap(op));
  if (!effects)
    return std::nullopt;
  std::vector<MemoryEffect> result;
  for (const MemoryEffects::EffectInstance &effect : *effects) {
    MemoryEffects::Effect *kind = effect.getEffect();
    const char *name = isa<MemoryEffects::Read>(kind)       ? "read"
                       : isa<MemoryEffects::Write>(kind)    ? "write"
                       : isa<MemoryEffects::Allocate>(kind) ? "allocate"
                                                            : "free";
    result.emplace_back(name, wrap(effect.getValue()),
                        effect.getResource()->getName().str());
  }
  return result;
}

} // namespace skew
