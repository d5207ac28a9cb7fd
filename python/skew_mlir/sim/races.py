"""Data races on the memory the simulated cores share.

Global memory (the kernels' memref arguments, the `!pto.ptr` memories) is
shared by every core of a pair: the cube, the vector or each vector
sub-block, an echo peer. Only the pipes order one core's accesses against
another's, so a program whose result must not depend on timing needs every
write ordered against every other core's access of the same element.

Happens-before comes from the FIFO semantics alone (fifo_model), never
from the order the scheduler happens to run the cores in:

- program order within a core;
- a pop happens after every producer lane's push of that message;
- the push of message m on a pipe of S slots happens after every consumer
  lane released message m - S: its tfree, or its pop on a pipe whose
  consumer frees nothing (the pop releases the slot).

Each core keeps a vector clock; a push records the pusher's clock with the
message, a release the releaser's, and the pop (resp. the push reusing the
slot) joins them. For each shared element and each core, the epoch (the
core's own clock entry) of its last write and last read is kept in numpy
arrays, so an access of many elements is checked at once; only the pages of
elements a core touched are kept, so a kernel reading a few tiles of a huge
weight costs memory as those tiles, not as the weight. A write and
another core's earlier access, or a read and another core's earlier write,
of the same element, whose epoch the accessing core's clock does not cover,
is a race: in some legal timing the two accesses run the other way round.
Keeping only the last access per core is exact because a core's epochs
only grow. The detector sees the accesses the run executes: a race on an
element only another input's data would touch goes unseen.

Memory the core allocates itself (and pipe slots) is private and not
tracked.
"""

from __future__ import annotations

import numpy as np
from mlir import ir

from ..effects import memory_effects
from .dispatch import Step
from .errors import SimError, describe


class DataRace(SimError):
    """Two cores access one shared element, at least one of them writing,
    and no message orders the accesses."""


READ, WRITE = 0, 1
_VERBS = ("reads", "writes")


class _Pages:
    """One core's epochs and sites of one access kind on a memory, for the
    pages of elements it touched: an element of no page was never accessed
    (epoch 0)."""

    SHIFT = 12
    SIZE = 1 << SHIFT

    def __init__(self, elements: int):
        self.table = np.full((elements >> self.SHIFT) + 1, -1, np.int64)
        self.epochs = np.zeros((0, self.SIZE), np.int64)
        self.sites = np.zeros((0, self.SIZE), np.int32)
        self.used = 0

    def epochs_of(self, flat: np.ndarray) -> np.ndarray:
        pages = self.table[flat >> self.SHIFT]
        kept = pages >= 0
        if kept.all():
            return self.epochs[pages, flat & (self.SIZE - 1)]
        epochs = np.zeros(flat.shape, np.int64)
        epochs[kept] = self.epochs[pages[kept], flat[kept] & (self.SIZE - 1)]
        return epochs

    def site_of(self, element: int) -> int:
        page = self.table[element >> self.SHIFT]
        return 0 if page < 0 else int(self.sites[page, element & (self.SIZE - 1)])

    def record(self, flat: np.ndarray, epoch: int, site: int) -> None:
        pages = flat >> self.SHIFT
        new = np.unique(pages[self.table[pages] < 0])
        if new.size:
            needed = self.used + new.size
            if needed > len(self.epochs):
                grown = max(needed, 2 * len(self.epochs))
                self.epochs = np.resize(self.epochs, (grown, self.SIZE))
                self.sites = np.resize(self.sites, (grown, self.SIZE))
                self.epochs[self.used:] = 0
                self.sites[self.used:] = 0
            self.table[new] = np.arange(self.used, needed)
            self.used = needed
        slots, offsets = self.table[pages], flat & (self.SIZE - 1)
        self.epochs[slots, offsets] = epoch
        self.sites[slots, offsets] = site

    def nbytes(self) -> int:
        return self.table.nbytes + self.epochs.nbytes + self.sites.nbytes


class _Memory:
    """Access epochs of one shared memory, per core, made on first access."""

    def __init__(self, base: np.ndarray, name: str):
        self.base, self.name = base, name
        self.address = base.__array_interface__["data"][0]
        # core -> pages per kind (READ, WRITE).
        self.cores: dict[int, list[_Pages]] = {}

    def of(self, core: int) -> list[_Pages]:
        found = self.cores.get(core)
        if found is None:
            found = self.cores[core] = [_Pages(self.base.size) for _ in (READ, WRITE)]
        return found

    def tracking_bytes(self) -> int:
        """What the epochs of this memory take."""
        return sum(pages.nbytes() for kinds in self.cores.values() for pages in kinds)

    def elements(self, array: np.ndarray, index: tuple | None):
        """Flat element numbers of `array` (a view of base), or of its
        element `index`."""
        item = self.base.itemsize
        offset = (array.__array_interface__["data"][0] - self.address) // item
        strides = [s // item for s in array.strides]
        if index is not None:
            return np.array([offset + sum(i * s for i, s in zip(index, strides))])
        return strided_elements(offset, array.shape, strides)


def _owner(array: np.ndarray) -> np.ndarray:
    """The array owning the memory `array` views (numpy keeps a view's
    `base` at the owner)."""
    return array.base if isinstance(array.base, np.ndarray) else array


def strided_elements(offset: int, shape, strides) -> np.ndarray:
    """Flat element numbers of a strided view at element `offset`."""
    flat = np.array([offset])
    for n, stride in zip(shape, strides):
        flat = np.add.outer(flat, np.arange(n) * stride).ravel()
    return flat


class RaceDetector:
    """The vector clocks of a run's cores and the epochs of its shared memories."""

    def __init__(self):
        self.names: list[str] = []
        self.clocks: list[np.ndarray] = []
        self.memories: dict[int, _Memory] = {}
        self.sites: list[str] = [""]
        self.site_ids: dict[str, int] = {}
        self.pushed: dict[tuple, list] = {}  # (pipe, message) -> clock per producer lane
        self.released: dict[tuple, list] = {}  # (pipe, message) -> clock per consumer lane

    def add_core(self, name: str) -> "CoreAccess":
        core = len(self.names)
        self.names.append(name)
        for i, clock in enumerate(self.clocks):
            self.clocks[i] = np.append(clock, 0)
        clock = np.zeros(core + 1, np.int64)
        clock[core] = 1
        self.clocks.append(clock)
        return CoreAccess(self, core)

    def share(self, array: np.ndarray, name: str) -> None:
        """Track the memory of `array` (its owner's, when a view) as memory
        all cores share."""
        base = _owner(array)
        if id(base) not in self.memories:
            self.memories[id(base)] = _Memory(base, name)

    def site(self, op) -> int:
        text = describe(op)
        found = self.site_ids.get(text)
        if found is None:
            found = self.site_ids[text] = len(self.sites)
            self.sites.append(text)
        return found

    # --- the pipes' happens-before edges ---------------------------------

    def _tick(self, core: int) -> np.ndarray:
        clock = self.clocks[core]
        stamp = clock.copy()
        clock[core] += 1
        return stamp

    def _join(self, core: int, stamps) -> None:
        clock = self.clocks[core]
        for stamp in stamps:
            np.maximum(clock, stamp, out=clock)

    def push(self, core: int, pipe, index: int, lane: int, producers: int,
             slots: int) -> None:
        """`core` pushes message `index` as producer `lane`: after the
        release of the message `slots` earlier that frees its slot."""
        if index >= slots:
            self._join(core, self.released[(pipe, index - slots)])
        stamps = self.pushed.setdefault((pipe, index), [None] * producers)
        stamps[lane] = self._tick(core)

    def pop(self, core: int, pipe, index: int) -> None:
        self._join(core, self.pushed[(pipe, index)])

    def release(self, core: int, pipe, index: int, lane: int, consumers: int) -> None:
        stamps = self.released.setdefault((pipe, index), [None] * consumers)
        stamps[lane] = self._tick(core)
        if all(stamp is not None for stamp in stamps):
            self.pushed.pop((pipe, index), None)

    def barrier(self, cores: list[int]) -> None:
        """The cores pass a barrier (pto.syncall) together: what each did
        before it happens before what any of them does after it."""
        stamps = [self._tick(core) for core in cores]
        for core in cores:
            self._join(core, stamps)

    # --- memory accesses -------------------------------------------------

    def access(self, core: int, array, kind: int, site: int, index=None) -> None:
        memory = self.memories.get(id(_owner(array)))
        if memory is None:
            return
        self.elements(core, memory, memory.elements(array, index), kind, site)

    def elements(self, core: int, memory: _Memory, flat: np.ndarray, kind: int,
                 site: int) -> None:
        clock = self.clocks[core]
        for other, epochs in memory.cores.items():
            if other == core:
                continue
            for other_kind in ((READ, WRITE) if kind == WRITE else (WRITE,)):
                pages = epochs[other_kind]
                late = pages.epochs_of(flat) > clock[other]
                if late.any():
                    element = int(flat[int(np.argmax(late))])
                    self._report(memory, element, (core, kind, site),
                                 (other, other_kind, pages.site_of(element)))
        memory.of(core)[kind].record(flat, clock[core], site)

    def _report(self, memory: _Memory, element: int, now, then) -> None:
        core, kind, site = now
        other, other_kind, other_site = then
        place = np.unravel_index(element, memory.base.shape)
        text = self.sites[site]
        location = text.rpartition(" at ")[2]
        raise DataRace(
            f"{location}: data race on element {[int(i) for i in place]} of {memory.name}: "
            f"the {self.names[core]} core {_VERBS[kind]} it ({text}), the "
            f"{self.names[other]} core {_VERBS[other_kind]} it ({self.sites[other_site]}), "
            "and no message orders the two accesses")


class CoreAccess:
    """One core's view of the detector: what the interpreter's ops call."""

    __slots__ = ("detector", "core")

    def __init__(self, detector: RaceDetector, core: int):
        self.detector, self.core = detector, core

    def site(self, op) -> int:
        return self.detector.site(op)

    def pushed(self, pipe, index: int, lane: int, producers: int, slots: int) -> None:
        self.detector.push(self.core, pipe, index, lane, producers, slots)

    def popped(self, pipe, index: int) -> None:
        self.detector.pop(self.core, pipe, index)

    def released(self, pipe, index: int, lane: int, consumers: int) -> None:
        self.detector.release(self.core, pipe, index, lane, consumers)

    def synced(self, others: list["CoreAccess"]) -> None:
        """This core and `others` pass one barrier."""
        self.detector.barrier([self.core] + [other.core for other in others])

    def read(self, array, site: int, index=None) -> None:
        self.detector.access(self.core, array, READ, site, index)

    def write(self, array, site: int, index=None) -> None:
        self.detector.access(self.core, array, WRITE, site, index)

    def global_elements(self, base: np.ndarray, flat, kind: int, site: int) -> None:
        """An access of elements `flat` of a global memory (tile IR)."""
        memory = self.detector.memories.get(id(_owner(base)))
        if memory is not None:
            if memory.base is not base:  # a global memory that views another array
                flat = memory.elements(base, None)[np.asarray(flat)]
            self.detector.elements(self.core, memory, np.asarray(flat), kind, site)


def tracked(op, cc, built: Step) -> Step:
    """`built` (op's compiled step) with the reads and writes of whole
    memref operands that MLIR's side-effect interfaces state reported to
    the race detector first. Ops whose regions access memory are left
    alone: their nested ops report for themselves, as do steps built with
    `exact_memory` (element accesses)."""
    access = cc.core.shared
    if access is None or built.exact_memory:
        return built
    memrefs = [v for v in op.operands if isinstance(v.type, ir.MemRefType)]
    if not memrefs or _regions_touch_memory(op):
        return built
    effects = memory_effects(op)
    if effects is None:
        return built
    kinds = {"read": READ, "write": WRITE}
    accesses = sorted({(cc.slot(e.value), kinds[e.kind]) for e in effects
                       if e.kind in kinds and any(e.on(v) for v in memrefs)})
    if not accesses:
        return built
    site, inner = access.site(op), built.run
    detector, core = access.detector, access.core

    def report(frame):
        for slot, kind in accesses:
            detector.access(core, frame[slot], kind, site)

    if built.blocking:
        def run(frame):
            report(frame)
            return (yield from inner(frame))
    else:
        def run(frame):
            report(frame)
            return inner(frame)
    return Step(run, built.blocking, True)


def _regions_touch_memory(op) -> bool:
    for region in op.regions:
        for block in region.blocks:
            for nested in block.operations:
                effects = memory_effects(nested.operation)
                if effects is None or any(e.kind in ("read", "write") for e in effects):
                    return True
    return False

