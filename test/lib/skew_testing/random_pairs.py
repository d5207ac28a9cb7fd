"""Random cube/vector kernel pairs for property tests of pto-skew-cross-core.

A pair is described by a `PairSpec` (frozen dataclasses, so a failing case
can be printed, stored and shrunk) and rendered to MLIR text by `render`.

Every spec renders to a valid pair that does not deadlock in its naive form,
at any slot count >= 1: each cross-core loop has one list of messages per
iteration (`CrossLoop.messages`, each sent by one core and received by the
other), and both kernels run the same number of iterations and handle the
messages in that order. The only departure is `exchange`: the receiver of
message 0 sends message 1 before it pops message 0 (both cores push first,
then pop), which needs one slot per pipe. When any message asks for it, a
core frees every tile it receives (`tfree`) before its next pop: with the
tile as operand when that message asks, else in the operand-less form; or,
with `PairSpec.late_free`, at the end of the iteration's FIFO ops, after
its later pops (then the slot count is at least the messages a core
receives per iteration, `held_slots`).

What varies: start / stop / step of each core's loop (its own; only the trip
count is shared), index or i16 / i32 / i64 induction variables, `scf.for
unsigned`, bounds up to the IV type's maximum (the skewed bound may
overflow), computed (non-constant) bounds, an upper bound that is the
kernels' launch argument %n (both cores' loops alike, the step possibly
max(step, 1), known at run time only; `launch_args` gives the values to run
it at), steps that do not divide the
range, trip counts 0..20, a core's loop split in two, `pto.pipeline_stages` 1..6 or absent on each core,
the slot count 1..8 (module attribute `pto.fifo_depth`), which core sends
first, 1..4 messages per iteration in any direction, tiles made by scalar
chains (tensor.splat / tensor.from_elements of IV arithmetic), extract_slice
at IV-derived rows, memref.load, constants, arguments, linalg named ops (add
/ mul / sub / max / matmul), arith / math on tensors, scf.if and
arith.select between tiles, same-core pipeline loops nested in a tile
computation, tiles computed from the popped tile (consumer role) or from an
iter_arg (producer reads an iter_arg), iter_args (tile, f32 scalar, a
row-assembled tensor, an index yielding the IV-derived row: a recomputed
scalar chain, the tile itself, unchanged) fed by a sent tile (a carried
tensor) or a received one and possibly initialised from an earlier loop's
result, memref.store of received data (a hazard when the producer loads the
same memref) into that memref directly or through arith.select, an scf.if
result, an inner loop's iter_arg, a second argument that the kernel's caller
binds to the same buffer, or into a distinct allocation; loops that read,
yield or are bounded by an earlier loop's result; a message pushed and
popped through calls to helper functions, and calls to a declaration or
through a function pointer that never run (the pass cannot know), an op
that is no call but carries a `callee` attribute naming a function that
pushes, nests of scf.execute_region (up to 40 deep) in a loop body; FIFO ops nested in an scf.if (both branches, or only one under
a condition both cores compute alike) or in an inner scf.for (itself a
pipeline loop or not), cross-core loops inside an outer scf.for, and
same-core pipeline loops around the cross-core ones; kernel bodies of
several blocks (a loop in a block of its own reached by cf.br, in both ways
of a cf.cond_br diamond, or in a loop of blocks), the live values passed as
block arguments; the pair in a nested module (a builtin.module or a
gpu.module) whose pto.fifo_depth differs from the top module's; slot counts
above 64; pipes declared by one kernel only (the module attribute saying
another count); an i8 loop of 130 or 200 iterations with a run-time bound at
one slot (a guarded skew at depth 1); an i65 or i128 loop from a small
negative start (Config.wide: the skew's new bounds are negative constants
of a type wider than 64 bits; the simulator has no such integers, so those
pairs are checked by the FIFO verifier and the JIT, `wide_loops`); tiles
pushed with a dynamic dimension and popped static (Config.dynamic_dims);
one more message, before the loops, sent only when the launch argument %n
passes a threshold, each kernel testing it in its own way (%n > K in the
cube, %n >= K + 1 in the vector: PairSpec.launch_guard; the FIFO verifier
and the pass's pair proof prove such a pair over every value of %n,
symbolic.py); the loop after the launch-bounded one bounded by %n + K in
both kernels (PairSpec.launch_more: two run-time trips of one argument).
The memref %mem is one global memory: both kernels get the same buffer.
One of them (PairSpec.memory_core) stores received data into it; the other
loads nothing from it, or (PairSpec.handoff) loads only what the messages
order against those stores (before it hands a tile over, or, with
PairSpec.late_load, after the reply too). Its stores may be `linalg.fill`s
of a one-element subview (PairSpec.fill: effects declared by a linalg op on
a memref view, which the peer's memory reads from the op itself).
So the input has no data race (the simulator's race detector would report
one; the property check asserts none before and after the pass).

Randomness comes from a `Chooser`: `HypothesisChooser` (inside a hypothesis
strategy: `pairs()`), or `RandomChooser` (a seeded `random.Random`, used by
the soak script). `shrink` minimises a failing spec.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Callable, Sequence

CUBE, VECTOR = "cube", "vector"
SIDES = (CUBE, VECTOR)

PUSH = {CUBE: "pto.tpush_to_aiv", VECTOR: "pto.tpush_to_aic"}
POP = {CUBE: "pto.tpop_from_aiv", VECTOR: "pto.tpop_from_aic"}
FREE = {CUBE: "pto.tfree_from_aiv", VECTOR: "pto.tfree_from_aic"}
INIT = {CUBE: "pto.aic_initialize_pipe", VECTOR: "pto.aiv_initialize_pipe"}
CORE_ATTR = {CUBE: "aic", VECTOR: "aiv"}

LEAVES = ("splat", "slice", "arg", "elems", "const", "popped", "acc", "loop", "mload",
          "earlier")
BINARY = ("arith.addf", "linalg.add", "arith.mulf", "arith.subf", "arith.maximumf",
          "linalg.mul", "linalg.sub", "linalg.max", "linalg.matmul")
UNARY = ("arith.negf", "math.absf", "math.tanh")
ACC_KINDS = ("tile", "scalar", "rows", "index", "last", "pass", "prior")
# Where received data is stored (PairSpec.alias): the memref the producer may
# load from, reached directly or through an alias, or a distinct allocation.
ALIASES = ("direct", "select", "if", "iter", "args", "alloc")
BLOCKS = ("", "br", "cond", "loop")
TILE_COMBINE = ("arith.addf", "linalg.add", "arith.maximumf")


# --- the spec -------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Expr:
    """A tile computed by the sending core. Leaves: splat / elems (IV scalar
    chains), slice (a row of the source tensor), const, arg (the invariant
    tile argument), popped (the core's last received tile of this iteration),
    acc (a tile iter_arg), loop (a same-core pipeline loop), mload (a splat of
    an element loaded from the memref argument), earlier (the result of an
    earlier loop of the kernel); nodes: bin, un, if (scf.if
    yielding one of two tiles, each computed in its branch; an
    scf.index_switch under PairSpec.switch), select
    (arith.select on a scalar condition)."""

    kind: str
    op: str = ""
    args: tuple["Expr", ...] = ()
    a: int = 0
    b: int = 0


@dataclasses.dataclass(frozen=True)
class Message:
    sender: str
    expr: Expr
    free: bool = False  # the receiver frees its tiles, naming this one
    store: bool = False  # the receiver stores the tile's first element into %mem


@dataclasses.dataclass(frozen=True)
class Acc:
    """An iter_arg of one core's loop, updated right after message `source`
    (mod the message count) is sent or received with that tile."""

    # tile | scalar | rows | index | last (the tile itself) | pass (unchanged)
    # | prior (an earlier loop's tile result, yielded as it is)
    kind: str
    source: int = 0
    op: str = "arith.addf"
    chain: bool = False  # initialised with the latest earlier loop result of its type


@dataclasses.dataclass(frozen=True)
class SideLoop:
    """One core's loop: stop = start + trip * step - slack."""

    start: int = 0
    step: int = 1
    slack: int = 0
    stages: int | None = 2
    iv_type: str = "index"
    accs: tuple[Acc, ...] = ()
    branch: bool = False  # FIFO ops inside an scf.if, the same messages in both branches
    inner_stages: int | None = None  # the inner loop's pto.pipeline_stages (nest "inner")
    unsigned: bool = False  # scf.for unsigned (integer IVs, start >= 0 only)
    dynamic: bool = False  # the upper bound is computed, not a constant
    # ... from an earlier loop's index result (index IVs only)
    earlier_bound: bool = False
    high: bool = False  # start / stop moved up to the IV type's maximum
    split: int = 0  # 0 < split < trip: two loops, the second from iteration `split`
    # "decl": the body calls a declaration under a condition that never holds
    # (indirect calls, which the simulator cannot run, are left to the tests);
    # "attr": an op that is no call carries `callee = @` a function that
    # pushes (calls are CallOpInterface ops, not ops with that attribute)
    opaque: str = ""
    # > 0: the body holds this many nested scf.execute_region ops round an
    # index computation (the walks over nesting must not recurse per level)
    wrap: int = 0

    # The kernel body around the loop as several blocks (one of BLOCKS): ""
    # none; "br" the loop starts a new block, reached by cf.br; "cond" a
    # diamond: cf.cond_br on the tile argument to two blocks each holding the
    # loop (the second sends negated tiles), joined by cf.br; "loop" the
    # outer loop (`CrossLoop.outer` trips, at least 1) as a loop of blocks.
    # The values live across blocks pass as block arguments.
    blocks: str = ""

    def span(self, trip: int) -> int:
        """stop - start for `trip` iterations."""
        step = max(1, self.step)
        return trip * step - self.slack % step


@dataclasses.dataclass(frozen=True)
class CrossLoop:
    trip: int
    messages: tuple[Message, ...]
    cube: SideLoop = SideLoop()
    vector: SideLoop = SideLoop()
    nest: str = "flat"  # flat | guard (scf.if around the FIFO ops) | inner (inner scf.for)
    cond: tuple[int, int] = (2, 0)  # guard / branch condition: iteration % m == r, or < r if m == 0
    inner_trip: int = 2
    exchange: bool = False
    outer: int = 0  # > 0: the loop sits in an outer scf.for of this trip count
    outer_stages: int | None = None
    via_call: int = -1  # this message is pushed and popped by helper functions

    def side(self, side: str) -> SideLoop:
        return self.cube if side == CUBE else self.vector


@dataclasses.dataclass(frozen=True)
class SameLoop:
    """A same-core pipeline loop of `side`, placed before cross-core loop #position."""

    side: str
    position: int = 0
    start: int = 0
    step: int = 1
    trip: int = 2
    stages: int = 2


@dataclasses.dataclass(frozen=True)
class PairSpec:
    slots: int
    loops: tuple[CrossLoop, ...]
    same: tuple[SameLoop, ...] = ()
    shape: tuple[int, ...] = (4,)
    rows: int = 3
    memref: bool = False  # the kernels take %mem: memref<rows x f32> (mload / store)
    alias: str = "direct"  # how stores reach %mem: one of ALIASES
    # The real FIFO contract's forms (docs/fifo-contract.md): every FIFO op on
    # pipe id `pipe_id`; `init`: each kernel declares its pipes with an
    # initialise op (both directions, `slots` slots each) and is marked with
    # pto.kernel_kind instead of pto.core.
    pipe_id: int = 0
    init: bool = False
    # >= 0: both cores' loop #launch runs from the cube's start and step to
    # the kernels' first argument %n: index (a trip count known at run time
    # only, one argument list for the pair); see launch_args.
    launch: int = -1
    # The launch loop's step is max(step, 1), known at run time only to the
    # pass (provably positive).
    launch_step: bool = False
    # > 0: the kernels sit in a nested builtin.module whose pto.fifo_depth is
    # `slots`, inside a top module whose pto.fifo_depth is this (another
    # count, which no tool may read for them).
    module_slots: int = 0
    # With `init`, the one side whose kernel declares the pipes ("" both):
    # the module's pto.fifo_depth then says another count (2 * slots + 2),
    # which no tool may use for the other kernel either.
    init_side: str = ""
    # The nested symbol table of `module_slots`: "module" (builtin.module) or
    # "gpu" (gpu.module).
    table: str = "module"
    # Every pushed tile is cast to a dynamic first dimension (tensor<?x...>),
    # popped with its static shape.
    dynamic_dim: bool = False
    # A core that frees frees its tiles after its last pop of the iteration
    # (module docstring): a co-skew that moves a pop ahead of a free would
    # change which slot the free releases (issue 23, session 11).
    late_free: bool = False
    # The one core that stores into %mem (the messages it receives that ask
    # for it) and loads from it anywhere (its mload leaves). The other core
    # loads nothing (its mload leaves render as the tile argument) and
    # stores nothing: program order alone orders the accesses.
    memory_core: str = CUBE
    # The other core loads from %mem too, ordered by the messages: in the
    # tile of message 0 of each handoff loop (handoff_loop: message 0 goes
    # to memory_core, message 1 comes back, no exchange), and memory_core
    # stores only the tile of such a message 0, when it pops it. A store
    # then follows the peer's loads of that iteration (they come before its
    # push of message 0) and precedes its later ones (they come after its
    # pop of message 1): the input has no data race, and a skew that moves
    # a load ahead of the pop of message 1 makes one (issue 23 class 6).
    handoff: bool = False
    # With handoff: the other core also loads %mem after it pops message 1
    # of a handoff loop (adding the element to that tile): after the store
    # of this iteration, before the next one (which follows its push of the
    # next message 0). A skew that runs that push ahead of the load makes a
    # race (write after read).
    late_load: bool = False
    # The stores into %mem are linalg.fill of a subview of the row.
    fill: bool = False
    # Drawn last: every `if` tile (Expr) is an scf.index_switch on the
    # iteration mod m instead, its first tile the case of the remainder the
    # scf.if tests, its second the default.
    switch: bool = False
    # A `pto.entry` function launches the kernels: "same" passes both its
    # arguments in one order; "rotated" declares the vector's parameters
    # rotated by one and passes them so, so that argument k of the vector is
    # not argument k of the cube (the tools relate them by launch value:
    # skew_mlir/launch.py).
    entry: str = ""
    # >= 0 (with `launch`): before its loops the cube pushes %w when %n > K
    # and the vector pops it when %n >= K + 1 (K = launch_guard), freeing it
    # if the vector frees what it receives.
    launch_guard: int = -1
    # > 0 (with `launch`): the loop after loop #launch runs to %n + K in both
    # kernels (K = launch_more), with the same start and step on each side:
    # a second run-time trip of the one launch argument.
    launch_more: int = 0


@dataclasses.dataclass(frozen=True)
class Config:
    """Which features the generator may use."""

    max_loops: int = 2
    max_messages: int = 4
    max_trip: int = 20
    expr_depth: int = 2
    exchange: bool = True  # both cores push first (see the module docstring)
    nested: bool = True  # FIFO ops inside scf.if / inner scf.for
    # Unsigned loops whose skewed bounds pass the signed maximum of the IV
    # type (the simulator once compared scf.for unsigned bounds as signed).
    unsigned_high: bool = True
    modules: bool = True  # pairs in a nested module (PairSpec.module_slots)
    blocks: bool = True  # kernel bodies of several blocks (SideLoop.blocks)
    wide_slots: bool = True  # slot counts above 64 (and above 32 and 64 bits)
    narrow: bool = True  # an i8 loop of 130 or 200 iterations at depth 1 (run-time bound)
    wide: bool = True  # an i65 / i128 loop from a negative start (with_wide)
    dynamic_dims: bool = True  # pushed tensor<?x...> popped as static tiles
    # Plain loops whose messages alternate C->V->C->V... (3 to 6 of them),
    # the multi-round-trip pairs the pass co-skews (with_alternation).
    alternations: bool = True
    late_frees: bool = True  # PairSpec.late_free
    entries: bool = True  # PairSpec.entry
    launch_guards: bool = True  # PairSpec.launch_guard
    fills: bool = True  # PairSpec.fill
    switches: bool = True  # PairSpec.switch


# --- choosers -------------------------------------------------------------------

class RandomChooser:
    """Choices from a seeded `random.Random`."""

    def __init__(self, seed: int | random.Random):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def boolean(self, p: float = 0.5) -> bool:
        return self.rng.random() < p

    def choice(self, seq: Sequence):
        return seq[self.integer(0, len(seq) - 1)]


class HypothesisChooser:
    """Choices drawn inside a hypothesis composite strategy (they shrink
    towards the first element of a choice, False and the low bound)."""

    def __init__(self, draw: Callable):
        from hypothesis import strategies as st
        self.draw, self.st = draw, st

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(self.st.integers(lo, hi))

    def boolean(self, p: float = 0.5) -> bool:
        return self.draw(self.st.integers(0, 99)) >= round(100 * (1 - p))

    def choice(self, seq: Sequence):
        return seq[self.integer(0, len(seq) - 1)]


def pairs(config: Config = Config()):
    """A hypothesis strategy of PairSpecs."""
    from hypothesis import strategies as st

    @st.composite
    def strategy(draw):
        return draw_pair(HypothesisChooser(draw), config)
    return strategy()


def random_pair(seed: int, config: Config = Config()) -> PairSpec:
    return draw_pair(RandomChooser(seed), config)


# --- drawing --------------------------------------------------------------------

def draw_pair(ch, config: Config = Config()) -> PairSpec:
    slots = ch.integer(1, 8)
    shape = ch.choice([(4,), (2, 2)])
    rows = ch.choice([3, 2, 5])
    memref = ch.boolean(0.35)
    loops = tuple(draw_cross_loop(ch, config, memref)
                  for _ in range(ch.integer(1, config.max_loops)))
    same = tuple(SameLoop(side=ch.choice(SIDES), position=ch.integer(0, len(loops)),
                          start=ch.choice([0, 2, -1]), step=ch.choice([1, 2]),
                          trip=ch.integer(0, 4), stages=ch.integer(1, 6))
                 for _ in range(ch.integer(0, 2)))
    spec = PairSpec(slots, loops, same, shape, rows, memref,
                    ch.choice(ALIASES[:1] * 2 + ALIASES[1:]),
                    ch.choice([0, 0, 0, 1, 3]), ch.boolean(0.3))
    spec = with_launch(spec, ch.choice([-1] * 3 + list(range(len(loops)))))
    # Drawn after everything else: a seed's other choices stay those it
    # made before these features existed.
    if config.blocks:
        loops = tuple(dataclasses.replace(loop, **{
            side: dataclasses.replace(loop.side(side),
                                      blocks=ch.choice(BLOCKS[:1] * 36 + BLOCKS[1:]))
            for side in SIDES}) for loop in spec.loops)
        spec = dataclasses.replace(spec, loops=loops)
    if config.modules and ch.boolean(0.1):
        spec = dataclasses.replace(spec, module_slots=ch.choice(
            [n for n in (1, 2, 4, 8, 16) if n != slots]))
    if spec.launch >= 0 and ch.boolean(0.3):
        spec = dataclasses.replace(spec, launch_step=True)
    if config.wide_slots and ch.boolean(0.06):
        # And counts beyond 32 and 64 bits where no initialise op (slot_num:
        # i32) declares them.
        spec = dataclasses.replace(spec, slots=ch.choice(
            [65, 100, 128] + ([] if spec.init else [1 << 40, 1 << 70])))
    if spec.init and ch.boolean(0.5):
        spec = dataclasses.replace(spec, init_side=ch.choice(SIDES))
    if spec.module_slots and ch.boolean(0.5):
        spec = dataclasses.replace(spec, table="gpu")
    if config.narrow and ch.boolean(0.04):
        spec = with_narrow(spec, ch.integer(0, len(spec.loops) - 1), ch.choice([130, 200]))
    if config.dynamic_dims and ch.boolean(0.1):
        spec = dataclasses.replace(spec, dynamic_dim=True)
    if memref:
        spec = dataclasses.replace(spec, memory_core=round_trip_loader(loops)
                                   or ch.choice(SIDES))
        if ch.boolean(0.5):
            # The round trip's loader hands %mem over: the replier stores
            # the first tile instead of the loader the reply.
            spec = dataclasses.replace(spec, handoff=True, memory_core=_other(
                spec.memory_core))
            spec = dataclasses.replace(spec, loops=tuple(
                dataclasses.replace(loop, messages=(
                    dataclasses.replace(loop.messages[0], store=True),) + loop.messages[1:])
                if handoff_loop(spec, loop) else loop for loop in spec.loops))
    if config.alternations and ch.boolean(0.1):
        spec = with_alternation(spec, ch, config)
    if config.late_frees and not narrow_loops(spec) and ch.boolean(0.15):
        spec = dataclasses.replace(spec, late_free=True)
        spec = dataclasses.replace(spec, slots=max(spec.slots, held_slots(spec)))
    if config.entries and ch.boolean(0.1):
        spec = dataclasses.replace(spec, entry=ch.choice(["same", "rotated", "rotated"]))
    if config.wide and ch.boolean(0.04):
        spec = with_wide(spec, ch.integer(0, len(spec.loops) - 1), ch.choice(WIDE_TYPES),
                         ch.integer(-6, -1))
    if config.launch_guards and spec.launch >= 0 and ch.boolean(0.15):
        spec = dataclasses.replace(spec, launch_guard=ch.integer(0, 12))
    if (config.launch_guards and 0 <= spec.launch < len(spec.loops) - 1
            and ch.boolean(0.3)):
        spec = with_launch_more(spec, ch.integer(1, 3))
    if spec.handoff and ch.boolean(0.5):
        spec = dataclasses.replace(spec, late_load=True)
    if config.fills and spec.memref and ch.boolean(0.3):
        spec = dataclasses.replace(spec, fill=True)
    if config.switches and ch.boolean(0.2):
        spec = dataclasses.replace(spec, switch=True)
    return spec


def held_slots(spec: PairSpec) -> int:
    """The slots a pipe needs for the pair to run: with late frees, as many
    as the messages a core receives in one iteration of a loop, else one."""
    if not spec.late_free:
        return 1
    return max([sum(m.sender != side for m in loop.messages)
                for loop in spec.loops for side in SIDES] + [1])


def with_alternation(spec: PairSpec, ch, config: Config) -> PairSpec:
    """`spec` with every cross-core loop made a plain multi-round-trip loop:
    3 to 6 messages alternating between the cores, FIFO ops flat in the body
    (no nesting, calls, blocks, outer loop or split), a constant trip or
    the launch argument's; the accumulators, stages, steps, IV types and
    memref stay as drawn, and only the memory core touches %mem (no
    hand-over: race-free whatever the new messages are)."""
    def plain(side: SideLoop) -> SideLoop:
        return dataclasses.replace(side, branch=False, dynamic=False, high=False, split=0,
                                   opaque="", wrap=0, blocks="")
    loops = []
    for loop in spec.loops:
        sender = ch.choice(SIDES)
        messages = []
        for _ in range(ch.integer(3, 6)):
            messages.append(Message(sender, draw_expr(ch, config.expr_depth),
                                    ch.boolean(0.3)))
            sender = VECTOR if sender == CUBE else CUBE
        loops.append(dataclasses.replace(
            loop, messages=tuple(messages), nest="flat", exchange=False, outer=0,
            via_call=-1, cube=plain(loop.cube), vector=plain(loop.vector),
            trip=ch.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 20])))
    # One loop in three runs to the launch argument %n in both kernels: a
    # co-skew behind its run-time guard.
    spec = dataclasses.replace(spec, loops=tuple(loops), launch_step=False, handoff=False)
    return with_launch(spec, ch.choice([-1, -1, ch.integer(0, len(loops) - 1)]))


def nested_table(spec: PairSpec) -> str:
    """The op of the symbol table nesting the kernels ("": none), for the
    pipelines that must reach them (properties.skew_pipeline)."""
    if not spec.module_slots:
        return ""
    return "gpu.module" if spec.table == "gpu" else "builtin.module"


def narrow_loops(spec: PairSpec) -> bool:
    """Whether a loop of `spec` runs an i8 IV past its signed maximum
    (with_narrow). Upstream canonicalize (MLIR 22) erases such a loop (an
    scf.for over i8 from -100 to 30 folds to no iterations), so these pairs
    run through the pass without it."""
    return any(side.iv_type == "i8" for loop in spec.loops for side in (loop.cube, loop.vector))


def with_narrow(spec: PairSpec, index: int, trip: int) -> PairSpec:
    """`spec` with loop #index an i8 loop from -100 of `trip` iterations on
    both cores, its upper bound known at run time only, at one slot: a
    guarded skew at depth 1, whose group count is the trip itself and
    passes the i8 signed maximum."""
    if index == spec.launch:
        return spec
    loop = spec.loops[index]
    narrow = dict(iv_type="i8", start=-100, step=1, slack=0, dynamic=True, high=False,
                  unsigned=False, split=0, earlier_bound=False, stages=2, blocks="")
    loops = list(spec.loops)
    loops[index] = dataclasses.replace(
        loop, trip=trip, nest="flat", outer=0,
        cube=dataclasses.replace(loop.cube, **narrow),
        vector=dataclasses.replace(loop.vector, **narrow))
    return dataclasses.replace(spec, loops=tuple(loops), slots=1)


WIDE_TYPES = ("i65", "i128")


def wide_loops(spec: PairSpec) -> bool:
    """Whether a loop of `spec` has an IV wider than 64 bits (with_wide):
    the simulator cannot run the pair, the FIFO verifier checks it."""
    return any(side.iv_type in WIDE_TYPES for loop in spec.loops
               for side in (loop.cube, loop.vector))


def with_wide(spec: PairSpec, index: int, iv_type: str, start: int) -> PairSpec:
    """`spec` with loop #index an `iv_type` loop from `start` (negative) on
    both cores, its bounds constants: the skew's steady-loop bound and the
    epilogue's IVs are negative constants wider than 64 bits."""
    if index == spec.launch:
        return spec
    wide = dict(iv_type=iv_type, start=start, step=1, slack=0, dynamic=False, high=False,
                unsigned=False, split=0, earlier_bound=False)
    loops = list(spec.loops)
    loop = loops[index]
    loops[index] = dataclasses.replace(loop, cube=dataclasses.replace(loop.cube, **wide),
                                       vector=dataclasses.replace(loop.vector, **wide))
    return dataclasses.replace(spec, loops=tuple(loops))


def with_launch(spec: PairSpec, launch: int) -> PairSpec:
    """`spec` with loop #launch bounded by the launch argument (-1: none)."""
    if launch < 0:
        return dataclasses.replace(spec, launch=-1)
    return dataclasses.replace(_run_at_launch(spec, launch), launch=launch)


def with_launch_more(spec: PairSpec, more: int) -> PairSpec:
    """`spec` with the loop after loop #launch run to %n + `more` on both
    sides."""
    return dataclasses.replace(_run_at_launch(spec, spec.launch + 1), launch_more=more)


def _run_at_launch(spec: PairSpec, index: int) -> PairSpec:
    """`spec` with loop #index ready for a bound of the launch argument: both
    cores' loops get the cube's start, step and slack and index IVs in one
    scf.for, so that they run equally often at any %n."""
    loop = spec.loops[index]
    plain = dict(iv_type="index", unsigned=False, dynamic=False, high=False, split=0)
    cube = dataclasses.replace(loop.cube, **plain)
    vector = dataclasses.replace(loop.vector, start=cube.start, step=cube.step,
                                 slack=cube.slack, **plain)
    loops = list(spec.loops)
    loops[index] = dataclasses.replace(loop, cube=cube, vector=vector)
    return dataclasses.replace(spec, loops=tuple(loops))


def steps_past_type_top(spec: PairSpec) -> bool:
    """Whether a loop of the pair runs up to its IV type's maximum, where the
    IV's last step may pass it: the interpreter stops at the bound, upstream's
    lowering (scf-to-cf: add, then compare) wraps and runs on, so the two
    executors disagree on the pair as written (skew_mlir.jit is not run on it)."""
    return any(side.high for loop in spec.loops for side in (loop.cube, loop.vector))


def launch_args(spec: PairSpec) -> list[dict[int, str]]:
    """The argument lists to run the pair at: trips around the depths a skew
    may take (below 2D, 2D, remainders), the loop's own and some past it, as
    values of %n (argument #0); [{}] without a launch argument."""
    if spec.launch < 0:
        return [{}]
    loop = spec.loops[spec.launch]
    side = loop.cube
    trips = sorted({0, 1, 3, 4, 5, 7, 9, loop.trip, loop.trip + 1, 2 * loop.trip + 11})
    values = [side.start + side.span(t) for t in trips]
    if spec.launch_guard >= 0:
        values += [v for v in (spec.launch_guard, spec.launch_guard + 1) if v not in values]
    return [{0: str(v)} for v in values]


def draw_cross_loop(ch, config: Config, memref: bool = False) -> CrossLoop:
    trip = ch.choice([4, 2, 3, 5, 6, 7, 8, 9, 4, 6, 8, 3, 1, 0, 10, 12, 15, 16, 20])
    trip = min(trip, config.max_trip)
    n = min(ch.choice([2, 2, 2, 2, 2, 1, 4, 3]), config.max_messages)
    first = ch.choice(SIDES)
    alternate = ch.boolean(0.9)
    messages = []
    sender = first
    for i in range(n):
        if i and (alternate or ch.boolean(0.5)):
            sender = VECTOR if sender == CUBE else CUBE
        messages.append(Message(sender, draw_expr(ch, config.expr_depth), ch.boolean(0.3),
                                ch.boolean(0.3)))
    round_trip = memref and n >= 2 and ch.boolean(0.5)
    if round_trip:
        # A memory round trip: the first tile reads %mem, the reply comes
        # back to the loader, which stores it there (directly or through an
        # alias, see PairSpec.alias): the core owning %mem (memory_core).
        first_message = messages[0]
        messages[0] = dataclasses.replace(first_message, expr=Expr(
            "bin", "arith.addf", (Expr("mload", a=ch.integer(0, 7)), first_message.expr)))
        messages[1] = dataclasses.replace(messages[1], store=True)
    nest = (ch.choice(["flat"] * 8 + ["guard", "inner", "inner"]) if config.nested
            else "flat")
    cond = (ch.integer(0, 3), ch.integer(0, 3))
    if cond[0]:
        cond = (cond[0], cond[1] % cond[0])
    exchange = (config.exchange and n >= 2 and messages[0].sender != messages[1].sender
                and ch.boolean(0.25))
    if round_trip:
        # The reply goes back to the loader (set after `exchange`, whose draw
        # needs the senders to differ already: a seed keeps its draws).
        messages[1] = dataclasses.replace(messages[1], sender=_other(messages[0].sender))
    sides = [draw_side(ch, n, config) for _ in SIDES]
    outer = ch.choice([0, 0, 0, 0, 1, 2, 3])
    return CrossLoop(trip, tuple(messages), sides[0], sides[1], nest, cond,
                     ch.integer(0, 3), exchange, outer, ch.choice([None, 2, 1, 4]),
                     ch.choice([-1] * 12 + list(range(n))))


def _other(side: str) -> str:
    return VECTOR if side == CUBE else CUBE


def round_trip_loader(loops: Sequence[CrossLoop]) -> str | None:
    """The sender of the first memory round trip's load (draw_cross_loop)."""
    for loop in loops:
        if len(loop.messages) >= 2 and loop.messages[1].store \
                and loop.messages[0].expr.kind == "bin" \
                and loop.messages[0].expr.args[0].kind == "mload" \
                and loop.messages[1].sender != loop.messages[0].sender:
            return loop.messages[0].sender
    return None


def handoff_loop(spec: PairSpec, loop: CrossLoop) -> bool:
    """Whether `loop` hands %mem over and back (PairSpec.handoff)."""
    messages = loop.messages
    return (spec.handoff and len(messages) >= 2 and not loop.exchange
            and messages[0].sender != spec.memory_core
            and messages[1].sender == spec.memory_core)


def draw_side(ch, n_messages: int, config: Config) -> SideLoop:
    step = ch.choice([1, 2, 3])
    high = ch.boolean(0.08)
    unsigned = ch.boolean(0.15) and (config.unsigned_high or not high)
    accs = tuple(Acc(ch.choice(ACC_KINDS), ch.integer(0, n_messages - 1),
                     ch.choice(TILE_COMBINE), ch.boolean(0.3)) for _ in range(ch.integer(0, 2)))
    return SideLoop(start=ch.choice([0, 1, 3, -2, 5]), step=step,
                    slack=ch.integer(0, step - 1),
                    stages=ch.choice([2, 3, 4, 5, 6, 2, 4, None, 1]),
                    iv_type=ch.choice(["index", "index", "i32", "i64", "i16"]),
                    accs=accs,
                    branch=config.nested and ch.boolean(0.1),
                    inner_stages=ch.choice([2, 3, 4, 5, 6, None, 1]),
                    unsigned=unsigned, dynamic=ch.boolean(0.05), high=high,
                    earlier_bound=ch.boolean(0.5),
                    split=ch.choice([0] * 9 + [1, 2, 3, 4, 5]),
                    opaque=ch.choice([""] * 12 + ["decl", "attr"]),
                    wrap=ch.choice([0] * 14 + [1, 3, 40]))


def draw_expr(ch, depth: int) -> Expr:
    if depth > 0 and ch.boolean(0.4):
        kind = ch.choice(["bin", "bin", "bin", "un", "if", "select"])
        if kind == "bin":
            return Expr("bin", ch.choice(BINARY),
                        (draw_expr(ch, depth - 1), draw_expr(ch, depth - 1)))
        if kind == "un":
            return Expr("un", ch.choice(UNARY), (draw_expr(ch, depth - 1),))
        return Expr(kind, args=(draw_expr(ch, depth - 1), draw_expr(ch, depth - 1)),
                    a=ch.integer(0, 3), b=ch.integer(0, 3))
    return Expr(ch.choice(LEAVES), a=ch.integer(0, 7), b=ch.integer(0, 7))


# --- rendering ------------------------------------------------------------------

_MAX = {"index": (1 << 63) - 1, "i64": (1 << 63) - 1, "i32": (1 << 31) - 1,
        "i16": (1 << 15) - 1, "i8": (1 << 7) - 1}


def _fmt(x: float) -> str:
    return repr(float(x))


def _block_operands(values: list[tuple[str, str]]) -> str:
    """The operands of a branch passing `values` (value, type)."""
    if not values:
        return ""
    return (f"({', '.join(v for v, _ in values)} : "
            f"{', '.join(t for _, t in values)})")


class _Scope(dict):
    pass


class _Ctx:
    """What the body of one loop level knows: IV, iteration number, current
    iter_arg values, the last popped tile."""

    def __init__(self, fn: "_Function", iv: str, iv_type: str, start: int, step: int,
                 accs: list[str], kinds: list[Acc], outer: "_Ctx | None" = None,
                 inner_trip: int = 1):
        self.fn, self.iv, self.iv_type, self.start, self.step = fn, iv, iv_type, start, step
        self.accs, self.kinds, self.outer, self.inner_trip = accs, kinds, outer, inner_trip
        self.popped: str | None = None
        self.key = fn.fresh_key()

    def index_iv(self) -> str:
        if self.iv_type == "index":
            return self.iv
        return self.fn.cached((self.key, "ivx"), lambda: self.fn.op(
            f"arith.index_cast {self.iv} : {self.iv_type} to index"))

    def iteration(self) -> str:
        """(iv - start) / step as an index; inner loops count on from the outer."""
        def make():
            fn = self.fn
            if self.outer is not None:
                base = fn.op(f"arith.muli {self.outer.iteration()}, "
                             f"{fn.const(self.outer_trip_value(), 'index')} : index")
                return fn.op(f"arith.addi {base}, {self.iv} : index")
            diff = fn.op(f"arith.subi {self.index_iv()}, {fn.const(self.start, 'index')} : index")
            return fn.op(f"arith.divsi {diff}, {fn.const(self.step, 'index')} : index")
        return self.fn.cached((self.key, "iter"), make)

    def outer_trip_value(self) -> int:
        return max(self.inner_trip, 1)

    def row(self, from_iv: bool) -> str:
        fn, rows = self.fn, self.fn.spec.rows
        def make():
            c = fn.const(rows, "index")
            if from_iv:  # ((iv rem R) + R) rem R: non-negative for negative IVs
                r = fn.op(f"arith.remsi {self.index_iv()}, {c} : index")
                r = fn.op(f"arith.addi {r}, {c} : index")
                return fn.op(f"arith.remsi {r}, {c} : index")
            return fn.op(f"arith.remsi {self.iteration()}, {c} : index")
        return fn.cached((self.key, "row", from_iv), make)

    def ivf(self) -> str:
        fn = self.fn
        def make():
            if self.iv_type == "index":
                wide = fn.op(f"arith.index_cast {self.iv} : index to i64")
                return fn.op(f"arith.sitofp {wide} : i64 to f32")
            return fn.op(f"arith.sitofp {self.iv} : {self.iv_type} to f32")
        return fn.cached((self.key, "ivf"), make)

    def cond(self, cond: tuple[int, int]) -> str:
        fn = self.fn
        m, r = cond
        def make():
            it = self.iteration()
            if m == 0:
                return fn.op(f"arith.cmpi slt, {it}, {fn.const(r, 'index')} : index")
            rem = fn.op(f"arith.remsi {it}, {fn.const(m, 'index')} : index")
            return fn.op(f"arith.cmpi eq, {rem}, {fn.const(r, 'index')} : index")
        return fn.cached((self.key, "cond", cond), make)


class _Function:
    def __init__(self, spec: PairSpec, side: str):
        self.launching = False  # rendering loop #spec.launch
        self.launching_more = False  # rendering the loop after it, with launch_more
        self.spec, self.side = spec, side
        self.pipe_attrs = f" {{id = {spec.pipe_id} : i32}}" if spec.pipe_id else ""
        self.tile = f"tensor<{'x'.join(map(str, spec.shape))}xf32>"
        self.src = f"tensor<{spec.rows}x{'x'.join(map(str, spec.shape))}xf32>"
        self.mem = f"memref<{spec.rows}xf32>"
        self.consts: dict[tuple, str] = {}
        self.const_lines: list[str] = []
        self.lines: list[str] = []
        self.indent = 2
        self.counter = 0
        self.scopes: list[_Scope] = [_Scope()]
        self.results: list[tuple[str, str]] = []  # (value, type)
        self.helpers: list[str] = []  # functions the kernel calls
        self.negated = False  # send negated tiles (the second way of a diamond)
        self.accesses_memory = spec.memref and side == spec.memory_core
        # Rendering the tile of a handoff loop's message 0 on the other core.
        self.handing_over = False

    # SSA plumbing
    def fresh(self, hint: str = "v") -> str:
        self.counter += 1
        return f"%{hint}{self.counter}"

    def fresh_key(self) -> int:
        self.counter += 1
        return self.counter

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.indent + line)

    def op(self, text: str, hint: str = "v") -> str:
        name = self.fresh(hint)
        self.emit(f"{name} = {text}")
        return name

    def const(self, value, type_: str) -> str:
        key = (value, type_)
        if key not in self.consts:
            name = self.fresh("c")
            literal = _fmt(value) if type_ == "f32" else str(value)
            self.const_lines.append(f"    {name} = arith.constant {literal} : {type_}")
            self.consts[key] = name
        return self.consts[key]

    def cached(self, key, make: Callable[[], str]) -> str:
        for scope in reversed(self.scopes):
            if key in scope:
                return scope[key]
        value = self.scopes[-1][key] = make()
        return value

    def push_scope(self) -> None:
        self.scopes.append(_Scope())
        self.indent += 1

    def pop_scope(self) -> None:
        self.scopes.pop()
        self.indent -= 1

    # tiles
    def expr(self, e: Expr, ctx: _Ctx) -> str:
        t = self.tile
        if e.kind == "bin":
            x, y = (self.expr(a, ctx) for a in e.args)
            op = e.op
            if op == "linalg.matmul" and len(self.spec.shape) != 2:
                op = "linalg.add"
            if op.startswith("linalg."):
                if op == "linalg.matmul":
                    init = self.op(f"arith.constant dense<0.0> : {t}")
                else:
                    init = self.op(f"tensor.empty() : {t}")
                return self.op(f"{op} ins({x}, {y} : {t}, {t}) outs({init} : {t}) -> {t}")
            return self.op(f"{op} {x}, {y} : {t}")
        if e.kind == "un":
            return self.op(f"{e.op} {self.expr(e.args[0], ctx)} : {t}")
        if e.kind in ("if", "select"):
            m = e.a % 3 + 1
            if e.kind == "if" and self.spec.switch:
                return self._switch(e, ctx, m, t)
            cond = ctx.cond((m, e.b % m))
            if e.kind == "select":
                x, y = (self.expr(a, ctx) for a in e.args)
                return self.op(f"arith.select {cond}, {x}, {y} : {t}")
            head, (name,) = self._results(1, "if")
            self.emit(f"{head}scf.if {cond} -> ({t}) {{")
            for i, arg in enumerate(e.args):
                if i:
                    self.emit("} else {")
                self.push_scope()
                self.emit(f"scf.yield {self.expr(arg, ctx)} : {t}")
                self.pop_scope()
            self.emit("}")
            return name
        if e.kind == "splat":
            return self.op(f"tensor.splat {self._scalar(ctx, e.a, e.b)} : {t}")
        if e.kind == "elems":
            base = self._scalar(ctx, e.a, e.b)
            parts = [self.op(f"arith.addf {base}, {self.const(0.5 * k, 'f32')} : f32")
                     for k in range(math.prod(self.spec.shape))]
            return self.op(f"tensor.from_elements {', '.join(parts)} : {t}")
        if e.kind == "slice":
            row = ctx.row(from_iv=bool(e.a % 2))
            rank = len(self.spec.shape)
            offsets = ", ".join([row] + ["0"] * rank)
            sizes = ", ".join(["1"] + [str(d) for d in self.spec.shape])
            strides = ", ".join(["1"] * (rank + 1))
            return self.op(f"tensor.extract_slice %src[{offsets}] [{sizes}] [{strides}] "
                           f": {self.src} to {t}")
        if e.kind == "const":
            return self.op(f"arith.constant dense<{_fmt(0.25 * e.a - 0.5)}> : {t}")
        if e.kind == "popped" and ctx.popped is not None:
            return ctx.popped
        if e.kind == "acc":
            tiles = [v for v, k in zip(ctx.accs, ctx.kinds)
                     if k.kind in ("tile", "last", "pass", "prior")]
            if tiles:
                return tiles[e.a % len(tiles)]
        if e.kind == "loop":
            return self._same_core_loop(e.a % 4, 1 + e.b % 6, ctx)
        if e.kind == "earlier":
            tiles = [v for v, t in self.results if t == self.tile]
            if tiles:
                return tiles[e.a % len(tiles)]
        if e.kind == "mload" and (self.accesses_memory or self.handing_over):
            x = self.op(f"memref.load %mem[{ctx.row(from_iv=bool(e.a % 2))}] : {self.mem}")
            return self.op(f"tensor.splat {x} : {t}")
        return "%w"

    def _scalar(self, ctx: _Ctx, a: int, b: int) -> str:
        v = self.op(f"arith.mulf {ctx.ivf()}, {self.const(0.5 * a - 1.0, 'f32')} : f32")
        return self.op(f"arith.addf {v}, {self.const(0.25 * b, 'f32')} : f32")

    def _same_core_loop(self, trip: int, stages: int, ctx: _Ctx | None,
                        start: int = 0, step: int = 1) -> str:
        t = self.tile
        lb, ub = self.const(start, "index"), self.const(start + trip * step, "index")
        st = self.const(step, "index")
        res, k, acc = self.fresh("s"), self.fresh("k"), self.fresh("t")
        self.emit(f"{res} = scf.for {k} = {lb} to {ub} step {st} iter_args({acc} = %w) "
                  f"-> ({t}) {{")
        self.push_scope()
        inner = _Ctx(self, k, "index", start, step, [], [])
        s = self.op(f"tensor.splat {self._scalar(inner, 3, 1)} : {t}")
        u = self.op(f"arith.addf {acc}, {s} : {t}")
        self.emit(f"scf.yield {u} : {t}")
        self.pop_scope()
        self.emit(f"}} {{pto.pipeline_stages = {stages} : i64}}")
        return res

    # iter_args
    def acc_type(self, acc: Acc) -> str:
        return {"tile": self.tile, "scalar": "f32", "rows": self.src, "index": "index",
                "last": self.tile, "pass": self.tile, "prior": self.tile}[acc.kind]

    def acc_init(self, acc: Acc) -> str:
        if acc.chain:
            earlier = [v for v, t in self.results if t == self.acc_type(acc)]
            if earlier:
                return earlier[-1]
        return {"tile": "%w", "scalar": self.const(0.0, "f32"), "rows": "%src",
                "index": self.const(0, "index"), "last": "%w", "pass": "%w",
                "prior": "%w"}[acc.kind]

    def absorb(self, ctx: _Ctx, message: int, tile: str) -> None:
        n = len(self.current_loop.messages)
        for i, acc in enumerate(ctx.kinds):
            if acc.source % n != message:
                continue
            old, t = ctx.accs[i], self.tile
            if acc.kind == "tile":
                if acc.op.startswith("linalg."):
                    init = self.op(f"tensor.empty() : {t}")
                    new = self.op(f"{acc.op} ins({old}, {tile} : {t}, {t}) outs({init} : {t}) "
                                  f"-> {t}")
                else:
                    new = self.op(f"{acc.op} {old}, {tile} : {t}")
            elif acc.kind == "scalar":
                zeros = ", ".join([self.const(0, "index")] * len(self.spec.shape))
                e = self.op(f"tensor.extract {tile}[{zeros}] : {t}")
                new = self.op(f"arith.addf {old}, {e} : f32")
            elif acc.kind == "rows":
                rank = len(self.spec.shape)
                offsets = ", ".join([ctx.row(from_iv=False)] + ["0"] * rank)
                sizes = ", ".join(["1"] + [str(d) for d in self.spec.shape])
                strides = ", ".join(["1"] * (rank + 1))
                new = self.op(f"tensor.insert_slice {tile} into {old}[{offsets}] [{sizes}] "
                              f"[{strides}] : {t} into {self.src}")
            elif acc.kind == "index":
                new = ctx.row(from_iv=True)
            elif acc.kind == "last":  # a received tile may be freed: keep a copy
                received = self.current_loop.messages[message].sender != self.side
                new = self.op(f"arith.negf {tile} : {t}") if received else tile
            elif acc.kind == "prior":
                tiles = [v for v, ty in self.results if ty == t]
                new = tiles[-1] if tiles else old
            else:
                new = old
            ctx.accs[i] = new

    # FIFO section
    def section(self, loop: CrossLoop, ctx: _Ctx, variant: bool) -> None:
        side = self.side
        order = [("send" if m.sender == side else "recv", i) for i, m in enumerate(loop.messages)]
        if (loop.exchange and len(loop.messages) >= 2 and loop.messages[1].sender == side
                and loop.messages[0].sender != side):
            order[0], order[1] = order[1], order[0]
        pending: list[str | None] = []
        # A kernel that frees one received tile frees them all (a tfree
        # releases the oldest popped slot of its pipe, fifo_model); the
        # messages that ask for it name their tile, the others use the
        # operand-less form of the real contract.
        frees = any(m.free for other in self.spec.loops for m in other.messages
                    if m.sender != side)
        for kind, i in order:
            message = loop.messages[i]
            called = loop.via_call == i
            if kind == "send":
                self.handing_over = (self.spec.memref and i == 0
                                     and handoff_loop(self.spec, loop))
                tile = self.expr(message.expr, ctx)
                self.handing_over = False
                if variant != self.negated:
                    tile = self.op(f"arith.negf {tile} : {self.tile}")
                if called:
                    self.emit(f"func.call @{self.helper('send', frees)}({tile}) "
                              f": ({self.tile}) -> ()")
                elif self.spec.dynamic_dim:
                    dynamic = "tensor<?" + self.tile[len("tensor<") + len(str(self.spec.shape[0])):]
                    cast = self.op(f"tensor.cast {tile} : {self.tile} to {dynamic}")
                    self.emit(f'"{PUSH[side]}"({cast}){self.pipe_attrs} : ({dynamic}) -> ()')
                else:
                    self.emit(f'"{PUSH[side]}"({tile}){self.pipe_attrs} : ({self.tile}) -> ()')
                self.absorb(ctx, i, tile)
            else:
                if not self.spec.late_free:
                    self._free(pending)
                if called:  # the helper frees its slot when the kernel frees
                    tile = self.op(f"func.call @{self.helper('receive', frees)}() "
                                   f": () -> {self.tile}", "p")
                else:
                    tile = self.op(f'"{POP[side]}"(){self.pipe_attrs} : () -> {self.tile}',
                                   "p")
                ctx.popped = tile
                if frees and not called:
                    pending.append(tile if message.free else None)
                if message.store and self.accesses_memory and (
                        not self.spec.handoff or (i == 0 and handoff_loop(self.spec, loop))):
                    zeros = ", ".join([self.const(0, "index")] * len(self.spec.shape))
                    e = self.op(f"tensor.extract {tile}[{zeros}] : {self.tile}")
                    self.store(e, ctx.row(from_iv=False))
                if (self.spec.late_load and i == 1 and not self.accesses_memory
                        and handoff_loop(self.spec, loop)):
                    x = self.op(f"memref.load %mem[{ctx.row(from_iv=False)}] : {self.mem}")
                    splat = self.op(f"tensor.splat {x} : {self.tile}")
                    tile = self.op(f"arith.addf {tile}, {splat} : {self.tile}")
                self.absorb(ctx, i, tile)
        self._free(pending)

    def store(self, value: str, row: str) -> None:
        """memref.store into %mem (the memref mload reads) as PairSpec.alias
        reaches it, or into a distinct allocation."""
        alias, mem = self.spec.alias, self.mem
        if alias == "iter":  # through an inner loop's iter_arg
            j, m, r = self.fresh("j"), self.fresh("m"), self.fresh("mr")
            one = self.const(1, "index")
            self.emit(f"{r} = scf.for {j} = {self.const(0, 'index')} to {one} step {one} "
                      f"iter_args({m} = %mem) -> ({mem}) {{")
            self.write(value, m, row, "  ")
            self.emit(f"  scf.yield {m} : {mem}")
            self.emit("}")
            return
        self.write(value, self.store_target(), row)

    def write(self, value: str, target: str, row: str, indent: str = "") -> None:
        """Stores `value` at `target`[`row`] (PairSpec.fill: by a linalg.fill
        of that element's subview)."""
        if not self.spec.fill:
            self.emit(f"{indent}memref.store {value}, {target}[{row}] : {self.mem}")
            return
        view, element = self.fresh("sv"), "memref<1xf32, strided<[1], offset: ?>>"
        self.emit(f"{indent}{view} = memref.subview {target}[{row}] [1] [1] : "
                  f"{self.mem} to {element}")
        self.emit(f"{indent}linalg.fill ins({value} : f32) outs({view} : {element})")

    def store_target(self) -> str:
        """The memref stores go to, defined once at the top of the function."""
        alias, mem = self.spec.alias, self.mem
        if alias == "args":  # the caller binds %mem and %mem2 to one buffer
            return "%mem2"
        if alias not in ("select", "if", "alloc"):
            return "%mem"
        if "store" not in self.consts:
            name = self.consts["store"] = self.fresh("mt")
            true = self.fresh("true")
            self.const_lines.append(f"    {true} = arith.constant true")
            self.const_lines.append({
                "select": f"    {name} = arith.select {true}, %mem, %mem2 : {mem}",
                "if": f"    {name} = scf.if {true} -> ({mem}) {{ scf.yield %mem : {mem} }} "
                      f"else {{ scf.yield %mem2 : {mem} }}",
                "alloc": f"    {name} = memref.alloc() : {mem}",
            }[alias])
        return self.consts["store"]

    def helper(self, kind: str, frees: bool) -> str:
        """A new function that pushes its argument ("send") or returns a copy
        of a popped tile ("receive", freeing its slot when the kernel `frees`
        every slot it pops) on this core."""
        name = f"{self.side}_{kind}{len(self.helpers)}"
        t, attrs = self.tile, self.pipe_attrs
        if kind == "send":
            self.helpers += [f"  func.func @{name}(%t: {t}) {{",
                             f'    "{PUSH[self.side]}"(%t){attrs} : ({t}) -> ()',
                             "    return", "  }"]
        else:
            free = [f'    "{FREE[self.side]}"(%p){attrs} : ({t}) -> ()'] if frees else []
            self.helpers += ([f"  func.func @{name}() -> {t} {{",
                              f'    %p = "{POP[self.side]}"(){attrs} : () -> {t}',
                              f"    %q = arith.negf %p : {t}"]
                             + free + [f"    return %q : {t}", "  }"])
        return name

    def opaque_call(self, ctx: _Ctx, kind: str) -> None:
        """A call to a declaration, which the pass cannot follow, under a
        condition that never holds (the simulator cannot run it); or, for
        "attr", an arith op with a `callee` attribute naming a function that
        pushes, which is no call."""
        if kind == "attr":
            if "pusher" not in self.consts:
                self.consts["pusher"] = self.helper("send", False)
            self.op(f"arith.addi {ctx.index_iv()}, {ctx.index_iv()} "
                    f"{{callee = @{self.consts['pusher']}}} : index")
            return
        if "opaque" not in self.consts:
            name = self.consts["opaque"] = f"{self.side}_external"
            self.helpers.append(f"  func.func private @{name}({self.tile})")
        self.emit(f"scf.if {ctx.cond((0, 0))} {{")
        self.emit(f"  func.call @{self.consts['opaque']}(%w) : ({self.tile}) -> ()")
        self.emit("}")

    def _free(self, pending: list[str | None]) -> None:
        for tile in pending:
            if tile is None:
                self.emit(f'"{FREE[self.side]}"(){self.pipe_attrs} : () -> ()')
            else:
                self.emit(f'"{FREE[self.side]}"({tile}){self.pipe_attrs} : ({self.tile}) -> ()')
        pending.clear()

    def branched(self, loop: CrossLoop, ctx: _Ctx, cond: str, both: bool) -> None:
        """The section inside scf.if %cond; else: the section on negated tiles
        (both) or nothing."""
        types = [self.acc_type(a) for a in ctx.kinds]
        olds = list(ctx.accs)
        head, names = self._results(len(types), "b")
        arrow = f" -> ({', '.join(types)})" if types else ""
        self.emit(f"{head}scf.if {cond}{arrow} {{")
        for variant in ((False, True) if both else (False,)):
            if variant:
                self.emit("} else {")
            self.push_scope()
            ctx.accs, ctx.popped = list(olds), None
            self.section(loop, ctx, variant)
            self._yield(ctx.accs, types)
            self.pop_scope()
        if not both and types:
            self.emit("} else {")
            self.push_scope()
            self._yield(olds, types)
            self.pop_scope()
        self.emit("}")
        ctx.accs, ctx.popped = names, None

    def _switch(self, e: Expr, ctx: _Ctx, m: int, t: str) -> str:
        """An `if` tile as an scf.index_switch on the iteration mod `m`: its
        first tile in the case of the remainder the scf.if tests, its second
        in the default region (PairSpec.switch)."""
        rem = self.op(f"arith.remsi {ctx.iteration()}, {self.const(m, 'index')} : index")
        head, (name,) = self._results(1, "if")
        self.emit(f"{head}scf.index_switch {rem} -> {t}")
        for label, arg in zip((f"case {e.b % m}", "default"), e.args):
            self.emit(f"{label} {{")
            self.push_scope()
            self.emit(f"scf.yield {self.expr(arg, ctx)} : {t}")
            self.pop_scope()
            self.emit("}")
        return name

    def _results(self, n: int, hint: str) -> tuple[str, list[str]]:
        """The `%x = ` / `%x:n = ` head of an op with n results, and their names."""
        base = self.fresh(hint)
        if n == 0:
            return "", []
        if n == 1:
            return f"{base} = ", [base]
        return f"{base}:{n} = ", [f"{base}#{i}" for i in range(n)]

    def _yield(self, values: list[str], types: list[str]) -> None:
        if values:
            self.emit(f"scf.yield {', '.join(values)} : {', '.join(types)}")

    def body(self, loop: CrossLoop, ctx: _Ctx) -> None:
        mine = loop.side(self.side)
        if mine.opaque:
            self.opaque_call(ctx, mine.opaque)
        if mine.wrap:
            self.wrapped(ctx, mine.wrap)
        if loop.nest == "guard":
            self.branched(loop, ctx, ctx.cond(loop.cond), both=False)
        elif loop.nest == "inner":
            self.inner_loop(loop, ctx, mine)
        elif mine.branch:
            self.branched(loop, ctx, ctx.cond(loop.cond), both=True)
        else:
            self.section(loop, ctx, False)

    def wrapped(self, ctx: _Ctx, levels: int) -> None:
        """`levels` nested scf.execute_region ops round an index product of
        the IV, the result yielded out of every level."""
        iv = ctx.index_iv()  # outside the regions: later uses see it
        results = []
        for _ in range(levels):
            results.append(self.fresh("w"))
            self.emit(f"{results[-1]} = scf.execute_region -> index {{")
            self.indent += 1
        inner = self.op(f"arith.muli {iv}, {iv} : index")
        for result in reversed(results):
            self.emit(f"scf.yield {inner} : index")
            self.indent -= 1
            self.emit("}")
            inner = result

    def inner_loop(self, loop: CrossLoop, ctx: _Ctx, mine: SideLoop) -> None:
        types = [self.acc_type(a) for a in ctx.kinds]
        head, names = self._results(len(types), "n")
        j = self.fresh("j")
        args = [self.fresh("ia") for _ in types]
        lb, ub, st = (self.const(0, "index"), self.const(loop.inner_trip, "index"),
                      self.const(1, "index"))
        iters = (f" iter_args({', '.join(f'{a} = {v}' for a, v in zip(args, ctx.accs))}) "
                 f"-> ({', '.join(types)})" if types else "")
        self.emit(f"{head}scf.for {j} = {lb} to {ub} step {st}{iters} {{")
        self.push_scope()
        inner = _Ctx(self, j, "index", 0, 1, list(args), ctx.kinds, outer=ctx,
                     inner_trip=loop.inner_trip)
        if mine.branch:
            self.branched(loop, inner, inner.cond(loop.cond), both=True)
        else:
            self.section(loop, inner, False)
        self._yield(inner.accs, types)
        self.pop_scope()
        stages = (f" {{pto.pipeline_stages = {mine.inner_stages} : i64}}"
                  if mine.inner_stages is not None else "")
        self.emit("}" + stages)
        ctx.accs = names

    def cross_loop(self, loop: CrossLoop) -> None:
        """The loop, inside an outer scf.for (or a loop of blocks) threading
        its iter_args when `loop.outer` > 0, in the blocks its side's
        `blocks` asks for."""
        self.current_loop = loop
        mine = loop.side(self.side)
        if mine.blocks == "br":
            self.branch_to(self.label(), self.results)
        if mine.blocks == "cond":
            self.diamond(loop, mine)
        else:
            self._cross_loop(loop, mine)

    def _cross_loop(self, loop: CrossLoop, mine: SideLoop) -> None:
        types = [self.acc_type(a) for a in mine.accs]
        inits = [self.acc_init(a) for a in mine.accs]
        head, names = self._results(len(types), "r")
        if mine.blocks == "loop":
            names = self.block_loop(loop, mine, types, inits, max(loop.outer, 1))
        elif loop.outer:
            ov = self.fresh("o")
            args = [self.fresh("oa") for _ in types]
            iters = (f" iter_args({', '.join(f'{a} = {v}' for a, v in zip(args, inits))})"
                     f" -> ({', '.join(types)})" if types else "")
            self.emit(f"{head}scf.for {ov} = {self.const(0, 'index')} to "
                      f"{self.const(loop.outer, 'index')} step {self.const(1, 'index')}{iters} {{")
            self.push_scope()
            inner_head, inner_names = self._results(len(types), "r")
            self._cross_for(loop, mine, types, args, inner_head)
            self._yield(inner_names, types)
            self.pop_scope()
            stages = (f" {{pto.pipeline_stages = {loop.outer_stages} : i64}}"
                      if loop.outer_stages is not None else "")
            self.emit("}" + stages)
        else:
            self._cross_for(loop, mine, types, inits, head)
        self.results += list(zip(names, types)) if types else []

    # blocks
    def label(self) -> str:
        self.counter += 1
        return f"^bb{self.counter}"

    def branch_to(self, label: str, values: list[tuple[str, str]]) -> None:
        """Ends the current block with cf.br to a new block `label`, which
        takes `values` (value, type) as its arguments; `self.results` become
        those arguments."""
        self.emit(f"cf.br {label}{_block_operands(values)}")
        self.results = self.block(label, [t for _, t in values])

    def block(self, label: str, types: list[str]) -> list[tuple[str, str]]:
        """Starts block `label` with arguments of `types`: (argument, type)."""
        args = [(self.fresh("ba"), t) for t in types]
        params = f"({', '.join(f'{a}: {t}' for a, t in args)})" if args else ""
        self.emit(f"{label}{params}:")
        return args

    def diamond(self, loop: CrossLoop, mine: SideLoop) -> None:
        """cf.cond_br on the tile argument's first element to two blocks,
        each holding the loop (the second sending negated tiles), joined by
        cf.br: the results so far and the loop's pass through as block
        arguments."""
        zeros = ", ".join([self.const(0, "index")] * len(self.spec.shape))
        first = self.op(f"tensor.extract %w[{zeros}] : {self.tile}")
        cond = self.op(f"arith.cmpf ogt, {first}, {self.const(0.0, 'f32')} : f32")
        before, ways, join = self.results, (self.label(), self.label()), self.label()
        self.emit(f"cf.cond_br {cond}, {ways[0]}{_block_operands(before)}, "
                  f"{ways[1]}{_block_operands(before)}")
        for label, negated in zip(ways, (False, True)):
            self.results = self.block(label, [t for _, t in before])
            self.negated = negated
            self._cross_loop(loop, mine)
            self.negated = False
            self.emit(f"cf.br {join}{_block_operands(self.results)}")
        self.results = self.block(join, [t for _, t in self.results])

    def block_loop(self, loop: CrossLoop, mine: SideLoop, types: list[str],
                   inits: list[str], trips: int) -> list[str]:
        """The loop inside a loop of blocks of `trips` trips threading its
        iter_args (as the outer scf.for does); the results after it."""
        earlier = self.results
        head, body, done = self.label(), self.label(), self.label()
        carried = list(zip(inits, types)) + earlier
        self.emit(f"cf.br {head}{_block_operands([(self.const(0, 'index'), 'index')] + carried)}")
        args = self.block(head, ["index"] + [t for _, t in carried])
        count, accs, self.results = args[0][0], args[1:1 + len(types)], args[1 + len(types):]
        more = self.op(f"arith.cmpi slt, {count}, {self.const(trips, 'index')} : index")
        self.emit(f"cf.cond_br {more}, {body}, {done}{_block_operands(accs + self.results)}")
        self.block(body, [])
        inner_head, inner_names = self._results(len(types), "r")
        self._cross_for(loop, mine, types, [a for a, _ in accs], inner_head)
        step = self.op(f"arith.addi {count}, {self.const(1, 'index')} : index")
        back = [(step, "index")] + list(zip(inner_names, types)) + self.results
        self.emit(f"cf.br {head}{_block_operands(back)}")
        after = self.block(done, [t for _, t in accs + self.results])
        self.results = after[len(types):]
        return [a for a, _ in after[:len(types)]]

    def _cross_for(self, loop: CrossLoop, mine: SideLoop, types: list[str],
                   inits: list[str], head: str) -> None:
        ty = mine.iv_type
        step = max(1, mine.step)
        span = mine.span(loop.trip)
        start = mine.start
        if mine.high:  # stop at or just below the IV type's maximum
            start = _MAX[ty] - max(span, 0) - mine.start % 3
        stop = start + span
        unsigned = mine.unsigned and ty != "index" and min(start, stop) >= 0
        if 0 < mine.split < loop.trip:  # two loops: iterations [0, split) and [split, trip)
            middle = start + mine.split * step
            first_head, first = self._results(len(types), "r")
            self._for(loop, mine, types, inits, first_head, start, start, middle, unsigned, False)
            self._for(loop, mine, types, first, head, start, middle, stop, unsigned,
                      mine.dynamic)
        else:
            self._for(loop, mine, types, inits, head, start, start, stop, unsigned,
                      mine.dynamic)

    def _for(self, loop: CrossLoop, mine: SideLoop, types: list[str], inits: list[str],
             head: str, first: int, lower: int, upper: int, unsigned: bool,
             dynamic: bool) -> None:
        """One scf.for of the loop: iterations from `lower` to `upper`, counted
        from the loop's `first` IV."""
        ty, step = mine.iv_type, max(1, mine.step)
        start, stop = lower, upper
        lb, st = self.const(start, ty), self.const(step, ty)
        earlier = [v for v, t in self.results if t == "index"]
        if dynamic and mine.earlier_bound and ty == "index" and earlier:
            # stop + (e - e), e an earlier loop's result
            zero = self.op(f"arith.subi {earlier[-1]}, {earlier[-1]} : index")
            ub = self.op(f"arith.addi {self.const(stop, ty)}, {zero} : index", "ub")
        elif self.launching_more:
            ub = self.op(f"arith.addi %n, {self.const(self.spec.launch_more, ty)} : index",
                         "ub")
        elif self.launching:
            ub = "%n"
            if self.spec.launch_step:
                st = self.op(f"arith.maxsi {st}, {self.const(1, ty)} : {ty}", "st")
        elif dynamic:  # a bound the pass cannot read as a constant
            ub = self.fresh("ub")
            self.emit(f"{ub} = arith.addi {self.const(stop - 1, ty)}, {self.const(1, ty)} : {ty}")
        else:
            ub = self.const(stop, ty)
        iv = self.fresh("i")
        args = [self.fresh("a") for _ in types]
        iters = (f" iter_args({', '.join(f'{a} = {v}' for a, v in zip(args, inits))})"
                 f" -> ({', '.join(types)})" if types else "")
        suffix = f" : {ty}" if ty != "index" else ""
        kw = "unsigned " if unsigned else ""
        self.emit(f"{head}scf.for {kw}{iv} = {lb} to {ub} step {st}{iters}{suffix} {{")
        self.push_scope()
        ctx = _Ctx(self, iv, ty, first, step, list(args), list(mine.accs))
        self.body(loop, ctx)
        self._yield(ctx.accs, types)
        self.pop_scope()
        stages = (f" {{pto.pipeline_stages = {mine.stages} : i64}}"
                  if mine.stages is not None else "")
        self.emit("}" + stages)

    def same_loop(self, same: SameLoop) -> None:
        res = self._same_core_loop(same.trip, same.stages, None, same.start, max(1, same.step))
        self.results.append((res, self.tile))

    def guarded_message(self) -> None:
        """PairSpec.launch_guard's message, before the loops."""
        threshold = self.spec.launch_guard
        if self.side == CUBE:
            sends = self.op(f"arith.cmpi sgt, %n, {self.const(threshold, 'index')} : index")
        else:
            sends = self.op(f"arith.cmpi sge, %n, {self.const(threshold + 1, 'index')} : index")
        self.emit(f"scf.if {sends} {{")
        if self.side == CUBE:
            self.emit(f'  "{PUSH[CUBE]}"(%w){self.pipe_attrs} : ({self.tile}) -> ()')
        else:
            tile = self.fresh("g")
            self.emit(f'  {tile} = "{POP[VECTOR]}"(){self.pipe_attrs} : () -> {self.tile}')
            if any(m.free for loop in self.spec.loops for m in loop.messages
                   if m.sender == CUBE):
                self.emit(f'  "{FREE[VECTOR]}"({tile}){self.pipe_attrs} : ({self.tile}) -> ()')
        self.emit("}")

    def render(self) -> str:
        if self.spec.launch >= 0 and self.spec.launch_guard >= 0:
            self.guarded_message()
        for position, loop in enumerate(self.spec.loops + (None,)):
            for same in self.spec.same:
                if same.side == self.side and min(same.position, len(self.spec.loops)) == position:
                    self.same_loop(same)
            if loop is not None:
                self.launching = position == self.spec.launch
                self.launching_more = (self.spec.launch_more > 0
                                       and position == self.spec.launch + 1)
                self.cross_loop(loop)
        values = ", ".join(v for v, _ in self.results)
        types = ", ".join(t for _, t in self.results)
        ret = f"    return {values} : {types}" if self.results else "    return"
        mem = f", %mem: {self.mem}" if self.spec.memref else ""
        mem2 = (f", %mem2: {self.mem}"
                if self.spec.memref and self.spec.alias in ("select", "if", "args") else "")
        core = (f"attributes {{pto.kernel_kind = #pto.kernel_kind<\"{self.side}\">}}"
                if self.spec.init else f"attributes {{pto.core = \"{CORE_ATTR[self.side]}\"}}")
        if self.spec.init and self.spec.init_side in ("", self.side):
            init = INIT[self.side]
            self.const_lines.insert(0, f'    "{init}"() {{dir_mask = 3 : i8, slot_size = 64 : i32, '
                                       f'slot_num = {self.spec.slots} : i32, '
                                       f'id = {self.spec.pipe_id} : i32}} : () -> ()')
        wrapped = bool(mem2) and self.spec.alias == "args"
        name = f"{self.side}_body" if wrapped else self.side
        param, n, n_type = (("%n: index, ", "%n, ", "index, ") if self.spec.launch >= 0
                            else ("", "", ""))
        # The kernel's parameters, as the entry passes them.
        self.params = ([("%n", "index")] if self.spec.launch >= 0 else []) + [
            ("%src", self.src), ("%w", self.tile)] + (
            [("%mem", self.mem)] if mem else []) + ([("%mem2", self.mem)] if mem2 and not wrapped
                                                     else [])
        if self.spec.entry == "rotated" and self.side == VECTOR:
            self.params = self.params[1:] + self.params[:1]
        self.types = types
        signature = ", ".join(f"{v}: {t}" for v, t in self.params)
        function = (
            [f"  func.func @{name}({param}%src: {self.src}, "
             f"%w: {self.tile}{mem}{mem2}) -> ({types}) {{" if wrapped else
             f"  func.func @{name}({signature}) -> ({types}) {core} {{"]
            + self.const_lines + self.lines + [ret, "  }"])
        if wrapped:  # the kernel calls its body with one buffer for %mem and %mem2
            head, names = self._results(len(self.results), "r")
            ret = f"    return {', '.join(names)} : {types}" if names else "    return"
            function += [
                f"  func.func @{self.side}({signature}) -> ({types}) {core} {{",
                f"    {head}func.call @{name}({n}%src, %w, %mem, %mem) : ({n_type}{self.src}, "
                f"{self.tile}, {self.mem}, {self.mem}) -> ({types})", ret, "  }"]
        return "\n".join(function + self.helpers)


def render(spec: PairSpec) -> str:
    """The pair as MLIR text (generic pto ops, a cube and a vector function,
    and with `spec.entry` the pto.entry function launching them)."""
    kernels = [_Function(spec, side) for side in SIDES]
    functions = [kernel.render() for kernel in kernels]
    if spec.entry:
        functions.append(_entry(kernels))
    header = f"// {spec!r}"
    slots = 2 * spec.slots + 2 if spec.init and spec.init_side else spec.slots
    table = "gpu.module @kernels" if spec.module_slots and spec.table == "gpu" else "module"
    module = [f"{table} attributes {{pto.fifo_depth = {_depth(slots)}}} {{"] + functions + ["}"]
    if spec.module_slots:
        module = ([f"module attributes {{pto.fifo_depth = {_depth(spec.module_slots)}}} {{"]
                  + module + ["}"])
    return "\n".join([header] + module + [""])


def _depth(slots: int) -> str:
    """A pto.fifo_depth attribute of `slots`, wider than i64 where it must be."""
    return f"{slots} : {'i64' if slots < 2**63 else 'i128'}"


def _entry(kernels: list) -> str:
    """A pto.entry function whose arguments are the cube's parameters, each
    kernel called with its own parameters' order."""
    cube = kernels[0]
    lines = ["  func.func @launch(" + ", ".join(f"{v}: {t}" for v, t in cube.params)
             + ") attributes {pto.entry} {"]
    for kernel in kernels:
        count = len(kernel.results)
        head = "" if not count else "%r_" + kernel.side + (f":{count}" if count > 1 else "") + " = "
        lines.append(f"    {head}func.call @{kernel.side}("
                     + ", ".join(v for v, _ in kernel.params) + ") : ("
                     + ", ".join(t for _, t in kernel.params) + f") -> ({kernel.types})")
    return "\n".join(lines + ["    return", "  }"])


# --- shrinking ------------------------------------------------------------------

_SIMPLER = {
    "slots": [1, 2, 4],
    "rows": [3],
    "shape": [(4,)],
    "trip": [0, 1, 2, 3, 4],
    "start": [0],
    "step": [1],
    "slack": [0],
    "stages": [2, None],
    "iv_type": ["index"],
    "branch": [False],
    "inner_stages": [None, 2],
    "nest": ["flat"],
    "exchange": [False],
    "unsigned": [False],
    "dynamic": [False],
    "high": [False],
    "split": [0],
    "outer": [0],
    "outer_stages": [None],
    "via_call": [-1],
    "opaque": [""],
    "free": [False],
    "store": [False],
    "memref": [False],
    "memory_core": [CUBE],
    "handoff": [False],
    "late_load": [False],
    "pipe_id": [0],
    "init": [False],
    "module_slots": [0],
    "init_side": [""],
    "table": ["module"],
    "dynamic_dim": [False],
    "late_free": [False],
    "entry": [""],
    "blocks": [""],
    "alias": ["direct"],
    "earlier_bound": [False],
    "launch": [-1],
    "launch_step": [False],
    "launch_guard": [-1],
    "launch_more": [0],
    "inner_trip": [1, 2],
    "cond": [(2, 0)],
    "kind": ["tile"],
    "position": [0],
    "chain": [False],
    "a": [0],
    "b": [0],
}


def _candidates(value):
    """Specs one step simpler than `value` (a spec dataclass)."""
    if isinstance(value, Expr):
        if value.kind != "arg":
            yield Expr("arg")
        yield from value.args
        for i, arg in enumerate(value.args):
            for simpler in _candidates(arg):
                yield dataclasses.replace(value, args=value.args[:i] + (simpler,)
                                          + value.args[i + 1:])
        return
    for field in dataclasses.fields(value):
        current = getattr(value, field.name)
        if isinstance(current, tuple) and current and dataclasses.is_dataclass(current[0]):
            for i in range(len(current)):
                if len(current) > 1 or field.name in ("same", "accs"):
                    yield dataclasses.replace(value, **{field.name: current[:i] + current[i + 1:]})
            for i, item in enumerate(current):
                for simpler in _candidates(item):
                    yield dataclasses.replace(
                        value, **{field.name: current[:i] + (simpler,) + current[i + 1:]})
        elif dataclasses.is_dataclass(current):
            for simpler in _candidates(current):
                yield dataclasses.replace(value, **{field.name: simpler})
        else:
            for simpler in _SIMPLER.get(field.name, []):
                if simpler != current and _smaller(simpler, current):
                    yield dataclasses.replace(value, **{field.name: simpler})


def _smaller(a, b) -> bool:
    if isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool):
        return abs(a) < abs(b)
    return True


def shrink(spec: PairSpec, fails: Callable[[PairSpec], bool], budget: int = 400) -> PairSpec:
    """Greedily simplify `spec` while `fails(spec)` stays true (at most
    `budget` calls of `fails`). Each round walks the candidates once; after
    a step it goes on from the same position in the new spec's candidates."""
    calls = 0
    improved = True
    while improved and calls < budget:
        improved = False
        position = 0
        candidates = list(_candidates(spec))
        while position < len(candidates) and calls < budget:
            calls += 1
            if fails(candidates[position]):
                spec, improved = candidates[position], True
                candidates = list(_candidates(spec))
            else:
                position += 1
    return spec
