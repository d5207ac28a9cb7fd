# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The co-skew's depth is chosen without a search (skew/coskew.py): the
requested depth, the closed-form candidates (every pipe's slots hold one
group's messages of a stage, then of an iteration), depth 1, each proved
once. The proofs per co-skewed pair
are counted (not timed): a search down from depth 32 proved up to 32 plans."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.passes import skew_cross_core_pipeline
from skew_mlir.skew import pairing

CASES = (Path(__file__).parent / "coskew.mlir").read_text().split("// -----")


def _case(name: str, trip: int, stages: int, slots: int) -> str:
    """The golden pair of coskew.mlir holding @`name`_cube, at `trip`,
    `stages` and `slots`."""
    text = next(c for c in CASES if f"@{name}_cube" in c)
    text = re.sub(r"%ub = arith.constant \d+ : index", f"%ub = arith.constant {trip} : index",
                  text)
    text = re.sub(r"pto.pipeline_stages = \d+", f"pto.pipeline_stages = {stages}", text)
    return re.sub(r"pto.fifo_depth = \d+", f"pto.fifo_depth = {slots}", text)


def _run(text: str, monkeypatch) -> tuple[list[str], int, str]:
    """The pass's remarks, the number of pair proofs it ran and its output."""
    calls = []
    real = pairing.Pair.verdicts

    def counted(self, skews):
        calls.append(None)
        return real(self, skews)
    monkeypatch.setattr(pairing.Pair, "verdicts", counted)
    remarks = []
    with skew_mlir.make_context() as context:
        context.attach_diagnostic_handler(lambda d: remarks.append(str(d.message)) is None)
        module = ir.Module.parse(text)
        skew_cross_core_pipeline(remarks=True)(module)
        proofs = len(calls)
        PassManager.parse("builtin.module(pto-verify-fifo)").run(module.operation)
        return remarks, proofs, str(module)


@pytest.mark.parametrize("slots, depth", [(1, 1), (2, 2), (4, 4), (8, 8), (64, 32)])
def test_the_depth_is_the_candidate_proved_once(monkeypatch, slots, depth):
    """C->V->C at stages 33 (depth 32 requested), trip 64: where depth 32
    does not prove, the first candidate (each pipe's slots over its
    messages in one stage: one) does, with no depth in between tried; the
    output verifies."""
    remarks, proofs, _ = _run(_case("cv3_depth2", 64, 33, slots), monkeypatch)
    assert len(remarks) == 2
    assert all(f"2 stages, depth {depth} (requested 32" in r for r in remarks), remarks
    assert proofs <= 4


def test_no_depth_proves_after_three_tries(monkeypatch):
    """C->V->C->V->C at one slot per pipe, three stages: 21 (64 // 3),
    then 1, and the pair stays
    as written."""
    remarks, proofs, _ = _run(_case("too_few_slots", 64, 33, 1), monkeypatch)
    assert all(r.endswith("no co-skew depth is proved against the peer (tried 21, 1)")
               for r in remarks), remarks
    assert proofs <= 4
