"""The abstract cross-core FIFO model: runs the FIFO programs of a pair
against each other.

Semantics are the shared FIFO contract (fifo_model.py) without data or
time: per pipe, a PipeState says which message each op touches and whether
it may run; a push blocks while its pipe is full, a pop while its message is
incomplete. The vector program runs once per sub-block. Each pop checks the
type and split of the message it receives (half tiles under split).

The cores run in rounds (the cube until it blocks, then each vector
sub-block). Loops
are never unrolled: the round-start state is the two program positions (an
index per loop level), the pipe contents (message types, held tiles) and the
iteration counter of every enclosing loop. When a state repeats with, in
each core that moved, exactly one loop level's counter advanced (by d), the
rounds in between are a period of the joint schedule: it repeats unchanged
as long as that loop does not exit, so the model jumps ahead by the whole
periods that fit before the first such exit, then goes on. The result is the
same as running every iteration (the run is deterministic, and a loop's
counter only matters to its exit test), so a trip of 10^12 costs a few
periods: prologue, one period, epilogue. A run of SHORT_RUN events at most
may skip that bookkeeping (Model's `periods`): it costs more than it saves.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Hashable

from mlir import ir

from ..fifo_model import C2V, FREE, POP, PUSH, Pipe, PipeState, tiles_compatible, vector_side_type
from .program import Event, Loop, Program
from .trips import Affine, Branch, rank

# Occurrences of a round-start state remembered for period detection.
HISTORY = 64
# Events at most that a run without period detection may simulate: below
# it, keeping and comparing round-start states costs more than it saves.
SHORT_RUN = 4096
# Steps of the model before it gives up: one per event simulated (not jumped
# over), plus per round the loop levels and remembered states it compares,
# so deep nests cannot stretch the time a budget takes.
DEFAULT_BUDGET = 2_000_000


@dataclasses.dataclass
class Finding:
    severity: str  # "error" / "warning"
    op: ir.Operation
    message: str
    notes: tuple[tuple[ir.Operation, str], ...] = ()  # (op, what it did)
    deadlock: bool = False  # the cores wait for each other (else the pair is wrong)


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


@dataclasses.dataclass
class Identities:
    """Which push op each pop op received from in a run (docs/message-identity.md).

    `pairs[pipe][(push site, pop site)]` = (push ordinal, pop ordinal) of
    the first such message; `releases[pipe][(pop site, free site)]` the
    same for the tfree that released a popped slot; `totals[site]` = how
    often the site ran in all (an int, or a verify.trips.Affine of a
    symbolic trip); `ops[site]` = an op of the run's programs standing for
    it (where to report)."""

    pairs: dict[Pipe, dict[tuple, tuple]]
    releases: dict[Pipe, dict[tuple, tuple]]
    totals: dict
    ops: dict


class _Stop(Exception):
    pass


@dataclasses.dataclass
class Outcome:
    findings: list[Finding]
    pipes: dict[Pipe, PipeState]
    simulated: int  # events executed one by one
    jumps: int  # accelerations taken
    complete: bool  # the model ran to the end (proved or found the errors)


class Lane:
    """One running core: the cube, or one vector sub-block."""

    def __init__(self, program: Program, index: int, subblocks: int):
        self.cursor = Cursor(program)
        self.program = program
        self.index = index  # the sub-block (0 for the cube)
        # Whose ordinals the lane counts (Model._run_lane): each sub-block's own.
        self.side = index if program.role == "vector" else -1
        self.name = (f"{program.role} kernel" if program.role != "vector" or subblocks == 1
                     else f"vector sub-block {index}")


class Model:
    def __init__(self, cube: Program, vector: Program, slots: dict[Pipe, int],
                 subblocks: int = 1, budget: int = DEFAULT_BUDGET,
                 identity: Callable[[ir.Operation], Hashable] | None = None,
                 periods: bool = True):
        """`periods`: look for periods even in a short run (SHORT_RUN)."""
        self.lanes = [Lane(cube, 0, subblocks)] + [Lane(vector, i, subblocks)
                                                   for i in range(subblocks)]
        # Periods are looked for unless the whole run is a few events (the
        # result is the same either way; the verifier's remark counts them).
        self.asked_periods = periods
        self.periods = periods or not _short(cube, vector, subblocks)
        frees = {"cube": cube.frees(), "vector": vector.frees()}
        self.pipes = {}
        for pipe, count in sorted(slots.items()):
            consumer = "vector" if pipe.direction == C2V else "cube"
            self.pipes[pipe] = PipeState(pipe, count, subblocks, pipe in frees[consumer])
        # Per pipe: message index -> the pushes of it so far (one per producer lane).
        self.messages: dict[Pipe, dict[int, list]] = {pipe: {} for pipe in self.pipes}
        self.slots = slots
        self.subblocks = subblocks
        self.budget = budget
        self.findings: list[Finding] = []
        self.checked: set = set()  # (pop, push) pairs whose tiles were compared
        self.halves: dict = {}
        self.simulated = 0
        self.steps = 0
        self.jumps = 0
        # Message identity (verify/identity.py), when asked for: `identity`
        # maps each FIFO op to the site it stands for; per (lane, site) how
        # often the lane has run it so far (its ordinal), per pipe the (push
        # site, pop site) pairs seen, each with the ordinals of its first
        # occurrence, the same for (pop site, free site), and per site the
        # first op seen of it.
        self.site = identity
        self.ordinals: dict[tuple[int, Hashable], object] | None = (
            None if identity is None else {})
        self.ops: dict[Hashable, ir.Operation] = {}
        self.sites: dict[Event, Hashable] = {}  # each event's site, asked once
        self.pairs: dict[Pipe, dict[tuple, tuple]] = {pipe: {} for pipe in self.pipes}
        self.releases: dict[Pipe, dict[tuple, tuple]] = {pipe: {} for pipe in self.pipes}
        # Per pipe: message index -> the (site, ordinal) of each of its
        # pushes and pops, until every consumer lane has released it.
        self.stamps: dict[Pipe, dict[int, list]] = {pipe: {} for pipe in self.pipes}
        # What a period ran, for its jump: each (lane, site) counted, in
        # order, and what each jump added to the counts.
        self.counted: list = []
        self.jumped: list[dict] = []
        # Where the run is (see `_run`): round-start states seen, rounds run,
        # the lane running (-1: the round's start), events simulated when
        # the round started, and whether a fork could resume now (`_fork`).
        self._history: dict[tuple, list] = {}
        self._rounds = 0
        self._lane = -1
        self._round_start = 0
        self._safe = False

    def run(self, branch: Branch | None = None,
            fork: Callable[[Model, Branch], object] | None = None) -> Outcome:
        """Run to the end, or on from where the run this model was copied
        from was cut (`_fork`). With `branch` (the trip's, when symbolic)
        and `fork`: a part of the trips cut off the branch mid-run, at a
        point the run can go on from, gets a copy of this model moved onto
        the part, and `fork(copy, part)` is the state its trips.Fork holds."""
        if branch is not None and fork is not None:
            branch.on_cut = lambda part: self._fork(part, fork)
        try:
            return self._run()
        finally:
            if branch is not None:
                branch.on_cut = None

    def _run(self) -> Outcome:
        # A round: the budget check and periods (lane -1), then each lane
        # until it blocks. Where a copy resumes, `_lane` says.
        lanes = self.lanes
        complete = True
        try:
            while True:
                if self._lane < 0:
                    if self.simulated + self.steps > self.budget:
                        complete = False
                        self.findings.append(Finding(
                            "warning", lanes[0].program.function,
                            f"could not prove deadlock freedom and message counts: the "
                            f"FIFO schedule found no repeating period within "
                            f"{self.budget} model steps"))
                        break
                    self._round_start = self.simulated
                    if self.periods:
                        self._safe = True
                        self._remember()
                    self._lane = 0
                while self._lane < len(lanes):
                    self._run_lane(lanes[self._lane])
                    self._lane += 1
                self._safe = False
                self._lane = -1
                self._rounds += 1
                # No lane moved: the end, or a deadlock, unless the budget
                # stopped them (the next round says so).
                if (self.simulated == self._round_start
                        and self.simulated + self.steps <= self.budget):
                    self._diagnose_end()
                    break
        except _Stop:
            pass
        return Outcome(self.findings, self.pipes, self.simulated, self.jumps, complete)

    def _fork(self, part: Branch, fork: Callable[[Model, Branch], object]) -> object:
        """What a part cut off the trip's branch now resumes from: None
        unless the run can go on from here (`_safe`: in a lane before its
        next event changes anything, or at a round's start before a period
        is taken); its every decision so far holds on the part."""
        if not self._safe:
            return None
        # The copy costs steps as its size: a producer far ahead keeps many
        # messages in flight, and a cut at every iteration copies them all.
        self.steps += (sum(len(m) for m in self.messages.values()) + len(self._history)
                       + len(self.counted) + len(self.jumped))
        move = _Move(part)
        value = move.value
        copy = object.__new__(Model)
        copy.__dict__.update(self.__dict__)
        copy.lanes = [move.lane(lane) for lane in self.lanes]
        copy.pipes = {pipe: move.pipe_state(state) for pipe, state in self.pipes.items()}
        copy.messages = {pipe: {value(i): list(pushes) for i, pushes in messages.items()}
                         for pipe, messages in self.messages.items()}
        copy.stamps = {pipe: {value(i): [(site, value(n)) for site, n in pushes]
                              for i, pushes in stamps.items()}
                       for pipe, stamps in self.stamps.items()}
        if self.ordinals is not None:
            copy.ordinals = {site: value(n) for site, n in self.ordinals.items()}
        copy.pairs, copy.releases = ({pipe: {sites: (value(a), value(b))
                                             for sites, (a, b) in pairs.items()}
                                      for pipe, pairs in relation.items()}
                                     for relation in (self.pairs, self.releases))
        # A part of one trip looks for periods afresh, if at all (they only
        # speed a run up, and its counters are plain integers); a longer one
        # keeps the states seen, or it would run its periods again to find them.
        if part.low == part.high:
            copy._history = {}
            copy.counted, copy.jumped = [], []
            copy.periods = self.asked_periods or not _short(
                copy.lanes[0].program, copy.lanes[-1].program, self.subblocks)
        else:
            copy._history = {move.nodes(key): move.nodes(seen)
                             for key, seen in self._history.items()}
            copy.counted = list(self.counted)
            copy.jumped = [{site: value(n) for site, n in moved.items()}
                           for moved in self.jumped]
        copy.findings = list(self.findings)
        copy.checked = set(self.checked)
        copy.halves = dict(self.halves)
        copy.ops = dict(self.ops)
        copy.sites = dict(self.sites)
        return fork(copy, part)

    # --- periods ----------------------------------------------------------

    def _remember(self) -> None:
        """Keeps the round-start state, jumping over the periods it closes.
        Nothing changes before the jump is decided (a fork resumes at the
        round's start)."""
        for lane in self.lanes:
            lane.cursor.current()
        seen = self._history.setdefault(self._key(), [])
        steps = sum(len(lane.cursor.frames) for lane in self.lanes) + len(seen)
        rounds = self._rounds
        self._accelerate(seen, rounds)
        self.steps += steps
        counted = None if self.ordinals is None else (len(self.counted), len(self.jumped))
        seen.append((self._counters(), self._freed(), rounds, counted))
        if len(seen) > HISTORY:
            del seen[0]

    def _key(self) -> tuple:
        """The round-start state up to loop counters and message numbering."""
        parts = [lane.cursor.position() for lane in self.lanes]
        for pipe, state in self.pipes.items():
            base = state.freed()
            messages = self.messages[pipe]
            parts.append((state.key(), tuple((i - base, tuple(messages[i]))
                                             for i in sorted(messages))))
        if self.ordinals is not None:
            # The pushes in flight by their ordinals relative to their op's
            # count now: equal in every period.
            ordinals = self.ordinals
            for pipe, state in self.pipes.items():
                base, stamps = state.freed(), self.stamps[pipe]
                parts.append(tuple((i - base, tuple(n - ordinals[site] for site, n in stamps[i]))
                                   for i in sorted(stamps)))
        return tuple(parts)

    def _counters(self) -> tuple:
        return tuple(lane.cursor.counters() for lane in self.lanes)

    def _freed(self) -> tuple:
        return tuple(state.freed() for state in self.pipes.values())

    def _accelerate(self, seen: list, rounds: int) -> None:
        """Jump over the whole periods that fit (`rounds`: rounds run one by
        one so far, which sizes the candidates)."""
        now = self._counters()
        best = None
        for then, freed, then_rounds, counted in seen:
            jump = self._periods(then, now)
            if jump is None:
                continue
            periods, moves = jump
            gain = rank(periods * (rounds - then_rounds))
            if best is None or gain > best[0]:
                best = (gain, periods, moves, freed, counted)
        if best is None:
            return
        self._safe = False
        _, periods, moves, freed, counted = best
        for lane, move in zip(self.lanes, moves):
            if move is not None:
                level, delta = move
                lane.cursor.frames[level][2] += periods * delta
        shifts = {}
        for (pipe, state), before in zip(self.pipes.items(), freed):
            # Equal keys: every counter of the pipe moved by the same amount.
            shift = shifts[pipe] = periods * (state.freed() - before)
            state.advance(shift)
            self.messages[pipe] = {i + shift: m for i, m in self.messages[pipe].items()}
        if counted is not None:
            # Each op ran as often in every period as in the one seen; the
            # messages in flight are those of the last period.
            moved = {site: periods * count for site, count in self._ran_since(counted).items()}
            for site, count in moved.items():
                self.ordinals[site] += count
            self.jumped.append(moved)
            for pipe, shift in shifts.items():
                self.stamps[pipe] = {i + shift: [(site, n + moved.get(site, 0))
                                                 for site, n in m]
                                     for i, m in self.stamps[pipe].items()}
        self.jumps += 1

    def _ran_since(self, counted: tuple[int, int]) -> dict:
        """How often each (lane, site) ran since a state was remembered with
        `counted` = (entries counted, jumps taken) then: the entries and the
        jumps after those."""
        ran: dict = {}
        entries, jumps = counted
        for site in self.counted[entries:]:
            ran[site] = ran.get(site, 0) + 1
        for moved in self.jumped[jumps:]:
            for site, count in moved.items():
                ran[site] = ran.get(site, 0) + count
        return ran

    def _periods(self, then: tuple, now: tuple):
        """(whole periods that fit, per lane (level, delta) or None) when the
        rounds from `then` to `now` form a period, else None."""
        periods = None
        moves = []
        for lane, old, new in zip(self.lanes, then, now):
            changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
            if not changed:
                moves.append(None)  # this lane did not move in the period
                continue
            if len(changed) > 1:
                return None
            level = changed[0]
            delta = new[level] - old[level]
            if delta.__class__ is not int or delta <= 0:
                return None  # (counters of different growth: no period)
            fit = (lane.cursor.frames[level][3] - 1 - new[level]) // delta
            periods = fit if periods is None else min(periods, fit)
            moves.append((level, delta))
        if periods is None or periods < 1:
            return None
        return periods, moves

    # --- events -----------------------------------------------------------

    def _run_lane(self, lane: Lane) -> None:
        """Run a lane until it blocks or ends, or the budget is spent: a
        producer that never finds its pipe full (more slots than it pushes)
        runs its whole loop in one go, with every message kept, and no
        period is looked for within a lane's run (the round then ends and
        the run stops as incomplete).
        With identity on, each push, pop and free counts its site's ordinal;
        a push or pop stamps its message with it, a pop records which push
        sites its message came from, a free which pop site its slot's did,
        with both ordinals the first time."""
        cursor = lane.cursor
        index, side = lane.index, lane.side
        ordinals = self.ordinals
        while self.simulated + self.steps <= self.budget:
            # A fork may resume here until the event changes the state.
            self._safe = True
            event = cursor.current()
            if event is None:
                return
            pipe = event.pipe
            state = self.pipes[pipe]
            kind = event.kind
            if kind is FREE:
                self._safe = False
                message = state.free(index)
                if message is None:
                    self.findings.append(Finding(
                        "error", event.op,
                        f"tfree on {event.pipe} with no popped, unreleased slot to "
                        f"release (the {lane.name} frees more often than it pops)"))
                    raise _Stop()
                if ordinals is not None:
                    ordinal, count = self._count(event, side)
                    releases = self.releases[pipe]
                    # The lane's own pop of the message (the consumer's side).
                    for (popper, popped), popped_count in self.stamps[pipe][message]:
                        if popper == side:
                            releases.setdefault((popped, ordinal[1]), (popped_count, count))
                self._forget(pipe, state)
            else:
                if kind is PUSH:
                    if not state.can_push(index):
                        return
                    self._safe = False
                    message = state.push(index)
                else:
                    if not state.can_pop(index):
                        return
                    self._safe = False
                    message = state.pop(index)
                if ordinals is not None:
                    ordinal, count = self._count(event, side)
                    stamps = self.stamps[pipe].setdefault(message, [])
                if kind is PUSH:
                    self.messages[pipe].setdefault(message, []).append(event)
                else:
                    pushes = self.messages[pipe][message]
                    if ordinals is not None:
                        pairs = self.pairs[pipe]
                        for (pusher, pushed), pushed_count in stamps:
                            # Pushes: the other core's (-1: the cube).
                            if (pusher == -1) != (side == -1):
                                pairs.setdefault((pushed, ordinal[1]), (pushed_count, count))
                    self._check(event, pushes, message, state)
                    self._forget(pipe, state)
                if ordinals is not None:
                    stamps.append((ordinal, count))
            cursor.frames[-1][1] += 1
            self.simulated += 1

    def _count(self, event: Event, side: int) -> tuple[tuple, object]:
        """Counts a run of the event's site by the lane on `side` (identity
        on): its ordinal key and the count before this run."""
        key = self.sites.get(event)
        if key is None:
            key = self.sites[event] = self.site(event.op)
            self.ops.setdefault(key, event.op)
        ordinal = (side, key)
        count = self.ordinals.get(ordinal, 0)
        self.ordinals[ordinal] = count + 1
        self.counted.append(ordinal)
        return ordinal, count

    def identities(self) -> Identities:
        """What the run saw of message identity (a Model built with
        identity=True)."""
        totals: dict = {}
        for (_, site), count in self.ordinals.items():
            totals.setdefault(site, count)  # every lane of a core runs the same program
        return Identities(self.pairs, self.releases, totals, self.ops)

    def _forget(self, pipe: Pipe, state: PipeState) -> None:
        """Drop the messages every consumer lane has popped and released."""
        messages = self.messages[pipe]
        freed = state.freed()
        # Numbered in push order, so the released ones come first.
        while messages:
            index = next(iter(messages))
            if not index < freed:
                break
            del messages[index]
            if self.ordinals is not None:
                del self.stamps[pipe][index]

    def _check(self, pop: Event, pushes: list, index: int, state: PipeState) -> None:
        """The pop's tile and split against the message's pushes."""
        for push in pushes:
            if (pop, push) in self.checked:
                continue  # a mismatch is reported once, at its first message
            self.checked.add((pop, push))
            cube, vector = (push, pop) if pop.pipe.direction == C2V else (pop, push)
            problem = None
            if push.split != pop.split:
                problem = (f"split mismatch on {pop.pipe}: pops with split {pop.split}, "
                           f"but message #{index} is pushed with split {push.split}")
            else:
                expected = self._vector_side(cube)
                if isinstance(expected, Finding):
                    if expected not in self.findings:
                        self.findings.append(expected)  # at the cube's op
                elif not tiles_compatible(expected, vector.tile):
                    what = "" if cube.split == 0 else f" (split {cube.split} halves {cube.type})"
                    problem = (f"tile type mismatch on {pop.pipe}: pops {pop.type}, but "
                               f"message #{index} is {push.type}{what}")
            if problem:
                self.findings.append(Finding(
                    "error", pop.op, problem,
                    ((push.op, f"message #{index} pushed here"),)))

    def _vector_side(self, cube: Event):
        """The tile type a vector sub-block sees of a cube-side event, or a
        Finding when it cannot be halved."""
        if cube.split == 0:
            return cube.tile
        key = (cube.type, cube.split)
        if key not in self.halves:
            try:
                self.halves[key] = vector_side_type(cube.tile, cube.split)
            except ValueError as exc:
                self.halves[key] = Finding("error", cube.op, str(exc))
        return self.halves[key]

    # --- the end ----------------------------------------------------------

    def describe(self, state: PipeState, lane: int = 0) -> str:
        in_flight = max(0, state.complete() - min(state.popped))
        held = state.occupancy(lane) - in_flight
        return (f"{state.pipe} holds {state.occupancy(lane)} of {state.slots} slots: "
                f"{in_flight} in flight, {held} popped awaiting tfree; "
                f"{max(state.pushed)} pushed, {max(state.popped)} popped")

    def _diagnose_end(self) -> None:
        waiting = [lane.cursor.current() for lane in self.lanes]
        if all(event is None for event in waiting):
            for pipe, state in self.pipes.items():
                if state.complete() > min(state.popped) or max(state.pushed) > state.complete():
                    index = min(state.popped)
                    pushes = self.messages[pipe].get(index) or next(
                        m for i, m in sorted(self.messages[pipe].items()) if m)
                    self.findings.append(Finding(
                        "error", pushes[0].op,
                        f"message count mismatch on {pipe}: message #{index} "
                        f"pushed here is never popped ({max(state.pushed)} pushed, "
                        f"{min(state.popped)} popped when both kernels return)"))
                elif state.frees and any(state.held(i) for i in range(len(state.popped))):
                    consumer = "vector" if pipe.direction == C2V else "cube"
                    program = self.lanes[0 if consumer == "cube" else 1].program
                    event = program.first(POP, pipe)
                    self.findings.append(Finding(
                        "error", event.op,
                        f"{max(state.held(i) for i in range(len(state.popped)))} popped "
                        f"{pipe} slot(s) never released: the {consumer} kernel frees "
                        f"this pipe's slots with tfree, but fewer times than it pops"))
            return
        reported = set()
        for lane, event in zip(self.lanes, waiting):
            if event is None or event.op in reported:
                continue  # sub-blocks waiting at one op: one report
            reported.add(event.op)
            state = self.pipes[event.pipe]
            if event.kind is POP:
                what = (f"this pop from {event.pipe} waits for message "
                        f"#{state.popped[lane.index]}")
            else:
                what = (f"this push to {event.pipe} waits for a free slot "
                        f"({self.describe(state, lane.index)})")
            peers = [(other, e) for other, e in zip(self.lanes, waiting)
                     if other.program is not lane.program]
            blocked = [(other, e) for other, e in peers if e is not None]
            if not blocked:
                done = (f"pushing {max(state.pushed)}" if event.kind is POP
                        else f"popping {max(state.popped)}")
                self.findings.append(Finding(
                    "error", event.op,
                    f"message count mismatch on {event.pipe}: {what}, but the "
                    f"{peers[0][0].program.role} kernel returned after {done}"))
            else:
                other, peer_event = blocked[0]
                self.findings.append(Finding(
                    "error", event.op,
                    f"deadlock at {slots_text(self.slots)}: {what}, while the "
                    f"{other.name} waits too",
                    ((peer_event.op, f"the {other.name} waits here"),), deadlock=True))


class _Move:
    """Copies of a run's programs and counters with every trip-dependent
    value moved onto a part of its branch (trips.Affine.on)."""

    def __init__(self, part: Branch):
        self.part = part
        self.done: dict[int, tuple] = {}  # id -> (original, copy)

    def value(self, value):
        """A counter or trip: an int, or an Affine moved onto the part."""
        return value if value.__class__ is int else value.on(self.part)

    def nodes(self, value):
        """A program, its nodes, its loop frames, remembered states: tuples,
        lists and dicts of them (each shared one copied once)."""
        cls = value.__class__
        if cls is int or cls is Affine:
            return self.value(value)
        if cls is dict:
            return {self.nodes(key): self.nodes(item) for key, item in value.items()}
        if cls is not tuple and cls is not list and cls is not Loop and cls is not Program:
            return value  # an event, a trip-free node
        done = self.done.get(id(value))
        if done is not None:
            return done[1]
        if cls is Loop:
            copy = Loop(self.value(value.trip), self.nodes(value.body), value.op)
        elif cls is Program:
            copy = dataclasses.replace(value, body=self.nodes(value.body))
        else:
            copy = cls(self.nodes(item) for item in value)
        self.done[id(value)] = (value, copy)
        return copy

    def lane(self, lane: Lane) -> Lane:
        copy = object.__new__(Lane)
        copy.__dict__.update(lane.__dict__)
        copy.program = self.nodes(lane.program)
        copy.cursor = object.__new__(Cursor)
        copy.cursor.program = copy.program
        copy.cursor.frames = [[self.nodes(nodes), index, self.value(iteration),
                               self.value(trip)]
                              for nodes, index, iteration, trip in lane.cursor.frames]
        return copy

    def pipe_state(self, state: PipeState) -> PipeState:
        copy = object.__new__(PipeState)
        copy.__dict__.update(state.__dict__)
        for name in ("pushed", "popped", "released"):
            setattr(copy, name, [self.value(n) for n in getattr(state, name)])
        copy.peak = self.value(state.peak)
        return copy


def slots_text(slots: dict[Pipe, int]) -> str:
    """"N slot(s) per pipe", or each pipe's count when they differ."""
    counts = set(slots.values())
    if len(counts) == 1:
        return f"{counts.pop()} slot(s) per pipe"
    return "slots " + ", ".join(f"{p} {n}" for p, n in sorted(slots.items()))


def _short(cube: Program, vector: Program, subblocks: int) -> bool:
    """Whether the programs run SHORT_RUN events at most in all (every trip
    a constant)."""
    limit = SHORT_RUN
    for program, lanes in ((cube, 1), (vector, subblocks)):
        work = [(program.body, lanes)]
        while work:
            nodes, factor = work.pop()
            for node in nodes:
                if node.__class__ is Event:
                    limit -= factor
                elif node.trip.__class__ is int:
                    work.append((node.body, factor * node.trip))
                else:
                    return False
                if limit < 0:
                    return False
    return True


def check_pair(cube: Program, vector: Program, slots: dict[Pipe, int] | int,
               subblocks: int = 1, budget: int = DEFAULT_BUDGET) -> Outcome:
    """Run the abstract model of the pair with `slots` slots per pipe (one
    count for every pipe the programs use, or a count per pipe) and
    `subblocks` vector sub-blocks."""
    if isinstance(slots, int):
        used = {pipe for program in (cube, vector) for _, pipe in program.totals()}
        slots = dict.fromkeys(used, slots)
    return Model(cube, vector, slots, subblocks, budget).run()
