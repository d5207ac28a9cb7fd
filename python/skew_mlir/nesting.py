"""Recursion over IR nesting without Python's call stack.

A walk over regions recurses once per nesting level, and Python stops at
about 1,000 frames (and a C stack overflows below 10,000), while MLIR
parses, verifies and prints nests much deeper than that. A recursive walk
written as a generator that yields the generator of each nested call, and
run by `unwind`, keeps its pending calls in a list instead: its depth is
bounded by memory only. Write `value = yield self.walk(child)` where the
recursive version has `value = self.walk(child)`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

Deep = Generator[Generator, Any, Any]


def unwind(root: Deep) -> Any:
    """Runs `root` to its return value: each generator it (or any generator
    it calls) yields runs to its own return value, which is sent back to the
    yielder. An exception propagates to the yielder, as from a call."""
    stack = [root]
    value: Any = None
    error: BaseException | None = None
    while True:
        top = stack[-1]
        try:
            if error is None:
                call = top.send(value)
            else:
                call, error = top.throw(error), None
        except StopIteration as done:
            stack.pop()
            if not stack:
                return done.value
            value = done.value
            continue
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller
            stack.pop()
            if not stack:
                raise
            error = exc
            continue
        stack.append(call)
        value = None
