# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest, hypothesis
"""The schedules beyond the seed's, run: every property (pto-verify-fifo,
bitwise-identical outputs and per-pipe messages in the simulator, no
deadlock, idempotency) on kernel pairs that exercise them, and the depth
each gets."""

from __future__ import annotations

import pathlib

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.sim.variants import with_slots, with_stages, with_trip

from skew_testing.properties import check_pair

ROOT = pathlib.Path(__file__).parent.parent.parent
EXAMPLE = ROOT / "examples" / "flash_decode_qk_pv.mlir"


def _remarks(text: str, pipeline: str) -> list[str]:
    with skew_mlir.make_context() as context:
        seen: list[str] = []

        def handler(diagnostic):
            seen.append(diagnostic.message)
            return True
        context.attach_diagnostic_handler(handler)
        module = ir.Module.parse(text)
        PassManager.parse(pipeline).run(module.operation)
        return [m for m in seen if m.startswith("skewed")]


def _example(trip: int, stages: int, slots: int = 4) -> str:
    with skew_mlir.make_context():
        module = ir.Module.parseFile(str(EXAMPLE))
        with_trip(module, trip)
        with_stages(module, stages)
        with_slots(module, slots)
        return str(module)


def _pipeline(options: str) -> str:
    return f"builtin.module(pto-skew-cross-core{{{options}}})"


@pytest.mark.parametrize("trip", [5, 7, 9, 10])
@pytest.mark.parametrize("stages,depth", [(3, 2), (4, 3)])
def test_remainders_keep_the_depth(trip, stages, depth):
    text = _example(trip, stages)
    pipeline = _pipeline("remarks=true")
    check_pair(text, seed=trip, pipeline=pipeline)
    effective = min(depth, trip // 2)
    # A trip too short for the depth says so in words.
    why = (f"; trip {trip} < 2 x {depth}: at most {effective} iterations ahead"
           if effective < depth else "")
    assert _remarks(text, pipeline) == [
        f"skewed: depth {effective} (requested {depth}, trip {trip}, slots 4{why})"]


SHRINK = "remainder=shrink: {} is the largest depth dividing trip {}"


@pytest.mark.parametrize("trip,depth,why", [
    (5, 1, "; trip 5 < 2 x 3: at most 2 iterations ahead; " + SHRINK.format(1, 5)),
    (7, 1, "; " + SHRINK.format(1, 7)),
    (9, 3, ""),
    (10, 2, "; " + SHRINK.format(2, 10))])
def test_shrink_is_the_reference_rule(trip, depth, why):
    text = _example(trip, stages=4)
    pipeline = _pipeline("remarks=true remainder=shrink")
    check_pair(text, seed=trip, pipeline=pipeline)
    assert _remarks(text, pipeline) == [
        f"skewed: depth {depth} (requested 3, trip {trip}, slots 4{why})"]


def test_huge_stages_and_slots_cap_the_depth():
    text = _example(trip=131, stages=10**12, slots=10**12)
    pipeline = _pipeline("remarks=true")
    check_pair(text, pipeline=pipeline)
    assert _remarks(text, pipeline) == [
        "skewed: depth 64 (requested 999999999999, trip 131, slots 1000000000000; "
        "capped at 64 copies of the body)"]
