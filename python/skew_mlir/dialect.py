"""The pto dialect: op names and loading its IRDL definition into contexts."""

from __future__ import annotations

import functools
import os

from mlir import ir
from mlir._mlir_libs import _mlir
from mlir.dialects import irdl

from .attributes import integer_value
from .diagnostics import LocatedError

# Where the bindings find the Python module of the pto dialect.
if "skew_mlir.dialects" not in _mlir.globals.dialect_search_modules:
    _mlir.globals.append_dialect_search_prefix("skew_mlir.dialects")

PUSH_TO_AIV = "pto.tpush_to_aiv"
POP_FROM_AIC = "pto.tpop_from_aic"
FREE_FROM_AIC = "pto.tfree_from_aic"
PUSH_TO_AIC = "pto.tpush_to_aic"
POP_FROM_AIV = "pto.tpop_from_aiv"
FREE_FROM_AIV = "pto.tfree_from_aiv"

PUSH_OPS = frozenset({PUSH_TO_AIV, PUSH_TO_AIC})
POP_OPS = frozenset({POP_FROM_AIC, POP_FROM_AIV})
FREE_OPS = frozenset({FREE_FROM_AIC, FREE_FROM_AIV})
# Ops that move a message through a pipe (tfree only releases a slot).
FIFO_OPS = PUSH_OPS | POP_OPS

# Pipe names: C2V carries cube->vector messages, V2C vector->cube.
PIPE_OF = {
    PUSH_TO_AIV: "C2V", POP_FROM_AIC: "C2V", FREE_FROM_AIC: "C2V",
    PUSH_TO_AIC: "V2C", POP_FROM_AIV: "V2C", FREE_FROM_AIV: "V2C",
}



def pipe_of(op: ir.Operation) -> str:
    """The pipe a FIFO op (push, pop or free) moves messages through: the one
    place that says which ops share a pipe."""
    return PIPE_OF[op.name]


PIPELINE_STAGES_ATTR = "pto.pipeline_stages"
FIFO_DEPTH_ATTR = "pto.fifo_depth"
CORE_ATTR = "pto.core"
MEMBERSHIP_ATTR = "pto.pipeline_membership"
DEFAULT_FIFO_DEPTH = 4


def tile_type_error(op: ir.Operation) -> str | None:
    """Why a FIFO op's tile is not a ranked tensor or memref, or None.

    IRDL cannot constrain the tile types (see dialect/pto.irdl.mlir), so the
    passes that read FIFO ops check them with this.
    """
    if op.name in POP_OPS:
        values, what = op.results, "result"
    elif op.name in PUSH_OPS or op.name in FREE_OPS:
        values, what = op.operands, "operand"
    else:
        return None
    for value in values:
        if not isinstance(value.type, (ir.RankedTensorType, ir.MemRefType)):
            return (f"'{op.name}' {what} must be a ranked tensor or memref "
                    f"tile, got {value.type}")
    return None


class FifoDepthError(LocatedError):
    """A bad slot count; `op` is where to report it."""


def fifo_slots(op: ir.Operation, option: int = 0) -> int:
    """FIFO slots per direction for the passes that run on `op`: the pass
    option `fifo-depth` when > 0, else the attribute `pto.fifo_depth` of the
    nearest enclosing builtin.module, else DEFAULT_FIFO_DEPTH.

    Raises FifoDepthError for a negative option or a malformed attribute.
    """
    if option < 0:
        raise FifoDepthError(op, f"fifo-depth must be >= 0, got {option}")
    if option:
        return option
    module = op
    while module is not None:
        if module.name == "builtin.module" and FIFO_DEPTH_ATTR in module.attributes:
            attr = module.attributes[FIFO_DEPTH_ATTR]
            slots = integer_value(attr)
            if slots is None or slots < 1:
                raise FifoDepthError(module, f"'{FIFO_DEPTH_ATTR}' must be an "
                                     f"integer >= 1, got {attr}")
            return slots
        module = module.parent
    return DEFAULT_FIFO_DEPTH


def irdl_path() -> str:
    """Path of the installed `pto.irdl.mlir` (also usable with mlir-opt --irdl-file)."""
    # Beside this module: the package ships a native extension, so it is
    # always installed as files (importing importlib.resources would add
    # 10 ms to pto-opt's start-up).
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "pto.irdl.mlir")


@functools.cache
def _irdl_text() -> str:
    with open(irdl_path(), encoding="utf-8") as f:
        return f.read()


def load_pto_dialect(context: ir.Context) -> None:
    """Load the pto dialect into a user's context (idempotent)."""
    if "pto" in _loaded_dialects(context):
        return
    with context, ir.Location.unknown():
        irdl.load_dialects(ir.Module.parse(_irdl_text()))


def _loaded_dialects(context: ir.Context) -> set[str]:
    # The bindings have no "is dialect loaded" query; an IRDL dialect shows up
    # as an attribute of `context.dialects` once loaded.
    try:
        context.dialects["pto"]
    except (IndexError, KeyError, ValueError):
        return set()
    return {"pto"}


def make_context() -> ir.Context:
    """A new context with every upstream dialect and the pto dialect loaded."""
    context = ir.Context()
    load_pto_dialect(context)
    return context
