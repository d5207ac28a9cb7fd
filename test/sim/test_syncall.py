# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""pto.syncall in the simulator: a barrier of the cores its core_type joins
(the public Qwen3 prefill kernels end each phase with one). What a core
stored before it, the others see after it; each waits for the last."""

import pytest
from conftest import parse

from skew_mlir.sim.errors import Deadlock, SimError
from skew_mlir.sim.scheduler import simulate
from skew_testing.syncall_kernels import (CUBE_READS_AFTER, CUBE_SUMS_SUBBLOCKS,
                                          CUBE_SYNCS_THEN_PUSHES, VECTOR_POPS_THEN_SYNCS,
                                          VECTOR_SUBBLOCK_STORES, VECTOR_WRITES_BEFORE, pair)

def memory(result):
    return result.outputs["cube"][-1]


def test_a_store_before_the_barrier_is_seen_after_it():
    result = simulate(parse(pair(CUBE_READS_AFTER, VECTOR_WRITES_BEFORE)))
    mem = memory(result)
    assert mem[0] == 7.0 and mem[1] == 7.0


def test_each_core_waits_for_the_last_to_arrive():
    # The vector computes before its syncall; the cube, arriving first,
    # leaves the barrier when the vector arrives.
    result = simulate(parse(pair(CUBE_READS_AFTER, VECTOR_WRITES_BEFORE)))
    cube, vector = result.cores["cube"], result.cores["vector"]
    waited = [start for start, end, kind in cube.segments if kind == "blocked-sync"]
    assert waited and cube.blocked["blocked-sync"] > 0
    assert vector.blocked["blocked-sync"] == 0


def test_two_sub_blocks_and_the_cube_meet():
    mem = memory(simulate(parse(pair(CUBE_SUMS_SUBBLOCKS, VECTOR_SUBBLOCK_STORES))))
    # Both sub-blocks stored their 7 before the cube read them.
    assert mem[2] == 7.0 and mem[3] == 7.0 and mem[0] == 14.0


def test_a_core_that_returns_without_the_barrier_is_a_deadlock():
    with pytest.raises(Deadlock, match=r"waiting at .*syncall.* for the cube and "
                                       r"vector cores(.|\n)*vector @vector .*returned"):
        simulate(parse(pair(CUBE_READS_AFTER, "")))


def test_a_vector_only_barrier_does_not_wait_for_the_cube():
    result = simulate(parse(pair("", VECTOR_WRITES_BEFORE, kind="aiv_only")))
    assert memory(result)[0] == 7.0


def test_a_barrier_the_core_is_not_part_of_is_a_located_error():
    with pytest.raises(SimError, match=r":\d+:\d+: a syncall that joins only the vector "
                                       r"cores, run by the cube kernel @cube"):
        simulate(parse(pair("{sync}", "", kind="aiv_only")))


def test_a_barrier_crossing_a_pop_deadlocks():
    with pytest.raises(Deadlock, match=r"cube @cube .*waiting at .*syncall(.|\n)*"
                                       r"vector @vector .*pop from C2V"):
        simulate(parse(pair(CUBE_SYNCS_THEN_PUSHES, VECTOR_POPS_THEN_SYNCS)))
