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

from ..fifo_model import C2V, Pipe
from .cores import BLOCKED_POP, BLOCKED_PUSH, Core
from .errors import SimError
from .scheduler import RunResult


@dataclasses.dataclass(frozen=True)
class CoreTiming:
    role: str  # the core's name: cube, vector, or vector0 / vector1 for sub-blocks
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
    cores = [CoreTiming(c.name, c.function, c.busy, c.blocked[BLOCKED_PUSH],
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
        selected[core.name] = [e for e in core.fifo_events if id(e) in keep]
    push_end: dict[tuple[str, int], int] = {}
    clock = {core.name: 0 for core in cores}
    mark = {core.name: 0 for core in cores}  # busy cycles accounted so far
    position = {core.name: 0 for core in cores}
    while True:
        moved = False
        for core in cores:
            events = selected[core.name]
            while position[core.name] < len(events):
                e = events[position[core.name]]
                start = clock[core.name] + e.busy_before - mark[core.name]
                if e.kind == "pop":
                    if (e.pipe, e.index) not in push_end:
                        break
                    start = max(start, push_end[(e.pipe, e.index)] + latency)
                end = start + e.busy_after - e.busy_before
                if e.kind == "push":
                    key = (e.pipe, e.index)  # the later sub-block push, if two
                    push_end[key] = max(push_end.get(key, end), end)
                clock[core.name], mark[core.name] = end, e.busy_after
                position[core.name] += 1
                moved = True
        if all(position[c.name] == len(selected[c.name]) for c in cores):
            break
        if not moved:
            raise SimError("internal: the bound's event graph has a cycle")
    return max(clock[c.name] + c.busy - mark[c.name] for c in cores)


@dataclasses.dataclass(frozen=True)
class SteadyState:
    """Cycles per KV block of a round-trip pair in its steady state.

    Per block the cube pushes one message on C2V, the vector pops it and
    answers with `replies` messages on V2C (exact flash attention: P and
    alpha), and the cube pops them (what the cube then sends on another
    pipe, as P V_j in examples/flash_attention_tile.mlir, is part of its
    consume); the fewer than `blocks` messages the
    vector sends after the last block (the final row sums) belong to none. A cube loop
    skewed with depth D issues D produces then D consumes per iteration, so
    between pushing block b and popping its answer the cube runs (2D-1-i)
    produces and (D+i) consumes of its own (i = b's position in its group),
    and block b+2D is pushed after that pop. Every block therefore sits on a
    cycle: push b, the pipe, the vector's work up to its answer, the pipe
    back, the cube's work from the pop up to the push of block b+2D. No
    schedule of this program runs a block faster than that cycle allows,
    whatever the slot count:

        period >= max(cube work, vector work, latency cycle / 2D)

    `latency_limit` takes the longest such cycle (over every reply message),
    including the vector's queueing (the answer to b may wait for the vector
    to finish earlier blocks); for a depth-D cube loop with produce P,
    consume C (C >= P) and a one-block round trip R it is about
    (R + P + D*C) / (2D). The unskewed (depth 0) loop pops b before pushing
    b+1, so its cycle spans one block.
    """

    depth: int
    blocks: int
    produce: int | None  # cube busy cycles between two pushes of a group (D >= 2)
    consume: int | None  # cube busy cycles between two blocks' first pops of a group (D >= 2)
    round_trip: int  # 2 * pipe latency + the vector's busy cycles from pop to last reply
    cube_work: float  # cube busy cycles per block in the steady loop
    vector_work: float  # vector busy cycles per block
    latency_limit: float | None  # per block, None when no cycle fits in the trip
    measured: float | None  # per block, between steady iterations; None if too few

    @property
    def span(self) -> int:
        return 2 * self.depth if self.depth else 1

    @property
    def limit(self) -> float:
        return max(self.cube_work, self.vector_work, self.latency_limit or 0)

    @property
    def latency_bound(self) -> bool:
        """The latency cycle, not either core's work, sets the period."""
        return (self.latency_limit or 0) > max(self.cube_work, self.vector_work)

    @property
    def hiding_work(self) -> int | None:
        """Cube work between the push of a group's first block and the pop of
        its answer: (2D-1) P + D C. The round trip is hidden when it is >= R."""
        if self.produce is None or self.consume is None:
            return None
        return (2 * self.depth - 1) * self.produce + self.depth * self.consume


def steady_state(result: RunResult, depth: int, replies: int = 1) -> SteadyState:
    """The steady state of `result`, a run of a pair whose cube loop was
    skewed with `depth` (0: not skewed) and gets `replies` V2C messages per
    block. See SteadyState."""
    if depth < 0:
        raise SimError(f"skew depth must be >= 0, got {depth}")
    if replies < 1:
        raise SimError(f"a block needs at least one reply, got {replies}")
    if "cube" not in result.cores or "vector" not in result.cores:
        raise SimError("the steady state needs a cube/vector pair")
    cube, vector = result.cores["cube"], result.cores["vector"]
    c_push = _events(cube, "push", "C2V")
    c_pop = _events(cube, "pop", "V2C")
    v_pop = _events(vector, "pop", "C2V")
    v_push = _events(vector, "push", "V2C")
    blocks = len(c_push)
    if (blocks < 2 or len(v_pop) != blocks or len(c_pop) != len(v_push)
            or not 0 <= len(v_push) - replies * blocks < blocks):
        raise SimError(f"the steady state needs one C2V and {replies} V2C message(s) per "
                       f"block (C2V {blocks} pushed, V2C {len(v_push)} pushed)")
    latency = result.cost.pipe_latency
    span = 2 * depth if depth else 1
    if depth and 2 * depth > blocks:
        raise SimError(f"skew depth {depth} needs at least {2 * depth} blocks, got {blocks}")

    answer = [v_push[b * replies + replies - 1].busy_after - v_pop[b].busy_before
              for b in range(blocks)]
    round_trip = 2 * latency + _median(answer)
    # Longest cycle: push b -> pipe -> vector from pop b to reply i of block
    # b+j -> pipe -> cube from popping that reply to push b+span.
    order = {id(e): i for i, e in enumerate(cube.fifo_events)}  # program order
    cycles = [2 * latency + v_push[r].busy_after - v_pop[b].busy_before
              + c_push[b + span].busy_after - c_pop[r].busy_before
              for b in range(blocks - span) for j in range(span)
              for r in range((b + j) * replies, (b + j + 1) * replies)
              if order[id(c_pop[r])] < order[id(c_push[b + span])]]
    latency_limit = max(cycles) / span if cycles else None

    # Steady window: whole cycles (span blocks: the schedule repeats every two
    # iterations of the skewed loop) from the first group after the first
    # quarter of the trip, ending no later than the last steady iteration's
    # first push (the unskewed loop: up to its last push).
    if depth:
        lo = max(depth, -(-blocks // 4) // depth * depth)
        hi = lo + (blocks - depth - lo) // span * span
    else:
        lo, hi = blocks // 4, blocks - 1
    if hi > lo:
        pushed = result.pipes[Pipe(C2V)].messages  # the cube is its one producer lane
        measured = (pushed[hi].pushed_at[0] - pushed[lo].pushed_at[0]) / (hi - lo)
        cube_work = (c_push[hi].busy_after - c_push[lo].busy_after) / (hi - lo)
    else:
        measured = None
        cube_work = cube.busy / blocks
    produce = consume = None
    if depth >= 2:
        # A block's C2V push and first pop stand for its halves (a push on
        # another pipe, after the pop, is consumer work).
        firsts = {id(c_pop[b * replies]) for b in range(blocks)} | {id(e) for e in c_push}
        marks = [e for e in cube.fifo_events if id(e) in firsts]
        produce, consume = (_median([b.busy_after - a.busy_after for a, b in zip(marks, marks[1:])
                                     if a.kind == b.kind == kind]) for kind in ("push", "pop"))
    return SteadyState(depth, blocks, produce, consume, round_trip, cube_work,
                       vector.busy / blocks, latency_limit, measured)


def _events(core: Core, kind: str, pipe: str) -> list:
    events = [e for e in core.fifo_events if e.kind == kind and e.pipe == pipe]
    if [e.index for e in events] != list(range(len(events))):
        raise SimError(f"internal: {core.role} {kind} events of {pipe} out of order")
    return events


def _median(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]
