# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The JIT's tile-IR lowering (skew_mlir.jit.tile_ir), op by op.

Every successful case of the interpreter's tile-op tests
(test/sim/test_tile_ops.py: unary, binary and scalar ops, f16 / bf16 / i32,
row reductions, row and column broadcasts, tcvt's round modes, valid shapes
and tfillpad, strided windows, tmov / textract / tmatmul / tmatmul.acc on
aliasing tiles) runs again with its kernel compiled by the JIT: the JIT's
global memories must agree with the interpreter's within the executors'
tolerance (compare.py), bitwise for the conversions and for the ops of
pypto's kernels (trelu, taddc, trem / trems, taxpy, tcolsum / tcolmax /
tcolmin, trowexpand, tgather, tgetval, tdiv / tdivs in both operand
orders), for the sums both add in loop order (the row reductions,
tmatmul) and for the signed zeros of maxima and minima, and the case's
own expectations (numpy) then hold for them. The JIT's own cases follow:
ops the interpreter's tests do not reach (tconcat, subview, scalars in
global memory, addptr), what it refuses (a located error naming the op)
and its run-time checks (a located error from the child process, never a
wrong answer).
"""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np
import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir import jit
from skew_mlir.jit import JitError, JitUnsupported
from skew_mlir.jit.compare import same_bits, within_tolerance
from skew_mlir.jit.engine import execute
from skew_mlir.sim.kernels import find_pair
from skew_mlir.sim.scheduler import simulate
from skew_mlir.sim.tiles import GlobalPtr

from skew_testing.tile_kernels import NAMES, T, load, rand, store, view

HERE = pathlib.Path(__file__).parent
_spec = importlib.util.spec_from_file_location("sim_tile_ops", HERE.parent / "sim" /
                                               "test_tile_ops.py")
sim_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sim_cases)


def pair_text(body: str, arrays: list[np.ndarray], kind: str, functions: str = "") -> str:
    """`body` as the kernel of `kind` of a pair whose peer does nothing; both
    get the global memories %g0, %g1, ... of `arrays`; `functions` (text)
    beside them."""
    params = ", ".join(f"%g{i}: !pto.ptr<{NAMES[a.dtype]}>" for i, a in enumerate(arrays))
    peer = "vector" if kind == "cube" else "cube"
    return f"""
func.func @k({params}) attributes {{pto.kernel_kind = #pto.kernel_kind<{kind}>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
{body}
  return
}}
func.func @peer({params}) attributes {{pto.kernel_kind = #pto.kernel_kind<{peer}>}} {{
  return
}}
{functions}"""


def memories(arrays: list[np.ndarray]) -> list[GlobalPtr]:
    return [GlobalPtr(np.array(a).reshape(-1)) for a in arrays]


def run_both(body: str, arrays: list[np.ndarray], kind: str = "vector",
             same=within_tolerance, functions: str = "") -> list[np.ndarray]:
    """Runs the kernel under the JIT (in this process) and the interpreter;
    asserts that every global memory agrees (`same`: within tolerance, or
    bitwise) and returns the interpreter's."""
    peer = "vector" if kind == "cube" else "cube"
    with pto.make_context():
        module = ir.Module.parse(pair_text(body, arrays, kind, functions))
        pair = find_pair(module)
        given = memories(arrays)
        compiled = execute(module, pair, {kind: given, peer: given})
        interpreted = memories(arrays)
        simulate(module, inputs={kind: interpreted, peer: interpreted})
    jit_memories = compiled.outputs["cube"]
    assert len(jit_memories) == len(arrays)
    for i, (x, y) in enumerate(zip(jit_memories, interpreted)):
        assert same(x, y.base), (i, x, y.base)
    return [m.base.reshape(a.shape) for m, a in zip(interpreted, arrays)]


def run_jit(body: str, arrays: list[np.ndarray], kind: str = "vector", functions: str = ""):
    """The JIT's run in its child process (for runs that fail)."""
    peer = "vector" if kind == "cube" else "cube"
    with pto.make_context():
        module = ir.Module.parse(pair_text(body, arrays, kind, functions))
        given = memories(arrays)
        return jit.run(module, find_pair(module), {kind: given, peer: given}, timeout=120)


# The interpreter's cases whose kernels run to completion.
SIM_CASES = [
    (sim_cases.test_unary, "op,fn,positive"), (sim_cases.test_binary, "op,fn"),
    (sim_cases.test_dtypes, "dtype"), (sim_cases.test_texpands, None),
    (sim_cases.test_row_and_column_broadcasts, "name,fn"),
    (sim_cases.test_tcvt_to_integer, "mode,fn"),
    (sim_cases.test_valid_shapes_and_fillpad, None),
    (sim_cases.test_strided_views_and_windows, None),
    (sim_cases.test_cube_ops_and_aliasing_tiles, None),
    (sim_cases.test_trsqrt_with_a_scratch_tile_rounds_half_types_once, None),
    (sim_cases.test_ttrans_writes_the_transpose_over_the_valid_region, None),
    (sim_cases.test_tci_and_tsetval_in_storage_order, None),
    (sim_cases.test_windows_with_leading_unit_dimensions, None),
    (sim_cases.test_windows_of_several_leading_dimensions_load_and_store_row_after_row, None),
    (sim_cases.test_an_empty_destination_region_is_a_no_op, "op,ins,types"),
]


def _params(test, names):
    if names is None:
        return [()]
    for mark in test.pytestmark:
        if mark.name == "parametrize":
            return [p if isinstance(p, tuple) else (p,) for p in mark.args[1]]
    raise AssertionError(test)


@pytest.mark.parametrize("test,args", [
    pytest.param(test, args, id=f"{test.__name__}-{i}")
    for test, names in SIM_CASES for i, args in enumerate(_params(test, names))])
def test_interpreter_case_under_the_jit(monkeypatch, test, args):
    monkeypatch.setattr(sim_cases, "run_kernel", run_both)
    test(*args)


# The interpreter's cases the JIT must reproduce bit for bit: conversions,
# the ops of pypto's kernels that each executor models on its own
# (trelu, taddc, trem / trems, taxpy, column reductions, trowexpand,
# tgather, tgetval, tdiv / tdivs; their located errors: the run-time checks
# below), the sums both add in loop order (row reductions, tmatmul) and
# the signed zeros of maxima and minima.
BITWISE_CASES = [
    (sim_cases.test_tcvt_to_narrower_floats, None),
    (sim_cases.test_tcvt_round_ties_away_from_zero_to_f16_and_from_i32, None),
    (sim_cases.test_trsqrt_with_a_scratch_tile_rounds_half_types_once, None),
    (sim_cases.test_tci_and_tsetval_in_storage_order, None),
    (sim_cases.test_trelu_and_taddc, "dtype"),
    (sim_cases.test_trem_and_trems_take_the_divisors_sign, "dtype, tmp"),
    (sim_cases.test_trem_of_special_values, "dtype"),
    (sim_cases.test_tdiv_and_tdivs_in_both_operand_orders, "dtype"),
    (sim_cases.test_taxpy_adds_the_scaled_source_to_what_the_destination_holds, "src, dst"),
    (sim_cases.test_column_reductions, "op, dtype, rows, cols, tmp, attrs"),
    (sim_cases.test_row_reductions, "op,fn"),
    (sim_cases.test_row_sums_add_in_order, None),
    (sim_cases.test_max_and_min_order_signed_zeros, None),
    (sim_cases.test_tmatmul_of_fewer_rows_than_the_accumulator, None),
    (sim_cases.test_trowexpand_broadcasts_each_rows_first_element, None),
    (sim_cases.test_tgather_reads_linear_offsets_of_the_source, None),
    (sim_cases.test_tgetval_reads_the_element_at_an_offset_of_the_storage_order, None),
    (sim_cases.test_tfillpad_pad_value_overrides_the_destination_types_pad, "pad,fill"),
    (sim_cases.test_treshape_gives_the_same_tile_its_result_types_valid_shape, None),
]


@pytest.mark.parametrize("test,args", [
    pytest.param(test, args, id=f"{test.__name__}-{i}")
    for test, names in BITWISE_CASES for i, args in enumerate(_params(test, names))])
def test_interpreter_case_under_the_jit_bitwise(monkeypatch, test, args):
    monkeypatch.setattr(sim_cases, "run_kernel", bitwise)
    test(*args)


def bitwise(body: str, arrays: list[np.ndarray], kind: str = "vector") -> list[np.ndarray]:
    return run_both(body, arrays, kind, same_bits)


def test_narrowing_conversions_round_to_nearest_even(monkeypatch):
    monkeypatch.setattr(sim_cases, "run_kernel", bitwise)
    x = rand()
    x[0, :2] = [1.00390625, -1.00390625]  # halfway between two bf16 values
    bf16 = sim_cases._cvt(x, "RINT", "bf16")
    f16 = sim_cases._cvt(x, "RINT", "f16")
    np.testing.assert_array_equal(bf16, x.astype(sim_cases.BF16))
    np.testing.assert_array_equal(f16, x.astype(np.float16))
    assert bf16[0, 0] == 1.0 and bf16[0, 1] == -1.0


# --- the JIT's own cases -------------------------------------------------------

HALF = "!pto.tile_buf<vec, 16x16xf32>"


def test_tconcat_subview_and_scalars_in_global_memory():
    """tconcat of two 16x16 halves; a subview of its second row; a scalar
    read with load_scalar behind addptr and written with store_scalar."""
    a, b = rand((16, 16)), rand((16, 16))
    s = np.array([0.0, 0.0, 0.0, 4.5], np.float32)
    body = "\n".join([
        view("g0", "a", 16, 16, "f32", HALF), load("a", 16, 16, "f32", HALF),
        view("g1", "b", 16, 16, "f32", HALF), load("b", 16, 16, "f32", HALF),
        view("g2", "y", 16, 32, "f32", T),
        f"  pto.tconcat ins(%a, %b : {HALF}, {HALF}) outs(%y : {T})",
        store("y", 16, 32, "f32", T),
        "  %row = pto.subview %y[%c1, %c0] sizes [1, 32] : " + T
        + " -> !pto.tile_buf<vec, 1x32xf32>",
        view("g3", "r", 1, 32, "f32", "!pto.tile_buf<vec, 1x32xf32>"),
        "  pto.tmov ins(%row : !pto.tile_buf<vec, 1x32xf32>) outs(%r : "
        "!pto.tile_buf<vec, 1x32xf32>)",
        store("r", 1, 32, "f32", "!pto.tile_buf<vec, 1x32xf32>"),
        "  %c2 = arith.constant 2 : index",
        "  %p = pto.addptr %g4, %c1 : !pto.ptr<f32> -> !pto.ptr<f32>",
        "  %v = pto.load_scalar %p[%c2] : !pto.ptr<f32> -> f32",
        "  pto.store_scalar %v, %g4[%c0] : !pto.ptr<f32>, f32"])
    arrays = [a, b, np.zeros((16, 32), np.float32), np.zeros((1, 32), np.float32), s]
    *_, y, r, out = run_both(body, arrays)
    np.testing.assert_array_equal(y, np.concatenate([a, b], axis=1))
    np.testing.assert_array_equal(r[0], y[1])
    assert out[0] == np.float32(4.5)


@pytest.mark.parametrize("mode", ["ROUND", "TRUNC", "FLOOR", "CEIL", "ODD"])
def test_f32_to_bf16_in_every_round_mode(monkeypatch, mode):
    """Values halfway between, just above and just below two bf16 values,
    of both signs, exact ones, infinities and NaN."""
    monkeypatch.setattr(sim_cases, "run_kernel", bitwise)
    x = rand()
    row = [1.00390625, 1.0039063, 1.0039062, 1.0, np.inf, np.nan, 3e38, 1e-40]
    x[0, :8], x[1, :8] = row, [-v for v in row]
    assert sim_cases._cvt(x, mode, "bf16").dtype == sim_cases.BF16  # bitwise as the interpreter's


@pytest.mark.parametrize("mode", ["CEIL", "FLOOR", "ODD"])
def test_a_rounding_mode_the_jit_does_not_lower_is_refused_at_the_op(mode):
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        view("g1", "y", 16, 32, "f16", "!pto.tile_buf<vec, 16x32xf16>"),
        f"  pto.tcvt ins(%x {{rmode = #pto<round_mode {mode}>}} : {T}) outs(%y : "
        "!pto.tile_buf<vec, 16x32xf16>)"])
    arrays = [rand(), np.zeros((16, 32), np.float16)]
    with pytest.raises(JitUnsupported, match=rf"^-:\d+:\d+: 'pto.tcvt': round mode "
                                             rf"{mode} from f32 to f16"):
        run_jit(body, arrays)


def test_tci_into_a_tile_of_another_type_is_refused_at_the_op():
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'pto.tci': a i32 start into a "
                                             r"tile of f32"):
        run_jit(sim_cases.TCI_INTO_F32, [rand()])


def test_a_treshape_to_another_shape_is_refused_at_the_op():
    """The interpreter reinterprets the bytes; the JIT lowers a treshape
    that keeps the tile's shape, element type and layout only."""
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'pto.treshape': reinterpreting "
                                             r"a 16x32 tile of f32 \(row_major\) as a 32x16 "
                                             r"tile of f32 \(row_major\) is not lowered"):
        run_jit(sim_cases.TRESHAPE_TO_32X16, [rand(), np.zeros((32, 16), np.float32)])


def test_a_binary_tree_column_sum_is_refused_at_the_op():
    """tcolsum's isBinary = true sums in pto-isa's tree order, which neither
    executor models."""
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %r = pto.alloc_tile : {sim_cases.ROW}",
        f"  pto.tcolsum ins(%x, %x : {T}, {T}) outs(%r : {sim_cases.ROW}) {{isBinary = true}}"])
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'pto.tcolsum': isBinary = true: "
                                             r"its binary-tree summation order is not lowered"):
        run_jit(body, [rand()])


def test_tgather_forms_and_tcvt_saturation_not_lowered_are_refused_at_the_op():
    gather = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %y = pto.alloc_tile : {T}",
        f"  pto.tgather ins(%x, {{maskPattern = #pto.mask_pattern<P1010>}} : {T}) "
        f"outs(%y : {T})"])
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'pto.tgather': the mask-pattern "
                                             r"form is not lowered"):
        run_jit(gather, [rand()])
    cvt = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi32>",
        f"  pto.tcvt ins(%x {{satmode = #pto<saturation_mode ON>}} : {T}) "
        "outs(%y : !pto.tile_buf<vec, 16x32xi32>)"])
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'pto.tcvt': saturation \(satmode "
                                             r"ON\) is not lowered"):
        run_jit(cvt, [rand()])


def test_an_op_the_jit_cannot_lower_is_refused_at_the_op():
    body = "  pto.sync.set <PIPE_MTE3>, 2"
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'pto.sync.set': the JIT "
                                             r"executor cannot lower it"):
        run_jit(body, [np.zeros(4, np.float32)])


DYN_COL = "!pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=?x?>"
IDX_ROW = "!pto.tile_buf<vec, 1x32xi32>"
# A gather of 32 consecutive elements of %x from `start`, `valid` first.
GATHER = "\n".join([
    "  %c8 = arith.constant 8 : index",
    "{valid}  %start = arith.constant {start} : i32",
    f"  %i = pto.alloc_tile : {IDX_ROW}",
    f"  pto.tci ins(%start : i32) outs(%i : {IDX_ROW})",
    "  %g = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>",
    f"  pto.tgather ins(%x, %i : {T}, {IDX_ROW}) outs(%g : !pto.tile_buf<vec, 1x32xf32>)"])


@pytest.mark.parametrize("case,message", [
    # A window beyond the view, a view beyond its global memory.
    ("  %c9 = arith.constant 9 : index\n"
     "  %bad = pto.partition_view %x_v, offsets = [%c9, %c0], sizes = [%x_r, %x_c] : "
     "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>",
     "the window's offsets and sizes exceed the view's shape"),
    ("  %c64 = arith.constant 64 : index\n"
     "  %big = pto.make_tensor_view %g0, shape = [%c64, %x_c], strides = [%x_c, %c1] : "
     "!pto.tensor_view<?x?xf32>\n"
     "  %c48 = arith.constant 48 : index\n"
     "  %far = pto.partition_view %big, offsets = [%c48, %c0], sizes = [%x_r, %x_c] : "
     "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>\n"
     f"  pto.tload ins(%far : !pto.partition_tensor_view<16x32xf32>) outs(%x : {T})",
     "the window \\(its offset, sizes and strides\\) reaches outside its global memory"),
    # A read over more than the source's valid region.
    ("  %c8 = arith.constant 8 : index\n"
     f"  pto.set_validshape %x, %c8, %c8 : {T}\n"
     f"  %y = pto.alloc_tile : {T}\n"
     f"  pto.texp ins(%x : {T}) outs(%y : {T})",
     "reads a tile whose valid shape is smaller than the valid region"),
    # A store whose window is not the tile's valid shape.
    ("  %c8 = arith.constant 8 : index\n"
     f"  pto.set_validshape %x, %c8, %c8 : {T}\n"
     f"  pto.tstore ins(%x : {T}) outs(%x_w : !pto.partition_tensor_view<16x32xf32>)",
     "stores a window whose shape is not the tile's valid shape"),
    # A window of more rows (2x16: the leading dimensions) than the tile.
    ("  %c2 = arith.constant 2 : index\n"
     "  %c16 = arith.constant 16 : index\n"
     "  %v3 = pto.make_tensor_view %g0, shape = [%c2, %c16, %x_c], strides = [%c0, %x_c, %c1]"
     " : !pto.tensor_view<?x?x?xf32>\n"
     "  %w3 = pto.partition_view %v3, offsets = [%c0, %c0, %c0], sizes = [%c1, %c16, %x_c] : "
     "!pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<?x16x32xf32>\n"
     f"  pto.tload ins(%w3 : !pto.partition_tensor_view<?x16x32xf32>) outs(%x : {T})\n"
     "  %bad = pto.partition_view %v3, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, %x_c] : "
     "!pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<?x16x32xf32>\n"
     f"  pto.tstore ins(%x : {T}) outs(%bad : !pto.partition_tensor_view<?x16x32xf32>)",
     "stores a window whose shape is not the tile's valid shape"),
    # A transpose reading beyond its source's valid shape.
    ("  %c8 = arith.constant 8 : index\n"
     f"  pto.set_validshape %x, %c8, %c8 : {T}\n"
     "  %y = pto.alloc_tile : !pto.tile_buf<vec, 32x16xf32>\n"
     f"  pto.ttrans ins(%x, %x : {T}, {T}) outs(%y : !pto.tile_buf<vec, 32x16xf32>)",
     "transposes a tile whose valid shape is smaller"),
    # An element beyond the tile.
    ("  %c512 = arith.constant 512 : index\n"
     "  %one = arith.constant 1.0 : f32\n"
     f"  pto.tsetval ins(%c512, %one : index, f32) outs(%x : {T})",
     "the element is outside the 16x32 tile"),
    # A product of more rows than the result tile has.
    ("  %l = pto.alloc_tile : !pto.tile_buf<left, 32x16xf32, slayout=row_major>\n"
     "  %r = pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>\n"
     "  %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, "
     "slayout=row_major, fractal=1024>\n"
     "  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 32x16xf32, slayout=row_major>, "
     "!pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%a : !pto.tile_buf<acc, "
     "16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)",
     "do not make a product the result tile holds"),
    # A tile placed beyond its local memory.
    ("  %far = arith.constant 300000 : i64\n"
     f"  %t = pto.alloc_tile addr = %far : {T}",
     "beyond the 262144 bytes the JIT gives 'vec'"),
    # A gather index beyond its 512-element source (500, 501, ...), and one
    # naming an element beyond the source's 8 valid rows (element 256).
    (GATHER.format(start=500, valid=""), "the element is outside the 16x32 tile"),
    (GATHER.format(start=250, valid=f"  pto.set_validshape %x, %c8, %c8 : {T}\n"),
     "reads an element outside the valid shape of the tile"),
    # tgetval beyond the tile, and beyond its 8x8 valid region.
    (f"  %k = arith.constant 512 : index\n  %v = pto.tgetval ins(%x, %k : {T}, index) outs : f32",
     "the element is outside the 16x32 tile"),
    ("  %c8 = arith.constant 8 : index\n"
     f"  pto.set_validshape %x, %c8, %c8 : {T}\n"
     "  %k = arith.constant 40 : index\n"
     f"  %v = pto.tgetval ins(%x, %k : {T}, index) outs : f32\n"
     "  pto.store_scalar %v, %g0[%c0] : !pto.ptr<f32>, f32",
     "reads an element outside the valid shape of the tile"),
    # An integer division by the zero a tile holds (0 / 0 at element 0).
    ("  %zero = arith.constant 0 : i32\n"
     f"  %i = pto.alloc_tile : {IDX_ROW}\n"
     f"  pto.tci ins(%zero : i32) outs(%i : {IDX_ROW})\n"
     f"  %q = pto.alloc_tile : {IDX_ROW}\n"
     f"  pto.tdivs ins(%zero, %i : i32, {IDX_ROW}) outs(%q : {IDX_ROW})",
     "integer division by zero"),
    # A column reduction into two rows.
    ("  %r = pto.alloc_tile : !pto.tile_buf<vec, 2x32xf32>\n"
     f"  pto.tcolmax ins(%x : {T}) outs(%r : !pto.tile_buf<vec, 2x32xf32>)",
     "reduces the columns of a tile into one whose valid shape is not \\(1 x columns\\)"),
    # A row broadcast of a column of 8 valid rows over 16.
    ("  %c8 = arith.constant 8 : index\n"
     f"  %col = pto.alloc_tile valid_row = %c8 valid_col = %c1 : {DYN_COL}\n"
     f"  pto.trowexpand ins(%col : {DYN_COL}) outs(%x : {T})",
     "broadcasts a column tile whose valid rows are fewer than the rows written"),
])
def test_run_time_checks_end_the_run_at_the_op(case, message):
    body = "\n".join([view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T), case])
    with pytest.raises(JitError, match=r"-:\d+:\d+: .*" + message):
        run_jit(body, [rand()])


def test_a_view_reaching_past_its_memory_is_fine_while_its_windows_fit():
    """As in the interpreter: a view is checked where a window of it is
    loaded or stored, not where it is made."""
    x = rand()
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T),
        "  %c64 = arith.constant 64 : index",
        "  %big = pto.make_tensor_view %g0, shape = [%c64, %x_c], strides = [%x_c, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        "  %near = pto.partition_view %big, offsets = [%c0, %c0], sizes = [%x_r, %x_c] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>",
        f"  pto.tload ins(%near : !pto.partition_tensor_view<16x32xf32>) outs(%x : {T})",
        view("g1", "y", 16, 32, "f32", T),
        f"  pto.tneg ins(%x : {T}) outs(%y : {T})",
        store("y", 16, 32, "f32", T)])
    _, y = run_both(body, [x, np.zeros((16, 32), np.float32)])
    np.testing.assert_array_equal(y, -x)
