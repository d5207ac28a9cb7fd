# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""A skew deeper than the pipes can buffer deadlocks, and the report says where."""

import pytest
from conftest import EXAMPLE, SKEW, load
from mlir import ir

from skew_mlir.sim.errors import Deadlock
from skew_mlir.sim.loading import apply_pipeline
from skew_mlir.sim.scheduler import simulate
from skew_mlir.sim.variants import with_stages, with_trip


def test_depth_three_against_two_slots_deadlocks():
    with pytest.raises(Deadlock) as info:
        simulate(load("deadlock_d3.mlir"), fifo_depth=2)
    lines = info.value.report.splitlines()
    assert lines[0] == "deadlock: neither core can move"
    assert "cube @cube" in lines[1]
    assert "blocked at 'pto.tpush_to_aiv' at" in lines[1]
    assert "deadlock_d3.mlir:20:9: push to C2V, all 2 slots held" in lines[1]
    assert "vector @vector" in lines[2]
    assert "deadlock_d3.mlir:46:7: push to V2C, all 2 slots held" in lines[2]
    assert lines[3] == ("  C2V (2 slots): 5 pushed, 3 popped; in flight: #3 1x8xf32, "
                        "#4 1x8xf32; popped, awaiting tfree: none")
    assert lines[4].startswith("  V2C (2 slots): 2 pushed, 0 popped; in flight: #0 1x8xf32, #1")


def test_depth_three_runs_with_three_slots():
    result = simulate(load("deadlock_d3.mlir"), fifo_depth=3)
    assert len(result.messages("V2C")) == 6


def test_pass_skew_built_for_four_slots_deadlocks_at_two():
    # Stage 4 and trip 6 give depth 3, allowed by the example's 4 slots;
    # running that skew with 2 slots deadlocks (why the pass clamps D).
    module = ir.Module.parseFile(str(EXAMPLE))
    with_trip(module, 6)
    with_stages(module, 4)
    apply_pipeline(module, SKEW)
    with pytest.raises(Deadlock, match="push to C2V, all 2 slots held"):
        simulate(module, fifo_depth=2)
    assert simulate(module, fifo_depth=3).total > 0
