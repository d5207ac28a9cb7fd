# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Multi-buffered tiles in pto-sim: `alloc_multi_tile` makes N distinct
storages, `multi_tile_get %mb[%k]` is the k-th (writes through it, data and
valid shape, are seen by later gets of the same slot), slot k of an
allocation at an address lives at addr + k * slot bytes, and a slot index
outside the slots at run time is a located error."""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir.op_costs import CostModel
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.scheduler import run_pair

from skew_testing.tile_kernels import (MULTI_PAIR, SLOT_ALLOCS,
                                    each_slot_keeps_what_was_written_through_it, out, rand,
                                    slot_get, slots_at_an_address_lie_one_slot_size_apart,
                                    valid_shape_per_slot)
from test_tile_ops import run_kernel


@pytest.mark.parametrize("alloc", SLOT_ALLOCS)
def test_each_slot_keeps_what_was_written_through_it(alloc):
    each_slot_keeps_what_was_written_through_it(run_kernel, alloc)


def test_slots_at_an_address_lie_one_slot_size_apart():
    slots_at_an_address_lie_one_slot_size_apart(run_kernel)


def test_valid_shape_is_per_slot_and_seen_by_later_gets():
    x = rand()
    # Slot 2's valid region is 8 rows now, slot 1's still 16.
    with pytest.raises(SimError, match="valid shape is 8x32 over the 16x32 valid region"):
        run_kernel(valid_shape_per_slot(read_slot_2=True), [x, out(), out()])
    # Without the read of slot 2, slot 1 (valid 16x32) goes out whole.
    np.testing.assert_array_equal(run_kernel(valid_shape_per_slot(read_slot_2=False),
                                             [x, out()])[1], x)


@pytest.mark.parametrize("index", ["2", "-1"])
def test_slot_index_outside_the_slots_is_a_located_error(index):
    with pytest.raises(SimError, match=rf"^-:\d+:\d+: slot index {index} is outside the 2 "
                                       "slots of the multi-buffered tile"):
        run_kernel(slot_get(index), [out()])


def test_a_pair_pushes_the_slot_in_use():
    """Each message is the block loaded into that iteration's slot, and the
    slots cost nothing: the run takes as long as with one tile buffer."""
    single = MULTI_PAIR.replace(
        "%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<mat, 16x16xf32>, "
        "count = 3>", "%t = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32>").replace(
        "      %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<mat, "
        "16x16xf32>, count = 3> -> !pto.tile_buf<mat, 16x16xf32>\n", "")
    assert "multi_tile" not in single
    runs = []
    for text in (MULTI_PAIR, single):
        with pto.make_context():
            module = ir.Module.parse(text)
            pair = find_pair(module)
            inputs = make_inputs(module, pair, seed=5)
            source = inputs["cube"][0].base.copy()
            runs.append(run_pair(module, pair, inputs, cost=CostModel()))
    messages = runs[0].messages("C2V")
    assert len(messages) == 4
    for i, message in enumerate(messages):
        np.testing.assert_array_equal(message, source.reshape(64, 16)[16 * i:16 * i + 16])
    assert runs[0].total == runs[1].total > 0
