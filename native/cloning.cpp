//===- cloning.cpp - IRMapping-based cloning of a loop body, once per copy ===//

#include "cloning.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace skew {
namespace {

bool definesBuffer(Operation *op) {
  return llvm::any_of(op->getResultTypes(), [](Type type) {
    return isa<TensorType, BaseMemRefType>(type);
  });
}

// `tag`, after `old`'s value and ';' when there is one.
StringAttr extended(MLIRContext *context, StringAttr old,
                    const std::string &tag) {
  return StringAttr::get(context, old ? old.getValue() + ";" + tag : tag);
}

CloneResult runJob(const CloneJob &job, Location location) {
  MLIRContext *context = location.getContext();
  const Cloner &cloner = job.cloner;
  SmallVector<Operation *> originals = llvm::to_vector(
      llvm::map_range(cloner.ops, [](MlirOperation op) { return unwrap(op); }));
  StringAttr tagName;
  // Per tagged op, its position and its own tag value (the copies extend it).
  SmallVector<std::pair<size_t, StringAttr>> tagged;
  if (cloner.tagName) {
    tagName = StringAttr::get(context, *cloner.tagName);
    for (size_t index : cloner.tagged)
      tagged.emplace_back(index,
                          originals[index]->getAttrOfType<StringAttr>(tagName));
  }
  llvm::StringSet<> untagged;
  for (const std::string &name : cloner.untagged)
    untagged.insert(name);
  OpBuilder builder(context);
  if (mlirOperationIsNull(job.before))
    builder.setInsertionPointToEnd(unwrap(job.block));
  else
    builder.setInsertionPoint(unwrap(job.before));

  CloneResult result;
  auto unwrapped = [](const std::vector<MlirValue> &values) {
    return llvm::to_vector(
        llvm::map_range(values, [](MlirValue v) { return unwrap(v); }));
  };
  SmallVector<Value> iterArgs, yielded, carried;
  if (job.carry) {
    iterArgs = unwrapped(job.carry->iterArgs);
    yielded = unwrapped(job.carry->yielded);
    carried = unwrapped(job.carry->init);
  }
  for (const CloneSpec &copy : job.copies) {
    IRMapping mapping;
    mapping.map(iterArgs, carried);
    for (const auto &[from, to] : copy.mapping)
      mapping.map(unwrap(from), unwrap(to));
    for (const ComputedOp &computed : copy.computed) {
      OperationState state(location, computed.name);
      state.addOperands(unwrapped(computed.operands));
      state.addTypes(unwrap(computed.operands.front()).getType());
      Operation *op = builder.create(state);
      mapping.map(unwrap(computed.value), op->getResult(0));
      result.built.push_back(wrap(op));
    }
    SmallVector<Operation *> clones;
    for (Operation *original : originals) {
      clones.push_back(builder.insert(original->clone(mapping)));
      result.built.push_back(wrap(clones.back()));
    }
    if (copy.tag) {
      // Tagged ops mostly share their own value (none): one attribute each.
      llvm::DenseMap<StringAttr, StringAttr> tags;
      for (const auto &[index, old] : tagged) {
        StringAttr &tag = tags[old];
        if (!tag)
          tag = extended(context, old, *copy.tag);
        clones[index]->setAttr(tagName, tag);
      }
      for (Operation *clone : clones)
        clone->walk([&](Operation *nested) {
          if (nested == clone ||
              untagged.contains(nested->getName().getStringRef()) ||
              !definesBuffer(nested))
            return;
          nested->setAttr(tagName,
                          extended(context,
                                   nested->getAttrOfType<StringAttr>(tagName),
                                   *copy.tag));
        });
    }
    if (job.carry)
      carried = llvm::to_vector(llvm::map_range(
          yielded, [&](Value v) { return mapping.lookupOrDefault(v); }));
  }
  for (Value value : carried)
    result.carried.push_back(wrap(value));
  return result;
}

} // namespace

std::vector<CloneResult> cloneOps(MlirLocation location,
                                  const std::vector<CloneJob> &jobs) {
  std::vector<CloneResult> results;
  for (const CloneJob &job : jobs)
    results.push_back(runJob(job, unwrap(location)));
  return results;
}

} // namespace skew
