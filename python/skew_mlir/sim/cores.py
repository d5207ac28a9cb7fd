"""Per-core clock and the accounting of where its cycles went."""

from __future__ import annotations

import dataclasses
import time

from .errors import StepLimitExceeded

COMPUTE, BLOCKED_PUSH, BLOCKED_POP = "compute", "blocked-push", "blocked-pop"
# Waiting at a barrier (pto.syncall) for the other cores: idle in reports.
BLOCKED_SYNC = "blocked-sync"


@dataclasses.dataclass(frozen=True)
class FifoEvent:
    """One pipe operation in the core's program order. `busy_before` and
    `busy_after` are the core's cumulative busy cycles around it (the bound in
    timing.py needs the work between FIFO events, not wall-clock times)."""

    kind: str  # "push" | "pop"
    pipe: str  # its name
    index: int
    busy_before: int
    busy_after: int


class Core:
    """One AI core: a clock, busy / blocked counters, and a segment timeline."""

    def __init__(self, role: str, function: str, max_steps: int,
                 max_seconds: float | None = None, subblock: int | None = None):
        self.role = role  # "cube" | "vector"
        self.function = function
        # The vector sub-block this core is (0 or 1) when the vector kernel
        # runs as two; None for the cube and a lone vector core (index 0).
        self.subblock = subblock
        self.name = role if subblock is None else f"{role}{subblock}"
        self.lane = subblock or 0  # its producer / consumer lane of a pipe (fifo_model)
        self.clock = 0
        self.busy = 0
        self.blocked = {BLOCKED_PUSH: 0, BLOCKED_POP: 0, BLOCKED_SYNC: 0}
        self.segments: list[list] = []  # [start, end, kind], adjacent equal kinds merged
        self.fifo_events: list[FifoEvent] = []
        self.steps = 0
        self.max_steps = max_steps
        self.calls = 0  # func.call nesting at the current point of execution
        self.local: dict = {}  # address space -> its bytes (tile IR; sim/tiles.py)
        # The pipes whose slots this core's tfrees release (else each pop
        # does), and per such pipe what it popped and has not released,
        # oldest first (a tile buffer, else None; pipe_ops.py).
        self.frees: frozenset = frozenset()
        self.held: dict = {}
        # This core's handle on the race detector of shared memory (races.py).
        self.shared = None
        self.max_seconds = max_seconds
        self.deadline = None if max_seconds is None else time.monotonic() + max_seconds

    def spend(self, cycles: int) -> None:
        if cycles > 0:
            self._advance(self.clock + cycles, COMPUTE)
            self.busy += cycles

    def wait(self, until: int, kind: str) -> None:
        if until > self.clock:
            self.blocked[kind] += until - self.clock
            self._advance(until, kind)

    def _advance(self, until: int, kind: str) -> None:
        last = self.segments[-1] if self.segments else None
        if last is not None and last[2] == kind and last[1] == self.clock:
            last[1] = until
        else:
            self.segments.append([self.clock, until, kind])
        self.clock = until

    def count_steps(self, n: int, what: str) -> None:
        """Charge `n` executed ops against the step limit."""
        self.steps += n
        if self.steps > self.max_steps:
            raise StepLimitExceeded(
                f"{what}: the {self.role} core exceeded the step limit of "
                f"{self.max_steps} executed ops (raise it with --max-steps)")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise StepLimitExceeded(
                f"{what}: the simulation ran past its time limit of {self.max_seconds:g} s "
                f"after {self.steps} ops on the {self.role} core "
                "(raise it with --max-seconds)")
