"""The pto dialect: op and attribute names, and loading it (the ODS
definition in dialect/*.td, compiled into the native extension) into
contexts."""

from __future__ import annotations

import os

from mlir import ir
from mlir._mlir_libs import _mlir


# Where the bindings find the Python module of the pto dialect.
if "skew_mlir.dialects" not in _mlir.globals.dialect_search_modules:
    _mlir.globals.append_dialect_search_prefix("skew_mlir.dialects")

PUSH_TO_AIV = "pto.tpush_to_aiv"
POP_FROM_AIC = "pto.tpop_from_aic"
FREE_FROM_AIC = "pto.tfree_from_aic"
PUSH_TO_AIC = "pto.tpush_to_aic"
POP_FROM_AIV = "pto.tpop_from_aiv"
FREE_FROM_AIV = "pto.tfree_from_aiv"
AIC_INITIALIZE_PIPE = "pto.aic_initialize_pipe"
AIV_INITIALIZE_PIPE = "pto.aiv_initialize_pipe"
GET_SUBBLOCK_IDX = "pto.get_subblock_idx"
# A barrier of the cores (docs/fifo-contract.md): outside the FIFO model.
SYNCALL = "pto.syncall"

PUSH_OPS = frozenset({PUSH_TO_AIV, PUSH_TO_AIC})
POP_OPS = frozenset({POP_FROM_AIC, POP_FROM_AIV})
FREE_OPS = frozenset({FREE_FROM_AIC, FREE_FROM_AIV})
# Ops that move a message through a pipe (tfree only releases a slot).
FIFO_OPS = PUSH_OPS | POP_OPS

PIPELINE_STAGES_ATTR = "pto.pipeline_stages"
FIFO_DEPTH_ATTR = "pto.fifo_depth"
CORE_ATTR = "pto.core"
KERNEL_KIND_ATTR = "pto.kernel_kind"
# The launch function of a kernel file: it calls the kernels it launches.
ENTRY_ATTR = "pto.entry"
MEMBERSHIP_ATTR = "pto.pipeline_membership"

# What these ops mean (pipes, slots, split, tfree order): fifo_model.py.


def irdl_path() -> str:
    """Path of the installed `pto.irdl.mlir`: the IRDL form of the dialect,
    generated from the same ODS source, for upstream's mlir-opt
    (--irdl-file). It describes the ops' generic form only."""
    # Beside this module: the package ships a native extension, so it is
    # always installed as files.
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "pto.irdl.mlir")


def load_pto_dialect(context: ir.Context) -> None:
    """Load the pto dialect into a user's context (idempotent)."""
    from . import _native

    _native.load_pto_dialect(context)


def make_context() -> ir.Context:
    """A new context with every upstream dialect and the pto dialect loaded."""
    context = ir.Context()
    load_pto_dialect(context)
    return context
