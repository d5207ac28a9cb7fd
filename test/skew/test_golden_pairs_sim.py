# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""`pto-sim check` on every case of the golden tests of message groups,
remainders (at the default remainder=peel and remainder=shrink) and static
ranges (i32 and unsigned IVs up to the top of their type).

Each case of those files is a cube/vector pair marked `//--- NAME.mlir`, so
split-file cuts it out whole; this runs `pto-sim check` on each with the
golden test's pass options: the pass, then the pair before and after it on
the same seeded inputs, every output and every pipe's messages bit-identical
and no deadlock, skewed or demoted alike. Every `// -----` case of a file
must be such a pair.
"""

from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

from skew_mlir.sim import cli
from skew_mlir.tools.llvm_tools import tool_path

HERE = pathlib.Path(__file__).parent
# golden test -> the pass options its FileCheck run uses
GOLDEN = {
    "message-groups.mlir": "",
    "depth-trips.mlir": "",
    "remainder-shrink.mlir": "{remainder=shrink}",
    "ranges.mlir": "",
    "coskew.mlir": "",
    "coskew-demote.mlir": "{multi-round-trip=demote}",
    "coskew-tfree.mlir": "",
}
MARKER = re.compile(r"^//--- (\S+)\.mlir$", re.MULTILINE)
SPLIT = re.compile(r"^// -----$", re.MULTILINE)


def _cases() -> list:
    return [pytest.param(golden, case, options, id=f"{golden}:{case}")
            for golden, options in GOLDEN.items()
            for case in MARKER.findall((HERE / golden).read_text())]


@pytest.fixture(scope="module")
def split(tmp_path_factory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("golden")
    for golden in GOLDEN:
        subprocess.run([tool_path("split-file"), str(HERE / golden), str(root / golden)],
                       check=True)
    return root


@pytest.mark.parametrize("golden", GOLDEN)
def test_every_case_is_a_marked_pair(golden):
    text = (HERE / golden).read_text()
    assert len(MARKER.findall(text)) == len(SPLIT.findall(text)) + 1


@pytest.mark.parametrize("golden, case, options", _cases())
def test_pto_sim_check(split, golden, case, options, capsys):
    path = split / golden / f"{case}.mlir"
    status = cli.main(["check", str(path),
                       f"--pass-pipeline=builtin.module(pto-skew-cross-core{options})"])
    out, err = capsys.readouterr()
    assert status == 0 and out.startswith("PASS: "), out + err
    assert "bitwise identical" in out


# The same cases as machine code (skew_mlir.jit), all in one child process:
# before and after the pass bitwise equal, and the JIT's run after the pass
# within tolerance of the interpreter's. Two ranges cases are left to the
# interpreter: their loop's induction variable steps past the top of its
# type, which upstream's lowering (scf-to-cf: add, then compare) wraps and
# runs on, while the interpreter stops at the bound, so the two executors
# disagree on the pair as written, before any pass.
IV_WRAPS = {"i32_past_max", "unsigned_near_max"}


@pytest.fixture(scope="module")
def jit_runs(split):
    from mlir import ir

    import skew_mlir
    from skew_mlir import jit
    from skew_mlir.sim.kernels import find_pair, make_inputs
    from skew_mlir.sim.loading import apply_pipeline, clone

    jobs, cases, modules = [], [], []
    with skew_mlir.make_context():
        for param in _cases():
            golden, case, options = param.values
            if case in IV_WRAPS:
                continue
            before = ir.Module.parseFile(str(split / golden / f"{case}.mlir"))
            after = clone(before)
            apply_pipeline(after, f"builtin.module(pto-skew-cross-core{options})")
            pair = find_pair(before)
            for module in (before, after):
                jobs.append(jit.job(module, pair, make_inputs(before, pair, 0), None, 64 << 20))
            cases.append((golden, case))
            modules.append((before.operation.get_asm(enable_debug_info=True),
                            after.operation.get_asm(enable_debug_info=True), pair))
        results = jit.run_jobs(jobs, timeout=600)
    return {key: (results[2 * i:2 * i + 2], modules[i]) for i, key in enumerate(cases)}


@pytest.mark.parametrize("golden, case, options",
                         [p for p in _cases() if p.values[1] not in IV_WRAPS])
def test_jit_check(jit_runs, golden, case, options):
    from mlir import ir

    import skew_mlir
    from skew_mlir.jit.compare import first_difference, same_bits, within_tolerance
    from skew_mlir.op_costs import CostModel
    from skew_mlir.sim.kernels import make_inputs
    from skew_mlir.sim.scheduler import reordering, run_pair

    runs, (before_text, after_text, pair) = jit_runs[(golden, case)]
    assert len(runs) == 2, "not run: the JIT failed on an earlier case"
    for run in runs:
        assert not isinstance(run, Exception), str(run)
    before, after = runs
    with skew_mlir.make_context():
        # The interpreter tells the messages of a pipe the pass reorders
        # (a co-skew) apart; the JIT compares them through its identities.
        interpreted = [run_pair(module, pair, make_inputs(module, pair, 0), cost=CostModel())
                       for module in (ir.Module.parse(before_text), ir.Module.parse(after_text))]
        assert first_difference(after, interpreted[1], within_tolerance,
                                ("in the JIT", "in the interpreter")) is None
    assert first_difference(before, after, same_bits, ("before", "after"),
                            reordering(*interpreted)) is None
