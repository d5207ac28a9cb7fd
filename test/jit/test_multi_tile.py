# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Multi-buffered tiles (alloc_multi_tile, multi_tile_get) under the JIT:
the interpreter's cases (test/sim/test_multi_tile.py) with the kernel also
compiled by the JIT and both executors' global memories compared, its pair
under `pto-sim check --jit`'s verdict, and the JIT's own run-time check of
a slot index."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import numpy as np
import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir.jit import JitError
from skew_mlir.jit.differential import jit_check
from skew_mlir.sim.loading import apply_pipeline, clone

HERE = pathlib.Path(__file__).parent


def _load(name: str, path: pathlib.Path, **modules):
    """The test module at `path`, its imports of `modules` satisfied."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    saved = {key: sys.modules.get(key) for key in modules}
    sys.modules.update(modules)
    try:
        spec.loader.exec_module(module)
    finally:
        for key, value in saved.items():
            if value is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = value
    return module


jit_tiles = _load("jit_tile_ops", HERE / "test_tile_ops.py")
multi_cases = _load("sim_multi_tile", HERE.parent / "sim" / "test_multi_tile.py",
                    test_tile_ops=jit_tiles.sim_cases)
MULTI, T = multi_cases.MULTI, multi_cases.T


@pytest.mark.parametrize("test,args", [
    (multi_cases.test_each_slot_keeps_what_was_written_through_it, (alloc,))
    for alloc in (f"  %mb = pto.alloc_multi_tile : {MULTI}",
                  f"  %a = arith.constant 4096 : i64\n"
                  f"  %mb = pto.alloc_multi_tile addr = %a : {MULTI}")
] + [(multi_cases.test_slots_at_an_address_lie_one_slot_size_apart, ())])
def test_interpreter_case_under_the_jit(monkeypatch, test, args):
    monkeypatch.setattr(multi_cases, "run_kernel", jit_tiles.run_both)
    test(*args)


def test_valid_shape_is_per_slot():
    """set_validshape through one get of slot 2 is seen by a later get of
    it (a read of 16 rows then fails at the op), not by slot 1."""
    dyn = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"
    multi = f"!pto.multi_tile_buf<{dyn}, count = 3>"
    view, load, store = jit_tiles.view, jit_tiles.load, jit_tiles.store
    body = "\n".join([
        "  %c2 = arith.constant 2 : index",
        "  %c8 = arith.constant 8 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        f"  %mb = pto.alloc_multi_tile valid_row = %c16 valid_col = %c32 : {multi}",
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %first = pto.multi_tile_get %mb[%c2] : {multi} -> {dyn}",
        f"  pto.set_validshape %first, %c8, %c32 : {dyn}",
        f"  %again = pto.multi_tile_get %mb[%c2] : {multi} -> {dyn}",
        f"  %other = pto.multi_tile_get %mb[%c1] : {multi} -> {dyn}",
        f"  pto.tmov ins(%x : {T}) outs(%again : {dyn})",
        f"  pto.tmov ins(%x : {T}) outs(%other : {dyn})",
        view("g1", "z", 16, 32, "f32", T),
        f"  pto.tmov ins(%other : {dyn}) outs(%z : {T})",
        store("z", 16, 32, "f32", T)])
    x = jit_tiles.rand()
    z = jit_tiles.run_both(body, [x, np.zeros((16, 32), np.float32)])[1]
    np.testing.assert_array_equal(z, x)
    reads_slot_2 = body + "\n" + "\n".join([
        view("g2", "y", 16, 32, "f32", T), f"  pto.tmov ins(%again : {dyn}) outs(%y : {T})"])
    with pytest.raises(JitError, match=r"'pto.tmov' at -:\d+:\d+: reads a tile whose valid "
                                       r"shape is smaller"):
        jit_tiles.run_jit(reads_slot_2, [x, np.zeros((16, 32), np.float32),
                                         np.zeros((16, 32), np.float32)])


@pytest.mark.parametrize("index", ["2", "-1"])
def test_slot_index_outside_the_slots_ends_the_run_at_the_get(index):
    body = "\n".join([
        f"  %mb = pto.alloc_multi_tile : {MULTI}",
        f"  %n = arith.constant {index} : index",
        "  %k = arith.addi %n, %c0 : index",
        f"  %s = pto.multi_tile_get %mb[%k] : {MULTI} -> {T}"])
    with pytest.raises(JitError, match=r"'pto.multi_tile_get' at -:\d+:\d+: the slot index "
                                       r"is outside the 2 slots of the multi-buffered tile"):
        jit_tiles.run_jit(body, [np.zeros((16, 32), np.float32)])


def test_a_pair_pushing_the_slot_in_use_checks_under_the_jit():
    with pto.make_context():
        before = ir.Module.parse(multi_cases.PAIR)
        after = clone(before)
        apply_pipeline(after, "builtin.module(pto-skew-cross-core)")
        report = jit_check(before, after)
    assert report.ok, report.verdict + "\n" + report.details
    assert report.verdict.startswith("PASS (jit)")
