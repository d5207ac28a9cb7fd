"""An op's operands by ODS operand group, for ops whose groups vary in
size (AttrSizedOperandSegments: the `operandSegmentSizes` attribute). The
bindings offer no generated accessors for pto ops (generic OpViews)."""

from __future__ import annotations

from mlir import ir

SEGMENTS = "operandSegmentSizes"


def operand_segments(op: ir.Operation) -> list[list[ir.Value]] | None:
    """The operands of `op` per operand group, in ODS order, or None when
    its groups are not sized by an attribute."""
    if SEGMENTS not in op.attributes:
        return None
    operands, start, groups = list(op.operands), 0, []
    for size in ir.DenseI32ArrayAttr(op.attributes[SEGMENTS]):
        groups.append(operands[start:start + size])
        start += size
    return groups
