//===- op_names.h - op names as MLIR's keys -------------------------------===//
#ifndef SKEW_MLIR_OP_NAMES_H
#define SKEW_MLIR_OP_NAMES_H

#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>
#include <vector>

namespace skew {

// The names as MLIR's opaque keys, to test `op->getName()` against without
// comparing strings; the names need not be registered.
inline llvm::SmallPtrSet<const void *, 8>
opNameKeys(const std::vector<std::string> &names, mlir::MLIRContext *context) {
  llvm::SmallPtrSet<const void *, 8> keys;
  for (const std::string &name : names)
    keys.insert(mlir::OperationName(name, context).getAsOpaquePointer());
  return keys;
}

} // namespace skew

#endif
