"""IRMapping-style cloning, which the MLIR Python bindings do not offer."""

from __future__ import annotations

from collections.abc import Iterable

from mlir import ir

from . import _native


def clone_ops(ops: Iterable[ir.Operation],
              mapping: dict[ir.Value, ir.Value]) -> list[ir.Operation]:
    """Clone `ops` in order at the current insertion point, remapping their
    operands (and uses nested in their regions) through `mapping`, which is
    extended with the clones' results. Returns the clones."""
    ops = [op.operation for op in ops]
    point = ir.InsertionPoint.current
    before = point.ref_operation
    capsules = _native.clone_ops(
        [op._CAPIPtr for op in ops],
        [(old._CAPIPtr, new._CAPIPtr) for old, new in mapping.items()],
        point.block._CAPIPtr, None if before is None else before._CAPIPtr)
    clones = [ir.Operation._CAPICreate(c) for c in capsules]
    for op, clone in zip(ops, clones):
        mapping.update(zip(op.results, clone.results))
    return clones
