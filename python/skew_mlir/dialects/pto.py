"""The pto dialect as the MLIR Python bindings see it.

The bindings look up a Python module for the dialect of every operation they
wrap; without one for `pto` they retry (and fail) the import on every pto op,
which dominated the pass's run time. This module is found instead through
the dialect search prefix `skew_mlir.dialects`. pto ops are IRDL ops with
generic syntax only, so the generic `ir.OpView` serves them.
"""

from mlir._mlir_libs import _mlir as _cext
from mlir import ir


@_cext.register_dialect
class _Dialect(ir.Dialect):
    DIALECT_NAMESPACE = "pto"
