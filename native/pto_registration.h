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
// Whether `op` states an effect on the cube/vector FIFOs (through MLIR's
// side-effect interface).
bool touchesFifo(MlirOperation op);
} // namespace skew

#endif // SKEW_PTO_REGISTRATION_H
