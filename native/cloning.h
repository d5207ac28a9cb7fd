//===- cloning.h - IRMapping-based cloning of a loop body, once per copy --===//
//
// The bindings cannot clone with a value mapping. Here a fixed list of ops (a
// loop half) is cloned once per copy, as upstream's generateUnrolledLoop
// does: operands, and uses nested in the clones' regions, are remapped; each
// clone's results join its copy's mapping for the ops after it. Several jobs,
// each with its ops and insertion point, run in one call.
//
// Only MLIR's C API types and the standard library appear here (see
// python_pass.h). The bindings check every argument before `cloneOps` runs:
// a bad one must not leave half a copy behind.
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_CLONING_H
#define SKEW_MLIR_CLONING_H

#include "mlir-c/IR.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace skew {

// An op built just before a copy: `name` over `operands`, with one result of
// its first operand's type, which `value` maps to in the copy (an unrolled
// induction value, say).
struct ComputedOp {
  MlirValue value;
  std::string name;
  std::vector<MlirValue> operands; // at least one
};

// How one copy is made: its own mapping, the ops computed before it, and
// the tag its tagged clones get (see Cloner).
struct CloneSpec {
  std::vector<std::pair<MlirValue, MlirValue>> mapping;
  std::vector<ComputedOp> computed;
  std::optional<std::string> tag;
};

// Values threaded through successive copies, as a loop's iter_args are: the
// iter_args stand for `init` in the first copy and for the previous copy's
// `yielded` values (looked up in its mapping) after.
struct Carry {
  std::vector<MlirValue> iterArgs, init, yielded; // iterArgs, init: as many
};

// The ops copied. A copy's tag becomes the string attribute `tagName` of
// its clones of the ops at positions `tagged`, and of every op nested in a
// clone's regions that has a tensor or memref result and is not named in
// `untagged`, after the op's own string value and ';' if it has one; the
// originals are never touched.
struct Cloner {
  std::vector<MlirOperation> ops;
  std::optional<std::string> tagName;
  std::vector<size_t> tagged; // positions in `ops`
  std::set<std::string> untagged;
};

// The copies of a cloner's ops, before `before`, else at the end of `block`.
struct CloneJob {
  Cloner cloner;
  MlirBlock block;
  MlirOperation before; // null: the end of `block`
  std::vector<CloneSpec> copies;
  std::optional<Carry> carry;
};

struct CloneResult {
  std::vector<MlirOperation> built; // every op built, in order
  std::vector<MlirValue> carried;   // the last copy's yielded values
};

// Runs the jobs in order; computed ops are built at `location`.
std::vector<CloneResult> cloneOps(MlirLocation location,
                                  const std::vector<CloneJob> &jobs);

} // namespace skew

#endif
