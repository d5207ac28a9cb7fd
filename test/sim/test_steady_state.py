# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""timing.steady_state: the per-block period of a one-round-trip pair, and the
limit the pipe latency puts on it at skew depth D.

The limit is a lower bound (no steady iteration runs faster) and, on the
flash-decode example, a tight one: in the steady state the measured period
equals the larger of the latency limit and the busier core's work.
"""

import pytest
from conftest import EXAMPLE, ROOT, SKEW
from mlir import ir

from skew_mlir.op_costs import CostModel, override
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.loading import apply_pipeline, clone
from skew_mlir.sim.scheduler import simulate
from skew_mlir.sim.timing import steady_state
from skew_mlir.sim.variants import with_slots, with_stages, with_trip


TILE = ROOT / "examples" / "flash_attention_tile.mlir"


def runs(trip, stages, slots, cost=None, example=EXAMPLE):
    naive = ir.Module.parseFile(str(example))
    with_trip(naive, trip)
    with_stages(naive, stages)
    with_slots(naive, slots)
    skewed = clone(naive)
    apply_pipeline(skewed, SKEW)
    cost = cost or CostModel()
    return simulate(naive, cost=cost), simulate(skewed, cost=cost)


def test_depth_2_is_latency_bound_and_reaches_the_limit():
    _, skewed = runs(64, 2, 4)
    s = steady_state(skewed, 2)
    # Hand figures of the 16x16 example under the default cost model.
    assert (s.produce, s.consume, s.round_trip) == (178, 126, 2 * 600 + 227)
    assert s.hiding_work == 3 * 178 + 2 * 126 < s.round_trip
    assert s.latency_bound
    # (R + P + D*C) / 2D without the vector's queueing; the exact cycle adds it.
    assert (1427 + 178 + 2 * 126) / 4 < s.latency_limit < s.cube_work * 2
    assert s.measured == pytest.approx(s.latency_limit)
    assert s.limit == s.latency_limit


def test_depth_4_is_work_bound():
    _, skewed = runs(64, 5, 4)
    s = steady_state(skewed, 4)
    assert s.hiding_work == 7 * 178 + 4 * 126 >= s.round_trip
    assert not s.latency_bound
    assert s.latency_limit <= s.cube_work
    assert s.measured == pytest.approx(s.cube_work)
    assert s.limit == s.cube_work


def test_unskewed_loop_waits_a_full_round_trip_per_block():
    naive, _ = runs(16, 2, 4)
    s = steady_state(naive, 0)
    assert s.span == 1 and s.produce is None
    # push b, round trip, pop b, the rest of the cube's block, push b+1
    assert s.latency_limit > s.round_trip
    assert s.measured == pytest.approx(s.latency_limit)


@pytest.mark.parametrize("latency", [0, 150, 600, 2000])
@pytest.mark.parametrize("stages,slots,depth", [(2, 2, 2), (2, 4, 2), (5, 4, 4)])
def test_no_steady_period_beats_the_limit(latency, stages, slots, depth):
    cost = override(CostModel(), {"pipe_latency": latency})
    naive, skewed = runs(32, stages, slots, cost)
    for result, d in ((naive, 0), (skewed, depth)):
        s = steady_state(result, d)
        assert s.measured >= s.limit - 1e-9, (d, s)
    # The skew never loses to the unskewed loop's steady state.
    assert steady_state(skewed, depth).measured <= steady_state(naive, 0).measured


def test_wrong_depth_is_rejected():
    naive, _ = runs(4, 2, 4)
    with pytest.raises(SimError, match="depth 3 needs at least 6 blocks"):
        steady_state(naive, 3)
    with pytest.raises(SimError, match="must be >= 0"):
        steady_state(naive, -1)


def test_two_replies_per_block():
    """The exact-attention pair answers each block with P and alpha (and
    sends the row sums once after the loop): its unskewed cycle runs from
    push b to the pop of b's second reply, then to push b+1."""
    exact = ir.Module.parseFile(str(EXAMPLE.parent / "flash_attention_exact.mlir"))
    with_trip(exact, 16)
    result = simulate(exact)
    s = steady_state(result, 0, replies=2)
    assert s.blocks == 16
    # The round trip reaches the vector's second push of the block.
    assert s.round_trip > 2 * 600 + s.vector_work * 0.9
    assert s.latency_limit > s.round_trip
    assert s.measured == pytest.approx(s.latency_limit)
    for wrong in (1, 3):
        with pytest.raises(SimError, match=f"one C2V and {wrong} V2C message"):
            steady_state(result, 0, replies=wrong)
    with pytest.raises(SimError, match="at least one reply"):
        steady_state(result, 0, replies=0)


def test_a_push_on_another_pipe_after_the_pop_is_consume_work():
    # The tile-IR flash-attention cube pushes S_j (C2V), pops P_j, then
    # pushes P_j V_j on C2V id 1: the halves are marked by the C2V push and
    # the pop, so produce + consume is the cube's whole work per block.
    _, skewed = runs(32, 2, 4, example=TILE)
    s = steady_state(skewed, 2)
    assert s.produce > 0 and s.consume > 0
    assert s.produce + s.consume == pytest.approx(s.cube_work, abs=1)
    assert not s.latency_bound and s.measured == pytest.approx(s.cube_work)
