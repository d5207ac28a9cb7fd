//===- pto_registration.h - the pto dialect behind C API types ------------===//

#ifndef SKEW_PTO_REGISTRATION_H
#define SKEW_PTO_REGISTRATION_H

#include "mlir-c/IR.h"

namespace mlir {
class DialectRegistry;
}

namespace skew {
// Load the pto dialect into a context (idempotent).
void loadPtoDialect(MlirContext context);
// Make the pto dialect available to every context built from `registry`.
void registerPtoDialect(mlir::DialectRegistry &registry);
} // namespace skew

#endif // SKEW_PTO_REGISTRATION_H
