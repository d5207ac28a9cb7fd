"""Whether the copies of a skew's tile buffers fit their locations.

Each copied buffer's allocation is replaced by one of N slots (multibuffer,
emit_buffers), so at a location the kernel then needs what it allocates
today (tile_capacity.kernel_usage) plus N - 1 more of each buffer copied
there. A buffer the kernel places itself (constant `addr`) keeps its first
slot where it was and the next ones follow it (addr + k * size): they must
end within the location and meet no other buffer placed there. A depth
whose copies do not fit is lowered (the remark says why).
"""

from __future__ import annotations

from mlir import ir

from ..tile_capacity import Capacities, kernel_usage, tile_bytes, tile_location
from ..tile_memory import placed_address


def _size(number: int) -> str:
    """A byte count as a remark writes it (64 KiB, 512 B)."""
    if number >= 1024 and number % 1024 == 0:
        return f"{number // 1024} KiB"
    return f"{number} B"


class Room:
    """The capacities of the locations of one kernel's tile memory and what
    the kernel allocates there (read once per function)."""

    def __init__(self, capacities: Capacities, function: ir.Operation):
        self.capacities = capacities
        self.usage = kernel_usage(function)
        self.placed: list[tuple[ir.Operation, str, int, int]] = []  # op, loc, start, end

        def visit(op):
            for result in op.results:
                loc = tile_location(result.type)
                if loc is None:
                    continue
                start = placed_address(result)
                if isinstance(start, int):
                    self.placed.append((op, loc, start, start + tile_bytes(result.type)))
            return ir.WalkResult.ADVANCE

        function.walk(visit, ir.WalkOrder.PRE_ORDER)

    def problem(self, buffers: tuple, depth: int) -> str | None:
        """Why the copies of `buffers` (multibuffer.Buffered) at `depth` do
        not fit, or None when they do."""
        extra: dict[str, int] = {}
        for buffer in buffers:
            tile = buffer.alloc.results[0]
            loc, size = tile_location(tile.type), tile_bytes(tile.type)
            copies = buffer.copies(depth)
            extra[loc] = extra.get(loc, 0) + (copies - 1) * size
            capacity = self.capacities.of(loc)
            start = placed_address(tile)
            if isinstance(start, int):
                end = start + copies * size
                if end > capacity:
                    return (f"depth {depth}: {copies} copies of the {_size(size)} {loc} "
                            f"buffer at {start} end past the {_size(capacity)} of {loc}")
                for other, other_loc, low, high in self.placed:
                    if (other_loc == loc and other != buffer.alloc
                            and low < end and start + size < high):
                        return (f"depth {depth}: {copies} copies of the {_size(size)} "
                                f"{loc} buffer at {start} would overlap another buffer "
                                f"placed at {low}")
        for buffer in buffers:
            tile = buffer.alloc.results[0]
            loc, size = tile_location(tile.type), tile_bytes(tile.type)
            capacity = self.capacities.of(loc)
            needed = self.usage.get(loc, 0) + extra[loc]
            if needed > capacity:
                room = capacity - (needed - buffer.copies(depth) * size)
                return (f"depth {depth}: {buffer.copies(depth)} copies of the {_size(size)} "
                        f"{loc} buffer do not fit in {_size(max(room, 0))}")
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
