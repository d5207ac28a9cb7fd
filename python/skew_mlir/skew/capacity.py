"""Whether the copies of a skew's tile buffers fit their locations.

Each copied buffer's allocation is replaced by one of N slots (multibuffer,
emit_buffers), so at a location the kernel then needs what it allocates
today (tile_capacity.kernel_usage: inside and outside its loops) plus N - 1
more of each buffer copied there, by this loop and by every loop of the
kernel planned before it (the copies of all the kernel's loops are
allocated side by side). A buffer the kernel places itself (constant
`addr`) keeps its first slot where it was and the next ones follow it (addr
+ k * size): they must end within the location and meet (the first slot
included) no other buffer placed there and no `pto.reserve_buffer` placed
there (a pipe's receive slots), in the kernel or in a function it calls;
when one of those is placed at an address that is not a constant, or a
callee cannot be read, a placed buffer gets no copies. (Nor then the copies of another placed
buffer: they start at its own address, so the two would meet first where
one of them is placed.) A depth whose copies do not fit is lowered (the
remark says why).
"""

from __future__ import annotations

from mlir import ir

from ..calls import call_summaries, calls_under
from ..diagnostics import place
from ..tile_capacity import (LOCATIONS, Capacities, kernel_usage, reserved_ranges, tile_bytes,
                             tile_location)
from ..tile_memory import is_allocation, placed_address


def _size(number: int) -> str:
    """A byte count as a remark writes it (64 KiB, 512 B)."""
    if number >= 1024 and number % 1024 == 0:
        return f"{number // 1024} KiB"
    return f"{number} B"


def _added(buffers: tuple, depth: int) -> dict[str, int]:
    """The bytes the copies of `buffers` at `depth` add, per location."""
    added: dict[str, int] = {}
    for buffer in buffers:
        tile = buffer.alloc.results[0]
        loc = tile_location(tile.type)
        added[loc] = added.get(loc, 0) + (buffer.copies(depth) - 1) * tile_bytes(tile.type)
    return added


class Room:
    """The capacities of the locations of one kernel's tile memory, what the
    kernel allocates there (read from the function the first time a skew has
    buffers to fit: most loops copy none) and what the copies of its loops
    planned so far add (`commit`ted loop by loop)."""

    def __init__(self, capacities: Capacities, function: ir.Operation, scope: ir.Operation):
        self.capacities = capacities
        self.function = function
        self.scope = scope  # the op the pass runs on: callees are read inside it
        self._unknown: str | None = None  # see `unknown`, set by _kernel
        # What earlier loops' copies add, per location.
        self.committed: dict[str, int] = {}
        self._read: tuple[dict[str, int], list, list[ir.Value]] | None = None

    def placed_tiles(self) -> list[ir.Value]:
        """The tiles the kernel and its callees place at an address (a
        constant one or not); `unknown` says when that list may be short."""
        return self._kernel()[2]

    @property
    def unknown(self) -> str | None:
        """Why the kernel's placed buffers are not all known (a non-constant
        address, a callee that cannot be read), None when they are."""
        self._kernel()
        return self._unknown

    def _kernel(self) -> tuple[dict[str, int], list[tuple[ir.Operation | None, str, int, int, str]],
                               list[ir.Value]]:
        """What the kernel already occupies per location; the buffers it
        places itself at constant addresses and the ranges it reserves:
        (allocation, location, start, end, what it is); its placed tiles."""
        if self._read is not None:
            return self._read
        placed: list[tuple[ir.Operation | None, str, int, int, str]] = []
        tiles: list[ir.Value] = []
        # The kernel's code is its function and every function it calls: a
        # callee's tiles share the kernel's memory.
        functions = [self.function]
        for summary in call_summaries(self.scope, calls_under(self.function), ()):
            if summary.problem is not None and self._unknown is None:
                self._unknown = f"what the call to {summary.callee or 'an unknown callee'} " \
                               f"places ({summary.problem})"
            functions += summary.functions

        def visit(op):
            for result in op.results:
                loc = tile_location(result.type)
                if loc is None:
                    continue
                start = placed_address(result)
                if start is not None and is_allocation(result):
                    tiles.append(result)
                if isinstance(start, int):
                    placed.append((op, loc, start, start + tile_bytes(result.type),
                                   "another buffer placed at"))
                elif start is ... and self._unknown is None:
                    self._unknown = (f"a buffer placed at an address that is not a constant "
                                    f"({place(op.location)})")
            return ir.WalkResult.ADVANCE

        for function in dict.fromkeys(functions):
            function.walk(visit, ir.WalkOrder.PRE_ORDER)
            for loc in LOCATIONS:
                for base, size in reserved_ranges(function, loc) or ():
                    placed.append((None, loc, base, base + size, "a reserved buffer at"))
        self._read = kernel_usage(self.function), placed, tiles
        return self._read

    def commit(self, buffers: tuple, depth: int) -> None:
        """Counts the copies of `buffers` at `depth` (a loop's, as planned)
        against every loop planned after it."""
        for loc, added in _added(buffers, depth).items():
            self.committed[loc] = self.committed.get(loc, 0) + added

    def problem(self, buffers: tuple, depth: int) -> str | None:
        """Why the copies of `buffers` (multibuffer.Buffered) at `depth` do
        not fit, or None when they do."""
        usage, placed, _ = self._kernel()
        extra = _added(buffers, depth)
        for buffer in buffers:
            tile = buffer.alloc.results[0]
            loc, size = tile_location(tile.type), tile_bytes(tile.type)
            copies = buffer.copies(depth)
            capacity = self.capacities.of(loc)
            start = placed_address(tile)
            if isinstance(start, int) and copies > 1:
                if self.unknown is not None:
                    return (f"depth {depth}: {copies} copies of the {_size(size)} {loc} "
                            f"buffer at {start} may overlap {self.unknown}")
                end = start + copies * size
                if end > capacity:
                    return (f"depth {depth}: {copies} copies of the {_size(size)} {loc} "
                            f"buffer at {start} end past the {_size(capacity)} of {loc}")
                for other, other_loc, low, high, what in placed:
                    if (other_loc == loc and (other is None or other != buffer.alloc)
                            and low < end and start < high):
                        return (f"depth {depth}: {copies} copies of the {_size(size)} "
                                f"{loc} buffer at {start} would overlap {what} {low}")
        for buffer in buffers:
            tile = buffer.alloc.results[0]
            loc, size = tile_location(tile.type), tile_bytes(tile.type)
            capacity = self.capacities.of(loc)
            earlier = self.committed.get(loc, 0)
            needed = usage.get(loc, 0) + earlier + extra[loc]
            if needed > capacity:
                room = capacity - (needed - buffer.copies(depth) * size)
                return (f"depth {depth}: {buffer.copies(depth)} copies of the {_size(size)} "
                        f"{loc} buffer do not fit in {_size(max(room, 0))}"
                        + (f" (the copies of earlier loops' buffers take {_size(earlier)} "
                           f"of {loc})" if earlier else ""))
        return None

    def fit(self, buffers: tuple, depth: int) -> tuple[int, str | None]:
        """The deepest depth <= `depth` whose copies fit, and why `depth`
        does not (None: it fits); (0, why depth 1 does not) when none does."""
        reason = self.problem(buffers, depth)
        if reason is None:
            return depth, None
        for lower in range(depth - 1, 0, -1):
            if self.problem(buffers, lower) is None:
                return lower, reason
        return 0, self.problem(buffers, 1)
