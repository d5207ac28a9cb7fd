"""The abstract two-core FIFO model: runs two FIFO programs against each other.

Semantics are those of the simulator's pipes (sim/fifo.py, sim/scheduler.py)
without data or time: each pipe holds at most `slots` messages; a message
holds its slot from its push until the tfree of its popped tile, or until
the pop when no tfree uses the pop's tile. A push blocks while the pipe is
full, a pop while it is empty. Each pop checks the type of the message it
receives against its own result type.

The cores run in rounds (the cube until it blocks, then the vector). Loops
are never unrolled: the round-start state is the two program positions (an
index per loop level), the pipe contents (message types, held tiles) and the
iteration counter of every enclosing loop. When a state repeats with, in
each core that moved, exactly one loop level's counter advanced (by d), the
rounds in between are a period of the joint schedule: it repeats unchanged
as long as that loop does not exit, so the model jumps ahead by the whole
periods that fit before the first such exit, then goes on. The result is the
same as running every iteration (the run is deterministic, and a loop's
counter only matters to its exit test), so a trip of 10^12 costs a few
periods: prologue, one period, epilogue.
"""

from __future__ import annotations

import collections
import dataclasses

from mlir import ir

from .program import FREE, POP, PUSH, Event, Program

# Occurrences of a round-start state remembered for period detection.
HISTORY = 64
# Steps of the model before it gives up: one per event simulated (not jumped
# over), plus per round the loop levels and remembered states it compares,
# so deep nests cannot stretch the time a budget takes (about 5 s).
DEFAULT_BUDGET = 2_000_000


@dataclasses.dataclass
class Finding:
    severity: str  # "error" / "warning"
    op: ir.Operation
    message: str
    notes: tuple[tuple[ir.Operation, str], ...] = ()  # (op, what it did)


class Pipe:
    def __init__(self, name: str, slots: int):
        self.name = name
        self.slots = slots
        self.queue: collections.deque = collections.deque()  # (type, push Event)
        self.held: set[int] = set()  # pop registers whose tile awaits its tfree
        self.leaked = 0  # popped tiles whose tfree can no longer run
        self.pushed = 0
        self.popped = 0
        self.peak = 0  # most slots held at once

    def occupancy(self) -> int:
        return len(self.queue) + len(self.held) + self.leaked

    def key(self) -> tuple:
        return tuple(self.queue), frozenset(self.held), self.leaked

    def describe(self) -> str:
        text = (f"{self.name} holds {self.occupancy()} of {self.slots} slots: "
                f"{len(self.queue)} in flight, {len(self.held) + self.leaked} popped "
                f"awaiting tfree; {self.pushed} pushed, {self.popped} popped")
        return text


class Cursor:
    """A core's position: one frame [nodes, index, iteration, trip] per loop."""

    def __init__(self, program: Program):
        self.program = program
        self.frames = [[program.body, 0, 0, 1]]

    def current(self) -> Event | None:
        """The next event (entering and leaving loops on the way), None at the end."""
        frames = self.frames
        while True:
            frame = frames[-1]
            nodes = frame[0]
            if frame[1] < len(nodes):
                node = nodes[frame[1]]
                if node.__class__ is Event:
                    return node
                frames.append([node.body, 0, 0, node.trip])
            elif frame[2] + 1 < frame[3]:
                frame[1] = 0
                frame[2] += 1
            elif len(frames) == 1:
                return None
            else:
                frames.pop()
                frames[-1][1] += 1

    def position(self) -> tuple:
        return tuple(frame[1] for frame in self.frames)

    def counters(self) -> tuple:
        return tuple(frame[2] for frame in self.frames)


class _Stop(Exception):
    pass


@dataclasses.dataclass
class Outcome:
    findings: list[Finding]
    pipes: dict[str, Pipe]
    simulated: int  # events executed one by one
    jumps: int  # accelerations taken
    complete: bool  # the model ran to the end (proved or found the errors)


class Model:
    def __init__(self, cube: Program, vector: Program, slots: int,
                 budget: int = DEFAULT_BUDGET):
        self.cursors = (Cursor(cube), Cursor(vector))
        self.pipes = {name: Pipe(name, slots) for name in ("C2V", "V2C")}
        self.slots = slots
        self.budget = budget
        self.findings: list[Finding] = []
        self.mismatches: set = set()
        self.simulated = 0
        self.steps = 0
        self.jumps = 0

    def run(self) -> Outcome:
        history: dict[tuple, list] = {}
        rounds = 0
        complete = True
        try:
            while True:
                if self.simulated + self.steps > self.budget:
                    complete = False
                    self.findings.append(Finding(
                        "warning", self.cursors[0].program.function,
                        f"could not prove deadlock freedom and message counts: the "
                        f"FIFO schedule found no repeating period within "
                        f"{self.budget} model steps"))
                    break
                for cursor in self.cursors:
                    cursor.current()
                key = (self.cursors[0].position(), self.cursors[1].position(),
                       self.pipes["C2V"].key(), self.pipes["V2C"].key())
                seen = history.setdefault(key, [])
                self.steps += len(self.cursors[0].frames) + len(self.cursors[1].frames) + len(seen)
                rounds = self._accelerate(seen, rounds)
                seen.append((tuple(c.counters() for c in self.cursors),
                             self._stats(), rounds))
                if len(seen) > HISTORY:
                    del seen[0]
                moved = self._run_core(self.cursors[0])
                moved = self._run_core(self.cursors[1]) or moved
                rounds += 1
                if not moved:
                    self._diagnose_end()
                    break
        except _Stop:
            pass
        return Outcome(self.findings, self.pipes, self.simulated, self.jumps, complete)

    # --- periods ----------------------------------------------------------

    def _stats(self) -> tuple:
        return tuple((p.pushed, p.popped) for p in self.pipes.values())

    def _accelerate(self, seen: list, rounds: int) -> int:
        """Jump over the whole periods that fit; returns the new round count."""
        now = tuple(c.counters() for c in self.cursors)
        best = None
        for then, stats, then_rounds in seen:
            jump = self._periods(then, now)
            if jump is None:
                continue
            periods, moves = jump
            gain = periods * (rounds - then_rounds)
            if best is None or gain > best[0]:
                best = (gain, periods, moves, stats, then_rounds)
        if best is None:
            return rounds
        _, periods, moves, stats, then_rounds = best
        for cursor, move in zip(self.cursors, moves):
            if move is not None:
                level, delta = move
                cursor.frames[level][2] += periods * delta
        for pipe, (pushed, popped) in zip(self.pipes.values(), stats):
            pipe.pushed += periods * (pipe.pushed - pushed)
            pipe.popped += periods * (pipe.popped - popped)
        self.jumps += 1
        return rounds + periods * (rounds - then_rounds)

    def _periods(self, then: tuple, now: tuple):
        """(whole periods that fit, per core (level, delta) or None) when the
        rounds from `then` to `now` form a period, else None."""
        periods = None
        moves = []
        for cursor, old, new in zip(self.cursors, then, now):
            changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
            if not changed:
                moves.append(None)  # this core did not move in the period
                continue
            if len(changed) > 1:
                return None
            level = changed[0]
            delta = new[level] - old[level]
            if delta <= 0:
                return None
            fit = (cursor.frames[level][3] - 1 - new[level]) // delta
            periods = fit if periods is None else min(periods, fit)
            moves.append((level, delta))
        if not periods or periods < 1:
            return None
        return periods, moves

    # --- events -----------------------------------------------------------

    def _run_core(self, cursor: Cursor) -> bool:
        """Run a core until it blocks or ends; whether it executed anything."""
        moved = False
        pipes, slots = self.pipes, self.slots
        while True:
            event = cursor.current()
            if event is None:
                return moved
            pipe = pipes[event.pipe]
            kind = event.kind
            if kind is PUSH:
                if pipe.occupancy() >= slots:
                    return moved
                pipe.queue.append((event.type, event))
                pipe.pushed += 1
                pipe.peak = max(pipe.peak, pipe.occupancy())
            elif kind is POP:
                if not pipe.queue:
                    return moved
                tile_type, source = pipe.queue.popleft()
                if tile_type != event.type:
                    self._mismatch(event, source, tile_type, pipe)
                pipe.popped += 1
                if event.held >= 0:
                    if event.held in pipe.held:
                        pipe.leaked += 1  # the earlier tile of this pop is never freed
                    pipe.held.add(event.held)
            else:
                assert kind is FREE
                if event.held not in pipe.held:
                    self.findings.append(Finding(
                        "error", event.op,
                        f"frees a {pipe.name} tile that is not held: its pop's tile "
                        f"was already freed (the tfree runs more often than its pop)"))
                    raise _Stop()
                pipe.held.discard(event.held)
            cursor.frames[-1][1] += 1
            self.simulated += 1
            moved = True

    def _mismatch(self, pop: Event, push: Event, tile_type: str, pipe: Pipe) -> None:
        if (pop, push) in self.mismatches:
            return
        self.mismatches.add((pop, push))
        self.findings.append(Finding(
            "error", pop.op,
            f"tile type mismatch on {pipe.name}: pops {pop.type}, but message "
            f"#{pipe.popped} is {tile_type}",
            ((push.op, f"message #{pipe.popped} pushed here"),)))

    # --- the end ----------------------------------------------------------

    def _diagnose_end(self) -> None:
        waiting = [c.current() for c in self.cursors]
        roles = [c.program.role for c in self.cursors]
        if waiting == [None, None]:
            for pipe in self.pipes.values():
                if pipe.queue:
                    _, push = pipe.queue[0]
                    self.findings.append(Finding(
                        "error", push.op,
                        f"message count mismatch on {pipe.name}: message #{pipe.popped} "
                        f"pushed here is never popped ({pipe.pushed} pushed, "
                        f"{pipe.popped} popped when both kernels return)"))
            return
        for i, event in enumerate(waiting):
            if event is None:
                continue
            pipe = self.pipes[event.pipe]
            peer, peer_event = roles[1 - i], waiting[1 - i]
            if event.kind is POP:
                what = f"this pop from {pipe.name} waits for message #{pipe.popped}"
            else:
                what = f"this push to {pipe.name} waits for a free slot ({pipe.describe()})"
            if peer_event is None:
                done = (f"pushing {pipe.pushed}" if event.kind is POP
                        else f"popping {pipe.popped}")
                self.findings.append(Finding(
                    "error", event.op,
                    f"message count mismatch on {pipe.name}: {what}, but the {peer} "
                    f"kernel returned after {done}"))
            else:
                self.findings.append(Finding(
                    "error", event.op,
                    f"deadlock at {self.slots} slot(s) per pipe: {what}, while the "
                    f"{peer} kernel waits too",
                    ((peer_event.op, f"the {peer} kernel waits here"),)))


def check_pair(cube: Program, vector: Program, slots: int,
               budget: int = DEFAULT_BUDGET) -> Outcome:
    """Run the abstract model of the pair at `slots` slots per pipe."""
    return Model(cube, vector, slots, budget).run()
