# RUN: %python -m pytest -q -p no:cacheprovider %s
"""pto-sim's tile ops against numpy: each op in a kernel of its own that
loads tiles from global memory, runs the op and stores the result."""

from __future__ import annotations

import numpy as np
import pytest

from skew_mlir import dialect as pto
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.scheduler import simulate
from skew_mlir.sim.tiles import GlobalPtr
from mlir import ir
from skew_testing.tile_kernels import BF16, COL, NAMES, ROW, T, load, rand, store, view


def run_kernel(body: str, arrays: list[np.ndarray], kind: str = "vector") -> list[np.ndarray]:
    """Runs `body` as a lone kernel whose arguments %g0, %g1, ... point to
    copies of `arrays` (flat global memories); returns them afterwards."""
    params = ", ".join(f"%g{i}: !pto.ptr<{NAMES[a.dtype]}>" for i, a in enumerate(arrays))
    text = f"""
func.func @k({params}) attributes {{pto.kernel_kind = #pto.kernel_kind<{kind}>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
{body}
  return
}}"""
    memories = [GlobalPtr(np.array(a).reshape(-1)) for a in arrays]
    with pto.make_context():
        module = ir.Module.parse(text)
        simulate(module, inputs={kind: memories})
    return [m.base.reshape(a.shape) for m, a in zip(memories, arrays)]


def elementwise(op: str, arrays, tile=T, dtype="f32", scalar=None, out_dtype=np.float32,
                tmp=False, scalar_first=False):
    """`op` on tiles loaded from `arrays` (16x32), and a scalar when given
    (before them when `scalar_first`), then a scratch tile when `tmp`."""
    n_in, rows, cols = len(arrays), 16, 32
    body = []
    for i in range(n_in):
        body += [view(f"g{i}", f"x{i}", rows, cols, dtype, tile), load(f"x{i}", rows, cols, dtype, tile)]
    body.append(view(f"g{n_in}", "y", rows, cols, dtype, tile))
    ins, types = [f"%x{i}" for i in range(n_in)], [tile] * n_in
    if scalar is not None:
        body.append(f"  %s = arith.constant {scalar} : {dtype}")
        ins, types = ((["%s"] + ins, [dtype] + types) if scalar_first
                      else (ins + ["%s"], types + [dtype]))
    if tmp:
        body.append(f"  %tmp = pto.alloc_tile : {tile}")
        ins, types = ins + ["%tmp"], types + [tile]
    body.append(f"  pto.{op} ins({', '.join(ins)} : {', '.join(types)}) outs(%y : {tile})")
    body.append(store("y", rows, cols, dtype, tile))
    out = np.zeros((rows, cols), arrays[0].dtype if arrays else out_dtype)
    return run_kernel("\n".join(body), [*arrays, out])[-1]


@pytest.mark.parametrize("op,fn,positive", [
    ("texp", np.exp, False), ("tlog", np.log, True), ("tsqrt", np.sqrt, True),
    ("trecip", np.reciprocal, True), ("trsqrt", lambda v: 1 / np.sqrt(v), True),
    ("tneg", np.negative, False), ("tabs", np.abs, False)])
def test_unary(op, fn, positive):
    x = rand(low=0.5 if positive else -2.0)
    np.testing.assert_array_equal(elementwise(op, [x]), fn(x))


@pytest.mark.parametrize("op,fn", [("tadd", np.add), ("tsub", np.subtract),
                                   ("tmul", np.multiply), ("tdiv", np.divide),
                                   ("tmax", np.maximum), ("tmin", np.minimum)])
def test_binary(op, fn):
    a, b = rand(), rand(low=0.5)
    np.testing.assert_array_equal(elementwise(op, [a, b]), fn(a, b))
    s = np.float32(0.75)
    np.testing.assert_array_equal(elementwise(op + "s", [a], scalar="0.75"), fn(a, s))


@pytest.mark.parametrize("dtype", [np.float16, BF16, np.int32])
def test_dtypes(dtype):
    name = NAMES[np.dtype(dtype)]
    tile = f"!pto.tile_buf<vec, 16x32x{name}>"
    a = rand(dtype=np.float32, low=0, high=8).astype(dtype)
    b = rand(dtype=np.float32, low=0, high=8).astype(dtype)
    out = elementwise("tadd", [a, b], tile=tile, dtype=name)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(out, a + b)


def test_texpands():
    out = elementwise("texpands", [], scalar="1.5")
    np.testing.assert_array_equal(out, np.full((16, 32), 1.5, np.float32))


def _reduce_kernel(op: str, x: np.ndarray) -> np.ndarray:
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %tmp = pto.alloc_tile : " + T,
        "  %c16 = arith.constant 16 : index",
        "  %yv = pto.make_tensor_view %g1, shape = [%c16, %c1], strides = [%c1, %c16] "
        "{layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>",
        "  %y_w = pto.partition_view %yv, offsets = [%c0, %c0], sizes = [%c16, %c1] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>",
        "  %y = pto.alloc_tile : " + COL,
        f"  pto.{op} ins(%x, %tmp : {T}, {T}) outs(%y : {COL})",
        store("y", 16, 1, "f32", COL)])
    return run_kernel(body, [x, np.zeros(16, np.float32)])[1]


@pytest.mark.parametrize("op,fn", [("trowmax", np.max), ("trowsum", np.sum),
                                   ("trowmin", np.min)])
def test_row_reductions(op, fn):
    x = rand()
    np.testing.assert_allclose(_reduce_kernel(op, x), fn(x, axis=1), rtol=1e-6)


def test_row_sums_add_in_order():
    """trowsum adds a row's elements one after another from 0, as the JIT's
    loop does: 1e8, seven 1s, -1e8, seven 1s sum to 7 so (each 1 is lost
    against 1e8), to another value pairwise (numpy's sum)."""
    x = np.ones((16, 32), np.float32)
    x[:, 0], x[:, 8] = 1e8, -1e8
    x[:, 16:] = 0
    np.testing.assert_array_equal(_reduce_kernel("trowsum", x), np.full(16, 7, np.float32))


@pytest.mark.parametrize("name,fn", [("add", np.add), ("sub", np.subtract),
                                     ("mul", np.multiply), ("div", np.divide)])
def test_row_and_column_broadcasts(name, fn):
    x, col, row = rand(), rand((16,), low=0.5), rand((32,), low=0.5)
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %c16 = arith.constant 16 : index",
        "  %cv = pto.make_tensor_view %g1, shape = [%c16, %c1], strides = [%c1, %c16] "
        "{layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>",
        "  %col_w = pto.partition_view %cv, offsets = [%c0, %c0], sizes = [%c16, %c1] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>",
        "  %col = pto.alloc_tile : " + COL, load("col", 16, 1, "f32", COL),
        view("g2", "row", 1, 32, "f32", ROW), load("row", 1, 32, "f32", ROW),
        view("g3", "a", 16, 32, "f32", T), view("g4", "b", 16, 32, "f32", T),
        view("g5", "e", 16, 32, "f32", T),
        f"  pto.trowexpand{name} ins(%x, %col : {T}, {COL}) outs(%a : {T})",
        f"  pto.tcolexpand{name} ins(%x, %row : {T}, {ROW}) outs(%b : {T})",
        f"  pto.tcolexpand ins(%row : {ROW}) outs(%e : {T})",
        store("a", 16, 32, "f32", T), store("b", 16, 32, "f32", T),
        store("e", 16, 32, "f32", T)])
    zeros = [np.zeros((16, 32), np.float32) for _ in range(3)]
    *_, a, b, e = run_kernel(body, [x, col, row, *zeros])
    np.testing.assert_array_equal(a, fn(x, col[:, None]))
    np.testing.assert_array_equal(b, fn(x, row[None, :]))
    np.testing.assert_array_equal(e, np.broadcast_to(row, (16, 32)))


def _cvt(x: np.ndarray, mode: str, dst: str) -> np.ndarray:
    out_tile = f"!pto.tile_buf<vec, 16x32x{dst}>"
    out = np.zeros((16, 32), {"bf16": BF16, "i32": np.int32, "f16": np.float16}[dst])
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        view("g1", "y", 16, 32, dst, out_tile),
        f"  pto.tcvt ins(%x {{rmode = #pto<round_mode {mode}>}} : {T}) outs(%y : {out_tile})",
        store("y", 16, 32, dst, out_tile)])
    return run_kernel(body, [x, out])[1]


@pytest.mark.parametrize("mode,fn", [
    ("RINT", np.rint), ("ROUND", lambda v: np.trunc(v + np.copysign(0.5, v))),
    ("FLOOR", np.floor), ("CEIL", np.ceil), ("TRUNC", np.trunc)])
def test_tcvt_to_integer(mode, fn):
    x = rand(low=-10, high=10)
    x[0, :4] = [2.5, -2.5, 3.5, -0.5]  # ties tell RINT from ROUND
    np.testing.assert_array_equal(_cvt(x, mode, "i32"), fn(x.astype(np.float64)).astype(np.int32))


def test_tcvt_to_narrower_floats():
    x = rand()
    np.testing.assert_array_equal(_cvt(x, "RINT", "bf16"), x.astype(BF16))
    np.testing.assert_array_equal(_cvt(x, "RINT", "f16"), x.astype(np.float16))
    # 1 + 2^-8 lies halfway between two bf16 values: RINT keeps the even
    # one (1.0), ROUND goes away from zero, TRUNC and FLOOR down.
    x[:] = np.float32(1.00390625)
    assert _cvt(x, "RINT", "bf16")[0, 0] == 1.0
    assert _cvt(x, "ROUND", "bf16")[0, 0] == np.float32(1.0078125)
    assert _cvt(-x, "FLOOR", "bf16")[0, 0] == np.float32(-1.0078125)
    assert _cvt(x, "TRUNC", "bf16")[0, 0] == 1.0


def test_tcvt_unmodelled_mode_is_a_located_error():
    with pytest.raises(SimError, match=r"unsupported op 'pto.tcvt': round mode FLOOR "
                                       r"from f32 to f16 is not modelled"):
        _cvt(rand(), "FLOOR", "f16")


@pytest.mark.parametrize("op", ["trowargmax", "tcolargmax"])
def test_op_the_dialect_reads_but_the_simulator_does_not_run(op):
    """An op of PTOAS's kernels the simulator has no model of: a located
    error naming it, not a traceback."""
    with pytest.raises(SimError, match=rf":\d+:\d+: unsupported op 'pto.{op}'"):
        elementwise(op, [rand(low=0.5)])


DYN = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"
PAD_MIN = "!pto.tile_buf<vec, 16x32xf32, pad=3>"


def test_valid_shapes_and_fillpad():
    """A tile with valid shape 8x20 (alloc operands): tfillpad fills the
    rest of the destination with its pad value (-inf for pad=3);
    set_validshape then shrinks what a store writes."""
    x = rand()
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %c8 = arith.constant 8 : index",
        "  %c20 = arith.constant 20 : index",
        f"  %part = pto.alloc_tile valid_row = %c8 valid_col = %c20 : {DYN}",
        f"  pto.tmov ins(%x : {T}) outs(%part : {DYN})",
        view("g1", "y", 16, 32, "f32", PAD_MIN),
        f"  pto.tfillpad ins(%part : {DYN}) outs(%y : {PAD_MIN})",
        store("y", 16, 32, "f32", PAD_MIN),
        f"  pto.set_validshape %x, %c8, %c20 : {T}",
        "  %zv = pto.make_tensor_view %g2, shape = [%c8, %c20], strides = [%c20, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        "  %z_w = pto.partition_view %zv, offsets = [%c0, %c0], sizes = [%c8, %c20] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x20xf32>",
        f"  pto.tstore ins(%x : {T}) outs(%z_w : !pto.partition_tensor_view<8x20xf32>)"])
    _, y, z = run_kernel(body, [x, np.zeros((16, 32), np.float32),
                                np.zeros((8, 20), np.float32)])
    expected = np.full((16, 32), -np.inf, np.float32)
    expected[:8, :20] = x[:8, :20]
    np.testing.assert_array_equal(y, expected)
    np.testing.assert_array_equal(z, x[:8, :20])


@pytest.mark.parametrize("pad,fill", [("zero", 0.0), ("max", np.inf), ("min", -np.inf)])
def test_tfillpad_pad_value_overrides_the_destination_types_pad(pad, fill):
    """tfillpad's padValue attribute (PTOAS) is the fill outside the source's
    valid region, whatever the destination type's pad (here min)."""
    x = rand()
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %c8 = arith.constant 8 : index",
        f"  %part = pto.alloc_tile valid_row = %c8 valid_col = %c8 : {DYN}",
        f"  pto.tmov ins(%x : {T}) outs(%part : {DYN})",
        view("g1", "y", 16, 32, "f32", PAD_MIN),
        f"  pto.tfillpad ins(%part : {DYN}) outs(%y : {PAD_MIN}) "
        f"{{padValue = #pto.pad_value<{pad}>}}",
        store("y", 16, 32, "f32", PAD_MIN)])
    _, y = run_kernel(body, [x, np.zeros((16, 32), np.float32)])
    expected = np.full((16, 32), fill, np.float32)
    expected[:8, :8] = x[:8, :8]
    np.testing.assert_array_equal(y, expected)


def test_reading_outside_a_valid_region_is_a_located_error():
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %c8 = arith.constant 8 : index",
        f"  pto.set_validshape %x, %c8, %c8 : {T}",
        view("g1", "y", 16, 32, "f32", T),
        f"  pto.texp ins(%x : {T}) outs(%y : {T})"])
    with pytest.raises(SimError, match=r"^-:\d+:\d+: reads a tile whose valid "
                                       r"shape is 8x8 over the 16x32 valid region"):
        run_kernel(body, [rand(), np.zeros((16, 32), np.float32)])


EMPTY_COL = "!pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=?x?>"
EMPTY_ROW = "!pto.tile_buf<vec, 1x32xf32, valid=?x?>"
EMPTY_IDX = "!pto.tile_buf<vec, 16x32xi32, valid=?x?>"


@pytest.mark.parametrize("op, ins, types", [
    ("trowmax", "%e", [DYN]),                  # used to ask for a 0x1 destination
    ("trowsum", "%e, %e", [DYN, DYN]),         # with a scratch tile
    ("texp", "%e", [DYN]),
    ("tadd", "%e, %e", [DYN, DYN]),
    ("trowexpandsub", "%e, %c", [DYN, EMPTY_COL]),
    ("tcolexpandadd", "%e, %r", [DYN, EMPTY_ROW]),
    ("tcolexpand", "%r", [EMPTY_ROW]),
    ("tconcat", "%e, %e", [DYN, DYN]),
    ("trowexpand", "%c", [EMPTY_COL]),
    ("tcolsum", "%e, %e", [DYN, DYN]),
    ("tcolmax", "%e", [DYN]),
    ("tgather", "%e, %i", [DYN, EMPTY_IDX]),
    ("trelu", "%e", [DYN]),
    ("taddc", "%e, %e, %e", [DYN, DYN, DYN]),
    ("trem", "%e, %e, %e", [DYN, DYN, DYN]),
    ("taxpy", "%e, %s", [DYN, "f32"])])
def test_an_empty_destination_region_is_a_no_op(op, ins, types):
    """Kernels that set valid shapes at run time (the public Qwen3 prefill
    samples) run vector ops on tiles whose valid shape is still 0x0: the op
    reads and writes nothing, whatever the tiles' types (the JIT used to stop
    at its checks of the row, column and concatenated sources)."""
    dst = (EMPTY_COL if op.startswith("trow") and "expand" not in op else
           EMPTY_ROW if op.startswith("tcol") and "expand" not in op else DYN)
    body = "\n".join([
        f"  %e = pto.alloc_tile valid_row = %c0 valid_col = %c0 : {DYN}",
        f"  %c = pto.alloc_tile valid_row = %c0 valid_col = %c0 : {EMPTY_COL}",
        f"  %r = pto.alloc_tile valid_row = %c0 valid_col = %c0 : {EMPTY_ROW}",
        f"  %i = pto.alloc_tile valid_row = %c0 valid_col = %c0 : {EMPTY_IDX}",
        "  %s = arith.constant 2.0 : f32",
        f"  %d = pto.alloc_tile valid_row = %c0 valid_col = %c0 : {dst}",
        f"  pto.{op} ins({ins} : {', '.join(types)}) outs(%d : {dst})",
        view("g0", "y", 16, 32, "f32", T), load("y", 16, 32, "f32", T),
        f"  pto.tstore ins(%y : {T}) outs(%y_w : !pto.partition_tensor_view<16x32xf32>)"])
    y = rand()
    np.testing.assert_array_equal(run_kernel(body, [y])[0], y)


def test_strided_views_and_windows():
    """A DN (column-major) view and a window at an offset."""
    gm = rand((64,))
    body = "\n".join([
        "  %c4 = arith.constant 4 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c2 = arith.constant 2 : index",
        "  %v = pto.make_tensor_view %g0, shape = [%c16, %c4], strides = [%c1, %c16] "
        "{layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>",
        "  %w = pto.partition_view %v, offsets = [%c4, %c1], sizes = [%c4, %c2] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x2xf32>",
        "  %t = pto.alloc_tile : !pto.tile_buf<vec, 4x8xf32, valid=4x2>",
        "  pto.tload ins(%w : !pto.partition_tensor_view<4x2xf32>) outs(%t : "
        "!pto.tile_buf<vec, 4x8xf32, valid=4x2>)",
        "  %o = pto.make_tensor_view %g1, shape = [%c4, %c2], strides = [%c2, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        "  %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c4, %c2] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x2xf32>",
        "  pto.tstore ins(%t : !pto.tile_buf<vec, 4x8xf32, valid=4x2>) outs(%ow : "
        "!pto.partition_tensor_view<4x2xf32>)"])
    out = run_kernel(body, [gm, np.zeros((4, 2), np.float32)])[1]
    np.testing.assert_array_equal(out, gm.reshape(4, 16).T[4:8, 1:3])


MAT = "!pto.tile_buf<mat, 16x32xbf16, blayout=col_major, slayout=row_major>"
MAT_T = "!pto.tile_buf<mat, 32x16xbf16, slayout=col_major>"
LEFT = "!pto.tile_buf<left, 16x32xbf16, slayout=row_major>"
RIGHT = "!pto.tile_buf<right, 32x16xbf16, slayout=col_major>"
ACC = "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"
LEFT8 = "!pto.tile_buf<left, 16x8xbf16, slayout=row_major>"


def test_cube_ops_and_aliasing_tiles():
    """Two mat tiles at one address, the second with the transposed shape
    and block layout, see the transpose; tmov, textract, tmatmul and
    tmatmul.acc against numpy."""
    a = rand((16, 32)).astype(BF16)
    body = "\n".join([
        "  %addr = arith.constant 0 : i64",
        "  %c8 = arith.constant 8 : index",
        view("g0", "a", 16, 32, "bf16", MAT).replace("pto.alloc_tile :", "pto.alloc_tile addr = %addr :"),
        load("a", 16, 32, "bf16", MAT),
        f"  %at = pto.alloc_tile addr = %addr : {MAT_T}",
        f"  %l = pto.alloc_tile : {LEFT}",
        f"  %r = pto.alloc_tile : {RIGHT}",
        f"  pto.tmov ins(%a : {MAT}) outs(%l : {LEFT})",
        f"  pto.tmov ins(%at : {MAT_T}) outs(%r : {RIGHT})",
        view("g1", "y", 16, 16, "f32", ACC),
        f"  pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%y : {ACC})",
        f"  %l8 = pto.alloc_tile : {LEFT8}",
        f"  pto.textract ins(%a, %c0, %c8 : {MAT}, index, index) outs(%l8 : {LEFT8})",
        "  %r8 = pto.alloc_tile : !pto.tile_buf<right, 8x16xbf16, slayout=col_major>",
        f"  pto.textract ins(%at, %c8, %c0 : {MAT_T}, index, index) outs(%r8 : "
        "!pto.tile_buf<right, 8x16xbf16, slayout=col_major>)",
        f"  pto.tmatmul.acc ins(%y, %l8, %r8 : {ACC}, {LEFT8}, "
        f"!pto.tile_buf<right, 8x16xbf16, slayout=col_major>) outs(%y : {ACC})",
        store("y", 16, 16, "f32", ACC)])
    y = run_kernel(body, [a, np.zeros((16, 16), np.float32)], kind="cube")[1]
    af = a.astype(np.float32)
    expected = af @ af.T + af[:, 8:16] @ af.T[8:16, :]
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-5)


def test_unmodelled_op_is_a_located_error():
    body = "  pto.barrier #pto.pipe<PIPE_ALL>"
    with pytest.raises(SimError, match=r"^-:\d+:\d+: unsupported op 'pto.barrier'"):
        run_kernel(body, [np.zeros(4, np.float32)])


def test_out_of_bounds_window_is_a_located_error():
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T),
        "  %c9 = arith.constant 9 : index",
        "  %bad = pto.partition_view %x_v, offsets = [%c9, %c0], sizes = [%x_r, %x_c] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>"])
    with pytest.raises(SimError, match="exceed the view's shape"):
        run_kernel(body, [rand()])


H = "!pto.tile_buf<vec, 16x32xf16>"


def test_trsqrt_with_a_scratch_tile_rounds_half_types_once():
    """trsqrt's optional scratch operand (PTOAS's high-precision form); an f16
    result is 1/sqrt computed in f32 and rounded once."""
    x = rand(low=0.01, high=100.0).astype(np.float16)
    body = "\n".join([
        view("g0", "x", 16, 32, "f16", H), load("x", 16, 32, "f16", H),
        f"  %tmp = pto.alloc_tile : {H}",
        view("g1", "y", 16, 32, "f16", H),
        f"  pto.trsqrt ins(%x, %tmp : {H}, {H}) outs(%y : {H})",
        store("y", 16, 32, "f16", H)])
    y = run_kernel(body, [x, np.zeros((16, 32), np.float16)])[1]
    np.testing.assert_array_equal(y, (1 / np.sqrt(x.astype(np.float32))).astype(np.float16))


def _round_away(values: np.ndarray, dtype) -> np.ndarray:
    """values (exact in f64) to `dtype`, to nearest with ties away from zero,
    by brute force over the two neighbours numpy's nearest-even picks from."""
    with np.errstate(all="ignore"):
        near = values.astype(dtype)
    out = near.copy()
    for i, (v, n) in enumerate(zip(values.astype(np.float64).flat, near.flat)):
        if not np.isfinite(v):
            continue
        other = np.nextafter(n, dtype(np.copysign(np.inf, v - float(n))))
        if abs(float(other) - v) == abs(float(n) - v) and abs(float(other)) > abs(float(n)):
            out.flat[i] = other
    return out


def test_tcvt_round_ties_away_from_zero_to_f16_and_from_i32():
    """ROUND (PTOAS's round half away from zero) to f16 and from i32 to f32,
    which used to be refused: halfway values of both signs, subnormal ties,
    overflow, NaN and infinities."""
    x = rand(low=-70000, high=70000)
    x[0, :10] = [1 + 2 ** -11, -(1 + 2 ** -11), 1 + 3 * 2 ** -11, 65520, -65520, 2 ** -25,
                 -3 * 2 ** -25, np.nan, np.inf, -np.inf]
    with np.errstate(all="ignore"):
        f16 = _cvt(x, "ROUND", "f16")
    np.testing.assert_array_equal(f16, _round_away(x, np.float16))
    assert list(f16[0, :7]) == [1 + 2 ** -10, -(1 + 2 ** -10), 1 + 2 ** -9, np.inf, -np.inf,
                               2 ** -24, -2 ** -23]
    i = RNG_INTS.integers(-2 ** 31, 2 ** 31, (16, 32), dtype=np.int64).astype(np.int32)
    i[0, :4] = [2 ** 24 + 1, -(2 ** 24 + 1), 2 ** 24 + 3, 2 ** 31 - 1]
    src = "!pto.tile_buf<vec, 16x32xi32>"
    body = "\n".join([
        view("g0", "x", 16, 32, "i32", src), load("x", 16, 32, "i32", src),
        view("g1", "y", 16, 32, "f32", T),
        f"  pto.tcvt ins(%x {{rmode = #pto<round_mode ROUND>}} : {src}) outs(%y : {T})",
        store("y", 16, 32, "f32", T)])
    f32 = run_kernel(body, [i, np.zeros((16, 32), np.float32)])[1]
    np.testing.assert_array_equal(f32, _round_away(i, np.float32))
    assert list(f32[0, :3]) == [2 ** 24 + 2, -(2 ** 24 + 2), 2 ** 24 + 4]


RNG_INTS = np.random.default_rng(11)
TT = "!pto.tile_buf<vec, 32x16xf32>"


def test_ttrans_writes_the_transpose_over_the_valid_region():
    """dst[i, j] = src[j, i]; a 16x8 valid region of the destination reads
    the 8x16 corner of the source."""
    x = rand()
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %tmp = pto.alloc_tile : {T}",
        view("g1", "y", 32, 16, "f32", TT),
        f"  pto.ttrans ins(%x, %tmp : {T}, {T}) outs(%y : {TT})",
        store("y", 32, 16, "f32", TT),
        "  %c8 = arith.constant 8 : index",
        "  %c16 = arith.constant 16 : index",
        f"  %part = pto.alloc_tile valid_row = %c16 valid_col = %c8 : {DYN}",
        f"  pto.ttrans ins(%x, %tmp : {T}, {T}) outs(%part : {DYN})",
        view("g2", "z", 16, 32, "f32", T),
        "  %pw = pto.partition_view %z_v, offsets = [%c0, %c0], sizes = [%c16, %c8] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x8xf32>",
        f"  pto.tstore ins(%part : {DYN}) outs(%pw : !pto.partition_tensor_view<16x8xf32>)"])
    *_, y, z = run_kernel(body, [x, np.zeros((32, 16), np.float32),
                                 np.zeros((16, 32), np.float32)])
    np.testing.assert_array_equal(y, x.T)
    np.testing.assert_array_equal(z[:, :8], x[:8, :16].T)
    assert not z[:, 8:].any()


def test_ttrans_reading_beyond_the_valid_source_is_a_located_error():
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %c8 = arith.constant 8 : index",
        f"  pto.set_validshape %x, %c8, %c8 : {T}",
        f"  %y = pto.alloc_tile : {TT}",
        f"  pto.ttrans ins(%x, %x : {T}, {T}) outs(%y : {TT})"])
    with pytest.raises(SimError, match=r"^-:\d+:\d+: transposes a tile whose valid shape is "
                                       r"8x8 into the 32x16 valid region"):
        run_kernel(body, [rand()])


I32_ROW = "!pto.tile_buf<vec, 2x32xi32, valid=2x?>"
I32_COLS = "!pto.tile_buf<vec, 4x8xi32, blayout=col_major>"


def test_tci_and_tsetval_in_storage_order():
    """tci fills the first valid-columns elements of the storage order
    (the first row of a row-major tile, ascending from start or descending
    with `descending`; the other rows keep what they held), a col_major
    tile column after column; tsetval writes the element at a linear offset
    of the storage order."""
    body = "\n".join([
        "  %c20 = arith.constant 20 : index",
        "  %c5 = arith.constant 5 : index",
        "  %c9 = arith.constant 9 : index",
        "  %start = arith.constant -3 : i32",
        "  %big = arith.constant 100 : i32",
        "  %v = arith.constant 77 : i32",
        view("g0", "a", 2, 32, "i32", I32_ROW).replace(
            f"pto.alloc_tile : {I32_ROW}", f"pto.alloc_tile valid_col = %c20 : {I32_ROW}"),
        "  %zero = arith.constant 0 : i32",
        f"  pto.texpands ins(%zero : i32) outs(%a : {I32_ROW})",
        f"  pto.tci ins(%start : i32) outs(%a : {I32_ROW})",
        f"  pto.tsetval ins(%c5, %v : index, i32) outs(%a : {I32_ROW})",
        "  %aw = pto.partition_view %a_v, offsets = [%c0, %c0], sizes = [%a_r, %c20] : "
        "!pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<2x20xi32>",
        f"  pto.tstore ins(%a : {I32_ROW}) outs(%aw : !pto.partition_tensor_view<2x20xi32>)",
        view("g1", "b", 4, 8, "i32", I32_COLS),
        f"  pto.texpands ins(%zero : i32) outs(%b : {I32_COLS})",
        f"  pto.tci ins(%big : i32) outs(%b : {I32_COLS}) {{descending = true}}",
        f"  pto.tsetval ins(%c9, %v : index, i32) outs(%b : {I32_COLS})",
        store("b", 4, 8, "i32", I32_COLS)])
    a, b = run_kernel(body, [np.full((2, 32), 5, np.int32), np.zeros((4, 8), np.int32)])
    expected = np.arange(-3, 17, dtype=np.int32)
    expected[5] = 77
    np.testing.assert_array_equal(a[0, :20], expected)
    assert not a[1, :20].any() and (a[:, 20:] == 5).all()
    # Column after column: elements 0..7 are column 0 and column 1.
    expected = np.zeros((4, 8), np.int32)
    expected[:, 0], expected[:, 1] = [100, 99, 98, 97], [96, 95, 94, 93]
    expected[1, 2] = 77  # element 9: row 1 of column 2
    np.testing.assert_array_equal(b, expected)


TCI_INTO_F32 = "\n".join([
    "  %start = arith.constant 0 : i32",
    f"  %t = pto.alloc_tile : {T}",
    f"  pto.tci ins(%start : i32) outs(%t : {T})"])


def test_tci_into_a_tile_of_another_type_is_refused_at_the_op():
    """pto-isa's TCI takes its start and writes its tile in one integer type."""
    with pytest.raises(SimError, match=r"^-:\d+:\d+: unsupported op 'pto.tci': a i32 start "
                                       r"into a tile of f32"):
        run_kernel(TCI_INTO_F32, [rand()])


def test_tsetval_outside_the_tile_is_a_located_error():
    body = "\n".join([
        "  %c512 = arith.constant 512 : index",
        "  %v = arith.constant 1.0 : f32",
        f"  %t = pto.alloc_tile : {T}",
        f"  pto.tsetval ins(%c512, %v : index, f32) outs(%t : {T})"])
    with pytest.raises(SimError, match=r"^-:\d+:\d+: element 512 is outside the 16x32 tile"):
        run_kernel(body, [rand()])


W3 = "!pto.partition_tensor_view<1x16x32xf32>"
W4 = "!pto.partition_tensor_view<1x1x16x32xf32>"


def unit_views(arg: str, name: str, rank: int) -> str:
    """A window of the 16x32 global memory %arg with rank - 2 leading unit
    dimensions (1x16x32, 1x1x16x32)."""
    lead = rank - 2
    shape = ", ".join(["%c1"] * lead + ["%c16", "%c32"])
    strides = ", ".join(["%c512"] * lead + ["%c32", "%c1"])
    offsets = ", ".join(["%c0"] * rank)
    dims = "x".join(["1"] * lead + ["16", "32"])
    return (f"  %{name}_v = pto.make_tensor_view %{arg}, shape = [{shape}], strides = [{strides}] "
            f": !pto.tensor_view<{dims}xf32>\n"
            f"  %{name}_w = pto.partition_view %{name}_v, offsets = [{offsets}], sizes = [{shape}] "
            f": !pto.tensor_view<{dims}xf32> -> !pto.partition_tensor_view<{dims}xf32>")


def test_windows_with_leading_unit_dimensions():
    """A 1x16x32 window loads into a tile of valid shape 16x32 and a
    1x1x16x32 one stores from it (PTOAS's kernels store 64x128 tiles to
    1x64x128 windows)."""
    x = rand()
    body = "\n".join([
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        "  %c512 = arith.constant 512 : index",
        unit_views("g0", "x", 3), unit_views("g1", "y", 4),
        f"  %t = pto.alloc_tile : {T}",
        f"  pto.tload ins(%x_w : {W3}) outs(%t : {T})",
        f"  pto.tmuls ins(%t, %c2f : {T}, f32) outs(%t : {T})",
        f"  pto.tstore ins(%t : {T}) outs(%y_w : {W4})"]).replace(
        "  %c16 = ", "  %c2f = arith.constant 2.0 : f32\n  %c16 = ", 1)
    y = run_kernel(body, [x, np.zeros((16, 32), np.float32)])[1]
    np.testing.assert_array_equal(y, 2 * x)


def window_3d(arg: str, name: str, shape: tuple, offsets: tuple, sizes: tuple) -> str:
    """A window `sizes` at `offsets` of the row-major global memory %arg
    taken as a 3-D tensor of `shape` (its constants %k<N> defined here)."""
    numbers = sorted({*shape, *offsets, *sizes, shape[1] * shape[2], shape[2], 1})
    consts = "".join(f"  %{name}{n} = arith.constant {n} : index\n" for n in numbers)

    def names(values):
        return ", ".join(f"%{name}{n}" for n in values)
    dims, window = "x".join(map(str, shape)), "x".join(map(str, sizes))
    strides = (shape[1] * shape[2], shape[2], 1)
    return (consts
            + f"  %{name}_v = pto.make_tensor_view %{arg}, shape = [{names(shape)}], "
              f"strides = [{names(strides)}] : !pto.tensor_view<{dims}xf32>\n"
            + f"  %{name}_w = pto.partition_view %{name}_v, offsets = [{names(offsets)}], "
              f"sizes = [{names(sizes)}] : !pto.tensor_view<{dims}xf32> -> "
              f"!pto.partition_tensor_view<{window}xf32>")


def test_windows_of_several_leading_dimensions_load_and_store_row_after_row():
    """pto-isa's ND TLOAD/TSTORE: a window's last dimension is the tile's
    columns, the others its rows, the last of them fastest. An 8x2x32
    window (every other 32 of 64 columns) loads into a 16x32 tile, and a
    2x8x32 one stores it through its strides; pypto's 64x1x32 windows are
    the case of a unit dimension in the middle."""
    x = rand((8, 2, 64))
    body = "\n".join([
        window_3d("g0", "x", (8, 2, 64), (0, 0, 16), (8, 2, 32)),
        window_3d("g1", "y", (2, 8, 64), (0, 0, 32), (2, 8, 32)),
        f"  %t = pto.alloc_tile : {T}",
        f"  pto.tload ins(%x_w : !pto.partition_tensor_view<8x2x32xf32>) outs(%t : {T})",
        f"  pto.tstore ins(%t : {T}) outs(%y_w : !pto.partition_tensor_view<2x8x32xf32>)"])
    y = run_kernel(body, [x, np.zeros((2, 8, 64), np.float32)])[1]
    tile = x[:, :, 16:48].reshape(16, 32)
    np.testing.assert_array_equal(y[:, :, 32:].reshape(16, 32), tile)
    assert not y[:, :, :32].any()


def test_a_window_whose_other_dimensions_differ_is_still_refused():
    """The rows are the product of the leading dimensions: a 2x16x16 window
    is 32x16, no 16x32 tile."""
    body = "\n".join([
        "  %c2 = arith.constant 2 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        "  %v = pto.make_tensor_view %g0, shape = [%c2, %c16, %c16], strides = [%c16, %c32, %c1]"
        " : !pto.tensor_view<2x16x16xf32>",
        "  %w = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, %c16] : "
        "!pto.tensor_view<2x16x16xf32> -> !pto.partition_tensor_view<2x16x16xf32>",
        f"  %t = pto.alloc_tile : {T}",
        f"  pto.tload ins(%w : !pto.partition_tensor_view<2x16x16xf32>) outs(%t : {T})"])
    with pytest.raises(SimError, match=r"^-:\d+:\d+: loads a 2x16x16 window into a tile whose "
                                       r"valid shape is 16x32"):
        run_kernel(body, [rand()])


LEFT_F32 = ("!pto.tile_buf<loc=left, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
RIGHT_F32 = ("!pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, "
             "blayout=row_major, slayout=col_major, fractal=512, pad=0>")
ACC_F32 = ("!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, "
           "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
MAT_L = ("!pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, "
         "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
MAT_R = ("!pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=?, v_col=?, "
         "blayout=col_major, slayout=row_major, fractal=512, pad=0>")


def test_tmatmul_of_fewer_rows_than_the_accumulator():
    """As pypto's decode kernels (M < 16 tokens): a 5x32 left tile times a
    32x24 right tile into an accumulator whose valid shape stays 16x32; the
    product lands in its 5x24 corner (pto-isa's TMATMUL takes M, K and N
    from the sources), tmatmul.acc adds to that corner."""
    a, b = rand((16, 32)), rand((32, 32))
    body = "\n".join([
        "  %c5 = arith.constant 5 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c24 = arith.constant 24 : index",
        "  %c32 = arith.constant 32 : index",
        view("g0", "a", 16, 32, "f32", MAT_L).replace(
            "pto.alloc_tile :", "pto.alloc_tile valid_row = %c16 valid_col = %c32 :"),
        load("a", 16, 32, "f32", MAT_L),
        view("g1", "b", 32, 32, "f32", MAT_R).replace(
            "pto.alloc_tile :", "pto.alloc_tile valid_row = %c32 valid_col = %c32 :"),
        load("b", 32, 32, "f32", MAT_R),
        f"  %l = pto.alloc_tile valid_row = %c5 valid_col = %c32 : {LEFT_F32}",
        f"  %r = pto.alloc_tile valid_row = %c32 valid_col = %c24 : {RIGHT_F32}",
        f"  pto.set_validshape %a, %c5, %c32 : {MAT_L}",
        f"  pto.set_validshape %b, %c32, %c24 : {MAT_R}",
        f"  pto.tmov ins(%a : {MAT_L}) outs(%l : {LEFT_F32})",
        f"  pto.tmov ins(%b : {MAT_R}) outs(%r : {RIGHT_F32})",
        view("g2", "y", 16, 32, "f32", ACC_F32).replace(
            "pto.alloc_tile :", "pto.alloc_tile valid_row = %c16 valid_col = %c32 :"),
        "  %zero = arith.constant 0.0 : f32",
        "  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>",
        "  pto.texpands ins(%zero : f32) outs(%v : !pto.tile_buf<vec, 16x32xf32>)",
        f"  pto.tmov ins(%v : !pto.tile_buf<vec, 16x32xf32>) outs(%y : {ACC_F32})",
        f"  pto.tmatmul ins(%l, %r : {LEFT_F32}, {RIGHT_F32}) outs(%y : {ACC_F32})",
        f"  pto.tmatmul.acc ins(%y, %l, %r : {ACC_F32}, {LEFT_F32}, {RIGHT_F32}) "
        f"outs(%y : {ACC_F32})",
        store("y", 16, 32, "f32", ACC_F32)])
    y = run_kernel(body, [a, b, np.ones((16, 32), np.float32)], kind="cube")[2]
    expected = np.zeros((16, 32), np.float32)
    expected[:5, :24] = 2 * (a[:5] @ b[:, :24])
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-5)


# --- ops of pypto's kernels: trelu, taddc, trem / trems, taxpy, column
# reductions, trowexpand, tgather, tgetval (each executor its own model;
# test/jit runs these cases again, bitwise) ------------------------------------

def _tile_of(dtype, rows=16, cols=32, extra="") -> str:
    return f"!pto.tile_buf<vec, {rows}x{cols}x{NAMES[np.dtype(dtype)]}{extra}>"


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_trelu_and_taddc(dtype):
    """trelu: max(x, 0) as an IEEE maximum (-0.0 gives +0.0, NaN stays);
    taddc: (a + b) + c, each sum rounded to the element type."""
    a, b, c = (rand(low=-4, high=4).astype(dtype) for _ in range(3))
    a[0, :6] = [-0.0, 0.0, -1.0, np.nan, np.inf, -np.inf]
    tile, name = _tile_of(dtype), NAMES[np.dtype(dtype)]
    relu = elementwise("trelu", [a], tile=tile, dtype=name)
    np.testing.assert_array_equal(relu, np.where((a > 0) | np.isnan(a), a, dtype(0)))
    assert not np.signbit(relu[0, 0])
    np.testing.assert_array_equal(elementwise("taddc", [a, b, c], tile=tile, dtype=name),
                                  (a + b) + c)


@pytest.mark.parametrize("dtype, tmp", [(np.float32, False), (np.float32, True),
                                        (np.float16, True), (np.int32, False)])
def test_trem_and_trems_take_the_divisors_sign(dtype, tmp):
    """pto-isa's TREM / TREMS: a - floor(a / b) * b, whose sign is the
    divisor's (Python's %), not fmod's (the dividend's): -7 rem 3 is 2 and 7
    rem -3 is -2 where fmod gives -1 and 1."""
    a = rand(low=-20, high=20).astype(dtype)
    b = (rand(low=1, high=7) * np.where(rand() < 0, -1, 1)).astype(dtype)
    a[0, :6], b[0, :6] = [-7, 7, -7, 7, 6, -6], [3, -3, -3, 3, -3, 3]
    tile, name = _tile_of(dtype), NAMES[np.dtype(dtype)]
    rem = elementwise("trem", [a, b], tile=tile, dtype=name, tmp=tmp)
    np.testing.assert_array_equal(rem, np.remainder(a, b))
    assert list(rem[0, :6]) == [2, -2, -1, 1, 0, 0]
    if np.dtype(dtype).kind == "f":  # an exact division: a zero of the divisor's sign
        assert list(np.signbit(rem[0, 4:6])) == [True, False]
    scalar = "-3.0" if np.dtype(dtype).kind == "f" else "-3"
    rems = elementwise("trems", [a], tile=tile, dtype=name, scalar=scalar, tmp=tmp)
    np.testing.assert_array_equal(rems, np.remainder(a, dtype(-3)))
    assert (rems <= 0).all()


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.int16])
def test_tdiv_and_tdivs_in_both_operand_orders(dtype):
    """pto-isa's TDIV / TDIVS: IEEE division of floats, C's of integers
    (truncated toward zero: -7 / 2 is -3 where numpy's // gives -4, and
    INT_MIN / -1 wraps to INT_MIN); tdivs written scalar first divides the
    scalar by the tile."""
    integer = np.dtype(dtype).kind == "i"
    a = rand(low=-100, high=100).astype(dtype)
    b = (rand(low=1, high=9) * np.where(rand() < 0, -1, 1)).astype(dtype)
    if integer:
        low = np.iinfo(dtype).min
        a[0, :6], b[0, :6] = [-7, 7, -7, 7, low, low], [2, 2, -2, -2, -1, 1]

    def divide(x, y):
        if not integer:
            return np.divide(x, y)
        exact = np.fix(np.float64(x) / np.float64(y))
        return exact.astype(np.int64).astype(dtype)  # INT_MIN / -1 wraps
    tile, name = _tile_of(dtype), NAMES[np.dtype(dtype)]
    quotient = elementwise("tdiv", [a, b], tile=tile, dtype=name)
    np.testing.assert_array_equal(quotient, divide(a, b))
    if integer:
        assert list(quotient[0, :6]) == [-3, 3, 3, -3, low, low]
    scalar = "-3" if integer else "-3.0"
    np.testing.assert_array_equal(
        elementwise("tdivs", [a], tile=tile, dtype=name, scalar=scalar), divide(a, dtype(-3)))
    scalar = "100" if integer else "100.0"
    np.testing.assert_array_equal(
        elementwise("tdivs", [b], tile=tile, dtype=name, scalar=scalar, scalar_first=True),
        divide(dtype(100), b))


@pytest.mark.parametrize("op, scalar, scalar_first", [
    ("tdiv", None, False), ("tdivs", "0", False), ("tdivs", "5", True)])
def test_integer_division_by_zero_is_a_located_error(op, scalar, scalar_first):
    """An integer zero divisor, undefined on the device, stops the run at
    the op (a float one divides to an infinity, as IEEE says)."""
    a = rand(low=1, high=9).astype(np.int32)
    b = a.copy()
    b[3, 5] = 0
    tile = _tile_of(np.int32)
    arrays = [b] if scalar_first else [a, b] if scalar is None else [b * 0 + 1]
    with pytest.raises(SimError, match=r"^-:\d+:\d+: integer division by zero$"):
        elementwise(op, arrays, tile=tile, dtype="i32", scalar=scalar,
                    scalar_first=scalar_first)


SPECIAL = [0.0, -0.0, 1.0, -1.0, 3.0, -3.0, 7.5, -7.5, 0.1, -0.1, 1e4, -1e4, 65504.0, 6e-8,
           -6e-8, np.inf, -np.inf, np.nan]


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32])
def test_trem_of_special_values(dtype):
    """Every pair of zeros of both signs, infinities, NaN, subnormals and
    large quotients (integers: 0, -1 and the extremes) as numpy's remainder
    computes it, floats in f32 (a zero divisor: NaN for floats, 0 for
    integers)."""
    info = np.iinfo(dtype) if np.dtype(dtype).kind == "i" else None
    values = ([0, 1, -1, 3, -3, 7, -7, info.min, info.max, info.min + 1]
              if info else SPECIAL)
    pairs = np.array([(x, y) for x in values for y in values])
    with np.errstate(all="ignore"):
        a, b = (np.resize(pairs[:, k], 512).reshape(16, 32).astype(dtype) for k in (0, 1))
        expected = np.remainder(a, b)
    tile, name = _tile_of(dtype), NAMES[np.dtype(dtype)]
    np.testing.assert_array_equal(elementwise("trem", [a, b], tile=tile, dtype=name), expected)


def _taxpy(x: np.ndarray, y: np.ndarray, scalar: str) -> np.ndarray:
    src, dst = _tile_of(x.dtype), _tile_of(y.dtype)
    sname, dname = NAMES[x.dtype], NAMES[y.dtype]
    body = "\n".join([
        view("g0", "x", 16, 32, sname, src), load("x", 16, 32, sname, src),
        view("g1", "y", 16, 32, dname, dst), load("y", 16, 32, dname, dst),
        f"  %s = arith.constant {scalar} : {sname}",
        f"  pto.taxpy ins(%x, %s : {src}, {sname}) outs(%y : {dst})",
        store("y", 16, 32, dname, dst)])
    return run_kernel(body, [x, y])[1]


@pytest.mark.parametrize("src, dst", [(np.float32, np.float32), (np.float16, np.float16),
                                      (np.float16, np.float32)])
def test_taxpy_adds_the_scaled_source_to_what_the_destination_holds(src, dst):
    """dst + src * scalar: the product rounded to src's type, the sum to
    dst's (pto-isa's widening form: an f16 source into an f32 destination)."""
    x, y = rand().astype(src), rand().astype(dst)
    expected = y + (x * src(0.3)).astype(dst)
    np.testing.assert_array_equal(_taxpy(x, y, "0.3"), expected)


def _column_reduction(op: str, x: np.ndarray, rows: int = 16, cols: int = 32,
                      tmp: str = "", attrs: str = "", out_cols: int | None = None) -> np.ndarray:
    """`op` of the rows x cols valid region of the 16x32 tile loaded from x
    into a 1 x out_cols row (out_cols: cols); `tmp`: a scratch tile."""
    name, out_cols = NAMES[x.dtype], out_cols or cols
    src, dst = _tile_of(x.dtype), _tile_of(x.dtype, 1, 32, ", valid=1x?")
    body = "\n".join([
        view("g0", "x", 16, 32, name, src), load("x", 16, 32, name, src),
        f"  %vr = arith.constant {rows} : index",
        f"  %vc = arith.constant {cols} : index",
        f"  %oc = arith.constant {out_cols} : index",
        f"  pto.set_validshape %x, %vr, %vc : {src}",
        view("g1", "y", 1, out_cols, name, dst).replace(
            f"pto.alloc_tile : {dst}", f"pto.alloc_tile valid_col = %oc : {dst}"),
        f"  %tmp = pto.alloc_tile : {src}",
        f"  pto.{op} ins(%x{', %tmp' if tmp else ''} : {src}{', ' + src if tmp else ''}) "
        f"outs(%y : {dst}){attrs}",
        store("y", 1, out_cols, name, dst)])
    return run_kernel(body, [x, np.zeros((1, out_cols), x.dtype)])[1][0]


def _sum_rows(x: np.ndarray) -> np.ndarray:
    """The column sums of x row after row, in f32 (f16: rounded once)."""
    total = np.zeros(x.shape[1], np.float32)
    for row in x.astype(np.float32):
        total = total + row
    return total.astype(x.dtype)


@pytest.mark.parametrize("op, dtype, rows, cols, tmp, attrs", [
    ("tcolsum", np.float32, 16, 32, "", ""),
    ("tcolsum", np.float32, 12, 20, "tmp", " {isBinary = false}"),
    ("tcolsum", np.float16, 16, 32, "tmp", ""),
    ("tcolsum", np.int32, 16, 32, "", ""),
    ("tcolmax", np.float32, 12, 20, "", ""),
    ("tcolmin", np.float16, 7, 32, "", "")])
def test_column_reductions(op, dtype, rows, cols, tmp, attrs):
    """dst[0, c] over the source's valid rows, for the destination's valid
    columns: a sum row after row (pto-isa's sequential TCOLSUM), from 0, in
    f32 for f16 and rounded once; max and min."""
    x = rand(low=-8, high=8).astype(dtype)
    got = _column_reduction(op, x, rows, cols, tmp, attrs)
    region = x[:rows, :cols]
    expected = {"tcolsum": _sum_rows, "tcolmax": lambda v: v.max(axis=0),
                "tcolmin": lambda v: v.min(axis=0)}[op](region)
    np.testing.assert_array_equal(got, expected)


def test_column_reductions_refuse_what_they_do_not_model():
    x = rand()
    with pytest.raises(SimError, match=r"^-:\d+:\d+: reduces the columns of a 16x20 tile into "
                                       r"one whose valid shape is 1x32 \(needs 1x20\)"):
        _column_reduction("tcolmax", x, cols=20, out_cols=32)
    with pytest.raises(SimError, match=r"^-:\d+:\d+: reduces columns of no valid row \(0x32\) "
                                       r"to a maximum or minimum"):
        _column_reduction("tcolmin", x, rows=0)
    assert not _column_reduction("tcolsum", x, rows=0).any()  # an empty column sums to 0
    with pytest.raises(SimError, match=r"unsupported op 'pto.tcolsum': isBinary = true: its "
                                       r"binary-tree summation order is not modelled"):
        _column_reduction("tcolsum", x, tmp="tmp", attrs=" {isBinary = true}")


def test_max_and_min_order_signed_zeros():
    """The maxima and minima are the JIT's arith.maximumf / minimumf: -0.0 <
    +0.0 (np.maximum and np.minimum return the first of two equal zeros),
    elementwise, with a scalar and in the row and column reductions; every
    row and column of x holds both zeros, starting with either."""
    x = np.zeros((16, 32), np.float32)
    x[np.add.outer(np.arange(16), np.arange(32)) % 2 == 1] = -0.0
    for got, negative in [(elementwise("tmax", [x, -x]), False),
                          (elementwise("tmin", [x, -x]), True),
                          (elementwise("tmaxs", [x], scalar="0.0"), False),
                          (elementwise("tmins", [x], scalar="-0.0"), True),
                          (_reduce_kernel("trowmax", x), False),
                          (_reduce_kernel("trowmin", x), True),
                          (_column_reduction("tcolmax", x), False),
                          (_column_reduction("tcolmin", x), True)]:
        np.testing.assert_array_equal(np.signbit(got), np.full(got.shape, negative))
        assert not got.any()


def _trowexpand(col: np.ndarray, valid_col_rows: int = 16, rows: int = 16,
                cols: int = 32) -> np.ndarray:
    """The 16x1 column `col` (its valid rows `valid_col_rows`) broadcast over
    the rows x cols valid region of a 16x32 tile, stored as rows x cols."""
    body = "\n".join([
        "  %c16 = arith.constant 16 : index",
        "  %cv = pto.make_tensor_view %g0, shape = [%c16, %c1], strides = [%c1, %c16] "
        "{layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>",
        "  %col_w = pto.partition_view %cv, offsets = [%c0, %c0], sizes = [%c16, %c1] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x1xf32>",
        "  %col = pto.alloc_tile : " + COL, load("col", 16, 1, "f32", COL),
        f"  %cr = arith.constant {valid_col_rows} : index",
        f"  pto.set_validshape %col, %cr, %c1 : {COL}",
        view("g1", "y", rows, cols, "f32", DYN).replace(
            f"pto.alloc_tile : {DYN}", f"pto.alloc_tile valid_row = %y_r valid_col = %y_c : {DYN}"),
        f"  pto.trowexpand ins(%col : {COL}) outs(%y : {DYN})",
        store("y", rows, cols, "f32", DYN)])
    return run_kernel(body, [col, np.zeros((rows, cols), np.float32)])[1]


def test_trowexpand_broadcasts_each_rows_first_element():
    """dst[r, c] = src[r, 0] over the destination's valid region (16x32,
    then 8x20 of a column whose valid rows are 8)."""
    col = rand((16,))
    np.testing.assert_array_equal(_trowexpand(col), np.broadcast_to(col[:, None], (16, 32)))
    np.testing.assert_array_equal(_trowexpand(col, 8, 8, 20),
                                  np.broadcast_to(col[:8, None], (8, 20)))


def test_trowexpand_from_a_column_of_fewer_valid_rows_is_a_located_error():
    with pytest.raises(SimError, match=r"^-:\d+:\d+: broadcasts a column whose valid shape is "
                                       r"8x1 over 16 rows"):
        _trowexpand(rand((16,)), 8)


IDX = "!pto.tile_buf<vec, 16x64xi32>"
GATHERED = "!pto.tile_buf<vec, 16x64xf32, valid=?x?>"


def _gather(x: np.ndarray, indices: np.ndarray, src: str = T, rows: int = 16, cols: int = 64,
            src_valid: tuple[int, int] | None = None) -> np.ndarray:
    """tgather (with a scratch tile) from x, loaded into a tile of type
    `src`, at the 16x64 indices into the rows x cols valid region of a 16x64
    destination, stored as rows x cols."""
    sr, sc = x.shape
    name = NAMES[x.dtype]
    dst = GATHERED.replace("f32", name)
    valid = [] if src_valid is None else [
        f"  %sr = arith.constant {src_valid[0]} : index",
        f"  %sc = arith.constant {src_valid[1]} : index",
        f"  pto.set_validshape %x, %sr, %sc : {src}"]
    body = "\n".join([
        view("g0", "x", sr, sc, name, src), load("x", sr, sc, name, src), *valid,
        view("g1", "i", 16, 64, "i32", IDX), load("i", 16, 64, "i32", IDX),
        f"  %tmp = pto.alloc_tile : {IDX}",
        view("g2", "y", rows, cols, name, dst).replace(
            f"pto.alloc_tile : {dst}", f"pto.alloc_tile valid_row = %y_r valid_col = %y_c : {dst}"),
        f"  pto.tgather ins(%x, %i, %tmp : {src}, {IDX}, {IDX}) outs(%y : {dst})",
        store("y", rows, cols, name, dst)])
    return run_kernel(body, [x, indices, np.zeros((rows, cols), x.dtype)])[2]


def test_tgather_reads_linear_offsets_of_the_source():
    """dst[r, c] = the element at offset indices[r, c] of the source's
    storage order: pypto's rotary kernels gather row r, column c // 2 of a
    16x32 source as r * 32 + c // 2 into a 16x64 destination; offsets may
    cross rows; a col_major source is read column after column; a partial
    destination reads only its valid region's indices."""
    x = rand()
    rows, cols = np.indices((16, 64))
    duplicated = (rows * 32 + cols // 2).astype(np.int32)
    np.testing.assert_array_equal(_gather(x, duplicated), np.repeat(x, 2, axis=1))
    shuffled = np.random.default_rng(3).integers(0, 512, (16, 64)).astype(np.int32)
    np.testing.assert_array_equal(_gather(x, shuffled), x.reshape(-1)[shuffled])
    h = rand((8, 64)).astype(np.float16)  # 512 elements, stored column after column
    by_columns = "!pto.tile_buf<vec, 8x64xf16, blayout=col_major>"
    np.testing.assert_array_equal(_gather(h, shuffled, by_columns),
                                  h.reshape(-1, order="F")[shuffled])
    partial = shuffled.copy()
    partial[8:], partial[:, 20:] = 9999, -1  # outside the destination's valid region: unread
    np.testing.assert_array_equal(_gather(x, partial, rows=8, cols=20),
                                  x.reshape(-1)[shuffled[:8, :20]])


def test_tgather_index_outside_the_source_is_a_located_error():
    """An index outside the source tile (the hardware reads past it), or
    naming an element outside its valid region, is a located error naming
    the first such index in row-major order."""
    x = rand()
    indices = np.zeros((16, 64), np.int32)
    indices[3, 5], indices[4, 0] = 512, -1
    with pytest.raises(SimError, match=r"^-:\d+:\d+: element 512 is outside the 16x32 tile"):
        _gather(x, indices)
    indices[3, 5], indices[4, 0] = 300, 0
    with pytest.raises(SimError, match=r"^-:\d+:\d+: reads element 300 at \(9, 12\), outside "
                                       r"the valid shape 8x32 of the tile"):
        _gather(x, indices, src_valid=(8, 32))


@pytest.mark.parametrize("form,ins,outs", [
    ("compare", "%x, %k : {T}, f32", "%y, %n : {T}, !pto.tile_buf<vec, 1x8xi32>"),
    ("mask-pattern", "%x, {{maskPattern = #pto.mask_pattern<P0101>}} : {T}", "%y : {T}")])
def test_tgather_forms_not_modelled_are_located_errors(form, ins, outs):
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %k = arith.constant 0.5 : f32",
        f"  %y = pto.alloc_tile : {T}",
        "  %n = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi32>",
        f"  pto.tgather ins({ins.format(T=T)}) outs({outs.format(T=T)})"])
    with pytest.raises(SimError, match=rf"^-:\d+:\d+: unsupported op 'pto.tgather': the "
                                       rf"{form} form \(only the index form is modelled\)"):
        run_kernel(body, [rand()])


def test_tcvt_saturation_is_a_located_error():
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %y = pto.alloc_tile : !pto.tile_buf<vec, 16x32xi32>",
        "  pto.tcvt ins(%x {rmode = #pto<round_mode RINT>, satmode = #pto<saturation_mode ON>}"
        f" : {T}) outs(%y : !pto.tile_buf<vec, 16x32xi32>)"])
    with pytest.raises(SimError, match=r"^-:\d+:\d+: unsupported op 'pto.tcvt': saturation "
                                       r"\(satmode ON\) is not modelled"):
        run_kernel(body, [rand()])


def _tgetval(offset: int, tile: str = T, valid: tuple[int, int] | None = None,
             x: np.ndarray | None = None) -> np.ndarray:
    """tgetval at `offset` of a tile of type `tile` loaded from x (16x32
    f32 by default), stored to element 0 of %g1."""
    x = rand() if x is None else x
    name, (rows, cols) = NAMES[x.dtype], x.shape
    setvalid = [] if valid is None else [
        f"  %vr = arith.constant {valid[0]} : index",
        f"  %vc = arith.constant {valid[1]} : index",
        f"  pto.set_validshape %x, %vr, %vc : {tile}"]
    body = "\n".join([
        view("g0", "x", rows, cols, name, tile), load("x", rows, cols, name, tile), *setvalid,
        f"  %k = arith.constant {offset} : index",
        f"  %v = pto.tgetval ins(%x, %k : {tile}, index) outs : {name}",
        f"  pto.store_scalar %v, %g1[%c0] : !pto.ptr<{name}>, {name}"])
    return run_kernel(body, [x, np.zeros(2, x.dtype)])[1][0]


def test_tgetval_reads_the_element_at_an_offset_of_the_storage_order():
    """tsetval's mirror: row after row, or column after column for a
    col_major tile (element 9 of a 4x8 col_major tile is row 1, column 2)."""
    x = rand()
    assert _tgetval(37, x=x) == x[1, 5]
    ints = np.arange(32, dtype=np.int32).reshape(4, 8)
    assert _tgetval(9, I32_COLS, x=ints) == ints[1, 2]


def test_tgetval_outside_the_tile_or_its_valid_region_is_a_located_error():
    with pytest.raises(SimError, match=r"^-:\d+:\d+: element 512 is outside the 16x32 tile"):
        _tgetval(512)
    with pytest.raises(SimError, match=r"^-:\d+:\d+: reads element 40 at \(1, 8\), outside "
                                       r"the valid shape 8x8 of the tile"):
        _tgetval(40, valid=(8, 8))


def treshape_body(result: str, rows: int, cols: int, name: str = "f32") -> str:
    """pto.treshape of a 16x32 f32 tile loaded from %g0 to the tile type
    `result`, whose rows x cols valid region is stored to %g1."""
    return "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %r = pto.treshape %x : {T} -> {result}",
        view("g1", "y", rows, cols, name, result),
        f"  pto.tstore ins(%r : {result}) "
        f"outs(%y_w : !pto.partition_tensor_view<{rows}x{cols}x{name}>)"])


TRESHAPE_TO_32X16 = treshape_body("!pto.tile_buf<vec, 32x16xf32>", 32, 16)


def _treshape(result: str, rows: int, cols: int, dtype=np.float32, x=None) -> np.ndarray:
    x = rand() if x is None else x
    body = treshape_body(result, rows, cols, NAMES[np.dtype(dtype)])
    return run_kernel(body, [x, np.zeros((rows, cols), dtype)])[1]


def test_treshape_gives_the_same_tile_its_result_types_valid_shape():
    """pypto pops a whole tile and narrows it to its logical valid shape."""
    x = rand()
    np.testing.assert_array_equal(
        _treshape("!pto.tile_buf<vec, 16x32xf32, valid=4x32>", 4, 32, x=x), x[:4])


def test_treshape_reinterprets_the_bytes_in_storage_order():
    x = rand()
    np.testing.assert_array_equal(
        _treshape("!pto.tile_buf<vec, 32x16xf32>", 32, 16, x=x), x.reshape(32, 16))
    np.testing.assert_array_equal(
        _treshape("!pto.tile_buf<vec, 16x32xi32>", 16, 32, np.int32, x=x), x.view(np.int32))
    # col_major: the same bytes, column after column.
    np.testing.assert_array_equal(
        _treshape("!pto.tile_buf<vec, 32x16xf32, blayout=col_major>", 32, 16, x=x),
        x.reshape(16, 32).T)


def test_treshape_to_another_shape_with_a_dynamic_valid_shape_is_a_located_error():
    with pytest.raises(SimError, match=r"^-:\d+:\d+: a dynamic valid shape over a reshaped "
                                       r"32x16 tile \(from 16x32\) is not modelled"):
        _treshape("!pto.tile_buf<vec, 32x16xf32, valid=?x?>", 32, 16)
