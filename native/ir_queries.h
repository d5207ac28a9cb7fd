//===- ir_queries.h - the bulk IR questions the passes ask ----------------===//
//
// What the analysis needs for every loop body or function, each answered in
// one C++ walk instead of a binding call per op and operand, and the memory
// effects MLIR's interfaces state, which the bindings do not expose.
//
// Only MLIR's C API types and the standard library appear here (see
// python_pass.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_IR_QUERIES_H
#define SKEW_MLIR_IR_QUERIES_H

#include "mlir-c/IR.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace skew {

// The ops of a block, in order, and per op: its name; where the values it
// uses (its operands and those of the ops nested in it) come from inside the
// block, i >= 0 being op i of the block and -1 - n block argument n (values
// defined outside the block, or inside the op itself, are left out); whether
// it has a tensor or memref result (a buffer, to the allocator); whether it
// is a scalar op (no regions, every result an integer, index or float); and
// whether MLIR knows it (nested ops included) to have no memory effects.
struct BlockFacts {
  std::vector<MlirOperation> ops;
  std::vector<std::string> names;
  std::vector<std::vector<int64_t>> uses;
  std::vector<bool> buffers, scalars, effectFree;
};
BlockFacts blockFacts(MlirBlock block);

// The ops under (and including) `root` whose name is one of `names` (or,
// with `calls`, that are calls: CallOpInterface ops; with `fifo`, that state
// an effect on the cube/vector FIFOs; that carry the attribute named
// `attribute`, when not empty), in post-order, and for
// each the position of its closest collected ancestor (-1: none).
struct CollectedOps {
  std::vector<MlirOperation> ops;
  std::vector<int64_t> ancestors;
};
CollectedOps collectOps(MlirOperation root, const std::vector<std::string> &names,
                        bool calls, bool fifo, const std::string &attribute);

// Whether `op` is a call (a CallOpInterface op).
bool isCall(MlirOperation op);

// The raw storage of an elements attribute: a dense one's elements packed
// in their storage type (one element for a splat), a dense_resource one's
// blob; nothing for another attribute or a resource the file does not
// define. The bindings read neither a bf16 dense attribute nor a resource.
std::optional<std::string> elementsBytes(MlirAttribute attr);

// What `op` is to values carried across regions and calls, as MLIR's
// interfaces say: "branch" (RegionBranchOpInterface: its operands, results
// and region arguments correspond in order), "terminator"
// (RegionBranchTerminatorOpInterface, return-like ops included: its
// operands go to the parent's results or a region's arguments), "call"
// (CallOpInterface), or "" for none of these.
std::string controlFlowKind(MlirOperation op);

// Whether `op` has the SymbolTable trait (a module-like op holding symbols).
bool isSymbolTable(MlirOperation op);

// Whether `other` (outside `op`) may run again after `op` within one run of
// their function: a region holding both repeats (the body of a loop, a
// RegionBranchOpInterface region that may branch back to itself, a region of
// an op of unknown control flow) or has several blocks (a CFG may cycle).
bool mayRunAgainAfter(MlirOperation op, MlirOperation other);

// The memory effects of `op` and its nested ops: (kind, the value affected
// or null, the resource's name), kind being "read", "write", "allocate" or
// "free"; nothing when MLIR cannot establish them.
using MemoryEffect = std::tuple<std::string, MlirValue, std::string>;
std::optional<std::vector<MemoryEffect>> memoryEffects(MlirOperation op);

} // namespace skew

#endif
