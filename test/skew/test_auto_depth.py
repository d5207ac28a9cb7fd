# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""depth=auto: the static estimate of P, C and R agrees with the simulator,
and the chosen depth hides the round trip where the slots allow it
(docs/deadlock.md, "depth=auto")."""

from __future__ import annotations

import pathlib

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.fifo_model import pipe_of
from skew_mlir.loop_ranges import Constants
from skew_mlir.sim.check import differential_check
from skew_mlir.op_costs import CostModel, load_cost_model
from skew_mlir.tile_capacity import capacities
from skew_mlir.sim.loading import clone
from skew_mlir.sim.timing import steady_state, timing
from skew_mlir.sim.variants import with_slots, with_trip
from skew_mlir.skew.analysis import analyze
from skew_mlir.skew.auto_depth import estimate
from skew_mlir.skew.capacity import Room
from skew_mlir.skew.loops import find_pipeline_loops
from skew_mlir.skew.pairing import VisiblePeers
from skew_mlir.skew.plan import SkewPlan

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = ROOT / "examples" / "flash_decode_qk_pv.mlir"
LARGE = ROOT / "examples" / "flash_decode_qk_pv_d128.mlir"
LOW_LATENCY = ROOT / "benchmarks" / "low_latency.json"


def _remarks(module: ir.Module, **options) -> list[str]:
    seen: list[str] = []
    handler = module.context.attach_diagnostic_handler(
        lambda d: seen.append(str(d.message)) or True)
    try:
        skew_mlir.passes.skew_cross_core_pipeline(remarks=True, **options)(module)
    finally:
        handler.detach()
    return seen


def _depth(remarks: list[str]) -> int:
    skewed = [r for r in remarks if r.startswith("skewed: depth ")]
    assert len(skewed) == 1, remarks
    return int(skewed[0].split()[2])


@pytest.mark.parametrize("example", [SMALL, LARGE], ids=["16x16", "d128"])
def test_the_estimate_matches_the_simulated_steady_state(example):
    with skew_mlir.make_context():
        module = ir.Module.parseFile(str(example))
        with_trip(module, 64)
        loops = find_pipeline_loops(module.operation).loops
        plan = next(p for p in (analyze(l, {pipe_of(f): 4 for f in l.fifo}, Constants(),
                                        Room(capacities("a2a3"), l.op.parent.parent.parent,
                                             module.operation))
                                for l in loops)
                    if isinstance(p, SkewPlan))
        guess = estimate(plan, VisiblePeers(module.operation).peer(plan.loop), CostModel())
        after = clone(module)
        skew_mlir.passes.skew_cross_core_pipeline()(after)
        measured = steady_state(differential_check(module, after).after, 2)
    assert guess.round_trip == measured.round_trip
    assert abs(guess.produce - measured.produce) <= 0.01 * measured.produce
    assert abs(guess.consume - measured.consume) <= 0.01 * measured.consume


@pytest.mark.parametrize("example,trip,depth,efficiency", [
    (SMALL, 64, 4, 0.95),  # latency-bound at depth 2 (0.67): depth 4 hides R
    (LARGE, 64, 2, 0.95),  # depth 2 already hides R: deeper buys nothing
    (LARGE, 8, 2, 0.95),
])
def test_auto_picks_the_depth_that_hides_the_round_trip(example, trip, depth, efficiency):
    with skew_mlir.make_context():
        naive = ir.Module.parseFile(str(example))
        with_trip(naive, trip)
        skewed = clone(naive)
        assert _depth(_remarks(skewed, depth="auto")) == depth
        report = differential_check(naive, skewed)
        assert report.ok, report.verdict
        assert timing(report.after).efficiency >= efficiency


def test_auto_stays_within_the_slots_and_a_cost_model_file_changes_it():
    with skew_mlir.make_context():
        module = ir.Module.parseFile(str(SMALL))
        with_trip(module, 64)
        with_slots(module, 2)
        assert _depth(_remarks(clone(module), depth="auto")) == 2
        with_slots(module, 8)
        assert _depth(_remarks(clone(module), depth="auto")) == 4
        # A 150-cycle pipe: R = 527, and depth 2 hides it.
        remarks = _remarks(clone(module), depth="auto", cost_model=str(LOW_LATENCY))
        assert _depth(remarks) == 2
        assert "R = 527" in remarks[0], remarks
        assert load_cost_model(LOW_LATENCY).pipe_latency == 150


def test_bad_depth_and_cost_model_options_are_errors():
    with pytest.raises(ValueError, match="option 'depth' of pass 'pto-skew-cross-core' "
                                         "must be one of stages, auto, got 'deep'"):
        skew_mlir.passes.skew_cross_core_pipeline(depth="deep")
    # A cost model that cannot be read is a bad option value, as a bad depth:
    # refused where it is set, once (not at every op the pass runs on).
    with pytest.raises(ValueError, match="option 'cost-model': cost model "
                                         "/nonexistent.json: cannot read it"):
        skew_mlir.passes.skew_cross_core_pipeline(depth="auto", cost_model="/nonexistent.json")
    with skew_mlir.make_context():
        pipeline = ("builtin.module(func.func(pto-skew-cross-core{depth=auto "
                    "cost-model=/nonexistent.json}))")
        with pytest.raises(ValueError) as failure:
            PassManager.parse(pipeline)
        assert str(failure.value).count("option 'cost-model'") == 1
