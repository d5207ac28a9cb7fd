//===- aliasing.h - may two memrefs address the same memory? --------------===//
//
// The hazard check of pto-skew-cross-core asks whether memory the producer
// half reads may be memory the consumer half writes. The answer must be
// conservative: two values may alias unless provably distinct. MLIR's
// LocalAliasAnalysis finds the underlying values (through views, region
// branches such as scf.if results and loop iter_args, and branches) and
// proves distinct two allocations, or an allocation and a value from outside
// its scope; what it cannot know is added here:
//  - a FIFO pop's tile is a slot of the pipe, which no allocation, function
//    argument or other pop addresses while the tile is in use (a slot is not
//    handed out again before it is freed);
//  - a function argument marked `llvm.noalias` addresses no memory that
//    another argument of the function addresses;
//  - values whose pto types place them in different memories (a vec tile and
//    an acc tile, a tile and a global tensor view) never alias. A tile at a
//    fixed address (`alloc_tile addr`) is no allocation: it may alias any
//    tile of its memory.
// Anything else the analysis cannot see through (arith.select, calls, loads,
// globals) may alias anything.
//
// Only MLIR's C API types and the standard library appear here (see
// python_pass.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_ALIASING_H
#define SKEW_MLIR_ALIASING_H

#include "mlir-c/IR.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace skew {

// The first pair (reads[i], writes[j]), in order of j then i, of values that
// may address the same memory; `slotOps` names the ops whose results are
// FIFO slots (the pops).
std::optional<std::pair<size_t, size_t>>
firstAlias(const std::vector<MlirValue> &reads,
           const std::vector<MlirValue> &writes,
           const std::vector<std::string> &slotOps);

// Whether `value` addresses memory of the running core alone: it is a tile
// buffer (core-local memory) or a tensor (a value, in no shared memory), or (a view, through ViewLikeOpInterface, of)
// an allocation made on the core or a FIFO slot (a result of one of
// `slotOps`). Anything else (a function argument,
// a global, a value MLIR cannot trace) may be global memory, which both
// cores of a pair address with the same pointers.
bool privateMemory(MlirValue value, const std::vector<std::string> &slotOps);

} // namespace skew

#endif // SKEW_MLIR_ALIASING_H
