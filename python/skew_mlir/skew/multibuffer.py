"""How many copies of each tile buffer a skew keeps in flight.

In the steady schedule produce(k .. k+D-1) runs before consume(k-D .. k-1),
so up to 2D iterations are in flight between a producer copy and its
consumer copy (docs/schedules.md):

- a buffer the producer half writes and the consumer half uses gets 2D
  copies (iteration n uses copy n mod 2D);
- a buffer written and used within one half only gets D copies (n mod D),
  so the two pipeline stages never share one allocation and serialise;
- a buffer that carries a value from one iteration to the next (its first
  access in the body is not an unconditional write of the whole buffer:
  an accumulator of tmatmul.acc, a write under an scf.if), whose state
  apart from its data (its valid shape) is set before the loop or in it,
  which a copy would not have or would keep from another iteration, that
  is live after the loop (itself or through a view), is handed on outside
  the loop (a yield) or to it (an iter_arg's initial value), may overlap
  memory the loop reaches through another buffer or, placed at an
  address, a tile placed anywhere in the kernel or a function it calls (or
  one whose address is not known), or that is placed in the loop itself,
  stays single; crossing the halves (the
  consumer half reaching memory the producer half writes, through the
  buffer or another), such a buffer makes the loop unskewable.

A view of a copied buffer made before the loop and used in it (a subview,
views of it too) is taken again of each copy's slot (emit_buffers).

Only allocations made outside the loop are copied (one made in the body
is fresh in every copy already).
"""

from __future__ import annotations

from typing import NamedTuple

from mlir import ir

from .. import _native
from ..effects import TILE_STATE_RESOURCE
from ..tile_memory import (buffer_root, describe, is_allocation, is_tile_memory, may_alias,
                           placed_address)
from .body_effects import op_effects, overwrites_whole
from .capacity import Room
from .plan import CannotSkew, Halves


class Buffered(NamedTuple):
    """A tile buffer a skew copies: its allocation (outside the loop) and
    whether it crosses the halves (2D copies) or stays in one (D)."""

    alloc: ir.Operation
    crossing: bool
    # Its views made before the loop and used in it, each of the buffer or
    # of an earlier one (in order): each copy takes them of its slot.
    views: tuple[ir.Operation, ...] = ()

    def copies(self, depth: int) -> int:
        return 2 * depth if self.crossing else depth


def _inside(op: ir.Operation, loop: ir.Operation) -> bool:
    while True:
        if op == loop:
            return True
        parent = op.parent
        if parent is None or parent.name == "builtin.module":
            return False
        op = parent


def _accesses(halves: Halves, positions: list[int]) -> dict[ir.Value, list[tuple[int, set[str]]]]:
    """Per root of the tile memory the ops at `positions` access (an
    allocation, or another buffer_root): those ops (position, effect
    kinds), in body order."""
    found: dict[ir.Value, list[tuple[int, set[str]]]] = {}
    for i in positions:
        if halves.effect_free[i]:
            continue
        kinds: dict[ir.Value, set[str]] = {}
        op = halves.handles[i]
        effects = op_effects(op) or []
        for effect in effects:
            if effect.value is None or not is_tile_memory(effect.value.type):
                continue
            root = buffer_root(effect.value)
            whole = effect.kind == "write" and overwrites_whole(op, effects, root)
            kinds.setdefault(root, set()).add(
                "state" if _sets_state(effect, root) else "kill" if whole else effect.kind)
        for root, kind in kinds.items():
            found.setdefault(root, []).append((i, kind))
    return found


def _views_before(value: ir.Value, loop: ir.Operation, views: list[ir.Operation]) -> str | None:
    """Collects in `views` the views of `value` (and of them) made outside
    `loop` and used in it; why the buffer must stay single, or None."""
    for use in value.uses:
        user = use.owner.operation
        if user == loop:
            # An iter_arg's initial value: the body may reach it through
            # the iter_arg and the code after the loop through its result,
            # both the allocation itself, which no copy writes.
            return "is passed to the loop as an iter_arg (the loop's result is the buffer)"
        if _inside(user, loop) or user in views:
            continue
        view = (user.results[0] if len(user.results) == 1
                and buffer_root(user.results[0]) == buffer_root(value) else None)
        # A view that runs after the loop is no access: its uses tell.
        if _after(user, loop) and view is None:
            return "is live after the loop"
        effects = op_effects(user)
        if effects is None:
            return f"is used before the loop by '{user.name}', whose effects are not known"
        if any(_sets_state(e, value) for e in effects):
            return (f"has its state set before the loop (by '{user.name}'), which "
                    f"its copies would not have")
        used_inside = any(_inside(later.owner.operation, loop) for result in user.results
                          for later in result.uses)
        if view is None:
            if used_inside:
                return f"is read by '{user.name}' outside the loop for a value the loop uses"
            if not any(e.value is None or may_alias(e.value, value) for e in effects):
                # Not an access: it hands the buffer on (a yield, an iter_arg).
                return f"is passed on by '{user.name}' outside the loop"
            continue
        reason = _views_before(view, loop, views)
        if reason is not None:
            return reason
        if used_inside or any(_is_view_of(v, user) for v in views):
            views.append(user)
    return None


def _sets_state(effect, value: ir.Value) -> bool:
    """Whether `effect` writes the state of the tile `value` (or of one it
    may alias) apart from its data: its valid shape (set_validshape)."""
    return (effect.kind == "write" and effect.resource == TILE_STATE_RESOURCE
            and may_alias(effect.value, value))


def _is_view_of(view: ir.Operation, source: ir.Operation) -> bool:
    return any(operand == source.results[0] for operand in view.operands)


def _single_reason(root: ir.Value, loop: ir.Operation, accesses: list[tuple[int, set[str]]],
                   others: list[ir.Value], views: list[ir.Operation], room: Room) -> str | None:
    """Why `root` must stay one buffer, or None when it may be copied (its
    views before the loop, used in it, collected in `views`)."""
    if _inside(root.owner, loop):
        return "is placed at an address in the loop: every iteration uses that memory"
    if any("state" in kinds for _, kinds in accesses):
        # Each copy would keep the state an iteration D or 2D back set.
        return "has its state (its valid shape) set in the loop"
    if accesses[0][1] != {"kill"}:
        return "carries a value from one iteration to the next"
    reason = _views_before(root, loop, views)
    if reason is not None:
        return reason
    if placed_address(root) is ...:
        return "is placed at an address that is not a constant"
    if placed_address(root) is not None:
        # Tiles placed anywhere in the kernel or its callees may share its
        # bytes, used through them where its copies are not.
        placed = room.placed_tiles()
        if room.unknown is not None:
            return f"may overlap {room.unknown}"
        others = [*others, *placed]
    for other in others:
        if other != root and may_alias(other, root):
            return f"may overlap {describe(other)}"
    return None


def _in_order(views: list[ir.Operation]) -> list[ir.Operation]:
    """`views` with each after the view it is taken of."""
    ordered: list[ir.Operation] = []
    pending = list(views)
    while pending:
        ready = [v for v in pending if not any(_is_view_of(v, w) for w in pending if w != v)]
        ordered += ready
        pending = [v for v in pending if v not in ready]
    return ordered


def _after(op: ir.Operation, loop: ir.Operation) -> bool:
    """Whether `op` (outside `loop`) may run after it: it is, or is in, an
    op after the loop in its block, or in no op of that block, or it runs
    again after the loop (before it in the body of an enclosing loop)."""
    if _native.may_run_again_after(loop, op):
        return True
    while op.block != loop.block:
        op = op.parent
        if op is None or op.name == "builtin.module":
            return True
    return loop.is_before_in_block(op)


def plan_buffers(loop: ir.Operation, halves: Halves, room: Room) -> tuple[Buffered, ...]:
    """The tile buffers to copy (`room`: the tile memory of the loop's
    kernel); raises CannotSkew for a buffer that crosses the halves but must
    stay single. (Which half writes what is checked by
    hazards.check_memory first: no buffer is written by both.)"""
    produced = _accesses(halves, halves.producer)
    consumed = _accesses(halves, halves.consumer)
    accessed = list(dict.fromkeys([*produced, *consumed]))
    # An allocation made in the body is fresh in every copy, unless placed
    # at an address (the same bytes in every iteration).
    roots = [r for r in accessed if is_allocation(r)
             and not (_inside(r.owner, loop) and placed_address(r) is None)]
    order = {i: n for n, i in enumerate(sorted([*halves.producer, *halves.consumer]))}
    planned = []
    for root in roots:
        uses = sorted(produced.get(root, []) + consumed.get(root, []),
                      key=lambda access: order[access[0]])
        if not any(kind & {"write", "kill"} for _, kind in uses):
            continue  # read only: one buffer serves every iteration
        writes_producer = any(kind & {"write", "kill"} for _, kind in produced.get(root, []))
        # The consumer half may reach its bytes through another buffer.
        crossing = writes_producer and any(may_alias(other, root) for other in consumed)
        views: list[ir.Operation] = []
        reason = _single_reason(root, loop, uses, accessed, views, room)
        if reason is None:
            # Sources before their views: in block order.
            planned.append(Buffered(root.owner, crossing, tuple(_in_order(views))))
        elif crossing:
            raise CannotSkew(f"{describe(root)} is written in the producer half "
                             f"and used in the consumer half, which needs 2D copies, but it "
                             f"{reason}")
    return tuple(planned)
