"""The op-name -> handler table, filled by the `*_ops` modules.

A handler compiles one op, once, into a `Step`: a closure over the frame
slots of its operands and results. `Step.blocking` is True when running the
op may reach a pipe operation; then `Step.run` is a generator function that
yields the pipe requests to the scheduler (see scheduler.py), otherwise a
plain function.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

HANDLERS: dict[str, Callable] = {}


def handles(*names: str):
    def register(handler):
        for name in names:
            assert name not in HANDLERS, name
            HANDLERS[name] = handler
        return handler
    return register


@dataclasses.dataclass(frozen=True)
class Step:
    run: Callable
    blocking: bool = False
    # The step reports its shared-memory accesses to the race detector
    # itself (element by element); others get their whole memref operands
    # reported (races.tracked).
    exact_memory: bool = False


def step(genfn: Callable, blocking: bool) -> Step:
    """A Step from a generator function; drained in place when it cannot block,
    so control-flow ops are written once, as generators."""
    if blocking:
        return Step(genfn, True)

    def run(frame):
        for _ in genfn(frame):
            raise AssertionError("non-blocking code reached a pipe operation")
    return Step(run, False)


def enter(block, frame):
    """Run a compiled block from inside a generator; returns its terminator's values."""
    if block.blocking:
        return (yield from block.run(frame))
    return block.run(frame)
