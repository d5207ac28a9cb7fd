# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Every shipped example has its check under both executors at 2 and 4
slots, in one place: test/jit/example-checks/<example>.test. A new example
without one fails here, as does a check left behind by a removed example."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECKS = pathlib.Path(__file__).parent / "example-checks"
EXAMPLES = sorted(p.stem for p in (ROOT / "examples").glob("*.mlir"))
DEPTHS = (2, 4)
RUN = "# RUN" + ":"  # spelled apart, or lit would run these texts as this file's commands


def missing_runs(stem: str, text: str) -> list[str]:
    """The runs `text` lacks: `pto-sim check` of examples/<stem>.mlir, with
    and without --jit, at each of DEPTHS slots, each passing (no `not`)
    into FileCheck against the verdict of its executor."""
    runs = [line[len(RUN):].strip() for line in text.splitlines() if line.startswith(RUN)]
    missing = []
    for jit in (True, False):
        for depth in DEPTHS:
            command = re.compile(
                r"^pto-sim check " + ("--jit " if jit else "") +
                re.escape(f"%src_root/examples/{stem}.mlir") +
                rf" (.* )?--fifo-depth {depth}( .*)? \| FileCheck %s --check-prefix="
                rf"{'JIT' if jit else 'SIM'}$")
            if not any(command.match(run) for run in runs):
                missing.append(f"pto-sim check{' --jit' if jit else ''} "
                               f"examples/{stem}.mlir --fifo-depth {depth}")
    verdicts = [r"^# JIT: PASS \(jit\): ", r"^# JIT-NEXT: the interpreter agrees",
                r"^# SIM: PASS: "]
    missing += [f"the check line {v}" for v in verdicts
                if not re.search(v, text, re.MULTILINE)]
    return missing


def test_there_are_examples():
    assert len(EXAMPLES) >= 10, EXAMPLES


@pytest.mark.parametrize("stem", EXAMPLES)
def test_each_example_runs_under_both_executors_at_2_and_4_slots(stem):
    path = CHECKS / f"{stem}.test"
    assert path.exists(), (f"examples/{stem}.mlir has no check under both executors: "
                           f"add {path.relative_to(ROOT)} (see its neighbours)")
    assert missing_runs(stem, path.read_text()) == []


def test_every_check_names_a_shipped_example():
    stale = sorted(p.name for p in CHECKS.glob("*.test") if p.stem not in EXAMPLES)
    assert stale == [], f"checks of examples that are gone: {stale}"


@pytest.mark.parametrize("text,missing", [
    ("", 7),
    (f"{RUN} pto-sim check --jit %src_root/examples/x.mlir --fifo-depth 2 | "
     "FileCheck %s --check-prefix=JIT\n# JIT: PASS (jit): \n", 5),
    # A run expected to fail, or at the wrong depth, is no check.
    (f"{RUN} not pto-sim check --jit %src_root/examples/x.mlir --fifo-depth 2 | "
     "FileCheck %s --check-prefix=JIT\n", 7),
    (f"{RUN} pto-sim check --jit %src_root/examples/x.mlir --fifo-depth 24 | "
     "FileCheck %s --check-prefix=JIT\n", 7),
])
def test_the_coverage_check_sees_what_is_missing(text, missing):
    assert len(missing_runs("x", text)) == missing
