"""Whether a write touches a different place in every iteration of a loop.

A window of a tensor view (`pto.partition_view`: offsets and sizes per
dimension) moves with the iteration when one of its offsets is an affine
function a * iv + b of the induction value, with b and every other offset
loop invariant and |a * step| at least the window's constant size in that
dimension: the windows of two iterations are then disjoint. Everything
else (a view whose offsets MLIR cannot follow, a scaled offset that may
wrap) is taken to touch the same place.
"""

from __future__ import annotations

from mlir import ir

from ..attributes import integer_value
from ..operands import operand_segments


def _constant(value: ir.Value) -> int | None:
    if isinstance(value, ir.OpResult) and value.owner.name == "arith.constant":
        return integer_value(value.owner.attributes["value"])
    return None


def _defined_in(value: ir.Value, loop: ir.Operation) -> bool:
    op = value.owner if isinstance(value, ir.OpResult) else value.owner.owner
    while op is not None and op.name != "builtin.module":
        if op == loop:
            return True
        op = op.parent
    return False


def _coefficient(value: ir.Value, iv: ir.Value, loop: ir.Operation) -> int | None:
    """a in value = a * iv + (invariant) over index arithmetic (addi, subi,
    muli by a constant; `nsw`-free wrapping is not an issue at index
    width for the windows of a tensor), None when not affine."""
    if value == iv:
        return 1
    if not _defined_in(value, loop):
        return 0
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner
    if op.name in ("arith.addi", "arith.subi"):
        lhs, rhs = (_coefficient(v, iv, loop) for v in op.operands)
        if lhs is None or rhs is None:
            return None
        return lhs + rhs if op.name == "arith.addi" else lhs - rhs
    if op.name == "arith.muli":
        for this, other in (op.operands, reversed(list(op.operands))):
            factor = _constant(other)
            if factor is not None:
                inner = _coefficient(this, iv, loop)
                return None if inner is None else inner * factor
    return None


def moves_every_iteration(view: ir.Value, loop: ir.Operation, step: int) -> bool:
    """Whether the window `view` (a partition_view made in `loop`) is
    disjoint from itself in every other iteration (see the module
    docstring)."""
    if not isinstance(view, ir.OpResult):
        return False
    # pto.partition_view's operand groups: source, offsets, sizes.
    groups = operand_segments(view.owner.operation)
    if groups is None or len(groups) != 3 or len(groups[1]) != len(groups[2]):
        return False
    (source,), offsets, sizes = groups
    iv = loop.regions[0].blocks[0].arguments[0]
    if _defined_in(source, loop):
        return False
    moving = False
    for offset, size in zip(offsets, sizes):
        coefficient = _coefficient(offset, iv, loop)
        if coefficient is None:
            return False
        if coefficient:
            extent = _constant(size)
            if extent is None or abs(coefficient * step) < extent:
                return False
            moving = True
    return moving
