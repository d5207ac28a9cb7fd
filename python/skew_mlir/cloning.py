"""IRMapping-style cloning, which the MLIR Python bindings do not offer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mlir import ir

from . import _native


class Clones:
    """The clones of one `Cloner.clone` call; each becomes an ir.Operation
    only when indexed (most callers look at a few)."""

    def __init__(self, capsules: list):
        self._capsules = capsules

    def __len__(self) -> int:
        return len(self._capsules)

    def __getitem__(self, index: int) -> ir.Operation:
        return ir.Operation._CAPICreate(self._capsules[index])

    def __iter__(self) -> Iterator[ir.Operation]:
        return (ir.Operation._CAPICreate(capsule) for capsule in self._capsules)


class Cloner:
    """Clones one fixed list of ops again and again (a loop half copied once
    per stage): the ops' native handles are taken once, not per copy."""

    def __init__(self, ops: Iterable[ir.Operation]):
        self._capsules = [op.operation._CAPIPtr for op in ops]

    def clone(self, mapping: dict[ir.Value, ir.Value],
              attributes: Iterable[tuple[int, str, ir.Attribute]] = ()) -> Clones:
        """Clone the ops in order at the current insertion point, remapping
        operands (and uses nested in regions) through `mapping`; later clones
        use earlier clones' results. `mapping` is not changed. Each
        (i, name, attribute) sets an attribute on the clone of op i."""
        point = ir.InsertionPoint.current
        before = point.ref_operation
        return Clones(_native.clone_ops(
            self._capsules,
            [(old._CAPIPtr, new._CAPIPtr) for old, new in mapping.items()],
            point.block._CAPIPtr, None if before is None else before._CAPIPtr,
            [(i, name, attribute._CAPIPtr) for i, name, attribute in attributes]))


def clone_ops(ops: Iterable[ir.Operation],
              mapping: dict[ir.Value, ir.Value]) -> list[ir.Operation]:
    """Clone `ops` in order at the current insertion point, remapping their
    operands (and uses nested in their regions) through `mapping`, which is
    extended with the clones' results. Returns the clones."""
    ops = [op.operation for op in ops]
    clones = Cloner(ops).clone(mapping)
    result = list(clones)
    for op, clone in zip(ops, result):
        mapping.update(zip(op.results, clone.results))
    return result
