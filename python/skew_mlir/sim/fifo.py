"""The two in-order cross-core pipes (C2V, V2C), each with a fixed slot count.

Timing is exact whatever order the scheduler runs the cores in: a push takes
the earliest time at which fewer than `slots` earlier messages still hold a
slot, computed from their release times. A release not yet simulated is in
the consumer's future, so it is later than every release already known.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .values import mlir_name


@dataclasses.dataclass(eq=False)
class Message:
    index: int
    data: np.ndarray
    pushed_at: int  # end of the push on the producer's clock
    arrival: int  # earliest time a pop can take it
    tile: object = None  # the array handed to the consumer
    popped_at: int | None = None
    released_at: int | None = None


class Pipe:
    def __init__(self, name: str, slots: int):
        self.name = name
        self.slots = slots
        self.messages: list[Message] = []
        self.next_pop = 0
        self._oldest_held = 0  # messages before it are released
        # Messages that may still hold a slot at the producer's next push.
        self._holding: list[Message] = []

    def push_time(self, t: int) -> int | None:
        """Earliest time >= t at which a new message gets a slot; None while
        that depends on releases the consumer has not simulated yet."""
        self._holding = [m for m in self._holding
                         if m.released_at is None or m.released_at > t]
        unknown = sum(1 for m in self._holding if m.released_at is None)
        if unknown >= self.slots:
            return None
        known = sorted((m.released_at for m in self._holding if m.released_at is not None),
                       reverse=True)
        allowed = self.slots - 1 - unknown  # known releases that may still be pending
        return t if len(known) <= allowed else max(t, known[allowed])

    def push(self, data: np.ndarray, pushed_at: int, arrival: int) -> Message:
        msg = Message(len(self.messages), data, pushed_at, arrival)
        self.messages.append(msg)
        self._holding.append(msg)
        return msg

    def head(self) -> Message | None:
        """The next message to pop, None while the pipe is empty."""
        return self.messages[self.next_pop] if self.next_pop < len(self.messages) else None

    def pop(self, tile, at: int, release: bool) -> Message:
        msg = self.messages[self.next_pop]
        self.next_pop += 1
        msg.tile, msg.popped_at = tile, at
        if release:
            msg.released_at = at
        return msg

    def oldest_held(self) -> Message | None:
        """The oldest popped, still-held message: the one a tfree releases
        (fifo_model: in order)."""
        for msg in self.messages[self._oldest_held:self.next_pop]:
            if msg.released_at is None:
                return msg
            self._oldest_held += 1
        return None

    def describe(self) -> str:
        in_flight = self.messages[self.next_pop:]
        held = [m for m in self.messages[:self.next_pop] if m.released_at is None]
        parts = [f"{self.name} ({self.slots} slots): {len(self.messages)} pushed, "
                 f"{self.next_pop} popped"]
        parts.append("in flight: " + (", ".join(_msg(m) for m in in_flight) or "none"))
        parts.append("popped, awaiting tfree: " + (", ".join(_msg(m) for m in held) or "none"))
        return "; ".join(parts)


def _msg(m: Message) -> str:
    shape = "x".join(str(d) for d in m.data.shape) or "scalar"
    return f"#{m.index} {shape}x{mlir_name(m.data.dtype)}"
