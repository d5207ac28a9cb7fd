"""skew-mlir: cross-core software pipelining for Ascend-style NPUs, on MLIR."""
