"""A kernel function abstracted into its FIFO program.

The program keeps only what moves or frees a pipe slot: a tree of static
loops (trip counts, not unrolled) whose leaves are push / pop / free events
with their pipe, tile type and op. Ops holding no FIFO op are dropped.

What cannot be modelled exactly (a dynamic-trip loop, an scf.if whose
branches differ in FIFO events, scf.while, a call to a function with FIFO
ops) is listed in `unproved` with what could not be proved there; the model
then does not run. A loop whose trip, or an scf.if whose condition, is an
`arith` expression of the launch arguments (loop_ranges.trip_key,
value_key) is kept in the template with that expression: `Program.at`
runs it at given trips, or at a value of the one argument they read
(verify/symbolic.py); one of constants only is evaluated at once. A tfree
releases the oldest popped slot of its pipe (fifo_model); a tfree that
names a tile not popped from its pipe is listed in `errors`.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from mlir import ir

from ..attributes import function_name
from ..fifo_model import (FREE, INIT_OPS, OPS, Pipe, free_operand_error,
                          fifo_ops_under, freed_pipes, message_type, pipe_of, split_of,
                          tile_of)
from .. import _native
from ..calls import call_summaries, calls_under
from ..launch import launch_names
from ..loop_ranges import (GUARDED_DEPTH, KEY_DEPTH, Constants, NonStaticRange, read_step,
                           static_trips, trip_key, value_key)
from ..nesting import Deep, unwind
from .symbolic import Evaluator, is_integer, variables
from .trips import NotAffine


@dataclasses.dataclass(frozen=True, eq=False)
class Event:
    kind: str  # PUSH / POP / FREE
    pipe: Pipe
    type: str  # what the message carries (fifo_model.message_type; "" for a tfree)
    op: ir.Operation
    split: int = 0
    tile: ir.Type | None = None  # the tile type (None for a tfree)


class RunTimeTrip(NamedTuple):
    """The trip of a loop known at run time only, by its loop_ranges.trip_key."""

    key: tuple


DYNAMIC_TRIP = "FIFO ops in an scf.for with a dynamic trip count"
DIFFERING_BRANCHES = "FIFO ops in an scf.if whose branches differ in FIFO events"
NONPOSITIVE_STEP = "FIFO ops in an scf.for whose step may be zero or negative"
# How deep the checkers (pto-verify-fifo, --against) key bounds and
# conditions: the pass's guarded skews add GUARDED_DEPTH levels to what it
# keyed, and its output stays readable.
OUTPUT_KEY_DEPTH = KEY_DEPTH + GUARDED_DEPTH


@dataclasses.dataclass(frozen=True, eq=False)
class Loop:
    trip: int | RunTimeTrip  # or an affine function of the trip (verify/trips.py)
    body: tuple  # of Event | Loop
    op: ir.Operation


@dataclasses.dataclass(frozen=True, eq=False)
class Choice:
    """An scf.if whose branches differ in FIFO events, its condition an
    expression of the launch arguments (loop_ranges.value_key)."""

    condition: tuple
    then: tuple  # of Event | Loop | Choice
    otherwise: tuple
    op: ir.Operation


@dataclasses.dataclass(frozen=True, eq=False)
class Pipelined:
    """A software-pipelined form of one scf.for, modelled before it is
    rewritten: the body's events are split into stages by the body op that
    holds them (its stage in `stage_of`, else `rest`), and `segments` lays
    the stages out in order, each segment `(trip, runs)` a loop of `trip`
    iterations over `runs`, `(count, stage)` pairs: `count` copies of a
    stage."""

    stage_of: dict  # ops of the loop body (ir.Operation) -> stage
    rest: int
    segments: tuple  # of (trip, ((count, stage), ...))

    def expand(self, loop: ir.Operation, body: tuple) -> tuple:
        stages: dict[int, list] = {}
        for node in body:
            top = node.op
            while top.parent != loop:
                top = top.parent.operation
            stages.setdefault(self.stage_of.get(top, self.rest), []).append(node)
        out: list = []
        for trip, runs in self.segments:
            nodes: list = []
            for count, stage in runs:
                part = tuple(stages.get(stage, ()))
                if count > 0 and part:
                    nodes.extend(part if count == 1 else (Loop(count, part, loop),))
            if trip > 0 and nodes:
                out.extend(nodes if trip == 1 else (Loop(trip, tuple(nodes), loop),))
        return tuple(out)


def producer_skew(ahead: frozenset, trip, depth: int) -> Pipelined | None:
    """The Pipelined form of a producer skew of `depth` over `trip`
    iterations (an int or a verify.trips.Affine): the half `ahead` (stage
    0) runs `depth` iterations ahead (docs/schedules.md): a prologue of
    `depth` producer copies, trip // depth - 1 steady iterations of `depth`
    of each, then the trip % depth producer copies left and every consumer
    copy not yet run. None below the guard (trip < 2 * depth): the loop as
    written."""
    if trip < 2 * depth:
        return None
    groups, rest = trip // depth, trip % depth
    return Pipelined(dict.fromkeys(ahead, 0), 1,
                     ((1, ((depth, 0),)),
                      (groups - 1, ((depth, 0), (depth, 1))),
                      (1, ((rest, 0), (depth + rest, 1)))))


@dataclasses.dataclass
class Program:
    role: str  # "cube" / "vector"
    function: ir.Operation
    body: tuple  # of Event | Loop
    unproved: list  # (op, what could not be modelled there)
    errors: list = dataclasses.field(default_factory=list)  # (op, what is wrong with it)
    # The pipes whose slots the kernel frees with tfree (fifo_model.freed_pipes:
    # any tfree op in it, run or not); None: those with FREE events.
    freed: set | None = None
    # The trip keys (loop_ranges.trip_key) of the loops with FIFO ops whose
    # trip count is known at run time only and was not given.
    dynamic: set = dataclasses.field(default_factory=set)
    # The FIFO ops of an scf.if's second branch, each to the op at its place
    # in the first branch: the model reads one branch for both, so the op
    # that runs may be either (a folded scf.if keeps only one of them).
    aliases: dict = dataclasses.field(default_factory=dict)

    def at(self, trips: dict, pipelined: dict, symbols=None) -> Program:
        """The program of a template (`build_template`) as it runs: a loop
        whose trip is known at run time only runs `trips[key]` times, else
        `symbols.trip(key)` times (symbolic.Evaluator: at a value of the
        launch argument; neither: not modelled, listed in `unproved` and
        `dynamic`), a Choice runs the branch `symbols.truth` picks (without
        `symbols`: listed in `unproved`), the scf.for ops in `pipelined` as
        their Pipelined forms, and perfect nests collapsed into one loop of
        the product trip (a deep nest is one period for the model)."""
        unproved, dynamic = list(self.unproved), set()

        def nodes(items: tuple) -> Deep:
            out: list = []
            for node in items:
                if node.__class__ is Choice:
                    if symbols is None:
                        unproved.append((node.op, DIFFERING_BRANCHES))
                        continue
                    taken = node.then if symbols.truth(node.condition) else node.otherwise
                    out.extend((yield nodes(taken)))
                    continue
                if node.__class__ is not Loop:
                    out.append(node)
                    continue
                trip = node.trip
                if trip.__class__ is RunTimeTrip:
                    if trip.key in trips:
                        trip = trips[trip.key]
                    elif symbols is not None:
                        trip = symbols.trip(trip.key)
                    else:
                        dynamic.add(trip.key)
                        unproved.append((node.op, DYNAMIC_TRIP))
                        continue
                body = yield nodes(node.body)
                if not body or trip <= 0:
                    continue
                if node.op in pipelined:
                    out.extend(pipelined[node.op].expand(node.op, body))
                    continue
                if len(body) == 1 and body[0].__class__ is Loop:
                    trip, body = trip * body[0].trip, body[0].body
                out.extend(body if trip == 1 else (Loop(trip, body, node.op),))
            return tuple(out)
        return dataclasses.replace(self, body=unwind(nodes(self.body)), unproved=unproved,
                                   dynamic=dynamic)

    def frees(self) -> set[Pipe]:
        return self.pipes(FREE) if self.freed is None else self.freed

    def totals(self) -> dict[tuple[str, Pipe], int]:
        """Messages per (kind, pipe) over the whole run: trips multiplied out."""
        counts: dict[tuple[str, str], int] = {}
        work = [(self.body, 1)]
        while work:
            nodes, factor = work.pop()
            for node in nodes:
                if isinstance(node, Loop):
                    work.append((node.body, factor * node.trip))
                else:
                    key = (node.kind, node.pipe)
                    counts[key] = counts.get(key, 0) + factor
        return counts

    def pipes(self, kind: str) -> set[Pipe]:
        """The pipes this program has `kind` events on."""
        return {pipe for k, pipe in self.totals() if k == kind}

    def first(self, kind: str, pipe: Pipe) -> Event | None:
        """The first event of `kind` on `pipe` in program order, if any."""
        stack = list(reversed(self.body))
        while stack:
            node = stack.pop()
            if isinstance(node, Loop):
                stack.extend(reversed(node.body))
            elif node.kind == kind and node.pipe == pipe:
                return node
        return None


def fifo_holders(root: ir.Operation) -> tuple[list[ir.Operation], set]:
    """The FIFO ops (push / pop / free, and the initialise ops) under `root`
    in program order, and every op that holds one of them in a region."""
    ops = fifo_ops_under(root)
    holders = set()
    for op in ops:
        parent = op.parent
        while parent is not None and parent != root and parent not in holders:
            holders.add(parent)
            parent = parent.parent
    return ops, holders


class _Builder:
    def __init__(self, role: str, function: ir.Operation, holders: set,
                 scope: ir.Operation, key_depth: int):
        self.role = role
        self.key_depth = key_depth  # loop_ranges.value_key's limit
        self.function = function
        self.holders = holders
        self.scope = scope
        self.unproved: list = []
        self.errors: list = []
        self.aliases: dict = {}
        self._launch: tuple | None = None

    def launch_name(self, argument: ir.BlockArgument):
        """What an argument of the kernel holds at launch (launch.py), read
        the first time a loop's trip needs it; None for an argument of
        another function's body."""
        block = self.function.regions[0].blocks[0]
        if argument.owner != block:
            return None
        if self._launch is None:
            self._launch = launch_names(self.function)
        return self._launch[argument.arg_number]

    def build(self) -> Program:
        region = self.function.regions[0]
        if len(region.blocks) > 1:
            # Branches between blocks are not modelled: reading the first
            # block alone would prove a program that never runs.
            self.unproved.append((self.function, f"the body of kernel "
                                  f"@{function_name(self.function)} has "
                                  f"{len(region.blocks)} blocks (unstructured "
                                  "control flow is not modelled)"))
        self.unproved.extend(self.fifo_calls())
        body = unwind(self.block(region.blocks[0])) if len(region.blocks) else ()
        return Program(self.role, self.function, body, self.unproved, self.errors,
                       freed_pipes(self.function), aliases=self.aliases)

    # block and region_op recurse over the nesting through nesting.unwind.
    def block(self, block: ir.Block) -> Deep:
        nodes: list = []
        for op in _native.block_operations(block):
            name = op.name
            if name in OPS:
                event = self.event(op)
                if event is not None:
                    nodes.append(event)
            elif op in self.holders:
                nodes.extend((yield self.region_op(op)))
        return tuple(nodes)

    def fifo_calls(self) -> list:
        """Every call anywhere in the kernel that reaches FIFO ops, or whose
        callee cannot be read: its messages are not modelled."""
        calls = calls_under(self.function)
        if not calls:
            return []
        found = []
        for call, summary in zip(calls, call_summaries(self.scope, calls, OPS)):
            if summary.problem is not None:
                found.append((call, f"{summary.describe(call)}: {summary.problem}"))
            elif summary.reached:
                found.append((call, f"{summary.describe(call)}, which uses the FIFO"))
        return found

    def region_op(self, op: ir.Operation) -> Deep:
        if op.name == "scf.for":
            trip = static_trips(op)
            if trip is None:
                try:
                    read_step(op, Constants(), run_time=True)
                except NonStaticRange:
                    # A step that may be zero or negative: the loop may never
                    # end (its trip count is no number to prove over).
                    self.unproved.append((op, NONPOSITIVE_STEP))
                    return ()
                key = trip_key(op, self.launch_name, self.key_depth)
                if key is None:
                    self.unproved.append((op, DYNAMIC_TRIP))
                    return ()
                trip = _fold(key, Evaluator.trip)
                if trip is None:
                    trip = RunTimeTrip(key)
            body = yield self.block(op.regions[0].blocks[0])
            if trip == 0 or not body:
                return ()
            return (Loop(trip, body, op),)
        if op.name == "scf.if":
            branches = []
            for region in op.regions:
                branches.append((yield self.block(region.blocks[0]))
                                if len(region.blocks) else ())
            if len(branches) == 2 and _shape(branches[0]) == _shape(branches[1]):
                for other, first in zip(_events(branches[1]), _events(branches[0])):
                    self.aliases[other.op] = first.op
                return branches[0]
            condition = value_key(op.operands[0], self.launch_name, limit=self.key_depth)
            if condition is None:
                self.unproved.append((op, DIFFERING_BRANCHES))
                return ()
            taken = _fold(condition, Evaluator.truth)
            if taken is not None:
                return branches[0] if taken else (branches[1] if len(branches) > 1 else ())
            return (Choice(condition, branches[0], branches[1] if len(branches) > 1 else (),
                           op),)
        self.unproved.append((op, f"FIFO ops inside '{op.name}'"))
        return ()

    def event(self, op: ir.Operation) -> Event | None:
        kind, pipe = OPS[op.name].kind, pipe_of(op)
        tile = tile_of(op)
        if kind == FREE:
            error = free_operand_error(op)
            if error:
                self.errors.append((op, error))
                return None
            return Event(FREE, pipe, "", op, split_of(op))
        return Event(kind, pipe, message_type(tile.type), op, split_of(op), tile.type)


def _fold(key: tuple, read):
    """`read(evaluator, key)` (Evaluator.trip or .truth) for a key that
    reads no launch argument: arith of constants only, the same at every
    launch (the pass's guards over such bounds are); None for a key that
    reads one, or that the evaluator does not model (a division by zero)."""
    parts = key[:3] if read is Evaluator.trip else (key,)
    if any(variables(part) for part in parts):
        return None
    try:
        return read(Evaluator(None, None), key)
    except NotAffine:
        return None


def role_error(op: ir.Operation, role: str, function: ir.Operation) -> str | None:
    """Why a FIFO op cannot run in the `role` kernel `function`, or None
    (also for FIFO traffic the model does not read: op_error reports it)."""
    core = OPS[op.name].core if op.name in OPS else INIT_OPS.get(op.name)
    if core is None or core == role:
        return None
    return (f"'{op.name}' runs on the {core} core, but @{function_name(function)} "
            f"is the {role} kernel")


def _shape(nodes: tuple) -> tuple:
    """What the model sees of a node list: kinds, pipes, types, splits, trips."""
    out = []
    # Pending items in reverse: nodes, and the ("end",) that closes a loop.
    work = list(reversed(nodes))
    while work:
        node = work.pop()
        if isinstance(node, Loop):
            out.append(("loop", node.trip))
            work.append(("end",))
            work.extend(reversed(node.body))
        elif isinstance(node, Choice):
            out.append(("choice", node.op))  # equal to no other
        elif isinstance(node, tuple):
            out.append(node)
        else:
            out.append((node.kind, node.pipe, node.type, node.split))
    return tuple(out)


def walk(nodes: tuple):
    """Every node of a node list in program order: loops and Choices, then
    what they hold (both branches of a Choice), and events."""
    work = list(reversed(nodes))
    while work:
        node = work.pop()
        yield node
        if node.__class__ is Loop:
            work.extend(reversed(node.body))
        elif node.__class__ is Choice:
            work.extend(reversed(node.then + node.otherwise))


def _events(nodes: tuple):
    """The events of a node list in program order, loops entered."""
    return (node for node in walk(nodes) if node.__class__ is Event)


def build_template(role: str, function: ir.Operation, holders: set,
                   scope: ir.Operation, key_depth: int = KEY_DEPTH) -> Program:
    """The FIFO program of a kernel function (`role`: "cube" / "vector") with
    every loop as written, its trip a RunTimeTrip when it is known at run
    time only: Program.at makes the programs that run from it. Calls are
    followed only to functions inside `scope` (another thread may be
    rewriting the others). Bounds and conditions are keyed up to
    `key_depth` levels of arith (loop_ranges.value_key's limit)."""
    return _Builder(role, function, holders, scope, key_depth).build()


def build_program(role: str, function: ir.Operation, holders: set,
                  scope: ir.Operation, pipelined: dict | None = None,
                  trips: dict | None = None) -> Program:
    """The FIFO program of a kernel function as it runs (Program.at of its
    template) with the loops in `pipelined` pipelined and the run-time trips
    of `trips`."""
    return build_template(role, function, holders, scope).at(trips or {}, pipelined or {})


class PairPrograms(NamedTuple):
    """The FIFO programs of a cube/vector pair (pair_programs), per role."""

    templates: dict  # as written (build_template)
    plain: dict  # at no trip: loops whose trip is known at run time only left out
    keys: set  # the trip keys (loop_ranges.trip_key) of those loops
    key: object  # the one key when they have one, else None
    once: dict  # every loop once (at key 1; plain without one key)
    uses: dict  # program_uses of `once`: the pipes used whatever the trip


def pair_programs(kernels: dict, holders: set, scope: ir.Operation,
                  key_depth: int = KEY_DEPTH) -> PairPrograms:
    """The programs of the kernels `kernels` (role -> function), calls
    followed inside `scope`, keys up to `key_depth` deep (build_template).
    Loops whose trip is known at run time only and all have one key run
    equally often: a pair with one key is run at every trip n of theirs at
    once (trips.py, docs/deadlock.md)."""
    templates = {role: build_template(role, function, holders, scope, key_depth)
                 for role, function in kernels.items()}
    plain = {role: t.at({}, {}) for role, t in templates.items()}
    keys = set().union(*(p.dynamic for p in plain.values()))
    key = next(iter(keys)) if len(keys) == 1 else None
    once = (plain if key is None else
            {role: t.at({key: 1}, {}) for role, t in templates.items()})
    return PairPrograms(templates, plain, keys, key, once,
                        {role: program_uses(p) for role, p in once.items()})


def one_argument(templates) -> tuple | None:
    """The launch argument (symbolic.variables) that every run-time loop
    trip and every Choice condition of the templates reads, when there are
    Choices or several trip keys and they all read that one, an integer;
    else None."""
    nodes = [node for t in templates for node in walk(t.body)]
    keys = {node.trip.key for node in nodes
            if node.__class__ is Loop and node.trip.__class__ is RunTimeTrip}
    conditions = [node.condition for node in nodes if node.__class__ is Choice]
    if not conditions and len(keys) < 2:
        return None
    read = set().union(*(variables(part) for key in keys for part in key[:3]),
                       *(variables(c) for c in conditions))
    if len(read) != 1:
        return None
    variable = read.pop()
    return variable if is_integer(variable[2]) else None


def template_uses(template: Program) -> dict:
    """The pipes a template's events use in any branch, each with its first
    op (as program_uses)."""
    uses: dict = {}
    for event in _events(template.body):
        uses.setdefault(event.pipe, event.op)
    return uses


def program_uses(program: Program) -> dict:
    """The pipes `program` uses, each with the first op using it (for
    fifo_model.pair_slots)."""
    uses = {}
    for kind, pipe in program.totals():
        uses.setdefault(pipe, program.first(kind, pipe).op)
    return uses
