"""A kernel function abstracted into its FIFO program.

The program keeps only what moves or frees a pipe slot: a tree of static
loops (trip counts, not unrolled) whose leaves are push / pop / free events
with their pipe, tile type and op. Ops holding no FIFO op are dropped.

What cannot be modelled exactly (a dynamic-trip loop, an scf.if whose
branches differ in FIFO events, scf.while, a call to a function with FIFO
ops, a tfree whose tile is not a pop result) is listed in `unproved` with
what could not be proved there; the model then does not run.
"""

from __future__ import annotations

import dataclasses

from mlir import ir

from ..dialect import FREE_OPS, PIPE_OF, POP_OPS, PUSH_OPS
from ..loop_ranges import static_trips

PUSH, POP, FREE = "push", "pop", "free"
# The core each FIFO op runs on.
CUBE_OPS = frozenset({"pto.tpush_to_aiv", "pto.tpop_from_aiv", "pto.tfree_from_aiv"})
FREE_OF_POP = {"pto.tpop_from_aic": "pto.tfree_from_aic",
               "pto.tpop_from_aiv": "pto.tfree_from_aiv"}


@dataclasses.dataclass(frozen=True, eq=False)
class Event:
    kind: str  # PUSH / POP / FREE
    pipe: str  # "C2V" / "V2C"
    type: str  # the tile type, as printed
    op: ir.Operation
    # POP: id of the slot register the pop fills when a tfree releases its
    # tile (the slot is held until then), -1 when the pop releases it.
    # FREE: id of the register of the pop whose tile it frees.
    held: int = -1


@dataclasses.dataclass(frozen=True, eq=False)
class Loop:
    trip: int
    body: tuple  # of Event | Loop
    op: ir.Operation


@dataclasses.dataclass(frozen=True, eq=False)
class Pipelined:
    """A software-pipelined form of one scf.for, modelled before it is
    rewritten: the body's events are split by the body op that holds them
    into the half in `ahead` (0) and the rest (1), and `segments` lays the
    halves out in order, each segment `(trip, runs)` a loop of `trip`
    iterations over `runs`, `(count, half)` pairs: `count` copies of a half."""

    ahead: frozenset  # ops of the loop body (ir.Operation)
    segments: tuple  # of (trip, ((count, half), ...))

    def expand(self, loop: ir.Operation, body: tuple) -> tuple:
        halves: tuple[list, list] = ([], [])
        for node in body:
            top = node.op
            while top.parent != loop:
                top = top.parent.operation
            halves[0 if top in self.ahead else 1].append(node)
        out: list = []
        for trip, runs in self.segments:
            nodes: list = []
            for count, half in runs:
                part = tuple(halves[half])
                if count and part:
                    nodes.extend(part if count == 1 else (Loop(count, part, loop),))
            if trip and nodes:
                out.extend(nodes if trip == 1 else (Loop(trip, tuple(nodes), loop),))
        return tuple(out)


@dataclasses.dataclass
class Program:
    role: str  # "cube" / "vector"
    function: ir.Operation
    body: tuple  # of Event | Loop
    unproved: list  # (op, what could not be modelled there)

    def totals(self) -> dict[tuple[str, str], int]:
        """Messages per (kind, pipe) over the whole run: trips multiplied out."""
        counts: dict[tuple[str, str], int] = {}

        def add(nodes, factor):
            for node in nodes:
                if isinstance(node, Loop):
                    add(node.body, factor * node.trip)
                else:
                    key = (node.kind, node.pipe)
                    counts[key] = counts.get(key, 0) + factor
        add(self.body, 1)
        return counts

    def first(self, kind: str, pipe: str) -> Event | None:
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
    """The FIFO ops (push / pop / free) under `root` in program order, and
    every op that holds one of them in a region."""
    ops: list[ir.Operation] = []

    def visit(op):
        if op.name in PIPE_OF:
            ops.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    holders = set()
    for op in ops:
        parent = op.parent
        while parent is not None and parent != root and parent not in holders:
            holders.add(parent)
            parent = parent.parent
    return ops, holders


class _Builder:
    def __init__(self, role: str, function: ir.Operation, holders: set,
                 fifo_functions: set[str], pipelined: dict):
        self.role = role
        self.pipelined = pipelined
        self.function = function
        self.holders = holders
        self.fifo_functions = fifo_functions
        self.unproved: list = []
        self.registers: dict[ir.Operation, int] = {}  # pop with a tfree -> id

    def build(self) -> Program:
        region = self.function.regions[0]
        body = self.block(region.blocks[0]) if len(region.blocks) else ()
        return Program(self.role, self.function, body, self.unproved)

    def block(self, block: ir.Block) -> tuple:
        nodes: list = []
        for op in block.operations:
            op = op.operation
            name = op.name
            if name in PIPE_OF:
                event = self.event(op)
                if event is not None:
                    nodes.append(event)
            elif op in self.holders:
                nodes.extend(self.region_op(op))
            elif "callee" in op.attributes and _callee(op) in self.fifo_functions:
                self.unproved.append((op, f"a call to @{_callee(op)}, which uses "
                                          "the FIFO"))
        return tuple(nodes)

    def region_op(self, op: ir.Operation) -> tuple:
        if op.name == "scf.for":
            trip = static_trips(op)
            if trip is None:
                self.unproved.append((op, "FIFO ops in an scf.for with a dynamic "
                                          "trip count"))
                return ()
            body = self.block(op.regions[0].blocks[0])
            if trip == 0 or not body:
                return ()
            if op in self.pipelined:
                return self.pipelined[op].expand(op, body)
            if len(body) == 1 and isinstance(body[0], Loop):
                # A perfect nest runs its events in the order of one loop of
                # the product trip: collapsed, a deep nest is one period.
                trip, body = trip * body[0].trip, body[0].body
            return body if trip == 1 else (Loop(trip, body, op),)
        if op.name == "scf.if":
            branches = [self.block(r.blocks[0]) if len(r.blocks) else ()
                        for r in op.regions]
            if len(branches) == 2 and _shape(branches[0]) == _shape(branches[1]):
                return branches[0]
            self.unproved.append((op, "FIFO ops in an scf.if whose branches differ "
                                      "in FIFO events"))
            return ()
        self.unproved.append((op, f"FIFO ops inside '{op.name}'"))
        return ()

    def event(self, op: ir.Operation) -> Event | None:
        name = op.name
        pipe = PIPE_OF[name]
        if name in PUSH_OPS:
            return Event(PUSH, pipe, str(op.operands[0].type), op)
        if name in POP_OPS:
            result = op.results[0]
            freed = any(use.owner.name == FREE_OF_POP[name] for use in result.uses)
            held = self.register(op) if freed else -1
            return Event(POP, pipe, str(result.type), op, held)
        assert name in FREE_OPS
        tile = op.operands[0]
        source = tile.owner if isinstance(tile, ir.OpResult) else None
        if source is None or source.name not in POP_OPS:
            self.unproved.append((op, "a tfree whose tile is not the result of a pop "
                                      "(which message it releases)"))
            return None
        # Same pipe: the pass has checked that every FIFO op of the kernel
        # runs on its core, and each core pops from one pipe only.
        return Event(FREE, pipe, str(tile.type), op, self.register(source))

    def register(self, pop: ir.Operation) -> int:
        return self.registers.setdefault(pop.operation, len(self.registers))


def role_error(op: ir.Operation, role: str, function: ir.Operation) -> str | None:
    """Why a FIFO op cannot run in the `role` kernel `function`, or None."""
    core = "cube" if op.name in CUBE_OPS else "vector"
    if core == role:
        return None
    return (f"'{op.name}' runs on the {core} core, but @{function_name(function)} "
            f"is the {role} kernel")


def _shape(nodes: tuple) -> tuple:
    """What the model sees of a node list: kinds, pipes, types, trips, and
    which pop each tfree releases (by position when the pop is in the list)."""
    local: dict[int, int] = {}
    out = []

    def walk(items):
        for node in items:
            if isinstance(node, Loop):
                out.append(("loop", node.trip))
                walk(node.body)
                out.append(("end",))
            else:
                held = node.held
                if node.kind == POP and held >= 0:
                    local.setdefault(held, len(local))
                if held >= 0:
                    held = ("local", local[held]) if held in local else ("outer", held)
                out.append((node.kind, node.pipe, node.type, held))
    walk(nodes)
    return tuple(out)


def _callee(op: ir.Operation) -> str:
    attr = op.attributes["callee"]
    return attr.value if isinstance(attr, ir.FlatSymbolRefAttr) else str(attr)


def function_name(function: ir.Operation) -> str:
    return ir.StringAttr(function.attributes["sym_name"]).value


def build_program(role: str, function: ir.Operation, holders: set,
                  fifo_functions: set[str], pipelined: dict | None = None) -> Program:
    """The FIFO program of a kernel function (`role`: "cube" / "vector");
    the scf.for ops in `pipelined` as their Pipelined forms would run."""
    return _Builder(role, function, holders, fifo_functions, pipelined or {}).build()
