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
} // namespace skew::pto

#include "PTOEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "PTOAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "PTOTypes.h.inc"
#include "PTODialect.h.inc"
#define GET_OP_CLASSES
#include "PTOOps.h.inc"

#endif // SKEW_PTO_DIALECT_H
