"""Importing `mlir.ir` without numpy.

`mlir.ir` imports numpy (60 ms, a third of pto-opt's start-up) only to
register the builders that turn Python lists into the four dense-elements
attribute kinds of generated op builders. `import skew_mlir` imports it with
numpy held back and registers the same builders, importing numpy when one
is first used. Nothing changes for a process that imported either already.
"""

from __future__ import annotations

import sys


def import_mlir_ir() -> None:
    if "mlir.ir" in sys.modules or "numpy" in sys.modules:
        return
    sys.modules["numpy"] = None  # makes `import numpy` raise ImportError
    try:
        import mlir.ir  # noqa: F401
    finally:
        del sys.modules["numpy"]
    _register_builders()


def _register_builders() -> None:
    from mlir import ir

    element_types = {
        "F64ElementsAttr": ("float64", lambda context: ir.F64Type.get(context=context)),
        "I32ElementsAttr": ("int32", lambda context: ir.IntegerType.get_signless(
            32, context=context)),
        "I64ElementsAttr": ("int64", lambda context: ir.IntegerType.get_signless(
            64, context=context)),
        "IndexElementsAttr": ("int64", lambda context: ir.IndexType.get(context=context)),
    }

    def builder(dtype: str, element_type):
        def build(values, context):
            import numpy as np

            return ir.DenseElementsAttr.get(np.array(values, dtype=dtype),
                                            type=element_type(context), context=context)
        return build

    for kind, (dtype, element_type) in element_types.items():
        if not ir.AttrBuilder.contains(kind):
            ir.register_attribute_builder(kind)(builder(dtype, element_type))
