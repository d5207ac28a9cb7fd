//===- pto_registration.h - the pto dialect behind C API types ------------===//

#ifndef SKEW_PTO_REGISTRATION_H
#define SKEW_PTO_REGISTRATION_H

#include "mlir-c/IR.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

// The parameters of a pto type that the simulator and the FIFO model read:
// kind is "ptr", "tensor_view", "partition_tensor_view", "tile_buf" or
// "multi_tile_buf"; shape is a view's shape or a tile's rows and cols; valid
// a tile's v_row and v_col (dynamic: INT64_MIN); loc and blayout a tile's
// memory and block layout; pad its pad value code; count the slots of a
// multi_tile_buf (whose other fields describe one slot), else 0.
struct PtoTypeInfo {
  std::string kind;
  MlirType element;
  std::vector<int64_t> shape;
  std::vector<int64_t> valid;
  std::string loc;
  std::string blayout;
  int64_t pad = 0;
  int64_t count = 0;
};
// The parameters of `type`, or nothing when it is no such pto type.
std::optional<PtoTypeInfo> ptoTypeInfo(MlirType type);
// The memory an `#pto.address_space<...>` attribute names ("vec", "mat",
// ...), or nothing for any other attribute.
std::optional<std::string> ptoAddressSpace(MlirAttribute attr);

// `!pto.multi_tile_buf<slot, count = N>` built through the type's own
// verifier: the type, or a null type and the verifier's message (slot no
// tile buffer, count out of range).
struct MultiTileBufResult {
  MlirType type;
  std::string error;
};
MultiTileBufResult multiTileBufType(MlirType slot, int64_t count);
} // namespace skew

#endif // SKEW_PTO_REGISTRATION_H
