# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Multi-buffered tiles (alloc_multi_tile, multi_tile_get) under the JIT:
the cases both executors run (skew_testing.tile_kernels) with the kernel
also compiled by the JIT and both executors' global memories compared, its pair
under `pto-sim check --jit`'s verdict, and the JIT's own run-time check of
a slot index."""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np
import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir.jit import JitError
from skew_mlir.jit.differential import jit_check
from skew_mlir.sim.loading import apply_pipeline, clone

from skew_testing.tile_kernels import (MULTI_PAIR, SLOT_ALLOCS,
                                    each_slot_keeps_what_was_written_through_it, out, rand,
                                    slot_get, slots_at_an_address_lie_one_slot_size_apart,
                                    valid_shape_per_slot)

_spec = importlib.util.spec_from_file_location(
    "jit_tile_ops", pathlib.Path(__file__).parent / "test_tile_ops.py")
jit_tiles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(jit_tiles)


@pytest.mark.parametrize("alloc", SLOT_ALLOCS)
def test_each_slot_keeps_what_was_written_through_it(alloc):
    each_slot_keeps_what_was_written_through_it(jit_tiles.run_both, alloc)


def test_slots_at_an_address_lie_one_slot_size_apart():
    slots_at_an_address_lie_one_slot_size_apart(jit_tiles.run_both)


def test_valid_shape_is_per_slot():
    """set_validshape through one get of slot 2 is seen by a later get of
    it (a read of 16 rows then fails at the op), not by slot 1."""
    x = rand()
    z = jit_tiles.run_both(valid_shape_per_slot(read_slot_2=False), [x, out()])[1]
    np.testing.assert_array_equal(z, x)
    with pytest.raises(JitError, match=r"'pto.tmov' at -:\d+:\d+: reads a tile whose valid "
                                       r"shape is smaller"):
        jit_tiles.run_jit(valid_shape_per_slot(read_slot_2=True), [x, out(), out()])


@pytest.mark.parametrize("index", ["2", "-1"])
def test_slot_index_outside_the_slots_ends_the_run_at_the_get(index):
    with pytest.raises(JitError, match=r"'pto.multi_tile_get' at -:\d+:\d+: the slot index "
                                       r"is outside the 2 slots of the multi-buffered tile"):
        jit_tiles.run_jit(slot_get(index), [out()])


def test_a_pair_pushing_the_slot_in_use_checks_under_the_jit():
    with pto.make_context():
        before = ir.Module.parse(MULTI_PAIR)
        after = clone(before)
        apply_pipeline(after, "builtin.module(pto-skew-cross-core)")
        report = jit_check(before, after)
    assert report.ok, report.verdict + "\n" + report.details
    assert report.verdict.startswith("PASS (jit)")
