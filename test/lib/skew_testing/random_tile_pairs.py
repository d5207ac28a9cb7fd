"""Random tile-IR kernel pairs (PTOAS's textual syntax) for the property
tests: the tile-level counterpart of random_pairs.

The cube loads a row block of A and the matrix B from global memory, moves
them to its left/right buffers, multiplies them into an accumulator and
pushes it to the vector; the vector applies a chain of tile ops to what it
popped and pushes the result back; the cube pops it and stores it to the
output. What varies: the trip count (0..5), `pto.pipeline_stages` on each
loop (1..3 or absent), the slot count (module `pto.fifo_depth`, or the
initialise ops' `slot_num` with a GM slot buffer and reserved buffers),
`split` (0 one vector core; 1 or 2 two sub-blocks), the tile shape, the
accumulator's valid rows (`set_validshape`: a split half may be empty), the
vector op chain (scalar, unary, binary on itself, row and column broadcast
ops, a bf16 round trip; in place, so the valid shape travels with the
tile), and whether each side frees its
pops with tfree (the slot is released at the pop otherwise). The file may
be a PTOAS kernel file with a `pto.entry` launch function and a coverage
kernel it does not launch (which pops from a pipe nobody pushes: the pair is
the launched kernels only); and both kernels may end with a `pto.syncall`
barrier. The vector's op chain may be a function it calls with its tiles
(`helper`), and its loop may carry its scratch tile as an iter_arg
(`carried`): tile values through calls and loops. The vector's chain may
end with a trsqrt (with its scratch tile), and the cube's global views may
have a leading unit dimension (1xRxC windows, as pypto writes them) or one
in the middle (Rx1xC), and the chain may end with a scalar divided by the
tile (tdivs written scalar first). Both kernels' first loops may begin each
iteration with a pto.syncall barrier (`loop_sync`). On a
fully valid tile, the chain may end (before the trsqrt) with the reductions
and broadcasts of pypto's kernels: the column sums taken off each row
(tcolsum with its scratch tile, tcolexpandsub), then the row maxima spread
along their rows (trowmax, trowexpand) and added back scaled (taxpy).

The cube's buffers vary too: how the A block reaches the left buffer (a
tmov; a textract, a view of the mat buffer; a tload into a subview window
of a larger mat buffer, then a tmov from that view; a tmov from a subview
of the whole mat buffer made before the loop, which the consumer half's
store of the A block reads too), whether B is loaded
once or every iteration (then moved to the right buffer each time), a global
store of the accumulator in the producer half (to rows indexed by the
iteration, a different place each time, or to one fixed place, which only
the last iteration's store decides), an accumulator carried across
iterations (`tmatmul.acc` on the previous iteration's value), a mat buffer
multi-buffered by the kernel itself (`alloc_multi_tile`, slot `iv mod N`),
and explicit addresses for the mat buffers (`alloc_tile addr = ...`,
disjoint; the consumer half may read the A block through a second tile
placed at the A buffer's address, `alias_read`, or a function the cube
calls after the loop may read the last one so; or the loop carries the A
buffer as an iter_arg, whose result after the loop is stored, `a_carried`).
The vector may push a copy in a slot of a multi-buffered vec
tile instead of the popped tile. The cube's consumer half may store the A
block too (`crossing`: a buffer the producer half writes and the consumer
half reads, which a skew keeps in 2D copies), and the pointer arguments may
be declared `llvm.noalias` (without it the cube's loads may read what its
stores write, and its loop is demoted).

The kernel may hold more than the loop: a second pair of loops after the
first (the cube's with buffers of its own: a mat, a left and an
accumulator tile), and a left tile allocated outside the loops that fills
L0A (64 KiB at the default target) but room for 0 to 3 more copies of the
loops' left tiles (the pass lowers their depths, or demotes them, as the
capacity summed over the kernel allows).

Every spec renders to a pair that does not deadlock in its naive form at
any slot count >= 1.
"""

from __future__ import annotations

import dataclasses

from .random_pairs import HypothesisChooser, RandomChooser

# Vector ops applied in place to the popped tile %t (row / column vectors
# come from the tile itself, so they are valid over its valid region).
# square: tmul of the tile by itself (sources aliasing the destination);
# bf16: a round trip through a bf16 tile (tcvt both ways).
VECTOR_OPS = ("tmuls", "tadds", "tmaxs", "tneg", "tabs", "texp", "rowsub", "colmul", "square",
              "bf16")
# With a partly valid tile: rowsub's column tile and bf16's tile would need
# the popped tile's run-time valid rows.
PARTIAL_OPS = tuple(op for op in VECTOR_OPS if op not in ("rowsub", "bf16"))


@dataclasses.dataclass(frozen=True)
class TileSpec:
    trip: int
    cube_stages: int  # 0: no pto.pipeline_stages
    vector_stages: int
    slots: int
    init_ops: bool  # the slot count from the initialise ops, else pto.fifo_depth
    split: int
    rows: int
    cols: int
    valid_rows: int  # of the pushed accumulator (<= rows)
    ops: tuple[str, ...]
    free: tuple[bool, bool]  # (cube, vector) free their pops with tfree
    a_path: str = "tmov"  # A to the left buffer: tmov, textract, subview, view
    b_each_iteration: bool = False  # B loaded and moved in the loop
    store: str = "none"  # the accumulator stored to %side: none, iv, fixed
    accumulate: bool = False  # tmatmul.acc on the previous iteration's value
    mat_slots: int = 0  # the A mat buffer: alloc_multi_tile of that many slots
    addressed: bool = False  # the mat buffers at explicit addresses
    vector_slots: int = 0  # the vector pushes a copy in a vec multi-tile slot
    crossing: bool = False  # the cube's consumer half stores the A block too
    noalias: bool = False  # the pointer arguments are llvm.noalias
    # Drawn after the rest (a seed's other choices stay as they were).
    entry: bool = False  # a pto.entry launch function and an unlaunched kernel
    sync: bool = False  # both kernels end with pto.syncall (mix)
    helper: bool = False  # the vector's op chain in a function it calls with its tiles
    carried: bool = False  # the vector's loop carries its scratch tile as an iter_arg
    second_loop: bool = False  # a second pair of loops, the cube's with buffers of its own
    # A left tile outside the loops filling L0A's 64 KiB but room for this
    # many more copies of the loops' left tiles (-1: none).
    spare_room: int = -1
    # The cube's output and side views of rank 3, their windows 1xRxC (a
    # leading unit dimension, as pypto's kernels store 2-D tiles).
    unit_window: bool = False
    rsqrt: bool = False  # the vector's chain ends with tabs, tadds, trsqrt (scratch tile)
    # Drawn after rsqrt, for fully valid tiles only (the row and column tiles
    # it writes would need a partly valid tile's run-time valid shape): the
    # chain ends with tcolsum, tcolexpandsub, trowmax, trowexpand and taxpy.
    reductions: bool = False
    # Drawn after reductions: the output and side windows Rx1xC (a unit
    # dimension in the middle, as pypto's 64x1x32 windows; not with
    # unit_window), and the chain ending with a scalar divided by the tile.
    middle_window: bool = False
    reciprocal: bool = False
    # Drawn after reciprocal: the cube's first loop and the vector's begin
    # each iteration with a pto.syncall (mix), an op whose effects name no
    # value (all memory) ahead of the loads it must stay ordered with.
    loop_sync: bool = False
    # Drawn after loop_sync: how the A block reaches its mat buffer: "plain";
    # "even" (loaded on even iterations only, under an scf.if: odd ones
    # reuse the previous block, so the buffer carries it); "validshape" (an
    # alloc_tile of half the valid rows, widened to all by set_validshape
    # before the loop: a copy made like the allocation would have half).
    a_load: str = "plain"
    # Drawn after a_load, with `addressed` and `crossing` (A moved by a
    # tmov from a single mat buffer): the consumer half stores the A block
    # from a second tile placed at the A buffer's address (the same bytes,
    # which copies of the A buffer would not redirect); the cube's receive
    # slots are then placed too. "kernel": that tile is the cube's own;
    # "callee": a function the cube calls after the loop places it and
    # stores the last A block from it (to rows of its own).
    alias_read: str = ""
    # The cube's loop runs twice, in an outer loop whose body stores the A
    # buffer before it from the second time on: the last A block of the
    # previous run, read after the loop although written before it in the
    # body (the vector's first loop runs twice the trips).
    outer: bool = False
    # Drawn last, for a loop that may be skewed: the cube's loop passes the A
    # buffer as an iter_arg's initial value and yields it unchanged, and the
    # last A block is stored after the loop through the loop's result (the
    # allocation itself, which no copy of the buffer writes).
    a_carried: bool = False


def draw_tile_pair(ch) -> TileSpec:
    split = ch.choice([0, 1, 2])
    rows, cols = ch.choice([(16, 16), (32, 16), (16, 32)])
    valid_rows = rows if split == 2 or ch.boolean(0.6) else ch.choice([rows // 2, rows // 4, 8])
    spec = TileSpec(trip=ch.integer(0, 5), cube_stages=ch.choice([0, 1, 2, 2, 3]),
                    vector_stages=ch.choice([0, 1, 2, 2, 3]), slots=ch.integer(1, 4),
                    init_ops=ch.boolean(0.5), split=split, rows=rows, cols=cols,
                    valid_rows=valid_rows,
                    ops=tuple(ch.choice(VECTOR_OPS if valid_rows == rows else PARTIAL_OPS)
                              for _ in range(ch.integer(0, 3))),
                    free=(ch.boolean(0.7), ch.boolean(0.7)),
                    a_path=ch.choice(["tmov", "tmov", "textract", "subview", "view"]),
                    b_each_iteration=ch.boolean(0.3),
                    store=ch.choice(["none", "none", "iv", "fixed"]),
                    accumulate=ch.boolean(0.25),
                    mat_slots=ch.choice([0, 0, 0, 2, 3]),
                    addressed=ch.boolean(0.3),
                    # A copy of a partly valid popped tile would need its
                    # run-time valid shape, which differs per sub-block.
                    vector_slots=ch.choice([0, 0, 0, 2, 4]) if valid_rows == rows else 0,
                    crossing=ch.boolean(0.4), noalias=ch.boolean(0.7))
    spec = dataclasses.replace(spec, entry=ch.boolean(0.3), sync=ch.boolean(0.2),
                               second_loop=ch.boolean(0.3),
                               spare_room=ch.choice([-1, -1, -1, 0, 1, 2, 3]))
    spec = dataclasses.replace(spec, helper=ch.boolean(0.3), carried=ch.boolean(0.3))
    spec = dataclasses.replace(spec, unit_window=ch.boolean(0.3), rsqrt=ch.boolean(0.3))
    spec = dataclasses.replace(spec, reductions=valid_rows == rows and ch.boolean(0.3))
    spec = dataclasses.replace(spec, middle_window=ch.boolean(0.3), reciprocal=ch.boolean(0.3))
    spec = dataclasses.replace(spec, loop_sync=ch.boolean(0.2))
    plain_a = spec.a_path in ("tmov", "textract") and not spec.mat_slots and not spec.addressed
    spec = dataclasses.replace(spec, a_load=ch.choice(
        ["plain", "plain", "even"] + ["validshape"] * plain_a))
    aliased = (spec.addressed and spec.crossing and not spec.mat_slots
               and spec.a_path == "tmov" and spec.a_load != "validshape")
    where = ch.choice(["kernel", "callee"]) if aliased and ch.boolean(0.5) else ""
    spec = dataclasses.replace(spec, alias_read=where)
    if (spec.a_path in ("tmov", "textract") and not spec.mat_slots and spec.a_load == "plain"
            and not where and ch.boolean(0.2)):
        spec = dataclasses.replace(spec, outer=True)
    if where or spec.outer or ch.boolean(0.4):
        # A cube loop that may be skewed (else the reads after it prove
        # nothing), the last iteration's A block in a copy other than the
        # first (the draws above leave most loops unmarked or too short).
        spec = dataclasses.replace(spec, noalias=True, cube_stages=ch.choice([2, 3]),
                                   trip=ch.choice([2, 3, 4]))
    if (spec.a_path in ("tmov", "textract") and not spec.mat_slots and spec.a_load == "plain"
            and not where and not spec.outer and spec.noalias and spec.cube_stages >= 2
            and spec.trip >= 2 and ch.boolean(0.3)):
        spec = dataclasses.replace(spec, a_carried=True)
    return spec


def tile_pairs():
    """A hypothesis strategy of TileSpecs."""
    from hypothesis import strategies as st

    @st.composite
    def strategy(draw):
        return draw_tile_pair(HypothesisChooser(draw))
    return strategy()


def random_tile_pair(seed: int) -> TileSpec:
    return draw_tile_pair(RandomChooser(seed))


def executors_comparable(spec: TileSpec) -> bool:
    """Whether the JIT and the interpreter can be held to their f32
    tolerance (1e-4) on the pair: they sum the cube's matmul in different
    orders, so its results may differ in the last bits, and some vector op
    chains blow that up past any such tolerance. A bf16 round trip may round
    a value that sits on a bf16 rounding boundary either way (one bf16 step,
    2^-8 of it); a texp of a texp, or of a squared or column-scaled tile,
    multiplies the relative difference by the (large) exponent; a column
    scaling of such a tile multiplies the absolute difference of an entry
    near 0 by the (large) head of its column, and the closing reciprocal
    (0.5 / (|t| + 0.5), at most 1) then holds it to the tolerance of
    values near 1."""
    grown = False  # a texp, square or colmul came before
    for op in spec.ops:
        if op == "bf16" or (op == "texp" and grown) or (
                op == "colmul" and grown and spec.reciprocal):
            return False
        grown = grown or op in ("texp", "square", "colmul")
    return True


def _tile(loc: str, rows: int, cols: int, dtype: str = "f32", valid: str = "",
          layout: str = "") -> str:
    return f"!pto.tile_buf<{loc}, {rows}x{cols}x{dtype}{valid}{layout}>"


def render_tile(spec: TileSpec) -> str:
    r, c, k = spec.rows, spec.cols, 16
    vr, vc = (r // 2, c) if spec.split == 1 else (r, c // 2) if spec.split == 2 else (r, c)
    mat_a = _tile("mat", r, k, layout=", blayout=col_major, slayout=row_major")
    mat_b = _tile("mat", k, c, layout=", blayout=col_major, slayout=row_major")
    left = _tile("left", r, k, layout=", slayout=row_major")
    right = _tile("right", k, c, layout=", slayout=col_major")
    acc = _tile("acc", r, c, valid=", valid=?x?",
                layout=", blayout=col_major, slayout=row_major, fractal=1024")
    back = _tile("mat", r, c, valid=", valid=?x?", layout=", blayout=col_major, slayout=row_major")
    half = _tile("vec", vr, vc, valid=", valid=?x?")
    half_bf16 = _tile("vec", vr, vc, "bf16", valid=", valid=?x?")
    col = _tile("vec", vr, 1, valid=", valid=?x?", layout=", blayout=col_major")
    row = _tile("vec", 1, vc, valid=", valid=?x?")
    split = f"{{split = {spec.split}}}"

    def stages(n: int) -> str:
        return f" {{pto.pipeline_stages = {n} : i64}}" if n else ""

    def init(side: str, fwd: str, back_buf: str) -> list[str]:
        if not spec.init_ops:
            return []
        op = "aic" if side == "cube" else "aiv"
        return [f"    pto.{op}_initialize_pipe {{dir_mask = 3, slot_size = 4096, "
                f"slot_num = {spec.slots}}}",
                f"      (gm_slot_buffer = %slots : !pto.ptr<f32>, c2v_consumer_buf = {fwd} : i32, "
                f"v2c_consumer_buf = {back_buf} : i32)"]

    mark = " {llvm.noalias}" if spec.noalias else ""
    args = ", ".join(f"%{name}: !pto.ptr<f32>{mark}" for name in ("a", "b", "out", "slots", "side"))
    barrier = ("pto.syncall() mode = #pto.sync_all_mode<hard>, "
               "core_type = #pto.sync_core_type<mix>")
    sync = [f"    {barrier}"] if spec.sync else []
    loop_sync = [f"      {barrier}"] if spec.loop_sync else []
    n = spec.trip * r
    # With `crossing`, %out holds a second block of rows: the A blocks.
    out_rows = 2 * max(n, r) if spec.crossing else max(n, r)
    # Rows of their own for the A block stored after the loop (alias_read
    # "callee", a_carried) or before it in the outer loop (outer).
    extra_row = out_rows
    out_rows += r * (spec.alias_read == "callee" or spec.outer or spec.a_carried)
    # A's mat storage: the block itself, or (subview) a buffer of two blocks
    # whose second half the block is loaded into.
    a_store = (_tile("mat", 2 * r, k, layout=", blayout=col_major, slayout=row_major")
               if spec.a_path == "subview" else mat_a)
    a_slots = f"!pto.multi_tile_buf<{a_store}, count = {spec.mat_slots}>"
    a_bytes = (2 if spec.a_path == "subview" else 1) * r * k * 4 * max(spec.mat_slots, 1)
    # Mat buffers in allocation order with their bytes: disjoint addresses
    # when the kernel places them itself.
    mat_buffers = [("mb", k * c * 4), ("ma", a_bytes)] + ([("ma0", r * k * 4)]
                                                        if spec.accumulate else [])
    addresses, offset = {}, 0
    for name, size in mat_buffers:
        addresses[name], offset = offset, offset + size

    def alloc(name: str, type_: str, op: str = "alloc_tile", value: str = "") -> list[str]:
        value = value or name
        if not spec.addressed:
            return [f"    %{value} = pto.{op} : {type_}"]
        return [f"    %{name}_addr = arith.constant {addresses[name]} : i64",
                f"    %{value} = pto.{op} addr = %{name}_addr : {type_}"]

    def load_b(indent: str) -> list[str]:
        return [f"{indent}pto.tload ins(%bw : !pto.partition_tensor_view<{k}x{c}xf32>) "
                f"outs(%mb : {mat_b})",
                f"{indent}pto.tmov ins(%mb : {mat_b}) outs(%rb : {right})"]

    if spec.mat_slots:
        a_alloc = alloc("ma", a_slots, "alloc_multi_tile", "ma_slots")
        a_get = [f"      %nslots = arith.constant {spec.mat_slots} : index",
                 "      %slot = arith.remui %i, %nslots : index",
                 f"      %ma = pto.multi_tile_get %ma_slots[%slot] : {a_slots} -> {a_store}"]
    else:
        a_alloc, a_get = alloc("ma", a_store), []
    a_in = "%mw" if spec.a_path in ("subview", "view") else "%ma"
    # The A buffer's type where the loop names it (a run-time valid shape
    # with `validshape`).
    a_type = mat_a
    if spec.a_load == "validshape":
        a_type = _tile("mat", r, k, valid=", valid=?x?",
                       layout=", blayout=col_major, slayout=row_major")
        a_alloc = [f"    %half_rows = arith.constant {r // 2} : index",
                   f"    %ma = pto.alloc_tile valid_row = %half_rows valid_col = %k : {a_type}",
                   f"    pto.set_validshape %ma, %rows, %k : {a_type}"]
    a_path = ([f"      %mw = pto.subview %ma[%rows, %c0] sizes [{r}, {k}] : {a_store} -> {mat_a}"]
              if spec.a_path == "subview" else [])
    # A view of the whole buffer: before the loop, unless the buffer is a
    # slot the loop picks.
    whole_view = f"%mw = pto.subview %ma[%c0, %c0] sizes [{r}, {k}] : {mat_a} -> {mat_a}"
    view_before = [f"    {whole_view}"] if spec.a_path == "view" and not spec.mat_slots else []
    if spec.a_path == "view" and spec.mat_slots:
        a_path.append(f"      {whole_view}")
    load_a = (f"pto.tload ins(%aw : !pto.partition_tensor_view<{r}x{k}xf32>) "
              f"outs({'%ma' if spec.a_path == 'view' else a_in} : {a_type})")
    if spec.a_load == "even":
        a_path += ["      %two = arith.constant 2 : index",
                   "      %parity = arith.remui %i, %two : index",
                   "      %even = arith.cmpi eq, %parity, %c0 : index",
                   "      scf.if %even {",
                   f"        {load_a}",
                   "      }"]
    else:
        a_path.append(f"      {load_a}")
    if spec.a_path == "textract":
        a_path.append(f"      pto.textract ins(%ma, %c0, %c0 : {a_type}, index, index) "
                      f"outs(%la : {left})")
    else:
        a_path.append(f"      pto.tmov ins({a_in} : {a_type}) outs(%la : {left})")
    # The accumulator: the first block's product before the loop, then each
    # iteration adds its own to the previous value.
    first = [] if not spec.accumulate else [
        *alloc("ma0", mat_a),
        f"    %a0w = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%rows, %k] : "
        f"!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<{r}x{k}xf32>",
        f"    pto.tload ins(%a0w : !pto.partition_tensor_view<{r}x{k}xf32>) outs(%ma0 : {mat_a})",
        f"    pto.tmov ins(%ma0 : {mat_a}) outs(%la : {left})",
        f"    pto.tmatmul ins(%la, %rb : {left}, {right}) outs(%acc : {acc})"]
    product = (f"      pto.tmatmul.acc ins(%acc, %la, %rb : {acc}, {left}, {right}) "
               f"outs(%acc : {acc})" if spec.accumulate else
               f"      pto.tmatmul ins(%la, %rb : {left}, {right}) outs(%acc : {acc})")
    # Views of %out and %side: rank 3 with `unit_window` (1xRxC windows) or
    # `middle_window` (Rx1xC), both R x C tiles by pto-isa's ND rule.
    lead, middle = spec.unit_window, spec.middle_window and not spec.unit_window
    dims = "x".join(["?"] * (3 if lead or middle else 2))

    def whole(name: str, ptr: str, rows: str) -> str:
        shape = (["%c1", rows, "%cols"] if lead else [rows, "%c1", "%cols"] if middle
                 else [rows, "%cols"])
        strides = ([f"%{name}_size", "%cols", "%c1"] if lead else ["%cols", "%cols", "%c1"]
                   if middle else ["%cols", "%c1"])
        return "\n".join(
            [f"    %{name}_size = arith.muli {rows}, %cols : index"] * lead
            + [f"    %{name} = pto.make_tensor_view {ptr}, shape = [{', '.join(shape)}], "
               f"strides = [{', '.join(strides)}] : !pto.tensor_view<{dims}xf32>"])

    def window(name: str, view: str, row: str, sizes: str, shape: str) -> tuple[str, str]:
        """A window of `view` at row `row`: its partition_view line and type."""
        if middle:
            (n, c), (count, width) = sizes.split(", "), shape.split("x")
            offsets, sizes, shape = f"{row}, %c0, %c0", f"{n}, %c1, {c}", f"{count}x1x{width}"
        else:
            offsets = f"{'%c0, ' * lead}{row}, %c0"
            sizes, shape = f"{'%c1, ' * lead}{sizes}", f"{'1x' * lead}{shape}"
        type_ = f"!pto.partition_tensor_view<{shape}xf32>"
        return (f"      {name} = pto.partition_view {view}, offsets = [{offsets}], "
                f"sizes = [{sizes}] : !pto.tensor_view<{dims}xf32> -> {type_}", type_)

    side_w, side_t = window("%sw", "%sv", "%r0" if spec.store == "iv" else "%c0",
                            "%valid, %cols", f"{spec.valid_rows}x{c}")
    out_w, out_t = window("%ow", "%ov", "%r0", "%valid, %cols", f"{spec.valid_rows}x{c}")
    cross_w, cross_t = window("%xw", "%ov", "%r1", "%rows, %k", f"{r}x{k}")
    store = [] if spec.store == "none" else [
        side_w, f"      pto.tstore ins(%acc : {acc}) outs(%sw : {side_t})"]
    # The second loop: A's blocks again, through buffers of its own.
    second = [] if not spec.second_loop else [
        f"    %ma2 = pto.alloc_tile : {mat_a}",
        f"    %la2 = pto.alloc_tile : {left}",
        f"    %acc2 = pto.alloc_tile : {acc}",
        "    scf.for %i = %c0 to %trip step %c1 {",
        "      %r0 = arith.muli %i, %rows : index",
        f"      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%rows, %k] : "
        f"!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<{r}x{k}xf32>",
        f"      pto.tload ins(%aw : !pto.partition_tensor_view<{r}x{k}xf32>) outs(%ma2 : {mat_a})",
        f"      pto.tmov ins(%ma2 : {mat_a}) outs(%la2 : {left})",
        f"      pto.set_validshape %acc2, %rows, %cols : {acc}",
        f"      pto.tmatmul ins(%la2, %rb : {left}, {right}) outs(%acc2 : {acc})",
        f"      pto.set_validshape %acc2, %valid, %cols : {acc}",
        f"      pto.tpush_to_aiv(%acc2 : {acc}) {split}",
        f"      %got = pto.tpop_from_aiv {split} -> {back}",
        out_w,
        f"      pto.tstore ins(%got : {back}) outs(%ow : {out_t})",
        *([f"      pto.tfree_from_aiv {split}"] if spec.free[0] else []),
        "    }" + stages(spec.cube_stages)]
    # 16 rows of 1024 f32 fill the 64 KiB of L0A; each left tile of the
    # loops (and each copy the room is left for) takes r of those columns.
    spare_cols = 1024 - r * (1 + spec.second_loop + spec.spare_room)
    spare = ([f"    %spare = pto.alloc_tile : "
              f"{_tile('left', 16, spare_cols, layout=', slayout=row_major')}"]
             if spec.spare_room >= 0 else [])
    cube = [
        f"  func.func @cube({args}) attributes {{pto.kernel_kind = #pto.kernel_kind<cube>}} {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %trip = arith.constant {spec.trip} : index",
        f"    %rows = arith.constant {r} : index",
        f"    %cols = arith.constant {c} : index",
        f"    %k = arith.constant {k} : index",
        f"    %valid = arith.constant {spec.valid_rows} : index",
        f"    %n = arith.constant {max(n, r)} : index",
        f"    %nout = arith.constant {out_rows} : index",
        "    %fwd = pto.import_reserved_buffer {name = \"c2v\", peer_func = @vector} -> i32",
        "    %back = pto.reserve_buffer {name = \"v2c\", size = 65536, location = "
        "#pto.address_space<mat>, "
        # Placed clear of the placed mat buffers, the pops' slots are
        # provably none of them (with alias_read, whose pair else demotes).
        + ("auto = false, base = 131072} -> i32" if spec.alias_read else "auto = true} -> i32"),
        *init("cube", "%fwd", "%back"),
        "    %av = pto.make_tensor_view %a, shape = [%n, %k], strides = [%k, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        "    %bv = pto.make_tensor_view %b, shape = [%k, %cols], strides = [%cols, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        whole("ov", "%out", "%nout"),
        *([whole("sv", "%side", "%n")] if store else []),
        f"    %bw = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%k, %cols] : "
        f"!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<{k}x{c}xf32>",
        *alloc("mb", mat_b),
        f"    %rb = pto.alloc_tile : {right}",
        *load_b("    "),
        *a_alloc,
        *([f"    %ma_alias = pto.alloc_tile addr = %ma_addr : {a_store}"]
          if spec.alias_read == "kernel" else []),
        *view_before,
        f"    %la = pto.alloc_tile : {left}",
        f"    %acc = pto.alloc_tile : {acc}",
        *spare,
        *first,
        (f"    %ma_last = scf.for %i = %c0 to %trip step %c1 iter_args(%ma_it = %ma) -> ({a_type}) {{"
         if spec.a_carried else "    scf.for %i = %c0 to %trip step %c1 {"),
        *loop_sync,
        "      %r0 = arith.muli %i, %rows : index",
        f"      %aw = pto.partition_view %av, offsets = [%r0, %c0], sizes = [%rows, %k] : "
        f"!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<{r}x{k}xf32>",
        *a_get,
        *a_path,
        *(load_b("      ") if spec.b_each_iteration else []),
        f"      pto.set_validshape %acc, %rows, %cols : {acc}",
        product,
        f"      pto.set_validshape %acc, %valid, %cols : {acc}",
        *store,
        f"      pto.tpush_to_aiv(%acc : {acc}) {split}",
        f"      %got = pto.tpop_from_aiv {split} -> {back}",
        out_w,
        f"      pto.tstore ins(%got : {back}) outs(%ow : {out_t})",
        *([f"      pto.tfree_from_aiv {split}"] if spec.free[0] else []),
        *(["      %r1 = arith.addi %r0, %n : index",
           cross_w,
           f"      pto.tstore ins({'%ma_alias' if spec.alias_read == 'kernel' else a_in} : "
           f"{a_type}) outs(%xw : {cross_t})"]
          if spec.crossing else []),
        *([f"      scf.yield %ma_it : {a_type}"] if spec.a_carried else []),
        "    }" + stages(spec.cube_stages),
        *([f"    %r4 = arith.constant {extra_row} : index",
           window("%lw", "%ov", "%r4", "%rows, %k", f"{r}x{k}")[0],
           f"    pto.tstore ins(%ma_last : {a_type}) outs(%lw : {cross_t})"]
          if spec.a_carried else []),
        *([f"    %r2 = arith.constant {extra_row} : index",
           window("%yw", "%ov", "%r2", "%rows, %k", f"{r}x{k}")[0],
           f"    func.call @store_a(%yw) : ({cross_t}) -> ()"]
          if spec.alias_read == "callee" else []),
        *second,
        *sync,
        "    return",
        "  }",
    ]
    if spec.outer:
        start = cube.index("    scf.for %i = %c0 to %trip step %c1 {")
        end = cube.index("    }" + stages(spec.cube_stages), start) + 1
        cube[start:end] = [
            "    %outer = arith.constant 2 : index",
            "    scf.for %j = %c0 to %outer step %c1 {",
            "      %again = arith.cmpi ugt, %j, %c0 : index",
            "      scf.if %again {",
            f"        %r3 = arith.constant {extra_row} : index",
            window("%zw", "%ov", "%r3", "%rows, %k", f"{r}x{k}")[0],
            f"        pto.tstore ins({a_in} : {a_type}) outs(%zw : {cross_t})",
            "      }",
            *cube[start:end],
            "    }"]
    if spec.alias_read == "callee":
        cube = [f"  func.func private @store_a(%xw: {cross_t}) {{",
                f"    %ma_addr = arith.constant {addresses['ma']} : i64",
                f"    %ma_alias = pto.alloc_tile addr = %ma_addr : {a_store}",
                f"    pto.tstore ins(%ma_alias : {a_store}) outs(%xw : {cross_t})",
                "    return",
                "  }",
                *cube]
    body = []
    # The scratch tile, an iter_arg of the vector's loop when `carried`.
    tmp = "%tmp_i" if spec.carried else "%tmp"
    for i, op in enumerate(spec.ops):
        if op in ("tmuls", "tadds", "tmaxs"):
            body.append(f"      pto.{op} ins(%t, %s : {half}, f32) outs(%t : {half})")
        elif op in ("tneg", "tabs", "texp"):
            body.append(f"      pto.{op} ins(%t : {half}) outs(%t : {half})")
        elif op == "square":
            body.append(f"      pto.tmul ins(%t, %t : {half}, {half}) outs(%t : {half})")
        elif op == "bf16":
            body += [f"      pto.tcvt ins(%t {{rmode = #pto<round_mode RINT>}} : {half}) "
                     f"outs(%h : {half_bf16})",
                     f"      pto.tcvt ins(%h : {half_bf16}) outs(%t : {half})"]
        elif op == "rowsub":
            body += [f"      pto.trowmax ins(%t, {tmp} : {half}, {half}) outs(%col : {col})",
                     f"      pto.trowexpandsub ins(%t, %col : {half}, {col}) outs(%t : {half})"]
        else:  # colmul: scale each column by the tile's first row
            body += [f"      %first{i} = pto.subview %t[%c0, %c0] sizes [1, {vc}] : {half} -> {row}",
                     f"      pto.tcolexpandmul ins(%t, %first{i} : {half}, {row}) outs(%t : {half})"]
    if spec.reductions:  # t - its column sums, plus half its row maxima along each row
        body += [f"      pto.tcolsum ins(%t, {tmp} : {half}, {half}) outs(%csum : {row})",
                 f"      pto.tcolexpandsub ins(%t, %csum : {half}, {row}) outs(%t : {half})",
                 f"      pto.trowmax ins(%t, {tmp} : {half}, {half}) outs(%col : {col})",
                 f"      pto.trowexpand ins(%col : {col}) outs(%spread : {half})",
                 f"      pto.taxpy ins(%spread, %s : {half}, f32) outs(%t : {half})"]
    if spec.rsqrt:  # positive first: 1/sqrt(|t| + 0.5)
        body += [f"      pto.tabs ins(%t : {half}) outs(%t : {half})",
                 f"      pto.tadds ins(%t, %s : {half}, f32) outs(%t : {half})",
                 f"      pto.trsqrt ins(%t, {tmp} : {half}, {half}) outs(%t : {half})"]
    if spec.reciprocal:  # tdivs scalar first: 0.5 / (|t| + 0.5)
        body += [f"      pto.tabs ins(%t : {half}) outs(%t : {half})",
                 f"      pto.tadds ins(%t, %s : {half}, f32) outs(%t : {half})",
                 f"      pto.tdivs ins(%s, %t : f32, {half}) outs(%t : {half})"]
    # With `helper`, the op chain is a function of the tiles it uses.
    helper_args = f"%t, %s, {tmp}, %h, %col" + (", %csum, %spread" if spec.reductions else "")
    helper_types = f"{half}, f32, {half}, {half_bf16}, {col}" + (
        f", {row}, {half}" if spec.reductions else "")
    more = f", %csum: {row}, %spread: {half}" if spec.reductions else ""
    helper = [] if not spec.helper else [
        f"  func.func private @vector_ops(%t: {half}, %s: f32, {tmp}: {half}, %h: {half_bf16}, "
        f"%col: {col}{more}) {{",
        "    %c0 = arith.constant 0 : index",
        *(line[2:] for line in body),
        "    return",
        "  }"]
    if spec.helper:
        body = [f"      func.call @vector_ops({helper_args}) : ({helper_types}) -> ()"]
    # The vector pushes a copy in a slot of its own multi-buffered tile.
    v_slots = f"!pto.multi_tile_buf<{half}, count = {spec.vector_slots}>"
    pushed, copy = "%t", []
    if spec.vector_slots:
        pushed = "%v"
        copy = [f"      %nv = arith.constant {spec.vector_slots} : index",
                "      %vk = arith.remui %i, %nv : index",
                f"      %v = pto.multi_tile_get %v_slots[%vk] : {v_slots} -> {half}",
                f"      pto.tmov ins(%t : {half}) outs(%v : {half})"]

    def loop(n: int) -> list[str]:
        trip = "%trip2" if spec.outer and n == 0 else "%trip"
        head = (f"    %carried{n} = scf.for %i = %c0 to {trip} step %c1 iter_args(%tmp_i = %tmp)"
                f" -> ({half}) {{" if spec.carried else f"    scf.for %i = %c0 to {trip} step %c1 {{")
        return [
            head,
            *(loop_sync if n == 0 else []),
            f"      %t = pto.tpop_from_aic {split} -> {half}",
            *body,
            *copy,
            f"      pto.tpush_to_aic({pushed} : {half}) {split}",
            *([f"      pto.tfree_from_aic {split}"] if spec.free[1] else []),
            *([f"      scf.yield %tmp_i : {half}"] if spec.carried else []),
            "    }" + stages(spec.vector_stages),
        ]
    vector = [
        f"  func.func @vector({args}) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %trip = arith.constant {spec.trip} : index",
        *([f"    %trip2 = arith.constant {2 * spec.trip} : index"] if spec.outer else []),
        "    %s = arith.constant 0.5 : f32",
        "    %fwd = pto.reserve_buffer {name = \"c2v\", size = 65536, location = "
        "#pto.address_space<vec>, auto = true} -> i32",
        "    %back = pto.import_reserved_buffer {name = \"v2c\", peer_func = @cube} -> i32",
        *init("vector", "%fwd", "%back"),
        f"    %tmp = pto.alloc_tile : {half}",
        f"    %h = pto.alloc_tile : {half_bf16}",
        f"    %col = pto.alloc_tile : {col}",
        *([f"    %csum = pto.alloc_tile : {row}",
           f"    %spread = pto.alloc_tile : {half}"] if spec.reductions else []),
        *([f"    %v_slots = pto.alloc_multi_tile : {v_slots}"] if spec.vector_slots else []),
        *loop(0),
        *(loop(1) if spec.second_loop else []),
        *sync,
        "    return",
        "  }",
    ]
    names = ", ".join(arg.split(":")[0] for arg in args.split(", "))
    types = ", ".join(arg.split(": ")[1].removesuffix(" {llvm.noalias}")
                      for arg in args.split(", "))
    launch = [
        f"  func.func @launch({args}) attributes {{pto.entry}} {{",
        f"    func.call @cube({names}) : ({types}) -> ()",
        f"    func.call @vector({names}) : ({types}) -> ()",
        "    return",
        "  }",
        # Compiled beside the pair, never launched: paired with it, it would
        # be a third kernel and a pop nobody answers.
        "  func.func @coverage() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {",
        f"    %t = pto.tpop_from_aic {{id = 7, split = 0}} -> {half}",
        "    return",
        "  }",
    ] if spec.entry else []
    attrs = "" if spec.init_ops else f" attributes {{pto.fifo_depth = {spec.slots} : i64}}"
    return "\n".join([f"module{attrs} {{", *launch, *cube, "", *helper, *vector, "}", ""])
