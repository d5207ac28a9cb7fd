"""Run JIT executions in a child process with a hard timeout.

The child is `python -m skew_mlir.jit` (__main__.py calls serve()).

The wheel's MLIR is built with assertions: an input it cannot handle may
abort the process instead of raising, and a failed run leaves its core
threads parked. So every execution runs in a child, jobs one after the other, stopping at
the first failure; the parent gets each job's JitResult or error, and turns
a timeout, an abort or any other death of the child into a JitError that
says which kernel the child was compiling or running.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import signal
import subprocess
import sys

from mlir import ir

from ..sim.errors import SimError
from ..sim.kernels import Pair, functions_of
from ..sim.values import DEFAULT_MAX_VALUE_BYTES
from .errors import Deadlock, JitError, JitUnsupported, where

_STAGE = "pto-jit-stage: "


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
    jobs are not run: they are missing from the list)."""
    child = subprocess.Popen([sys.executable, "-m", __package__], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        stdout, stderr = child.communicate(pickle.dumps(jobs, 5), timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        _, stderr = child.communicate()
        raise JitError(f"{_stages(stderr)}: did not finish within {timeout:g} s (a "
                       "kernel that never returns, or a very long run: raise it with "
                       "--max-seconds)") from None
    done = subprocess.CompletedProcess(child.args, child.returncode, stdout, stderr)
    if done.returncode == 0 and done.stdout:
        results = pickle.loads(done.stdout)
        return [_error(r) if isinstance(r, tuple) else r for r in results]
    others = [line for line in done.stderr.decode(errors="replace").splitlines()
              if line and not line.startswith(_STAGE)]
    stage = _stages(done.stderr)
    how = (f"was killed by signal {-done.returncode} ({_signal_name(-done.returncode)})"
           if done.returncode < 0 else f"exited with status {done.returncode}")
    detail = f": {others[-1].strip()}" if others else ""
    raise JitError(f"{stage}: the JIT's child process {how}{detail} (an assertion of the "
                   "MLIR it compiles with, or a kernel that reached outside its memory)")


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
    from .engine import execute

    jobs = pickle.loads(sys.stdin.buffer.read())
    results = []
    with dialect.make_context():
        for item in jobs:
            print(_STAGE + item.stage, file=sys.stderr, flush=True)
            try:
                module = ir.Module.parse(item.text)
                results.append(execute(module, item.pair, item.inputs,
                                       fifo_depth=item.fifo_depth,
                                       max_pipe_bytes=item.max_pipe_bytes,
                                       max_value_bytes=item.max_value_bytes))
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

