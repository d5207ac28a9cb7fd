# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""pto.syncall in the JIT executor: a barrier of the threads of the cores
its core_type joins, on the interpreter's pairs (skew_testing.syncall_kernels):
the same memory after it, the same deadlocks and errors."""

import numpy as np
import pytest
from mlir import ir

import skew_mlir
from skew_mlir import jit
from skew_mlir.jit.engine import execute
from skew_mlir.sim.errors import Deadlock
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.scheduler import simulate
from skew_testing.syncall_kernels import (CUBE_READS_AFTER, CUBE_SUMS_SUBBLOCKS,
                                          CUBE_SYNCS_THEN_PUSHES, VECTOR_POPS_THEN_SYNCS,
                                          VECTOR_SUBBLOCK_STORES, VECTOR_WRITES_BEFORE, pair)


@pytest.fixture(autouse=True)
def context():
    with skew_mlir.make_context() as ctx:
        yield ctx


def memories(cube: str, vector: str, kind: str = "mix"):
    """The shared memory after the JIT's run and after the interpreter's."""
    module = ir.Module.parse(pair(cube, vector, kind))
    found = find_pair(module)
    inputs = make_inputs(module, found, 0)
    compiled, interpreted = execute(module, found, inputs), simulate(module, inputs=inputs)
    return compiled.outputs["cube"][-1], interpreted.outputs["cube"][-1]


def test_a_store_before_the_barrier_is_seen_after_it():
    # Many runs: without the barrier the cube's thread may read first.
    for _ in range(20):
        compiled, interpreted = memories(CUBE_READS_AFTER, VECTOR_WRITES_BEFORE)
        assert compiled[0] == compiled[1] == 7.0
        assert np.array_equal(compiled, interpreted)


def test_two_sub_blocks_and_the_cube_meet():
    compiled, interpreted = memories(CUBE_SUMS_SUBBLOCKS, VECTOR_SUBBLOCK_STORES)
    assert compiled[2] == compiled[3] == 7.0 and compiled[0] == 14.0
    assert np.array_equal(compiled, interpreted)


def test_a_vector_only_barrier_does_not_wait_for_the_cube():
    compiled, interpreted = memories("", VECTOR_WRITES_BEFORE, kind="aiv_only")
    assert compiled[0] == 7.0 and np.array_equal(compiled, interpreted)


def failure(cube: str, vector: str, kind: str, match: str, error=jit.JitError):
    module = ir.Module.parse(pair(cube, vector, kind))
    found = find_pair(module)
    with pytest.raises(error, match=match):
        jit.run(module, found, make_inputs(module, found, 0), timeout=120)


def test_a_core_that_returns_without_the_barrier_is_a_deadlock():
    failure(CUBE_READS_AFTER, "", "mix",
            r"waiting at 'pto.syncall' at -:\d+:\d+ for the cube and vector cores"
            r"(.|\n)*vector @vector: returned", Deadlock)


def test_a_barrier_the_core_is_not_part_of_is_a_located_error():
    failure("{sync}", "", "aiv_only", r"'pto.syncall' at -:\d+:\d+: a syncall that joins "
            r"only the vector cores, run by the cube kernel @cube")


def test_a_barrier_crossing_a_pop_deadlocks():
    failure(CUBE_SYNCS_THEN_PUSHES, VECTOR_POPS_THEN_SYNCS, "mix",
            r"cube @cube: waiting at 'pto.syncall'(.|\n)*vector @vector: blocked at "
            r"'pto.tpop_from_aic'.*pop from C2V", Deadlock)
