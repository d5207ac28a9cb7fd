# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The pipes: in-order delivery, blocking push/pop, slot release by pop or tfree."""

import numpy as np
import pytest
from conftest import parse

from skew_mlir import fifo_model
from skew_mlir.op_costs import CostModel
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.fifo import Pipe
from skew_mlir.sim.scheduler import simulate


def test_push_waits_for_the_oldest_release():
    pipe = Pipe(fifo_model.Pipe("C2V"), 2, subblocks=1, frees=True)
    a = pipe.push(0, np.zeros(1), 0, 10, 10, "a")
    b = pipe.push(0, np.zeros(1), 0, 12, 10, "b")
    assert (a.arrival, b.arrival) == (20, 22)
    assert pipe.push_time(0, 15) is None  # both slots held, releases not known yet
    assert pipe.pop(0, 0, 30, "pop") is not a.data  # the consumer gets a copy
    assert pipe.push_time(0, 15) is None  # popped, but held until its tfree
    assert pipe.free(0, 33) is a and a.released_at == [33]
    assert pipe.push_time(0, 15) == 33  # the slot frees at 33
    assert pipe.push_time(0, 40) == 40  # already free
    pipe.pop(0, 0, 35, "pop")
    assert pipe.head(0) is None
    assert pipe.free(0, 36) is b and pipe.free(0, 37) is None  # in order; nothing left


# A producer that pushes N tiles and a consumer that pops them, with the
# consumer's compute and pipe parameters chosen so blocking is predictable.
PAIR = """module {
  func.func @c(%x: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 4 : index
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%x) : (tensor<16xf32>) -> ()
    }
    return
  }
  func.func @v() -> tensor<16xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 4 : index
    %z = arith.constant dense<0.0> : tensor<16xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<16xf32>) {
      %t = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      %e = math.exp %t : tensor<16xf32>
      FREE
      %a = arith.addf %acc, %e : tensor<16xf32>
      scf.yield %a : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }
}"""

# push: 1 cycle, latency 10, pop 1 cycle; vector ops cost 8 + 64B/64 = 9, exp 8 + 4 = 12.
COST = CostModel(pipe_latency=10, push_overhead=0, pop_overhead=1, pipe_bytes_per_cycle=64,
                 vector_bytes_per_cycle=64, vector_op_overhead=8, transcendental_factor=4,
                 scalar_op_cycles=0)


def run(free: str, slots: int):
    module = parse(PAIR.replace("FREE", free))
    return simulate(module, fifo_depth=slots, cost=COST)


def test_messages_arrive_in_order_and_block_the_producer():
    result = run("", slots=1)
    cube, vec = result.cores["cube"], result.cores["vector"]
    # With one slot every push after the first waits for the previous pop.
    # Pushes end at 1, then each next push starts at the previous message's
    # pop end: arrival (push end + 10) + 1.
    pushes = [m.pushed_at[0] for m in result.pipes[fifo_model.Pipe("C2V")].messages]
    pops = [m.popped_at[0] for m in result.pipes[fifo_model.Pipe("C2V")].messages]
    assert pushes[0] == 1 and pops[0] == 12
    assert all(pushes[i + 1] == pops[i] + 1 for i in range(3))
    assert cube.blocked["blocked-push"] == sum(pops[i] - pushes[i] for i in range(3))
    assert vec.blocked["blocked-push"] == 0 and vec.blocked["blocked-pop"] > 0


def test_tfree_holds_the_slot_until_it_runs():
    by_pop = run("", slots=1)
    by_free = run('"pto.tfree_from_aic"(%t) : (tensor<16xf32>) -> ()', slots=1)
    for run_, hold in ((by_pop, 0), (by_free, 12)):
        msgs = run_.pipes[fifo_model.Pipe("C2V")].messages
        # The slot is released by the pop, or by the tfree after the exp (12 cycles) ...
        assert [m.release_time - m.popped_at[0] for m in msgs] == [hold] * 4
        # ... and with one slot, each push (1 cycle) starts at that release.
        assert [b.pushed_at[0] - 1 for b in msgs[1:]] == [a.release_time for a in msgs[:-1]]
    np.testing.assert_array_equal(by_pop.outputs["vector"][0], by_free.outputs["vector"][0])


def test_enough_slots_never_block_the_producer():
    result = run("", slots=4)
    assert result.cores["cube"].blocked["blocked-push"] == 0


def test_freeing_a_tile_that_was_not_popped_is_an_error():
    with pytest.raises(SimError, match=r"-:\d+:\d+: 'pto.tfree_from_aic' names a tile that is not popped from C2V"):
        run('"pto.tfree_from_aic"(%e) : (tensor<16xf32>) -> ()', slots=2)


def test_a_tfree_with_no_popped_slot_to_release_is_an_error():
    twice = '"pto.tfree_from_aic"() : () -> ()\n      "pto.tfree_from_aic"() : () -> ()'
    with pytest.raises(SimError, match=r"'pto.tfree_from_aic' at -:\d+:\d+: tfree on C2V "
                                       "without a popped, unreleased message"):
        run(twice, slots=2)


def test_a_pipe_op_on_the_wrong_core_is_an_error():
    text = PAIR.replace("FREE", "").replace('"pto.tpush_to_aiv"(%x)', '"pto.tpush_to_aic"(%x)')
    with pytest.raises(SimError, match="runs on the vector core, but the cube kernel @c"):
        simulate(parse(text))


def test_unconsumed_messages_are_reported():
    text = PAIR.replace("FREE", "").replace("%n = arith.constant 4 : index\n    %z",
                                             "%n = arith.constant 3 : index\n    %z")
    with pytest.raises(SimError, match="C2V: 1 message"):
        simulate(parse(text))
