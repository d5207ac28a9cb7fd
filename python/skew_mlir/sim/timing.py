"""Where the cycles went, and how close the schedule is to ideal.

total      the cycle at which the later core returns.
busy       cycles a core computes (ops, and the push/pop instructions themselves).
blocked    cycles waiting in a push (pipe full) or a pop (message not there yet).
idle       total - busy - blocked: the time after the core returned.

bound      a lower bound on `total` for this pair under the cost model: the
           longest path through each core's busy work and only the *first*
           and *last* message of every pipe, with unlimited slots. It is at
           least each core's busy time (max of the two) and adds the fill and
           drain no schedule can hide: e.g. the vector cannot start before
           the first tile is produced and crosses the pipe, and the cube's
           work after its last pop cannot start before the last reply
           arrives. Every real run satisfies more constraints, so
           bound <= total.
efficiency bound / total.
"""

from __future__ import annotations

import dataclasses

from .cores import BLOCKED_POP, BLOCKED_PUSH, Core
from .errors import SimError
from .scheduler import RunResult


@dataclasses.dataclass(frozen=True)
class CoreTiming:
    role: str
    function: str
    busy: int
    blocked_push: int
    blocked_pop: int
    idle: int


@dataclasses.dataclass(frozen=True)
class Timing:
    total: int
    cores: list[CoreTiming]
    bound: int

    @property
    def efficiency(self) -> float:
        return self.bound / self.total if self.total else 1.0

    def lines(self) -> list[str]:
        out = [f"total cycles: {self.total}"]
        for c in self.cores:
            out.append(f"  {c.role:<6} @{c.function}: busy {c.busy}, blocked on push "
                       f"{c.blocked_push}, blocked on pop {c.blocked_pop}, idle {c.idle}")
        out.append(f"ideal bound: {self.bound} (max busy + unavoidable fill/drain)")
        out.append(f"efficiency: {self.efficiency:.3f}")
        return out


def timing(result: RunResult) -> Timing:
    total = result.total
    cores = [CoreTiming(c.role, c.function, c.busy, c.blocked[BLOCKED_PUSH],
                        c.blocked[BLOCKED_POP],
                        total - c.busy - c.blocked[BLOCKED_PUSH] - c.blocked[BLOCKED_POP])
             for c in result.cores.values()]
    return Timing(total, cores, ideal_bound(list(result.cores.values()), result.cost.pipe_latency))


def ideal_bound(cores: list[Core], latency: int) -> int:
    """Longest path over the busy work and the first/last message of each pipe."""
    selected = {}
    for core in cores:
        firsts, lasts = {}, {}
        for e in core.fifo_events:
            firsts.setdefault((e.kind, e.pipe), e)
            lasts[(e.kind, e.pipe)] = e
        keep = {id(e) for e in (*firsts.values(), *lasts.values())}
        selected[core.role] = [e for e in core.fifo_events if id(e) in keep]
    push_end: dict[tuple[str, int], int] = {}
    clock = {core.role: 0 for core in cores}
    mark = {core.role: 0 for core in cores}  # busy cycles accounted so far
    position = {core.role: 0 for core in cores}
    while True:
        moved = False
        for core in cores:
            events = selected[core.role]
            while position[core.role] < len(events):
                e = events[position[core.role]]
                start = clock[core.role] + e.busy_before - mark[core.role]
                if e.kind == "pop":
                    if (e.pipe, e.index) not in push_end:
                        break
                    start = max(start, push_end[(e.pipe, e.index)] + latency)
                end = start + e.busy_after - e.busy_before
                if e.kind == "push":
                    push_end[(e.pipe, e.index)] = end
                clock[core.role], mark[core.role] = end, e.busy_after
                position[core.role] += 1
                moved = True
        if all(position[c.role] == len(selected[c.role]) for c in cores):
            break
        if not moved:
            raise SimError("internal: the bound's event graph has a cycle")
    return max(clock[c.role] + c.busy - mark[c.role] for c in cores)
