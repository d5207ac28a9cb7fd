"""Compile a kernel pair with MLIR's ExecutionEngine and run it on threads.

execute() prepares and lowers the pair (lowering.py), builds one
ExecutionEngine, registers the FIFO runtime's functions (native extension,
native/fifo_runtime.cpp) under the symbols the rewritten FIFO ops call, and
runs each core's entry (`_mlir_ciface_pto_jit_entry_<kernel>` through its
packed interface) on its own thread: the cube, and the vector or its two
sub-blocks. The runtime runs them without the GIL, so the cores really run
at once and block on each other through the pipes.

Arguments follow the interpreter's launch (sim.kernels.make_inputs): one
argument list; a memref argument is one global memory for every core that
gets it (copied once per run, so the caller's inputs stay as they were), and
so is a `!pto.ptr` argument's memory (a `memref<?xT>` once its tile IR is
lowered), listed among the outputs once, as the interpreter lists it.
Tensor arguments are copied per thread, since bufferization may update
them in place.

A failed run (deadlock, FIFO error) leaves its threads parked in the
process: run it in a child process (child.py), which the launcher does.
"""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import os
import time

import numpy as np
from mlir import ir
from mlir.execution_engine import ExecutionEngine

from .. import _native, fifo_model, tile_types
from ..sim.kernels import Pair, functions_of, pair_module, reachable
from ..sim.values import DEFAULT_MAX_VALUE_BYTES, dtype_of
from .errors import Deadlock, JitError, JitUnsupported, SimError, describe
from .lowering import entry_name, lower, prepare
from .rewrite import KINDS, ROLE_BITS

DEFAULT_MAX_PIPE_BYTES = 512 << 20
_STATUS_DEADLOCK = 1
_ABANDONED: list = []


@dataclasses.dataclass
class JitResult:
    pair: Pair
    # By role, as the interpreter's RunResult: results (of each vector
    # sub-block in turn), then the final memref arguments.
    outputs: dict[str, list]
    pipes: dict[fifo_model.Pipe, list[np.ndarray]]  # every message's whole tile, in order
    slots: dict[fifo_model.Pipe, int]
    subblocks: int
    compile_seconds: float
    run_seconds: float
    # Per pipe, the push op of each message (describe(op)), in order.
    pushers: dict[fifo_model.Pipe, list[str]] = dataclasses.field(default_factory=dict)

    def messages(self, pipe: fifo_model.Pipe | str) -> list[np.ndarray]:
        return self.pipes.get(fifo_model.Pipe(pipe) if isinstance(pipe, str) else pipe, [])

    def identities(self, pipe: fifo_model.Pipe) -> tuple[dict, dict]:
        """The pipe's messages by identity, (push op, how many it pushed
        before) -> the tile, as the interpreter's RunResult.identities
        gives them (the pops' side it leaves empty)."""
        pushes, pushed = {}, {}
        for site, tile in zip(self.pushers.get(pipe, []), self.messages(pipe)):
            count = pushed.get(site, 0)
            pushed[site] = count + 1
            pushes[(site, count)] = tile
        return pushes, {}


def _runtime_library() -> str:
    """MLIR's C runner utilities (memrefCopy of strided memrefs)."""
    import mlir
    return os.path.join(mlir.__path__[0], "lib", "libmlir_c_runner_utils.so")


class _Layout:
    """The pair's pipes with fifo_model's slot counts, and its sub-blocks."""

    def __init__(self, module: ir.Module, kernels: dict[str, ir.Operation], option: int):
        code = {role: reachable(module, f) for role, f in kernels.items()}
        every = [f for functions in code.values() for f in functions]
        try:
            self.subblocks = max(
                [fifo_model.subblocks(f, None) for f in code.get(fifo_model.CUBE, ())]
                + [fifo_model.subblocks(None, f) for f in code.get(fifo_model.VECTOR, ())]
                + [1])
            for function in every:
                errors = fifo_model.declared_pipes(function)[1]
                if errors:
                    raise JitError(f"{describe(errors[0][0])}: {errors[0][1]}")
            self._freed = {role: set().union(*map(fifo_model.freed_pipes, functions))
                           for role, functions in code.items()}
        except fifo_model.FifoError as exc:
            raise JitError(f"{describe(exc.op)}: {exc}") from None
        self._table = fifo_model.SlotTable(option)
        self._anchor = pair_module(module)
        self._every = every

    def slots(self, pipe: fifo_model.Pipe) -> int:
        try:
            return self._table.slots(pipe, self._anchor, self._every)
        except fifo_model.FifoError as exc:
            raise JitError(f"{describe(exc.op)}: {exc}") from None

    def frees(self, pipe: fifo_model.Pipe) -> bool:
        consumer = fifo_model.VECTOR if pipe.direction == fifo_model.C2V else fifo_model.CUBE
        return pipe in self._freed.get(consumer, ())


@functools.cache
def _descriptor_type(rank: int) -> type:
    """The ctypes struct of a rank's memref descriptor: one class per rank
    (ctypes caches a pointer type per class for good)."""
    fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
              ("offset", ctypes.c_int64)]
    if rank:
        fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type(f"MemRef{rank}", (ctypes.Structure,), {"_fields_": fields})


class _Descriptor:
    """A ranked memref descriptor over a numpy array (kept alive with it)."""

    def __init__(self, array: np.ndarray):
        rank = array.ndim
        self.array = array
        self.value = _descriptor_type(rank)()
        self.value.allocated = self.value.aligned = array.ctypes.data
        self.value.offset = 0
        if rank:
            self.value.sizes[:] = array.shape
            self.value.strides[:] = [s // array.itemsize for s in array.strides]
        self.pointer = ctypes.pointer(self.value)  # the C interface takes its address


class _Launch:
    """One core's packed argument array: pointers to the entry's arguments."""

    def __init__(self, values: list, types: list[ir.Type], outs: list[np.ndarray]):
        self.keep = []
        slots = []
        for value, t in zip(values, types):
            if isinstance(t, ir.ShapedType):
                desc = _Descriptor(value)
                self.keep.append(desc)
                slots.append(ctypes.cast(ctypes.pointer(desc.pointer), ctypes.c_void_p))
            else:
                cell = np.array([value], dtype=dtype_of(t))
                self.keep.append(cell)
                slots.append(ctypes.c_void_p(cell.ctypes.data))
        for out in outs:
            desc = _Descriptor(out)
            self.keep.append(desc)
            slots.append(ctypes.cast(ctypes.pointer(desc.pointer), ctypes.c_void_p))
        self.packed = (ctypes.c_void_p * max(1, len(slots)))(*slots)

    @property
    def address(self) -> int:
        return ctypes.addressof(self.packed)


def _result_buffers(kernel: ir.Operation) -> list[np.ndarray]:
    """numpy arrays for the kernel's results; JitUnsupported for a type
    numpy has no dtype for (an i65 result: the kernel runs, its result
    cannot be held)."""
    ftype = kernel.attributes["function_type"].value
    outs = []
    for i, t in enumerate(ftype.results):
        try:
            if isinstance(t, ir.ShapedType):
                outs.append(np.zeros(tuple(t.shape), dtype=dtype_of(t.element_type)))
            else:
                outs.append(np.zeros((1,), dtype=dtype_of(t)))
        except SimError as exc:
            raise JitUnsupported(f"{describe(kernel)}: result #{i}: {exc}") from None
    return outs


class Compiled:
    """A pair compiled once; run() may be called many times."""

    def __init__(self, module: ir.Module, pair: Pair, fifo_depth: int | None = None,
                 max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES):
        if fifo_depth is not None and fifo_depth < 1:
            raise JitError(f"the pipes need at least one slot, got {fifo_depth}")
        start = time.perf_counter()
        funcs = functions_of(module)
        self.pair = pair
        self.kernels = {role: funcs[name] for role, name in pair.functions().items()}
        layout = _Layout(module, self.kernels, fifo_depth or 0)
        self.subblocks = layout.subblocks
        lowered, rewritten = prepare(pair_module(module), list(self.kernels.values()),
                                     max_value_bytes)
        self.sites = rewritten.sites
        if len(self.kernels) == 1 and any(site.pipe is not None for site in self.sites):
            # The interpreter answers it with an echo peer; the JIT runs
            # the kernels it is given.
            (role, kernel), = self.kernels.items()
            raise JitUnsupported(f"{describe(kernel)}: the {role} kernel @{pair.functions()[role]} "
                                 "uses the FIFO but has no peer (the interpreter answers a lone "
                                 "kernel with an echo peer; the JIT runs the kernels given)")
        lower(lowered)
        self.engine = ExecutionEngine(lowered, opt_level=2, shared_libs=[_runtime_library()])
        symbols = _native.jit_symbols()
        for name, function in rewritten.runtime.items():
            self.engine.raw_register_runtime(name, ctypes.c_void_p(symbols[function]))
        for name in ("_mlir_memref_to_llvm_alloc", "_mlir_memref_to_llvm_aligned_alloc",
                     "_mlir_memref_to_llvm_free"):
            self.engine.raw_register_runtime(name, ctypes.c_void_p(symbols[name]))
        self.entries = {}
        for role, name in pair.functions().items():
            address = self.engine.raw_lookup("_mlir_ciface_" + entry_name(name))
            if not address:
                raise JitError(f"{describe(self.kernels[role])}: the JIT found no entry for @{name}")
            self.entries[role] = address
        self.pipes = sorted({site.pipe for site in self.sites if site.pipe is not None})
        self.slots = {pipe: layout.slots(pipe) for pipe in self.pipes}
        self._pipe_configs = [
            (str(pipe), *self._lanes(pipe), min(self.slots[pipe], fifo_model.MAX_SLOTS),
             layout.frees(pipe))
            for pipe in self.pipes]
        index = {pipe: i for i, pipe in enumerate(self.pipes)}
        self._site_configs = [
            (site.where, KINDS[site.kind], index.get(site.pipe, -1), site.split, site.elem_bytes,
             site.element, sum(ROLE_BITS[role] for role in site.joins)) for site in self.sites]
        self.compile_seconds = time.perf_counter() - start

    def _lanes(self, pipe: fifo_model.Pipe) -> tuple[int, int]:
        vector = self.subblocks
        return (1, vector) if pipe.direction == fifo_model.C2V else (vector, 1)

    def run(self, inputs: dict[str, list], max_pipe_bytes: int = DEFAULT_MAX_PIPE_BYTES,
            max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> JitResult:
        launches, cores, results = [], [], []
        shared_memrefs: dict[str, list] = {}
        memory: dict[int, np.ndarray] = {}  # an input array -> the run's copy

        def global_memory(array: np.ndarray) -> np.ndarray:
            # One copy per array: a memref both kernels get is one memory.
            if id(array) not in memory:
                memory[id(array)] = np.copy(array)
            return memory[id(array)]

        listed: set[int] = set()  # global memories of pointer arguments, listed once
        for role, kernel in self.kernels.items():
            name = self.pair.functions()[role]
            pointers = [isinstance(tile_types.pto_type(t), tile_types.Ptr)
                        for t in kernel.attributes["function_type"].value.inputs]
            types = [_launch_type(t) for t in kernel.attributes["function_type"].value.inputs]
            memrefs = [global_memory(v.base if p else v) if isinstance(t, ir.MemRefType) else v
                       for v, t, p in zip(inputs[role], types, pointers)]
            shared_memrefs[role] = []
            for v, t, p in zip(memrefs, types, pointers):
                if isinstance(t, ir.MemRefType) and not (p and id(v) in listed):
                    shared_memrefs[role].append(v)
                    listed.add(id(v))
            lanes = [None] if role == fifo_model.CUBE or self.subblocks == 1 \
                else range(self.subblocks)
            for lane in lanes:
                values = [np.array(v, copy=True) if isinstance(t, ir.RankedTensorType) else v
                          for v, t in zip(memrefs, types)]
                outs = _result_buffers(kernel)
                launch = _Launch(values, types, outs)
                launches.append(launch)
                results.append((role, outs, kernel))
                label = role if lane is None else f"vector sub-block {lane}"
                cores.append((label, name, self.entries[role], launch.address, lane or 0,
                              ROLE_BITS[role]))
        start = time.perf_counter()
        status, message, traces = _native.jit_run(self._pipe_configs, self._site_configs,
                                                  cores, max_pipe_bytes, max_value_bytes)
        seconds = time.perf_counter() - start
        if status:
            # Cores of a failed run may still be running their kernels (the
            # engine's code) on these arguments: all live as long as the process.
            _ABANDONED.append((self, launches, results))
        if status == _STATUS_DEADLOCK:
            raise Deadlock(message)
        if status:
            raise JitError(message)
        outputs: dict[str, list] = {}
        for role, outs, kernel in results:
            ftype = kernel.attributes["function_type"].value
            outputs.setdefault(role, []).extend(
                out if isinstance(t, ir.ShapedType) else out[0]
                for out, t in zip(outs, ftype.results))
        for role in outputs:
            outputs[role] += shared_memrefs[role]
        pipes, pushers = {}, {}
        for pipe, trace in zip(self.pipes, traces):
            # A tile buffer's message is its valid region, as the interpreter's trace.
            pipes[pipe] = [_region(np.frombuffer(data, dtype=self.sites[site].dtype)
                                   .reshape(shape), valid)
                           for site, shape, data, valid in trace]
            pushers[pipe] = [self.sites[site].where for site, *_ in trace]
        return JitResult(self.pair, outputs, pipes, self.slots, self.subblocks,
                         self.compile_seconds, seconds, pushers)


def _launch_type(t: ir.Type) -> ir.Type:
    """An argument's type as the lowered entry takes it: a `!pto.ptr<T>` is
    its global memory, `memref<?xT>` (tile_ir.py)."""
    pointer = tile_types.pto_type(t)
    if isinstance(pointer, tile_types.Ptr):
        return ir.MemRefType.get([ir.ShapedType.get_dynamic_size()], pointer.element,
                                 loc=ir.Location.unknown())
    return t


def _region(tile: np.ndarray, valid: tuple) -> np.ndarray:
    return tile[:valid[0], :valid[1]] if valid else tile


def execute(module: ir.Module, pair: Pair, inputs: dict[str, list], *,
            fifo_depth: int | None = None, max_pipe_bytes: int = DEFAULT_MAX_PIPE_BYTES,
            max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> JitResult:
    """Compile and run the pair once, in this process."""
    return Compiled(module, pair, fifo_depth, max_value_bytes).run(inputs, max_pipe_bytes,
                                                                   max_value_bytes)
