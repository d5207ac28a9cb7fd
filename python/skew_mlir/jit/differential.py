"""`pto-sim check --jit`: a pass pipeline checked by running the pair as
machine code, and the two executors checked against each other.

Both versions run in one child process on the same seeded inputs; their
messages (per pipe) and outputs must be bitwise equal. The interpreter runs
both versions too, first: a data race (sim/races.py) makes the result a
matter of timing, so a racy input is reported as such and a race only after
the pipeline as the pipeline's failure, without a JIT comparison. Each JIT
run must agree with the interpreter's within the stated tolerance
(compare.py): a disagreement is a failure of one executor or the other,
reported as such.
"""

from __future__ import annotations

from mlir import ir

from ..op_costs import CostModel
from ..sim.check import CheckResult, race_result
from ..sim.errors import SimError, StepLimitExceeded, UnsupportedOp
from ..sim.kernels import arg_types, find_pair, functions_of, make_inputs
from ..sim.races import DataRace
from ..sim.scheduler import RunResult, reordering, run_pair
from ..sim.values import DEFAULT_MAX_VALUE_BYTES
from .child import job, run_jobs
from .compare import (TOLERANCE_TEXT, close, first_difference, max_run_difference,
                      message_counts, same_bits, within_tolerance)
from .errors import JitUnsupported


def jit_check(before: ir.Module, after: ir.Module, *, seed: int = 0,
              fifo_depth: int | None = None, cube: str | None = None,
              vector: str | None = None, args: dict[int, str] | None = None,
              max_steps: int = 5_000_000, max_pipe_bytes: int = 512 << 20,
              max_seconds: float = 300, max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES,
              tolerance: float | None = None,
              interpreted: tuple[RunResult, RunResult] | None = None) -> CheckResult:
    """JitUnsupported when the JIT cannot compile the pair. `tolerance`: compare before and after within it (relative and
    absolute) instead of bitwise, for pipelines that fold arithmetic;
    `interpreted`: the interpreter's runs before and after, when the caller
    has them already (else they are made here). `max_value_bytes` bounds the
    inputs, the interpreter's values and the JIT's allocations alike."""
    pair = find_pair(before, cube, vector)
    funcs_before, funcs_after = functions_of(before), functions_of(after)
    for name in pair.functions().values():
        if name not in funcs_after:
            return CheckResult(False, f"FAIL: @{name} is missing after the pipeline")
        if arg_types(funcs_after[name]) != arg_types(funcs_before[name]):
            return CheckResult(False, f"FAIL: @{name} changed its signature")
    labels = ("before", "after")
    where = ("before the pipeline", "after the pipeline")
    # The interpreter first: its race detector decides whether the result
    # may depend on timing, which the JIT's real threads would turn into
    # spurious differences.
    if interpreted is None:
        interpreted = []
        for label, module in zip(labels, (before, after)):
            try:
                interpreted.append(run_pair(
                    module, pair, make_inputs(before, pair, seed, args, max_value_bytes),
                    fifo_depth=fifo_depth, cost=CostModel(), max_steps=max_steps,
                    max_pipe_bytes=max_pipe_bytes, max_seconds=max_seconds,
                    max_value_bytes=max_value_bytes))
            except DataRace as exc:
                return race_result(label, exc, interpreted[0] if interpreted else None)
            except SimError as exc:
                interpreted.append(exc)
    inputs = make_inputs(before, pair, seed, args, max_value_bytes)
    jobs = [job(module, pair, inputs, fifo_depth, max_pipe_bytes, max_value_bytes)
            for module in (before, after)]
    results = run_jobs(jobs, max_seconds)
    for label, result in zip(labels, results):
        if isinstance(result, JitUnsupported):
            raise result  # no verdict: the JIT cannot run this pair
        if isinstance(result, SimError):
            first, _, rest = str(result).partition("\n")
            return CheckResult(False, f"FAIL (jit): {label} the pipeline: {first}", rest)
    jit_before, jit_after = results
    # The executors against each other first, each pipe in its own order.
    worst, compared, unrun = 0.0, [], []
    for i, (label, jit) in enumerate(zip(labels, (jit_before, jit_after))):
        run = interpreted[i]
        if isinstance(run, SimError):
            first, _, rest = str(run).partition("\n")
            if isinstance(run, (UnsupportedOp, StepLimitExceeded)):
                # What the interpreter cannot run, or not within its limits,
                # is no verdict on either executor: the JIT's runs decide.
                unrun.append(f"{label} the pipeline: {first}")
                continue
            return CheckResult(False, f"FAIL: the executors disagree {label} the "
                                      f"pipeline: the JIT runs it, the interpreter "
                                      f"fails: {first}", rest)
        diff = first_difference(jit, run, within_tolerance, ("in the JIT",
                                                              "in the interpreter"))
        if diff:
            return CheckResult(False, f"FAIL: the executors disagree {label} the pipeline: "
                                      f"{diff}, over the tolerance ({TOLERANCE_TEXT})")
        worst = max(worst, max_run_difference(jit, run))
        compared.append(label)
    same = same_bits if tolerance is None else (
        lambda x, y: close(x, y, tolerance))
    # Messages the pipeline reorders (a co-skew) are told apart by their
    # identities: push op and how many it pushed before (clones keep the
    # op's location), as the JIT's traces record them.
    order = reordering(jit_before, jit_after)
    diff = first_difference(jit_before, jit_after, same, where, order)
    if diff:
        return CheckResult(False, f"FAIL (jit): {diff}")
    counts = message_counts(jit_before)
    n_out = sum(len(v) for v in jit_before.outputs.values())
    how = "bitwise identical" if tolerance is None else f"equal within {tolerance:g}"
    verdict = (f"PASS (jit): {n_out} outputs and messages ({counts}) {how}; "
               f"compile {jit_before.compile_seconds:.2f} s, run "
               f"{jit_before.run_seconds * 1e3:.2f} -> {jit_after.run_seconds * 1e3:.2f} ms")
    notes = [f"the interpreter agrees {' and '.join(compared)} within tolerance "
             f"(max |diff| {worst:.3g})"] if compared else []
    notes += [f"the interpreter cannot run it {what}" for what in unrun]
    return CheckResult(True, "\n".join([verdict, *notes]))
