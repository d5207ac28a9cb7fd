//===- pto_dialect.h - the pto dialect (ODS, dialect/*.td) -----------------===//
//
// C++ side of our ODS definition of the PTOAS textual IR. Built as the MLIR
// libraries are (no RTTI); the bindings reach it through pto_registration.h.
//
//===----------------------------------------------------------------------===//

#ifndef SKEW_PTO_DIALECT_H
#define SKEW_PTO_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace skew::pto {
// The cube/vector FIFOs: what the FIFO ops read and write, so that MLIR's
// analyses keep them in order and never drop or merge them.
struct FifoResource : public mlir::SideEffects::Resource::Base<FifoResource> {
  llvm::StringRef getName() final { return "pto.fifo"; }
};
// The run-time state of a tile buffer (its valid shape), apart from the data
// it holds: what `alloc_tile` at a fixed address sets up.
struct TileStateResource
    : public mlir::SideEffects::Resource::Base<TileStateResource> {
  llvm::StringRef getName() final { return "pto.tile_state"; }
};
} // namespace skew::pto

#include "PTOEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "PTOAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "PTOTypes.h.inc"
#include "PTODialect.h.inc"
#define GET_OP_CLASSES
#include "PTOOps.h.inc"

namespace skew::pto {
// Whether `type` may be a tile's element: a builtin integer or float, or one
// of the dialect's low-precision floats.
bool isTileElementType(mlir::Type type);
// Whether values of `type` address the running core's own memory: a tile
// buffer lives in a core-local memory (its verifier refuses global memory).
bool isCoreLocalTile(mlir::Type type);
// Whether values of types `a` and `b` address different memories (a vec
// tile and a mat tile, a tile and a global tensor view): they never alias.
bool inDistinctMemories(mlir::Type a, mlir::Type b);
} // namespace skew::pto

#endif // SKEW_PTO_DIALECT_H
