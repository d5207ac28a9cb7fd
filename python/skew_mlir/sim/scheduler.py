"""Runs a cube/vector pair as cores joined by the cross-core pipes.

The pipes and their slot counts, and whether the vector kernel runs as one
core or as two sub-blocks, follow fifo_model: a pipe is (direction, id),
declared by the kernels' initialise ops or else given the default slot
count; the vector kernel runs as two sub-blocks (each the whole kernel,
pto.get_subblock_idx telling them apart) when the pair splits a message or
asks for its sub-block. The two sub-blocks share the vector's memref
arguments (one global memory).

A kernel without a peer (a module with only a cube or only a vector
function) is answered by an *echo peer*: a core with no compute of its own
that pops every message the kernel sends and pushes it straight back in
the other direction on the pipe of the same id. It ends with the kernel.

Each core is a generator (interpreter.FunctionCode.call) that yields a
Request at every pipe op. The scheduler runs each core until it cannot be
served, then the next, and so on; the pipes' timing rules (fifo.py) make
the simulated times independent of that order. When no core can be
served, that is a deadlock of the program at the declared slot counts.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from mlir import ir

from .. import fifo_model
from ..attributes import function_name
from ..op_costs import CostModel
from .cores import BLOCKED_POP, BLOCKED_PUSH, BLOCKED_SYNC, Core, FifoEvent
from .errors import Deadlock, SimError, where
from .fifo import Pipe
from .interpreter import Program
from .kernels import (Pair, arg_types, find_pair, functions_of, make_inputs, pair_module,
                      reachable)
from .pipe_ops import SYNC, Request
from .races import RaceDetector
from .tiles import GlobalPtr, TileMessage, payload_bytes
from .values import DEFAULT_MAX_VALUE_BYTES

DEFAULT_MAX_STEPS = 5_000_000
# Every message is kept for the trace comparison: its data, the consumer's
# copy, and about this much bookkeeping (message, FIFO events, timeline
# segments of both cores; measured at about 1.3 KB per message).
MESSAGE_OVERHEAD = 1536
DEFAULT_MAX_PIPE_BYTES = 512 << 20
# Wall-clock seconds per run: the step limit counts ops, not their size, and
# a few million ops on large tiles would run for hours.
DEFAULT_MAX_SECONDS = 300


@dataclasses.dataclass
class RunResult:
    pair: Pair
    cores: dict[str, Core]  # by core name: cube, vector (or vector0, vector1)
    # By role: results (of each vector sub-block in turn), then the final
    # memref arguments.
    outputs: dict[str, list]
    pipes: dict[fifo_model.Pipe, Pipe]
    subblocks: int
    cost: CostModel

    @property
    def total(self) -> int:
        return max(core.clock for core in self.cores.values())

    def messages(self, pipe: fifo_model.Pipe | str) -> list[np.ndarray]:
        """The whole tiles the pipe (a direction alone: its id 0) carried, in
        order (none if it carried none); of a tile buffer, its valid region."""
        found = self.pipes.get(fifo_model.Pipe(pipe) if isinstance(pipe, str) else pipe)
        return [m.data.region() if isinstance(m.data, TileMessage) else m.data
                for m in found.messages] if found else []

    def identities(self, pipe: fifo_model.Pipe) -> tuple[dict, dict]:
        """The pipe's messages by identity: (push site, how many that site
        pushed before) -> the tile; and (pop site, consumer lane, how many
        that site popped before) -> the identity of the message it got."""
        found = self.pipes.get(pipe)
        pushes, pops = {}, {}
        pushed: dict = {}
        popped: dict = {}
        for m in found.messages if found else []:
            key = (m.pushed_by, pushed.get(m.pushed_by, 0))
            pushed[m.pushed_by] = key[1] + 1
            pushes[key] = m.data.region() if isinstance(m.data, TileMessage) else m.data
            for lane, site in sorted(m.popped_by.items()):
                count = popped.get((site, lane), 0)
                popped[(site, lane)] = count + 1
                pops[(site, lane, count)] = key
        return pushes, pops

    def slots(self) -> str:
        """The pipes' slot counts, for reports."""
        return ", ".join(f"{p.name} {p.slots}" for p in self.pipes.values()) or "no pipes"


def reordering(before: RunResult, after: RunResult) -> dict:
    """Per pipe that `after` carries in another order than `before` (the
    same messages by identity, RunResult.identities): the position in
    `before` of each message of `after`, in `after`'s order."""
    order = {}
    for pipe in before.pipes.keys() & after.pipes.keys():
        ids_before, ids_after = (list(run.identities(pipe)[0]) for run in (before, after))
        if ids_before != ids_after and sorted(ids_before) == sorted(ids_after):
            where = {key: i for i, key in enumerate(ids_before)}
            order[pipe] = [where[key] for key in ids_after]
    return order


@dataclasses.dataclass
class _Running:
    core: Core
    gen: object
    request: Request | None = None
    results: list | None = None
    echo: bool = False  # the stand-in peer of a lone kernel

    @property
    def done(self) -> bool:
        return self.results is not None


def simulate(module: ir.Module, *, cube: str | None = None, vector: str | None = None,
             seed: int = 0, fifo_depth: int | None = None, cost: CostModel | None = None,
             inputs: dict[str, list] | None = None,
             args: dict[int, str] | None = None,
             max_steps: int = DEFAULT_MAX_STEPS,
             max_pipe_bytes: int = DEFAULT_MAX_PIPE_BYTES,
             max_seconds: float = DEFAULT_MAX_SECONDS,
             max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> RunResult:
    """Run the module's kernel pair on seeded random (or the given) inputs;
    `args` sets scalar arguments of the random inputs (kernels.make_inputs)."""
    pair = find_pair(module, cube, vector)
    if inputs is None:
        inputs = make_inputs(module, pair, seed, args, max_value_bytes)
    return run_pair(module, pair, inputs, fifo_depth=fifo_depth,
                    cost=cost or CostModel(), max_steps=max_steps,
                    max_pipe_bytes=max_pipe_bytes, max_seconds=max_seconds,
                    max_value_bytes=max_value_bytes)


def run_pair(module: ir.Module, pair: Pair, inputs: dict[str, list], *,
             fifo_depth: int | None = None, cost: CostModel,
             max_steps: int = DEFAULT_MAX_STEPS,
             max_pipe_bytes: int = DEFAULT_MAX_PIPE_BYTES,
             max_seconds: float = DEFAULT_MAX_SECONDS,
             max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> RunResult:
    """Run `pair` on `inputs`; `fifo_depth` is the slot count of pipes no
    initialise op declares (the pass option's meaning; default: the
    module's pto.fifo_depth, else fifo_model's default); no value may take
    more than `max_value_bytes`."""
    if fifo_depth is not None and fifo_depth < 1:
        raise SimError(f"the pipes need at least one slot, got {fifo_depth}")
    program = Program(module, cost, max_value_bytes)
    funcs = functions_of(module)
    kernels = {role: funcs[name] for role, name in pair.functions().items()}
    layout = _PipeLayout(module, kernels, fifo_depth or 0)
    running: list[_Running] = []
    races = _shared_memories(kernels, inputs)
    kept = 0  # bytes the pipes' messages hold (see MESSAGE_OVERHEAD)
    with np.errstate(all="ignore"):  # integer wrap-around and IEEE specials are semantics
        for role in (fifo_model.CUBE, fifo_model.VECTOR):
            name = pair.functions().get(role)
            if name is None:
                core = Core(role, "<echo peer>", max_steps, max_seconds)
                core.shared = races.add_core("echo peer")
                running.append(_Running(core, _echo(role), echo=True))
                continue
            lanes = [None] if role == fifo_model.CUBE or layout.subblocks == 1 \
                else range(layout.subblocks)
            for subblock in lanes:
                core = Core(role, name, max_steps, max_seconds, subblock)
                core.shared = races.add_core(core.name)
                core.frees = frozenset(layout.freed.get(role, ()))
                gen = program.function(name, core).call(list(inputs[role]))
                running.append(_Running(core, gen))
        for r in running:
            _advance(r, None)
        while True:
            moved = False
            for r in running:
                while not r.done:
                    req = r.request
                    if req.kind == SYNC:
                        if not _barrier(running, req):
                            break
                        moved = True
                        continue
                    served, reply = _serve(r, layout, cost)
                    if not served:
                        break
                    moved = True
                    if req.kind == fifo_model.PUSH:
                        kept += 2 * payload_bytes(req.value) + MESSAGE_OVERHEAD
                        if kept > max_pipe_bytes:
                            raise SimError(_memory_report(req, layout.pipes, kept,
                                                          max_pipe_bytes))
                    _advance(r, reply)
            if moved:
                continue  # after the kernels return, this lets an echo peer drain
            if all(r.done or r.echo for r in running):
                break
            raise Deadlock(_deadlock_report(running, layout.pipes))
    # With an echo peer nothing left in a pipe is the kernel's fault: its
    # surplus replies, or messages the echo could not take while the kernel
    # did not pop the replies that filled the other way.
    echo = any(r.echo for r in running)
    for pipe in layout.pipes.values():
        state = pipe.state
        if not echo and min(state.popped) < len(pipe.messages):
            raise SimError(f"pipe {pipe.name}: {len(pipe.messages) - min(state.popped)} "
                           f"message(s) pushed but never popped when the kernels returned")
    outputs: dict[str, list] = {}
    for r in running:
        if not r.echo:
            outputs.setdefault(r.core.role, []).extend(r.results)
    memories: list = []  # global memories, each listed once (under its first kernel)
    for role in outputs:
        for value, t in zip(inputs[role], arg_types(kernels[role])):
            if isinstance(t, ir.MemRefType):
                outputs[role].append(value)
            elif isinstance(value, GlobalPtr) and not any(value.base is m for m in memories):
                memories.append(value.base)
                outputs[role].append(value.base)
    return RunResult(pair, {r.core.name: r.core for r in running}, outputs, layout.pipes,
                     layout.subblocks, cost)


def _shared_memories(kernels: dict[str, object], inputs: dict[str, list]) -> RaceDetector:
    """A race detector over the global memories of the kernels' arguments."""
    races = RaceDetector()
    for role, func in kernels.items():
        for i, (value, t) in enumerate(zip(inputs[role], arg_types(func))):
            base = value.base if isinstance(value, GlobalPtr) else value
            if isinstance(t, ir.MemRefType) or isinstance(value, GlobalPtr):
                races.share(base, f"argument #{i} ({t}), global memory")
    return races


class _PipeLayout:
    """The pair's pipes, made on first use with fifo_model's slot count. A
    core's code is its kernel and every function the kernel calls."""

    def __init__(self, module: ir.Module, kernels: dict[str, object], option: int):
        self.code = {role: reachable(module, f) for role, f in kernels.items()}
        # The nearest pto.fifo_depth: that of the module holding the pair.
        self.anchor = pair_module(module)
        self.table = fifo_model.SlotTable(option)
        try:
            self.subblocks = max(
                [fifo_model.subblocks(f, None) for f in self.code.get(fifo_model.CUBE, ())]
                + [fifo_model.subblocks(None, f) for f in self.code.get(fifo_model.VECTOR, ())]
                + [1])
            self.freed = {role: set().union(*map(fifo_model.freed_pipes, functions))
                          for role, functions in self.code.items()}
            self.functions = list({f: None for fs in self.code.values() for f in fs})
            for function in self.functions:
                errors = self.table.errors(function)
                if errors:
                    op, message = errors[0]
                    raise SimError(f"{where(op)}: {message}")
        except fifo_model.FifoError as exc:
            raise SimError(f"{where(exc.op)}: {exc}") from None
        self.pipes: dict[fifo_model.Pipe, Pipe] = {}

    def pipe(self, key: fifo_model.Pipe) -> Pipe:
        pipe = self.pipes.get(key)
        if pipe is None:
            conflicts = self.table.conflicts(
                [key], {f"@{function_name(f)}": f for f in self.functions})
            if conflicts:
                op, message = conflicts[0]
                raise SimError(f"{where(op)}: {message}")
            try:
                slots = self.table.slots(key, self.anchor, self.functions)
            except fifo_model.FifoError as exc:
                raise SimError(f"{where(exc.op)}: {exc}") from None
            consumer = fifo_model.VECTOR if key.direction == fifo_model.C2V else fifo_model.CUBE
            frees = key in self.freed.get(consumer, ())
            pipe = self.pipes[key] = Pipe(key, slots, self.subblocks, frees)
        return pipe

    def ready(self, direction: str, lane: int) -> Pipe | None:
        """A pipe of `direction` with a message `lane` can pop now (echo peer)."""
        for pipe in self.pipes.values():
            if pipe.key.direction == direction and pipe.head(lane) is not None:
                return pipe
        return None


def _echo(role: str):
    """The echo peer's program: pop a message from any pipe into its core,
    push it back on the pipe of the same id the other way, forever."""
    inbound = fifo_model.V2C if role == fifo_model.CUBE else fifo_model.C2V
    outbound = fifo_model.C2V if role == fifo_model.CUBE else fifo_model.V2C
    while True:
        tile, pipe, split = yield Request(fifo_model.POP, None, "echo peer", value=inbound)
        yield Request(fifo_model.PUSH, fifo_model.Pipe(outbound, pipe.id), "echo peer", split,
                      tile)


def _advance(r: _Running, reply) -> None:
    try:
        r.request = r.gen.send(reply)
    except StopIteration as stop:
        r.results, r.request = stop.value, None
    except RecursionError:
        raise SimError(f"@{r.core.function}: regions and calls nested too deep for "
                       "the simulator") from None
    except MemoryError:
        # A value whose size only the data decides (a matmul of run-time
        # shapes, say); the others are checked against --max-value-mib.
        raise SimError(f"@{r.core.function}: the {r.core.name} core ran out of memory "
                       "building a value (one of a run-time shape, or under a limit per "
                       "value, --max-value-mib, beyond what the machine holds)") from None


def _serve(r: _Running, layout: _PipeLayout, cost: CostModel):
    """Carry out the core's request if its pipe allows it now: (served, value sent back)."""
    core, req = r.core, r.request
    lane = core.lane
    if req.pipe is None:  # the echo peer's pop: whichever pipe has a message
        pipe = layout.ready(req.value, lane)
        if pipe is None:
            return False, None
    else:
        pipe = layout.pipe(req.pipe)
    if req.kind == fifo_model.PUSH:
        start = pipe.push_time(lane, core.clock)
        if start is None:
            return False, None
        # A tile message is already the push's own copy (pipe_ops).
        data = req.value if isinstance(req.value, TileMessage) else np.array(req.value,
                                                                              copy=True)
        core.wait(start, BLOCKED_PUSH)
        before = core.busy
        core.spend(cost.push(payload_bytes(data)))
        msg = pipe.push(lane, data, req.split, core.clock, cost.pipe_latency, req.site)
        core.shared.pushed(pipe.key, msg.index, lane, pipe.producers, pipe.slots)
        core.fifo_events.append(FifoEvent("push", pipe.name, msg.index, before, core.busy))
        return True, None
    if req.kind == fifo_model.POP:
        msg = pipe.head(lane)
        if msg is None:
            return False, None
        core.wait(msg.arrival, BLOCKED_POP)
        before = core.busy
        core.spend(cost.pop(payload_bytes(msg.data)))
        split = msg.split if r.echo else req.split
        tile = pipe.pop(lane, split, core.clock, req.site)
        core.shared.popped(pipe.key, msg.index)
        if not pipe.state.frees:  # the pop releases the slot (fifo_model)
            core.shared.released(pipe.key, msg.index, lane, pipe.consumers)
        core.fifo_events.append(FifoEvent("pop", pipe.name, msg.index, before, core.busy))
        return True, ((tile, pipe.key, split) if r.echo else tile)
    core.spend(cost.free_cycles)
    freed = pipe.free(lane, core.clock)
    if freed is None:
        raise SimError(f"{req.site}: tfree on {pipe.name} without a popped, unreleased "
                       f"message to free")
    core.shared.released(pipe.key, freed.index, lane, pipe.consumers)
    return True, None


def _barrier(running: list[_Running], req: Request) -> bool:
    """Let the cores a syncall joins pass it together once all of them have
    reached one: each waits until the last arrives. False while some have
    not (a core that returned first never will: a deadlock)."""
    joined = [r for r in running if not r.echo and r.core.role in req.value]
    if not all(not r.done and r.request.kind == SYNC for r in joined):
        return False
    arrival = max(r.core.clock for r in joined)
    joined[0].core.shared.synced([r.core.shared for r in joined[1:]])
    for r in joined:
        r.core.wait(arrival, BLOCKED_SYNC)
        _advance(r, None)
    return True


def _memory_report(req: Request, pipes: dict, kept: int, limit: int) -> str:
    counts = ", ".join(f"{p.name} {len(p.messages)}" for p in pipes.values())
    return (f"{req.site}: the messages pushed so far ({counts}) need about "
            f"{kept >> 20} MiB, over the limit of {limit >> 20} MiB kept for the trace "
            f"comparison (raise it with --max-pipe-mib)")


def _deadlock_report(running: list[_Running], pipes: dict) -> str:
    lines = ["deadlock: " + ("neither core" if len(running) == 2 else "no core") + " can move"]
    for r in running:
        head = f"  {_core_label(r.core)} @{r.core.function} (cycle {r.core.clock}): "
        if r.done:
            lines.append(head + "returned")
            continue
        req = r.request
        if req.kind == SYNC:
            lines.append(head + f"waiting at {req.site} for the "
                         f"{' and '.join(req.value)} cores")
            continue
        pipe = pipes.get(req.pipe)
        name = pipe.name if pipe else (str(req.pipe) if req.pipe else f"any {req.value} pipe")
        why = (f"push to {name}, all {pipe.slots} slots held" if req.kind == fifo_model.PUSH
               else f"pop from {name}, pipe empty")
        lines.append(head + f"blocked at {req.site}: {why}")
    lines += ["  " + pipe.describe() for pipe in pipes.values()]
    return "\n".join(lines)


def _core_label(core: Core) -> str:
    return core.role if core.subblock is None else f"vector sub-block {core.subblock}"
