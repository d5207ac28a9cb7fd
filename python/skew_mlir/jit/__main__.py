"""The JIT's child process (child.py): `python -m skew_mlir.jit`."""

from .child import serve

serve()
