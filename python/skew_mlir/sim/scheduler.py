"""Runs a cube/vector pair as two cores joined by the C2V and V2C pipes.

A kernel without a peer (a module with only a cube or only a vector
function) is answered by an *echo peer*: a core with no compute of its own
that pops every message the kernel sends and pushes it straight back on the
other pipe. It ends with the kernel.

Each core is a generator (interpreter.FunctionCode.call) that yields a
Request at every pipe op. The scheduler runs the cube until it cannot be
served, then the vector, and so on; the pipes' timing rules (fifo.py) make
the simulated times independent of that order. When neither core can be
served, that is a deadlock of the program at the declared slot count.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from mlir import ir

from .cores import BLOCKED_POP, BLOCKED_PUSH, Core, FifoEvent
from .cost_model import CostModel
from .errors import Deadlock, SimError
from .fifo import Pipe
from .interpreter import Program, Request
from .kernels import Pair, arg_types, find_pair, functions_of, make_inputs
from .loading import fifo_slots

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
    cores: dict[str, Core]  # by role
    outputs: dict[str, list]  # by role: results, then final memref arguments
    pipes: dict[str, Pipe]
    slots: int
    cost: CostModel

    @property
    def total(self) -> int:
        return max(core.clock for core in self.cores.values())

    def messages(self, pipe: str) -> list[np.ndarray]:
        return [m.data for m in self.pipes[pipe].messages]


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
             max_seconds: float = DEFAULT_MAX_SECONDS) -> RunResult:
    """Run the module's kernel pair on seeded random (or the given) inputs;
    `args` sets scalar arguments of the random inputs (kernels.make_inputs)."""
    pair = find_pair(module, cube, vector)
    if inputs is None:
        inputs = make_inputs(module, pair, seed, args)
    return run_pair(module, pair, inputs, slots=fifo_slots(module, fifo_depth),
                    cost=cost or CostModel(), max_steps=max_steps,
                    max_pipe_bytes=max_pipe_bytes, max_seconds=max_seconds)


def run_pair(module: ir.Module, pair: Pair, inputs: dict[str, list], *, slots: int,
             cost: CostModel, max_steps: int = DEFAULT_MAX_STEPS,
             max_pipe_bytes: int = DEFAULT_MAX_PIPE_BYTES,
             max_seconds: float = DEFAULT_MAX_SECONDS) -> RunResult:
    if slots < 1:
        raise SimError(f"the pipes need at least one slot, got {slots}")
    program = Program(module, cost)
    pipes = {"C2V": Pipe("C2V", slots), "V2C": Pipe("V2C", slots)}
    running: dict[str, _Running] = {}
    kept = 0  # bytes the pipes' messages hold (see MESSAGE_OVERHEAD)
    with np.errstate(all="ignore"):  # integer wrap-around and IEEE specials are semantics
        for role in ("cube", "vector"):
            name = pair.functions().get(role)
            if name is None:
                core = Core(role, "<echo peer>", max_steps, max_seconds)
                running[role] = r = _Running(core, _echo(role), echo=True)
            else:
                core = Core(role, name, max_steps, max_seconds)
                gen = program.function(name, core).call(list(inputs[role]))
                running[role] = r = _Running(core, gen)
            _advance(r, None)
        while True:
            moved = False
            for r in running.values():
                while not r.done:
                    req = r.request
                    served, reply = _serve(r.core, req, pipes, cost)
                    if not served:
                        break
                    moved = True
                    if req.kind == "push":
                        kept += 2 * np.asarray(req.value).nbytes + MESSAGE_OVERHEAD
                        if kept > max_pipe_bytes:
                            raise SimError(_memory_report(req, pipes, kept, max_pipe_bytes))
                    _advance(r, reply)
            if moved:
                continue  # after the kernels return, this lets an echo peer drain
            if all(r.done or r.echo for r in running.values()):
                break
            raise Deadlock(_deadlock_report(running, pipes))
    # An echo peer's surplus replies are not the kernel's fault.
    echoed = {("C2V" if role == "cube" else "V2C") for role, r in running.items() if r.echo}
    for pipe in pipes.values():
        if pipe.name not in echoed and pipe.next_pop < len(pipe.messages):
            raise SimError(f"pipe {pipe.name}: {len(pipe.messages) - pipe.next_pop} message(s) "
                           f"pushed but never popped when both kernels returned")
    funcs = functions_of(module)
    outputs = {}
    for role, r in running.items():
        if r.echo:
            continue
        memrefs = [a for a, t in zip(inputs[role], arg_types(funcs[r.core.function]))
                   if isinstance(t, ir.MemRefType)]
        outputs[role] = list(r.results) + memrefs
    return RunResult(pair, {role: r.core for role, r in running.items()}, outputs, pipes,
                     slots, cost)


def _echo(role: str):
    """The echo peer's program: pop a message, push it back, forever."""
    inbound, outbound = ("V2C", "C2V") if role == "cube" else ("C2V", "V2C")
    while True:
        tile = yield Request("pop", inbound, "echo peer", release=True)
        yield Request("push", outbound, "echo peer", value=tile)


def _advance(r: _Running, reply) -> None:
    try:
        r.request = r.gen.send(reply)
    except StopIteration as stop:
        r.results, r.request = stop.value, None
    except RecursionError:
        raise SimError(f"@{r.core.function}: regions and calls nested too deep for "
                       "the simulator") from None


def _serve(core: Core, req: Request, pipes: dict[str, Pipe], cost: CostModel):
    """Carry out `req` if the pipe allows it now: (served, value sent back)."""
    pipe = pipes[req.pipe]
    if req.kind == "push":
        start = pipe.push_time(core.clock)
        if start is None:
            return False, None
        data = np.array(req.value, copy=True)
        core.wait(start, BLOCKED_PUSH)
        before = core.busy
        core.spend(cost.push(data.nbytes))
        msg = pipe.push(data, core.clock, core.clock + cost.pipe_latency)
        core.fifo_events.append(FifoEvent("push", pipe.name, msg.index, before, core.busy))
        return True, None
    if req.kind == "pop":
        msg = pipe.head()
        if msg is None:
            return False, None
        core.wait(msg.arrival, BLOCKED_POP)
        before = core.busy
        core.spend(cost.pop(msg.data.nbytes))
        tile = msg.data.copy()  # a fresh array: the consumer may write to it
        pipe.pop(tile, core.clock, req.release)
        core.fifo_events.append(FifoEvent("pop", pipe.name, msg.index, before, core.busy))
        return True, tile
    msg = pipe.oldest_held()
    if msg is None:
        raise SimError(f"{req.site}: tfree on {pipe.name} without a popped, unreleased "
                       f"message to free")
    core.spend(cost.free_cycles)
    msg.released_at = core.clock
    return True, None


def _memory_report(req: Request, pipes: dict[str, Pipe], kept: int, limit: int) -> str:
    counts = ", ".join(f"{p.name} {len(p.messages)}" for p in pipes.values())
    return (f"{req.site}: the messages pushed so far ({counts}) need about "
            f"{kept >> 20} MiB, over the limit of {limit >> 20} MiB kept for the trace "
            f"comparison (raise it with --max-pipe-mib)")


def _deadlock_report(running: dict[str, _Running], pipes: dict[str, Pipe]) -> str:
    lines = ["deadlock: neither core can move"]
    for role, r in running.items():
        head = f"  {role} @{r.core.function} (cycle {r.core.clock}): "
        if r.done:
            lines.append(head + "returned")
            continue
        req, pipe = r.request, pipes[r.request.pipe]
        why = (f"push to {pipe.name}, all {pipe.slots} slots held" if req.kind == "push"
               else f"pop from {pipe.name}, pipe empty")
        lines.append(head + f"blocked at {req.site}: {why}")
    lines += ["  " + pipe.describe() for pipe in pipes.values()]
    return "\n".join(lines)
