"""The copies of the tile buffers a skew keeps in flight (multibuffer.py):
one `pto.alloc_multi_tile` of N slots per buffer, placed before the loop
where the buffer was (same address operand: slot k lives at addr + k *
size), and per copy of a half the slot its iteration n uses, by
`pto.multi_tile_get`: n mod D for a buffer within one half, n mod 2D for one
that crosses the halves.

With n = g * D + s (g the copy's group, s = copy.slot = n mod D), n mod 2D =
(g mod 2) * D + s: a copy's slot is known from its group's parity, a
constant outside the steady loop of a constant trip count, else computed
where the copy is (the emitters pass it). A view of the buffer made before
the loop (multibuffer.Buffered.views) is made again of each slot, right
after its get, and stands for the original view in the copies.
"""

from __future__ import annotations

from mlir import ir

from ..tile_types import multi_tile_type
from .plan import Copy


class BufferCopies:
    """Allocates the slots of every buffer of `buffers` (multibuffer.Buffered)
    at `depth`, recording every op built in `created` (in block order)."""

    def __init__(self, buffers: tuple, depth: int, created: list):
        # One copy (depth 1, within a half) is the buffer itself.
        self.buffers = tuple(b for b in buffers if b.copies(depth) > 1)
        self.depth = depth
        self.created = created
        self.slots: list[ir.Value] = []  # per buffer, its alloc_multi_tile
        self.static: dict[tuple[int, int], ir.Value] = {}  # (buffer, slot) -> get
        # (view, slot value) -> the view taken of that slot
        self.views: dict[tuple[ir.Operation, ir.Value], ir.Value] = {}
        self.index: dict[int, ir.Value] = {}  # index constants before the loop
        self.phases: dict[ir.Value, ir.Value] = {}  # parity -> parity * D
        # The last op built for each run-time parity: the ops that use it
        # follow it, in its block, ahead of every copy there.
        self.anchors: dict[ir.Value, ir.Operation] = {}

    def allocate(self) -> None:
        """The allocations and the constant-slot gets, at the current
        insertion point (before the loop)."""
        for buffer in self.buffers:
            alloc = buffer.alloc
            count = buffer.copies(self.depth)
            made = ir.Operation.create(
                "pto.alloc_multi_tile",
                results=[multi_tile_type(alloc.results[0].type, count)],
                operands=list(alloc.operands),
                attributes={name: alloc.attributes[name] for name in alloc.attributes})
            self.created.append(made)
            self.slots.append(made.results[0])

    def _constant(self, number: int) -> ir.Value:
        if number not in self.index:
            index = ir.IndexType.get()
            made = ir.Operation.create("arith.constant", results=[index], attributes={
                "value": ir.IntegerAttr.get(index, number)},
                ip=ir.InsertionPoint(self.slots[0].owner.operation))
            self.created.insert(self.created.index(self.slots[0].owner.operation), made)
            self.index[number] = made.results[0]
        return self.index[number]

    def _static_get(self, i: int, slot: int) -> ir.Value:
        key = (i, slot)
        if key not in self.static:
            allocation = self.slots[i].owner.operation
            # Right after its allocation: it dominates every copy.
            get = ir.Operation.create(
                "pto.multi_tile_get", results=[self.buffers[i].alloc.results[0].type],
                operands=[self.slots[i], self._constant(slot)],
                ip=ir.InsertionPoint(allocation))
            get.move_after(allocation)
            self.created.insert(self.created.index(allocation) + 1, get)
            self.static[key] = get.results[0]
        return self.static[key]

    def mapping(self, copy: Copy, parity: int | ir.Value) -> dict[ir.Value, ir.Value]:
        """The slot of every buffer for `copy`, whose group has `parity`
        (an int, or an index value: a crossing buffer's get is then built
        right after it), and its views taken of that slot."""
        found = self._slots(copy, parity)
        for buffer in self.buffers:
            slot = found[buffer.alloc.results[0]]
            for view in buffer.views:
                key = (view, slot)
                if key not in self.views:
                    self.views[key] = self._view(view, found, slot)
                found[view.results[0]] = self.views[key]
        return found

    def _view(self, view: ir.Operation, found: dict[ir.Value, ir.Value],
              slot: ir.Value) -> ir.Value:
        """`view` made again over the slots in `found`, after the last op
        built for `slot` (its get, or a view taken of it before)."""
        anchor = self.anchors.get(slot, slot.owner.operation)
        made = ir.Operation.create(
            view.name, results=[r.type for r in view.results],
            operands=[found.get(v, v) for v in view.operands],
            attributes={name: view.attributes[name] for name in view.attributes},
            ip=ir.InsertionPoint(anchor))
        made.move_after(anchor)
        if anchor in self.created:
            self.created.insert(self.created.index(anchor) + 1, made)
        self.anchors[slot] = made
        return made.results[0]

    def _slots(self, copy: Copy, parity: int | ir.Value) -> dict[ir.Value, ir.Value]:
        found = {}
        for i, buffer in enumerate(self.buffers):
            original = buffer.alloc.results[0]
            if not buffer.crossing:
                found[original] = self._static_get(i, copy.slot)
            elif isinstance(parity, int):
                found[original] = self._static_get(i, parity % 2 * self.depth + copy.slot)
            else:
                if parity not in self.phases:
                    self.phases[parity] = self._after(parity, "arith.muli", [
                        parity, self._constant(self.depth)], parity.type)
                index = self.phases[parity]
                if copy.slot:
                    index = self._after(parity, "arith.addi",
                                        [index, self._constant(copy.slot)], index.type)
                found[original] = self._after(parity, "pto.multi_tile_get",
                                              [self.slots[i], index], original.type)
        return found

    def _after(self, parity: ir.Value, name: str, operands: list[ir.Value],
               type_: ir.Type) -> ir.Value:
        """`name` over `operands`, built after the ops built for `parity`."""
        anchor = self.anchors.get(parity, parity.owner.operation)
        made = ir.Operation.create(name, results=[type_], operands=operands,
                                   ip=ir.InsertionPoint(anchor))
        made.move_after(anchor)
        self.anchors[parity] = made
        return made.results[0]

    def parity(self, group: ir.Value, previous: bool = False) -> ir.Value:
        """The parity of `group` (an integer of any type), or of the group
        before it, as an index, at the current insertion point."""
        two = ir.Operation.create("arith.constant", results=[group.type], attributes={
            "value": ir.IntegerAttr.get(group.type, 2)}).results[0]
        if previous:
            one = ir.Operation.create("arith.constant", results=[group.type], attributes={
                "value": ir.IntegerAttr.get(group.type, 1)}).results[0]
            group = _binary("arith.addi", group, one)  # g - 1 and g + 1 share a parity
        bit = _binary("arith.remui", group, two)
        if isinstance(bit.type, ir.IndexType):
            return bit
        return ir.Operation.create("arith.index_castui", results=[ir.IndexType.get()],
                                   operands=[bit]).results[0]

    def release(self) -> None:
        """Erases the original views and allocations left without uses."""
        for buffer in self.buffers:
            for view in reversed(buffer.views):
                if not list(view.results[0].uses):
                    view.erase()
            if not list(buffer.alloc.results[0].uses):
                buffer.alloc.erase()


def _binary(name: str, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    return ir.Operation.create(name, results=[lhs.type], operands=[lhs, rhs]).results[0]
