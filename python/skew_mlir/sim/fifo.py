"""The simulated pipes: fifo_model's slot accounting with data and time.

A pipe is fifo_model.Pipe (direction, id). Its producer and consumer
"lanes" are the cores on each side: the cube is one lane, the vector one
lane per sub-block. fifo_model.PipeState decides whether a lane's push, pop
or tfree may run now; this module adds what the simulator needs on top:

- data: with two sub-blocks and `split` 1 (up/down) or 2 (left/right), the
  cube's C2V tile is halved between the sub-blocks (each pops its half), and
  the halves the sub-blocks push on V2C are joined into the tile the cube
  pops. An unsplit C2V message goes whole to each sub-block; an unsplit V2C
  message is pushed whole by each sub-block and must be the same tile.
- tile buffers (tiles.TileMessage): a message carries the valid shape with
  the data. Split halves get their part of the valid region (a sub-block
  whose half lies outside it gets a 0-row or 0-column valid shape, and
  pushes nothing meaningful back: when both sub-blocks push an unsplit
  tile, one with an empty valid shape does not count as a different tile).
- time: a push waits until the message `slots` places earlier has been
  released by every consumer lane (released in order, fifo_model), a pop
  until every producer lane's push has crossed the pipe.

Timing is exact whatever order the scheduler runs the cores in: a release
not yet simulated is in the consumer's future, so a push that needs it is
served only once it has been simulated.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .. import fifo_model
from .errors import SimError
from .tiles import TileMessage, undefined
from .values import mlir_name


@dataclasses.dataclass(eq=False)
class Message:
    index: int
    parts: list  # per producer lane: the pushed array, None until pushed
    pushed_at: list  # per producer lane: end of the push on its clock
    split: int  # the producer's split
    popped_at: list  # per consumer lane: end of its pop
    released_at: list  # per consumer lane
    data: np.ndarray | None = None  # the whole tile, once every producer lane pushed
    arrival: int | None = None  # earliest time a pop can take it
    # Where it was pushed and, per consumer lane, popped (the ops' sites):
    # its identity when a rewrite reorders a pipe (check.py).
    pushed_by: str = ""
    popped_by: dict = dataclasses.field(default_factory=dict)

    @property
    def release_time(self) -> int | None:
        """When the last consumer lane released it (None while one holds it)."""
        return None if None in self.released_at else max(self.released_at)


class Pipe:
    def __init__(self, key: fifo_model.Pipe, slots: int, subblocks: int, frees: bool):
        self.key = key
        self.name = str(key)
        self.slots = slots
        self.subblocks = subblocks
        self.state = fifo_model.PipeState(key, slots, subblocks, frees)
        self.messages: list[Message] = []

    @property
    def producers(self) -> int:
        return len(self.state.pushed)

    @property
    def consumers(self) -> int:
        return len(self.state.popped)

    # --- push ------------------------------------------------------------

    def push_time(self, lane: int, t: int) -> int | None:
        """Earliest time >= t at which `lane`'s next push gets a slot; None
        while that needs a release the consumer has not simulated yet."""
        if not self.state.can_push(lane):
            return None
        earlier = self.state.pushed[lane] - self.slots
        if earlier < 0:
            return t
        return max(t, self.messages[earlier].release_time)

    def push(self, lane: int, data: np.ndarray, split: int, pushed_at: int, latency: int,
             site: str) -> Message:
        index = self.state.push(lane)
        if index == len(self.messages):
            self.messages.append(Message(index, [None] * self.producers,
                                         [None] * self.producers, split,
                                         [None] * self.consumers, [None] * self.consumers))
        msg = self.messages[index]
        if msg.split != split:
            raise SimError(f"{site}: pushes message #{index} of {self.name} with split "
                           f"{split}, another sub-block with split {msg.split}")
        msg.parts[lane], msg.pushed_at[lane] = data, pushed_at
        msg.pushed_by = site
        if all(part is not None for part in msg.parts):
            msg.data = self._join(msg, site)
            msg.arrival = max(msg.pushed_at) + latency
        return msg

    def _join(self, msg: Message, site: str):
        """The whole tile of a message every producer lane has pushed."""
        parts = msg.parts
        if len(parts) == 1:
            return parts[0]
        if msg.split == fifo_model.NO_SPLIT:
            # An empty tile-buffer part carries nothing to compare.
            meaningful = [p for p in parts
                          if not (isinstance(p, TileMessage) and p.empty)] or parts[:1]
            first = meaningful[0]
            if any(not _same_payload(p, first) for p in meaningful[1:]):
                raise SimError(f"{site}: the vector sub-blocks push different tiles as "
                               f"unsplit message #{msg.index} of {self.name} (an unsplit "
                               "message is one tile, pushed whole by each sub-block)")
            return first
        if isinstance(parts[0], TileMessage):
            return _join_halves(parts, msg.split, site)
        return np.concatenate(parts, axis=_split_axis(parts[0], msg.split, site))

    # --- pop and free ----------------------------------------------------

    def head(self, lane: int) -> Message | None:
        """The message `lane` pops next, None while not every producer lane pushed it."""
        if not self.state.can_pop(lane):
            return None
        return self.messages[self.state.popped[lane]]

    def pop(self, lane: int, split: int, at: int, site: str) -> np.ndarray:
        """`lane`'s part of its next message (head must be non-None)."""
        index = self.state.pop(lane)
        msg = self.messages[index]
        if split != msg.split:
            raise SimError(f"{site}: pops message #{index} of {self.name} with split "
                           f"{split}, but it was pushed with split {msg.split}")
        msg.popped_at[lane] = at
        msg.popped_by[lane] = site
        if not self.state.frees:
            msg.released_at[lane] = at
        data = msg.data
        if self.consumers > 1 and split != fifo_model.NO_SPLIT:
            if isinstance(data, TileMessage):
                return _half(data, split, lane, site)
            axis = _split_axis(data, split, site)
            data = np.split(data, 2, axis=axis)[lane]
        if isinstance(data, TileMessage):
            return data  # the pop copies it into its tile buffer
        return data.copy()  # a fresh array: the consumer may write to it

    def free(self, lane: int, at: int) -> Message | None:
        """Release `lane`'s oldest popped, unreleased message; None when it holds none."""
        index = self.state.free(lane)
        if index is None:
            return None
        msg = self.messages[index]
        msg.released_at[lane] = at
        return msg

    # --- reports ---------------------------------------------------------

    def describe(self) -> str:
        state = self.state
        parts = [f"{self.name} ({self.slots} slots): {state.complete()} pushed, "
                 f"{min(state.popped)} popped"]
        in_flight = self.messages[min(state.popped):]
        held = self.messages[state.freed():min(state.popped)]
        parts.append("in flight: " + (", ".join(_msg(m) for m in in_flight) or "none"))
        parts.append("popped, awaiting tfree: " + (", ".join(_msg(m) for m in held) or "none"))
        return "; ".join(parts)


def _split_axis(tile: np.ndarray, split: int, site: str) -> int:
    """The axis `split` halves: rows (up/down) or columns (left/right) of the
    last two dimensions (fifo_model.vector_side_type)."""
    if tile.ndim < 2:
        raise SimError(f"{site}: split {split} ({fifo_model.SPLIT_NAMES[split]}) needs a "
                       f"tile of rank >= 2, got shape {list(tile.shape)}")
    axis = tile.ndim - (2 if split == fifo_model.UP_DOWN else 1)
    if tile.shape[axis] % 2:
        raise SimError(f"{site}: split {split} ({fifo_model.SPLIT_NAMES[split]}) halves "
                       f"dimension {axis} of a {list(tile.shape)} tile, which is odd")
    return axis


def _same_payload(a, b) -> bool:
    if isinstance(a, TileMessage):
        return (a.valid == b.valid and a.region().shape == b.region().shape
                and a.region().tobytes() == b.region().tobytes())
    return a.shape == b.shape and a.tobytes() == b.tobytes()


def _half(message: TileMessage, split: int, lane: int, site: str) -> TileMessage:
    """Sub-block `lane`'s half of a tile message, with its part of the valid region."""
    axis = _split_axis(message.data, split, site)
    half = message.data.shape[axis] // 2
    valid = list(message.valid)
    valid[axis] = min(max(valid[axis] - lane * half, 0), half)
    if 0 in valid:
        valid = [0 if i == axis else v for i, v in enumerate(valid)]
    return TileMessage(np.split(message.data, 2, axis=axis)[lane].copy(), tuple(valid))


def _join_halves(parts: list, split: int, site: str) -> TileMessage:
    """The cube's tile from the halves the sub-blocks pushed: valid as far as
    the first half is wholly valid and then the second one's valid part."""
    axis = _split_axis(parts[0].data, split, site)
    other = 1 - axis
    first, second = parts
    half = first.data.shape[axis]
    data = np.concatenate([first.data, second.data], axis=axis)
    if first.valid[axis] < half or second.empty:
        valid = first.valid
    elif first.empty:
        valid = (0, 0)
    elif first.valid[other] != second.valid[other]:
        raise SimError(f"{site}: the vector sub-blocks push halves with valid shapes "
                       f"{first.valid[0]}x{first.valid[1]} and "
                       f"{second.valid[0]}x{second.valid[1]}, which do not join into one "
                       "valid region")
    else:
        valid = list(first.valid)
        valid[axis] = half + second.valid[axis]
        valid = tuple(valid)
    joined = undefined(data.shape, data.dtype)
    joined[:valid[0], :valid[1]] = data[:valid[0], :valid[1]]
    return TileMessage(joined, tuple(valid))


def _msg(m: Message) -> str:
    tile = m.data if m.data is not None else next(p for p in m.parts if p is not None)
    if isinstance(tile, TileMessage):
        tile = tile.data
    shape = "x".join(str(d) for d in tile.shape) or "scalar"
    return f"#{m.index} {shape}x{mlir_name(tile.dtype)}"
