"""Run JIT executions in a child process with a hard timeout.

The child is `python -m skew_mlir.jit` (__main__.py calls serve()).

The wheel's MLIR is built with assertions: an input it cannot handle may
abort the process instead of raising, and a failed run leaves its core
threads parked. So every execution runs in a child, jobs one after the other, stopping at
the first failure; the parent gets each job's JitResult or error, and turns
a timeout, an abort or any other death of the child into a JitError that
says which kernel the child was compiling or running. The time limit counts
from the start of each run of the kernels (the child says when on stderr),
not from the child's start: on a loaded machine starting Python and MLIR
and compiling may take long, and must not eat a run's time.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import signal
import subprocess
import sys
import threading
import time

from mlir import ir

from ..sim.errors import SimError
from ..sim.kernels import Pair, functions_of
from ..sim.values import DEFAULT_MAX_VALUE_BYTES
from .errors import Deadlock, JitError, JitUnsupported, where

_STAGE = "pto-jit-stage: "  # the child starts a job (parsing, compiling)
_RUN = "pto-jit-run"  # the child starts the job's kernels
# Starting the child and compiling one pair: far beyond any compile seen
# (a few seconds on a loaded machine); past it the compiler hangs.
COMPILE_SECONDS = 600
_POLL_SECONDS = 0.05


@dataclasses.dataclass
class Job:
    """One execution: a module (as text with locations), its pair and inputs."""

    text: str
    pair: Pair
    inputs: dict[str, list]
    fifo_depth: int | None
    max_pipe_bytes: int
    max_value_bytes: int  # each allocation of the kernels (--max-value-mib)
    stage: str  # "file:line:col: the pair of @kernel": where a death of the child is reported


def job(module: ir.Module, pair: Pair, inputs: dict[str, list], fifo_depth: int | None,
        max_pipe_bytes: int, max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> Job:
    funcs = functions_of(module)
    name = pair.cube or pair.vector
    return Job(module.operation.get_asm(enable_debug_info=True), pair, inputs, fifo_depth,
               max_pipe_bytes, max_value_bytes, f"{where(funcs[name])}: the pair of @{name}")


def run_jobs(jobs: list[Job], timeout: float) -> list:
    """Each job's JitResult, or the SimError it failed with (then the later
    jobs are not run: they are missing from the list). `timeout` bounds each
    run of the kernels from the moment it starts, so that a loaded machine's
    slow start of the child and compile count against no run; starting and
    compiling are bounded by COMPILE_SECONDS."""
    child = subprocess.Popen([sys.executable, "-m", __package__], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watch = _Watch(child, pickle.dumps(jobs, 5))
    stuck = watch.wait(timeout)
    if stuck:
        child.kill()
        watch.finish()
        raise JitError(f"{_stages(watch.stderr)}: {stuck}") from None
    watch.finish()
    if child.returncode == 0 and watch.stdout:
        results = pickle.loads(watch.stdout)
        return [_error(r) if isinstance(r, tuple) else r for r in results]
    others = [line for line in watch.stderr.decode(errors="replace").splitlines()
              if line and not line.startswith((_STAGE, _RUN))]
    stage = _stages(watch.stderr)
    how = (f"was killed by signal {-child.returncode} ({_signal_name(-child.returncode)})"
           if child.returncode < 0 else f"exited with status {child.returncode}")
    detail = f": {others[-1].strip()}" if others else ""
    raise JitError(f"{stage}: the JIT's child process {how}{detail} (an assertion of the "
                   "MLIR it compiles with, or a kernel that reached outside its memory)")


class _Watch:
    """The child's pipes, read on threads (so neither side blocks on a full
    pipe), and when its current kernel run started."""

    def __init__(self, child: subprocess.Popen, request: bytes):
        self.child = child
        self.stdout = b""
        self._stderr: list[bytes] = []
        self.running_since: float | None = None  # None: starting or compiling
        self.phase_since = time.monotonic()
        self._threads = [threading.Thread(target=fn, daemon=True) for fn in (
            lambda: self._feed(request), self._read_stdout, self._read_stderr)]
        for thread in self._threads:
            thread.start()

    @property
    def stderr(self) -> bytes:
        return b"".join(self._stderr)

    def _feed(self, request: bytes) -> None:
        try:
            self.child.stdin.write(request)
            self.child.stdin.close()
        except OSError:  # the child died before reading it all: reported by its status
            pass

    def _read_stdout(self) -> None:
        self.stdout = self.child.stdout.read()

    def _read_stderr(self) -> None:
        for line in self.child.stderr:
            self._stderr.append(line)
            if line.startswith(_RUN.encode()):
                self.running_since = time.monotonic()
            elif line.startswith(_STAGE.encode()):
                self.running_since, self.phase_since = None, time.monotonic()

    def wait(self, timeout: float) -> str | None:
        """Wait for the child to end: None, or why it was stopped (a run
        past `timeout`, a start or compile past COMPILE_SECONDS)."""
        while True:
            try:
                self.child.wait(timeout=_POLL_SECONDS)
                return None
            except subprocess.TimeoutExpired:
                pass
            now, running = time.monotonic(), self.running_since
            if running is not None and now - running > timeout:
                return (f"did not finish within {timeout:g} s (a kernel that never returns, "
                        "or a very long run: raise it with --max-seconds)")
            if running is None and now - self.phase_since > COMPILE_SECONDS:
                return (f"starting and compiling did not finish within {COMPILE_SECONDS} s "
                        "(the MLIR it compiles with hangs)")

    def finish(self) -> None:
        self.child.wait()
        for thread in self._threads:
            thread.join()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return "unknown signal"


def _stages(stderr: bytes | None) -> str:
    """What the child was doing last (a kernel and its location)."""
    lines = (stderr or b"").decode(errors="replace").splitlines()
    stages = [line[len(_STAGE):] for line in lines if line.startswith(_STAGE)]
    return stages[-1] if stages else "starting the JIT"


def _error(reported: tuple) -> SimError:
    kind, message = reported
    return {"deadlock": Deadlock, "unsupported": JitUnsupported}.get(kind, JitError)(message)


def serve() -> None:
    """The child: run the pickled jobs from stdin, pickle the outcomes to stdout."""
    from .. import dialect
    from .engine import Compiled

    jobs = pickle.loads(sys.stdin.buffer.read())
    results = []
    with dialect.make_context():
        for item in jobs:
            print(_STAGE + item.stage, file=sys.stderr, flush=True)
            try:
                module = ir.Module.parse(item.text)
                compiled = Compiled(module, item.pair, item.fifo_depth, item.max_value_bytes)
                print(_RUN, file=sys.stderr, flush=True)
                results.append(compiled.run(item.inputs, item.max_pipe_bytes,
                                            item.max_value_bytes))
            except Deadlock as exc:
                results.append(("deadlock", str(exc)))
                break
            except JitUnsupported as exc:
                results.append(("unsupported", str(exc)))
                break
            except SimError as exc:
                results.append(("error", str(exc)))
                break
            except Exception as exc:  # noqa: BLE001 - a report, not a traceback
                results.append(("error", f"{item.stage}: internal error of the JIT: "
                                         f"{type(exc).__name__}: {exc}"))
                break
    sys.stdout.buffer.write(pickle.dumps(results, 5))
    sys.stdout.flush()
    # A failed run's core threads are parked: leave without joining them.
    os._exit(0)

