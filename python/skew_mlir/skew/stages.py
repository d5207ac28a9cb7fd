"""Cutting a multi-round-trip loop body into stages at its FIFO ops (co-skew).

A new stage starts at every pop that follows a push of the same stage: each
stage first takes what the peer sent, then answers. On the cube, `push S;
pop P; push O` is stages (0: push S) (1: pop P, push O); on the vector,
`pop S; push P; pop O` is (0: pop S, push P) (1: pop O). A tfree belongs to
the stage running at its place in the body.

Every other op goes as early as its operands allow; one MLIR knows to be
free of memory effects and not tied to a carried value sinks to the
earliest stage that uses it (an index or slice computed for a later stage
is not carried there). An iter_arg's readers and the op yielding its next
value (if the body defines it) share one stage: that stage's copies thread it in iteration order.
A value used in a stage after its own is carried from copy to copy
(`crossing`), but for a scalar arith chain over the IV and invariants,
which the later stage recomputes (`recompute`). Raises CannotSkew for what this cannot cut.
"""

from __future__ import annotations

from typing import NamedTuple

from mlir import ir

from .. import _native
from ..dialect import FIFO_OPS, FREE_OPS, POP_OPS, PUSH_OPS
from ..fifo_model import Pipe, pipe_of
from .plan import CannotSkew


class Stages(NamedTuple):
    handles: list[ir.Operation]  # the body's ops but the terminator
    terminator: ir.Operation
    names: list[str]
    buffers: list[bool]  # whether each has a tensor or memref result
    stage: list[int]  # per op
    count: int  # number of stages
    iter_stage: list[int]  # per iter_arg: the stage whose copies thread it
    # (position of a defining op, its stage, the last stage using one of its
    # results): what a later stage of the same iteration reads.
    crossing: list[tuple[int, int, int]]
    # Per stage: the scalar chains of earlier stages it recomputes at the
    # head of each copy, in body order.
    recompute: list[list[int]]
    uses_iv: list[bool]  # per stage, whether its ops use the IV
    fifo: list[tuple[Pipe, int]]  # the body's push/pop ops in order: (pipe, stage)

    def positions(self, stage: int) -> list[int]:
        return [i for i, s in enumerate(self.stage) if s == stage]


def cut_stages(loop: ir.Operation) -> Stages:
    body = loop.regions[0].blocks[0]
    ops, names, uses, buffers, scalars, effect_free = _native.block_facts(body)
    *handles, terminator = ops
    n = len(handles)
    fixed = _fifo_stages(names[:n])
    for i in range(n):
        if i not in fixed and not effect_free[i]:
            raise CannotSkew(f"co-skew reorders the body's memory accesses across "
                             f"iterations: '{names[i]}' may touch memory")
        if i not in fixed and _holds_fifo(handles[i]):
            raise CannotSkew(f"'{names[i]}' holds FIFO ops")
    iter_count = len(list(body.arguments)) - 1
    yielded = list(terminator.operands)
    position = {handle: i for i, handle in enumerate(handles)}
    # Members of each iter_arg's group: its readers and the op yielding it.
    groups: list[set[int]] = []
    for a in range(iter_count):
        members = {i for i in range(n) if -2 - a in uses[i]}
        value = yielded[a]
        if isinstance(value.owner, ir.Block):
            if value.owner == body and value != body.arguments[1 + a]:
                raise CannotSkew(f"iter_arg #{a} takes the value of another iter_arg")
        elif value.owner.operation in position:
            members.add(position[value.owner.operation])
        groups.append(members)
    grouped = set().union(*groups) if groups else set()

    stage = [fixed.get(i, 0) for i in range(n)]
    changed = True
    while changed:
        changed = False
        for i in range(n):
            lo = max([stage[d] for d in uses[i] if d >= 0] + [stage[i]])
            if lo != stage[i]:
                stage[i], changed = lo, True
        for members in groups:
            top = max((stage[i] for i in members), default=0)
            for i in members:
                if stage[i] != top:
                    stage[i], changed = top, True
        for i, s in fixed.items():
            if stage[i] != s:
                raise CannotSkew(_late(names[i], s, stage[i]))
    users: list[list[int]] = [[] for _ in range(n)]
    for j in range(n):
        for d in uses[j]:
            if d >= 0:
                users[d].append(j)
    for i in reversed(range(n)):
        if i in fixed or i in grouped or not users[i]:
            continue
        stage[i] = max(stage[i], min(stage[j] for j in users[i]))

    for j in range(n):
        # A tfree names the tile its pop returned: a copy in a later stage
        # would name a value carried through the steady loop instead.
        popped = [d for d in uses[j] if d >= 0 and stage[d] != stage[j]]
        if names[j] in FREE_OPS and popped:
            raise CannotSkew(f"'{names[j]}' in stage {stage[j]} frees the tile "
                             f"'{names[popped[0]]}' popped in stage {stage[popped[0]]}")
    count = max(fixed.values()) + 1
    iter_stage = [max((stage[i] for i in members), default=0) for members in groups]
    # Scalar arith over the IV and invariants that a later stage reads is
    # recomputed there (as the producer skew does), not carried.
    recomputable: dict[int, bool] = {}
    for i in range(n):
        recomputable[i] = (names[i].startswith("arith.") and scalars[i] and i not in grouped
                           and all(recomputable[d] for d in uses[i] if d >= 0))
    recompute: list[set[int]] = [set() for _ in range(count)]
    crossing = []
    for i in range(n):
        later = {stage[j] for j in users[i] if stage[j] > stage[i]}
        if later and recomputable[i]:
            for s in later:
                chain = [i]
                while chain:
                    link = chain.pop()
                    if link not in recompute[s]:
                        recompute[s].add(link)
                        chain.extend(d for d in uses[link] if d >= 0)
        elif later:
            crossing.append((i, stage[i], max(later)))
    uses_iv = [any(-1 in uses[i] for i in range(n) if stage[i] == s or i in recompute[s])
               for s in range(count)]
    fifo = [(pipe_of(handles[i]), fixed[i]) for i in range(n) if names[i] in FIFO_OPS]
    return Stages(handles, terminator, names, buffers, stage, count, iter_stage,
                  crossing, [sorted(r) for r in recompute], uses_iv, fifo)


def _fifo_stages(names: list[str]) -> dict[int, int]:
    """The stage of each FIFO op and tfree, by position."""
    fixed, stage, pushed = {}, 0, False
    for i, name in enumerate(names):
        if name in POP_OPS and pushed:
            stage, pushed = stage + 1, False
        if name in PUSH_OPS:
            pushed = True
        if name in FIFO_OPS or name in FREE_OPS:
            fixed[i] = stage
    return fixed


def _holds_fifo(op: ir.Operation) -> bool:
    found = []

    def visit(nested):
        if nested.operation.name in FIFO_OPS | FREE_OPS:
            found.append(nested)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE
    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return bool(found)


def _late(name: str, stage: int, needed: int) -> str:
    return (f"'{name}' is in stage {stage} but would have to move to stage {needed}: it "
            f"reads a value of that stage, or shares an iter_arg (reading or yielding "
            f"it) with an op of that stage")


def pipe_shifts(cube: Stages, vector: Stages) -> str | None:
    """Why the two bodies' stages would change some pipe's message order
    differently on the two sides, else None: per pipe, both sides move the
    same messages per iteration, in stages that differ by one constant."""
    by_pipe: dict[Pipe, list[list[int]]] = {}
    for side, stages in enumerate((cube, vector)):
        for pipe, stage in stages.fifo:
            by_pipe.setdefault(pipe, [[], []])[side].append(stage)
    for pipe, (mine, theirs) in sorted(by_pipe.items(), key=lambda item: str(item[0])):
        if len(mine) != len(theirs):
            return (f"pipe {pipe} moves {len(mine)} message(s) per iteration on the cube "
                    f"and {len(theirs)} on the vector")
        shifts = {a - b for a, b in zip(mine, theirs)}
        if len(shifts) > 1:
            return (f"pipe {pipe}'s messages fall in stages {mine} on the cube but "
                    f"{theirs} on the vector: co-skewing would reorder them on one side")
    return None
