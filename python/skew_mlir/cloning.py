"""IRMapping-style cloning, which the MLIR Python bindings do not offer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from mlir import ir

from . import _native


class CloneSpec(NamedTuple):
    """How one copy of the ops is made.

    `mapping` remaps operands (and uses nested in regions). Each `computed`
    (value, op name, operands) builds that op just before the copy, with its
    first operand's type, and remaps `value` to its result: an unrolled
    induction value, say. `tag` marks the copy's tagged clones (see Cloner)."""

    mapping: dict[ir.Value, ir.Value]
    computed: Sequence[tuple[ir.Value, str, Sequence[ir.Value]]] = ()
    tag: str | None = None


class Carry(NamedTuple):
    """Values threaded through successive copies, as a loop's iter_args are:
    `iter_args` stand for `init` in the first copy and for the previous
    copy's `yielded` values (remapped) in the others."""

    iter_args: Sequence[ir.Value]
    init: Sequence[ir.Value]
    yielded: Sequence[ir.Value]


class Clones:
    """The ops one `Cloner.clone` call built, in order; each becomes an
    ir.Operation only when indexed (most callers look at a few)."""

    def __init__(self, capsules: list):
        self._capsules = capsules

    def __len__(self) -> int:
        return len(self._capsules)

    def __getitem__(self, index: int) -> ir.Operation:
        return ir.Operation._CAPICreate(self._capsules[index])

    def __iter__(self) -> Iterator[ir.Operation]:
        return (ir.Operation._CAPICreate(capsule) for capsule in self._capsules)


def handle(item):
    """The native handle (`_CAPIPtr`) of an IR object; a handle is returned
    as it is. The cloner takes either: a caller that passes the same values
    to many copies converts them once."""
    return item if type(item) is _native.CapsuleType else item._CAPIPtr


class Cloner:
    """Clones one fixed list of ops again and again (a loop half copied once
    per stage): the ops' native handles are taken once, not per copy.

    A copy's tag becomes the string attribute `tag_name` of its clones of the
    ops at positions `tagged`, and of every op nested in any clone's regions
    that has a tensor or memref result and is not named in `untagged`, after
    the op's own string value of that attribute and ';' if it has one."""

    def __init__(self, ops: Iterable[ir.Operation], tag_name: str | None = None,
                 tagged: Iterable[int] = (), untagged: Iterable[str] = ()):
        """`ops` may be given as handles (see `handle`)."""
        self._capsules = [handle(op) for op in ops]
        self._tags = (None if tag_name is None
                      else (tag_name, list(tagged), sorted(untagged)))


class CloneJob(NamedTuple):
    cloner: Cloner
    point: ir.InsertionPoint
    copies: Iterable[CloneSpec]
    carry: Carry | None = None


def clone_all(jobs: Iterable[CloneJob]) -> list[tuple[Clones, list[ir.Value]]]:
    """Run the jobs in order, in one native call: each clones its cloner's ops
    once per copy, in order, at its insertion point (computed ops at the
    current location); later clones of a copy use its earlier clones'
    results. Returns per job every op built, and the values the last copy
    yields when carrying (else []). Values may be given as handles (see
    `handle`)."""
    results = _native.clone_ops(
        ir.Location.current._CAPIPtr,
        [(cloner._capsules, cloner._tags, point.block, point.ref_operation, copies, carry)
         for cloner, point, copies, carry in jobs])
    return [(Clones(built), [ir.Value._CAPICreate(value) for value in carried])
            for built, carried in results]
