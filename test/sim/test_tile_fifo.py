# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Tile-buffer messages in pto-sim: split halves carry their part of the
valid region, an empty half pushed back unsplit is no mismatch, split
halves pushed back join into the cube's valid region."""

from __future__ import annotations

import os

import numpy as np
import pytest
from mlir import ir
from mlir.passmanager import PassManager

from skew_mlir import dialect as pto
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.scheduler import run_pair
from skew_mlir.op_costs import CostModel

INPUTS = os.path.join(os.path.dirname(__file__), "Inputs")


def run(text: str):
    with pto.make_context():
        module = ir.Module.parse(text)
        pair = find_pair(module)
        inputs = make_inputs(module, pair, seed=3)
        source = inputs["cube"][0].base.copy()
        result = run_pair(module, pair, inputs, cost=CostModel())
        return source, result


def split_valid_pair() -> str:
    with open(os.path.join(INPUTS, "tile_split_valid.mlir"), encoding="utf-8") as f:
        return f.read()


def test_empty_half_is_no_mismatch():
    source, result = run(split_valid_pair())
    c2v, = result.messages("C2V")
    v2c, = result.messages("V2C")
    rows = source.reshape(32, 16)[:16]
    np.testing.assert_array_equal(c2v, rows)  # the valid region of the pushed tile
    np.testing.assert_array_equal(v2c, rows)  # sub-block 0's; sub-block 1's is empty
    np.testing.assert_array_equal(result.outputs["cube"][1].reshape(16, 16), rows)


def test_two_meaningful_halves_pushed_unsplit_differ():
    # The whole tile valid: both sub-blocks pop (and push back) 16 real rows.
    text = split_valid_pair().replace("pto.set_validshape %tile, %c16, %c16",
                                      "pto.set_validshape %tile, %c32, %c16")
    with pytest.raises(SimError, match="the vector sub-blocks push different tiles"):
        run(text)


LEFT_RIGHT = """
module {
  func.func @cube(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %v = pto.make_tensor_view %in, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf32, valid=?x?>
    pto.tload ins(%w : !pto.partition_tensor_view<16x32xf32>) outs(%t : !pto.tile_buf<mat, 16x32xf32, valid=?x?>)
    pto.set_validshape %t, %c16, %c24 : !pto.tile_buf<mat, 16x32xf32, valid=?x?>
    pto.tpush_to_aiv(%t : !pto.tile_buf<mat, 16x32xf32, valid=?x?>) {split = 2}
    %back = pto.tpop_from_aiv {split = 2} -> !pto.tile_buf<mat, 16x32xf32, valid=?x?>
    %o = pto.make_tensor_view %out, shape = [%c16, %c24], strides = [%c24, %c1] : !pto.tensor_view<?x?xf32>
    %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c16, %c24] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x24xf32>
    pto.tstore ins(%back : !pto.tile_buf<mat, 16x32xf32, valid=?x?>) outs(%ow : !pto.partition_tensor_view<16x24xf32>)
    pto.tfree_from_aiv {split = 2}
    return
  }
  func.func @vector(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %h = pto.tpop_from_aic {split = 2} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    pto.tneg ins(%h : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=?x?>)
    pto.tpush_to_aic(%d : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 2}
    pto.tfree_from_aic {split = 2}
    return
  }
}
"""


def test_left_right_halves_split_and_join_the_valid_region():
    """Valid columns 24 of 32: sub-block 0 pops 16 valid columns, sub-block
    1 pops 8, so negating into a whole 16x16 tile reads beyond them there."""
    with pytest.raises(SimError, match="valid shape is 16x8 over the 16x16 valid region"):
        run(LEFT_RIGHT)
    # Negating in place keeps each half's valid shape; the halves join into
    # the cube's 16x24 valid region.
    text = LEFT_RIGHT.replace(
        "pto.tneg ins(%h : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%d ",
        "pto.tneg ins(%h : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) outs(%h ").replace(
        "pto.tpush_to_aic(%d ", "pto.tpush_to_aic(%h ")
    source, result = run(text)
    expected = -source.reshape(16, 32)[:, :24]
    back, = result.messages("V2C")
    np.testing.assert_array_equal(back, expected)
    np.testing.assert_array_equal(result.outputs["cube"][1].reshape(16, 24), expected)


ENTRY = """
  func.func @entry(%in: !pto.ptr<f32>, %out: !pto.ptr<f32>, %slots: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @cube(%in, %out, %slots) : (!pto.ptr<f32>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
    func.call @vector(%in, %out, %slots) : (!pto.ptr<f32>, !pto.ptr<f32>, !pto.ptr<f32>) -> ()
    return
  }
"""


def test_kernels_called_from_an_entry_function():
    """As PTOAS's samples write them: a pto.entry function calls the two
    kernels (private functions marked by pto.kernel_kind); the pair is
    found and runs as without it, and pto-verify-fifo verifies it."""
    text = split_valid_pair().replace("module {", "module {" + ENTRY, 1).replace(
        "func.func @cube(", "func.func private @cube(").replace(
        "func.func @vector(", "func.func private @vector(")
    source, result = run(text)
    np.testing.assert_array_equal(result.outputs["cube"][1].reshape(16, 16),
                                  source.reshape(32, 16)[:16])
    with pto.make_context() as context:
        module = ir.Module.parse(text)
        remarks = []
        context.attach_diagnostic_handler(lambda d: remarks.append(str(d.message)) or True)
        PassManager.parse("builtin.module(pto-verify-fifo{remarks=true})").run(module.operation)
    assert any("FIFO verified for @cube / @vector" in r for r in remarks), remarks


def test_a_popped_whole_tile_seen_through_treshape_with_its_logical_valid_shape():
    """pypto's pop of a whole tile, narrowed by pto.treshape: the vector
    kernel stores the first 4 rows of the tile the cube pushed."""
    with open(os.path.join(INPUTS, "pypto_tpop_treshape.mlir"), encoding="utf-8") as f:
        source, result = run(f.read())
    np.testing.assert_array_equal(result.outputs["cube"][1].reshape(4, 8),
                                  source.reshape(16, 8)[:4])
