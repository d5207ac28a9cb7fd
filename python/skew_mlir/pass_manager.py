"""Make upstream `PassManager.run` safe for Python passes on worker threads.

The bindings' `run` keeps the GIL while MLIR's thread pool runs nested
pipelines; a Python pass on a worker thread then waits for the GIL forever.
`import skew_mlir` swaps in a `run` that releases the GIL (and captures
errors into an `MLIRError` exactly as upstream does).

Another thread can still hold the GIL while it waits for that pool: the
bindings' parse, verify and print keep the GIL and verify in parallel on the
context's pool, whose workers may all be waiting for the GIL to run a Python
pass. So those entry points and `run` take one lock per context (waiting
for it releases the GIL): they never overlap in one context. A Python pass
itself does not take the lock (its run already holds it), so it may parse,
verify and print.
"""

from __future__ import annotations

import dataclasses
import functools
import threading

from mlir import ir
from mlir.passmanager import PassManager

from . import _native


@dataclasses.dataclass(frozen=True)
class DiagnosticInfo:
    """Same fields as `ir.DiagnosticInfo`, which Python cannot construct."""

    severity: ir.DiagnosticSeverity
    location: ir.Location
    message: str
    notes: tuple["DiagnosticInfo", ...] = ()


def _info(error: _native.CapturedError) -> DiagnosticInfo:
    return DiagnosticInfo(
        ir.DiagnosticSeverity.ERROR, error.location, error.message,
        tuple(DiagnosticInfo(ir.DiagnosticSeverity.ERROR, location, text)
              for location, text in error.notes))


_locks: dict[int, threading.RLock] = {}  # id(context) -> its lock
_locks_lock = threading.Lock()
_thread = threading.local()  # .passes: Python passes running on this thread


def inside_pass() -> bool:
    """Whether a Python pass runs on this thread (see `in_pass`)."""
    return bool(getattr(_thread, "passes", 0))


class in_pass:
    """Marks the current thread as running a Python pass (see the module doc)."""

    def __enter__(self):
        _thread.passes = getattr(_thread, "passes", 0) + 1

    def __exit__(self, *_):
        _thread.passes -= 1


class exclusive:
    """Holds `context`'s lock, unless a Python pass runs on this thread."""

    def __init__(self, context):
        self.lock = None
        if context is not None and not inside_pass():
            with _locks_lock:
                self.lock = _locks.setdefault(id(context), threading.RLock())

    def __enter__(self):
        if self.lock is not None:
            self.lock.acquire()

    def __exit__(self, *_):
        if self.lock is not None:
            self.lock.release()


def run(pass_manager: PassManager, operation) -> None:
    """Run the pass manager on the operation, raising `MLIRError` on failure."""
    with exclusive(operation.context):
        errors = _native.run_pass_manager(pass_manager, operation.operation)
    if errors is not None:
        raise ir.MLIRError("Failure while executing pass pipeline",
                           [_info(e) for e in errors])


run.__doc__ = PassManager.run.__doc__


def _current_context():
    try:
        return ir.Context.current
    except ValueError:
        return None


def _guard_method(cls, name: str) -> None:
    original = getattr(cls, name)

    @functools.wraps(original)
    def guarded(self, *args, **kwargs):
        with exclusive(self.context):
            return original(self, *args, **kwargs)
    setattr(cls, name, guarded)


def _guard_parse(cls, name: str, bind) -> None:
    """`bind` wraps the guarded function as the original was (static/class)."""
    original = getattr(cls, name)

    @functools.wraps(original)
    def guarded(*args, **kwargs):
        context = kwargs.get("context")
        with exclusive(context if context is not None else _current_context()):
            return original(*args, **kwargs)
    setattr(cls, name, bind(guarded))


def install() -> None:
    PassManager.run = run
    # The bindings' entry points that verify (printing verifies first).
    operation_base = ir.Operation.__mro__[1]
    for name in ("verify", "print", "get_asm", "write_bytecode", "__str__"):
        _guard_method(operation_base, name)
    _guard_method(ir.OpView, "__str__")
    _guard_method(ir.Module, "__str__")
    _guard_method(ir.Module, "dump")
    for cls, name in ((ir.Module, "parse"), (ir.Module, "parseFile"),
                      (ir.Operation, "parse")):
        _guard_parse(cls, name, staticmethod)
