"""Python dialect modules for the MLIR bindings' dialect search path."""
