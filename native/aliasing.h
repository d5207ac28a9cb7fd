//===- aliasing.h - may two memrefs address the same memory? --------------===//
//
// The hazard check of pto-skew-cross-core asks whether memory the producer
// half reads may be memory the consumer half writes. The answer must be
// conservative: two values may alias unless provably distinct. MLIR's
// LocalAliasAnalysis finds the underlying values (through views, region
// branches such as scf.if results and loop iter_args, and branches) and
// proves distinct two allocations, or an allocation and a value from outside
// its scope; MemoryAliasing adds what it cannot know:
//  - a FIFO pop's tile is a slot of the pipe, which no allocation, function
//    argument or other pop addresses while the tile is in use (a slot is not
//    handed out again before it is freed);
//  - a function argument marked `llvm.noalias` addresses no memory that
//    another argument of the function addresses.
// Anything else the analysis cannot see through (arith.select, calls, loads,
// globals) may alias anything.
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_ALIASING_H
#define SKEW_MLIR_ALIASING_H

#include "mlir/Analysis/AliasAnalysis/LocalAliasAnalysis.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/SmallVector.h"

namespace skew {

class MemoryAliasing : public mlir::LocalAliasAnalysis {
public:
  /// `slotOps`: the ops whose results are FIFO slots (the pops).
  explicit MemoryAliasing(llvm::SmallVector<mlir::OperationName> slotOps)
      : slotOps(std::move(slotOps)) {}

  bool mayAlias(mlir::Value a, mlir::Value b) {
    return !alias(a, b).isNo();
  }

protected:
  mlir::AliasResult aliasImpl(mlir::Value lhs, mlir::Value rhs) override;

private:
  enum class Origin { Slot, Argument, Allocation, Opaque };
  Origin origin(mlir::Value value) const;

  llvm::SmallVector<mlir::OperationName> slotOps;
};

} // namespace skew

#endif // SKEW_MLIR_ALIASING_H
