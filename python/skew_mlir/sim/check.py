"""Differential check: a kernel pair before and after a pass pipeline.

Both versions run on the same seeded inputs. They must push the same
messages, in the same order, on each pipe, and return the same outputs. The
comparison is bitwise by default: the skew reorders whole loop iterations
across the cores but never the arithmetic inside one, so every value must
be reproduced exactly. A pipeline that does reassociate arithmetic can be
checked with a tolerance (`rtol`/`atol`, numpy.allclose semantics), which
the verdict then states.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
from mlir import ir
from mlir.passmanager import PassManager

from ..fifo_model import C2V, V2C, Pipe, default_slots
from ..op_costs import CostModel
from .errors import SimError
from .races import DataRace
from .kernels import find_pair, function_type, functions_of, make_inputs, pair_module
from .scheduler import (DEFAULT_MAX_PIPE_BYTES, DEFAULT_MAX_SECONDS, DEFAULT_MAX_STEPS,
                        RunResult, run_pair)
from .values import DEFAULT_MAX_VALUE_BYTES, max_abs_diff, same_bits

DEFAULT_PIPELINE = "builtin.module(pto-skew-cross-core)"
_SKEW_OPTIONS = re.compile(r"pto-skew-cross-core\{([^}]*)\}")
_FIFO_DEPTH = re.compile(r"(?:^|\s)fifo-depth=(\d+)")


def default_pipeline(fifo_depth: int | None = None) -> str:
    """The pipeline `pto-sim check` runs unless told: the pass, planning for
    the slot count the check simulates (`fifo_depth`, else the module's)."""
    if fifo_depth is None:
        return DEFAULT_PIPELINE
    return f"builtin.module(pto-skew-cross-core{{fifo-depth={fifo_depth}}})"


def slot_mismatch(pipeline: str, module: ir.Module, fifo_depth: int | None) -> str | None:
    """A note when a pto-skew-cross-core of `pipeline` plans for another
    slot count than the check simulates for the pipes no initialise op
    declares (a deadlock after the pipeline may then be that difference's),
    else None."""
    # The printed pipeline states every option of every pass, defaults included.
    printed = str(PassManager.parse(pipeline))
    declared = default_slots(pair_module(module))
    simulated = fifo_depth or declared
    for options in _SKEW_OPTIONS.findall(printed):
        option = int(_FIFO_DEPTH.search(options).group(1))
        planned = option or declared
        if planned != simulated:
            source = (f"fifo-depth={option}" if option
                      else "its fifo-depth=0: the module's pto.fifo_depth, else 4")
            given = (f"--fifo-depth {fifo_depth}" if fifo_depth is not None
                     else "the module's pto.fifo_depth, else 4")
            return (f"note: pto-skew-cross-core in the pipeline plans for {planned} slot(s) "
                    f"per pipe ({source}), but the check simulates {simulated} ({given}) "
                    f"for the pipes no initialise op declares")
    return None


@dataclasses.dataclass
class CheckResult:
    ok: bool
    verdict: str  # one line
    details: str = ""  # e.g. a deadlock report
    before: RunResult | None = None
    after: RunResult | None = None
    # "before": the input has a data race, its result depends on timing and
    # nothing was compared (not a failure of the pipeline); "after": the
    # pipeline introduced one.
    race: str = ""


def race_result(label: str, race: DataRace, before: RunResult | None = None) -> CheckResult:
    """The verdict on a run `label` ("before" / "after" the pipeline) that races."""
    if label == "before":
        return CheckResult(False, f"ERROR: the input has a data race: {race} (its result "
                                  "depends on timing; nothing to compare)", race=label)
    return CheckResult(False, f"FAIL: the pipeline introduced a data race (the input has "
                              f"none): {race}", before=before, race=label)


def differential_check(before: ir.Module, after: ir.Module, *, seed: int = 0,
                       fifo_depth: int | None = None, cost: CostModel | None = None,
                       cube: str | None = None, vector: str | None = None,
                       rtol: float | None = None, atol: float | None = None,
                       args: dict[int, str] | None = None,
                       max_steps: int = DEFAULT_MAX_STEPS,
                       max_pipe_bytes: int = DEFAULT_MAX_PIPE_BYTES,
                       max_seconds: float = DEFAULT_MAX_SECONDS,
                       max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> CheckResult:
    cost = cost or CostModel()
    pair = find_pair(before, cube, vector)
    funcs_before, funcs_after = functions_of(before), functions_of(after)
    for name in pair.functions().values():
        if name not in funcs_after:
            return CheckResult(False, f"FAIL: @{name} is missing after the pipeline")
        change = signature_change(funcs_before[name], funcs_after[name])
        if change:
            return CheckResult(False, f"FAIL: @{name} changed its signature: {change}")
    runs = {}
    for label, module in (("before", before), ("after", after)):
        # Fresh inputs per run: a run stores into its memref arguments, and
        # the second run must not start from the first one's results.
        inputs = make_inputs(before, pair, seed, args, max_value_bytes)
        try:
            runs[label] = run_pair(module, pair, inputs, fifo_depth=fifo_depth, cost=cost,
                                   max_steps=max_steps, max_pipe_bytes=max_pipe_bytes,
                                   max_seconds=max_seconds, max_value_bytes=max_value_bytes)
        except DataRace as exc:
            return race_result(label, exc, runs.get("before"))
        except SimError as exc:
            first, _, rest = str(exc).partition("\n")
            return CheckResult(False, f"FAIL: {label} the pipeline: {first}", rest,
                               runs.get("before"))
    a, b = runs["before"], runs["after"]
    tolerant = rtol is not None or atol is not None
    same = (lambda x, y: _close(x, y, rtol or 0.0, atol or 0.0)) if tolerant else same_bits

    # The id-0 pipes always, as the counts of a pair without id attributes.
    pipes = sorted(a.pipes.keys() | b.pipes.keys() | {Pipe(C2V), Pipe(V2C)})
    reordered = []
    for pipe in pipes:
        ma, mb = a.messages(pipe), b.messages(pipe)
        if len(ma) != len(mb):
            return CheckResult(False, f"FAIL: {pipe} carries {len(ma)} messages before and "
                                      f"{len(mb)} after the pipeline", before=a, after=b)
        differs = next((i for i, (x, y) in enumerate(zip(ma, mb)) if not same(x, y)), None)
        if differs is None:
            continue
        wrong = _identity_mismatch(a, b, pipe, same)
        if wrong is not None:
            x, y = ma[differs], mb[differs]
            return CheckResult(False, f"FAIL: {pipe} message #{differs} differs after the "
                                      f"pipeline{_diff(x, y)}; {wrong}", before=a, after=b)
        reordered.append(str(pipe))
    for role in a.outputs:
        for i, (x, y) in enumerate(zip(a.outputs[role], b.outputs[role], strict=True)):
            if not same(x, y):
                return CheckResult(False, f"FAIL: output #{i} of the {role} kernel "
                                          f"@{a.pair.functions()[role]} differs after the "
                                          f"pipeline{_diff(x, y)}", before=a, after=b)
    n_out = sum(len(v) for v in a.outputs.values())
    counts = ", ".join(f"{p} {len(a.messages(p))}" for p in pipes)
    how = (f"equal within rtol={rtol or 0.0:g}, atol={atol or 0.0:g}" if tolerant
           else "bitwise identical")
    if reordered:
        how += (f" ({', '.join(reordered)} reordered: every push site sends, and every "
                "pop site receives, the same messages in the same order)")
    # Two runs of no cycles are no change (Timing.efficiency takes an empty
    # run so too), not an infinite speedup.
    speedup = a.total / b.total if b.total else float("inf") if a.total else 1.0
    # A lone kernel ran against the echo peer (scheduler.py): say so, a PASS
    # says nothing about the real peer.
    lone = [role for role in ("cube", "vector") if role not in pair.functions()]
    echo = (f"; no {lone[0]} kernel: an echo peer stood in (it pops each message and "
            f"pushes it straight back, docs/tools.md)" if lone else "")
    return CheckResult(True, f"PASS: {n_out} outputs and messages ({counts}) {how}; "
                             f"cycles {a.total} -> {b.total} ({speedup:.2f}x){echo}",
                       before=a, after=b)


def signature_change(before, after) -> str | None:
    """How function `after` differs from `before` in its arguments or
    results (counts, then types), else None: the check runs both on the same
    inputs and compares their results one for one."""
    old, new = function_type(before), function_type(after)
    for what, was, now in (("argument", old.inputs, new.inputs),
                           ("result", old.results, new.results)):
        if len(was) != len(now):
            change = f"{len(was)} {what}(s) before the pipeline, {len(now)} after"
        else:
            change = next((f"{what} #{i} is {a} before the pipeline, {b} after"
                           for i, (a, b) in enumerate(zip(was, now)) if a != b), None)
        if change:
            return f"{change}; the type {old} became {new}"
    return None


def _close(x, y, rtol: float, atol: float) -> bool:
    x, y = np.asarray(x), np.asarray(y)
    return x.shape == y.shape and bool(np.allclose(x, y, rtol=rtol, atol=atol, equal_nan=True))


def _identity_mismatch(a: RunResult, b: RunResult, pipe: Pipe, same) -> str | None:
    """Why the pipe's messages, told apart by the sites that push and pop
    them, are not the same before and after; None when they are. A rewrite
    that reorders a pipe (the co-skew) keeps each message's push site and
    pop site (its clones keep their locations), and each site's messages in
    order. A site of `b` whose location is not one of `a`'s (a file printed
    and parsed again) stands for the site of `a` that moves the same
    messages. Sites sharing a location are one site here, which only makes
    the check stricter."""
    pushes_a, pops_a = (_by_site(d) for d in a.identities(pipe))
    pushes_b, pops_b = (_by_site(d) for d in b.identities(pipe))
    renamed = _match_sites(pushes_a, pushes_b, lambda x, y: len(x) == len(y) and all(
        same(u, v) for u, v in zip(x, y)))
    if renamed is None:
        for key, x in pushes_a.items():
            y = pushes_b.get(key)
            if y is None or len(x) != len(y):
                return f"the messages pushed at {key} differ"
            for n, (u, v) in enumerate(zip(x, y)):
                if not same(u, v):
                    return f"push #{n} at {key} sends another tile{_diff(u, v)}"
        return "the messages' push sites differ"
    pops_b = {key: [(renamed[site], n) for site, n in got] for key, got in pops_b.items()}
    if _match_sites(pops_a, pops_b, lambda x, y: x == y) is None:
        key = next((k for k in pops_a if pops_a[k] != pops_b.get(k)), next(iter(pops_a)))
        return f"pop at {key[0]} receives another message"
    return None


def _by_site(identities: dict) -> dict:
    """(site, [lane,] n) -> value as site (with lane) -> values in order."""
    out: dict = {}
    for key, value in identities.items():
        out.setdefault(key[:-1] if len(key) > 2 else key[0], []).append(value)
    return out


def _match_sites(a: dict, b: dict, equal) -> dict | None:
    """Each site of `b` -> the site of `a` it stands for: itself where `a`
    has it and `equal` holds, else a distinct unclaimed site of `a` with
    `equal` values; None when some site has none."""
    out, free = {}, set(a) - set(b)
    for key, values in b.items():
        if key in a and equal(a[key], values):
            out[key] = key
            continue
        match = next((k for k in sorted(free, key=str) if equal(a[k], values)), None)
        if match is None:
            return None
        free.discard(match)
        out[key] = match
    return out if len(out) == len(a) else None


def _diff(x, y) -> str:
    x, y = np.asarray(x), np.asarray(y)
    if x.shape != y.shape:
        return f" (shape {list(x.shape)} vs {list(y.shape)})"
    return f" (max abs difference {max_abs_diff(x, y):.3g})"
