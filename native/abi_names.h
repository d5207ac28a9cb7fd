//===- abi_names.h - pypto's kernel ABI arguments keep their names --------===//
//
// pypto appends hidden arguments to the kernels it emits and names them
// `%__pypto_...` (`%__pypto_spmd_subblock_idx` is the running vector
// sub-block, which pto-sim binds by that name: sim/pypto_abi.py). MLIR drops
// SSA names when it parses, so a file pto-opt prints would call them `%argN`
// and lose that meaning.
//
//===----------------------------------------------------------------------===//
#ifndef SKEW_MLIR_ABI_NAMES_H
#define SKEW_MLIR_ABI_NAMES_H

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class Operation;
} // namespace mlir

namespace skew {

// Gives every function argument under `root` that its source (the file its
// location points into: the input in `sourceMgr`, or another file) names
// `%__pypto_...` a NameLoc of that name around its file location. Returns
// whether there was one (or one with that NameLoc already): the printer then
// prints those names again when it takes NameLocs as SSA names.
bool keepAbiArgumentNames(mlir::Operation *root,
                          llvm::SourceMgr &sourceMgr);

} // namespace skew

#endif // SKEW_MLIR_ABI_NAMES_H
