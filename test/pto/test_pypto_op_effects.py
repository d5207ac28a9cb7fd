# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The memory effects the ops of test/pto/ops-pypto.mlir declare, as the
skew pass's hazard check reads them (MLIR's MemoryEffectOpInterface): each
tile op reads its sources and writes its destination; a scratch tile,
optional or not, is read and written (mgather's is a global window); a
destination written only in part (tinsert, tscatter in either form,
mscatter's global window) is read too, so no analysis takes it as wholly
overwritten; generated tiles read nothing; the attributes of the newer
PTOAS syntax change no effect; sync ops, the transfers between devices and
the asynchronous prefetch order all memory; views and queries have no
effect. Then what upstream passes conclude from them."""

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.effects import DEFAULT_RESOURCE, TILE_STATE_RESOURCE, memory_effects
from skew_mlir.skew.body_effects import overwrites_whole

F = "!pto.tile_buf<vec, 16x32xf32>"
I = "!pto.tile_buf<vec, 16x32xi32>"
M = "!pto.tile_buf<vec, 16x32xi8>"
COL = "!pto.tile_buf<vec, 16x1xf32, blayout=col_major>"
ROW = "!pto.tile_buf<vec, 1x32xf32>"
SMALL = "!pto.tile_buf<vec, 8x8xf32>"
VIEW = "!pto.partition_tensor_view<16x32xf32>"
L = "!pto.tile_buf<left, 16x16xf16>"
R = "!pto.tile_buf<right, 16x16xf16>"
ACC = "!pto.tile_buf<acc, 16x16xf32>"
BIAS = "!pto.tile_buf<bias, 1x16xf32>"
LS = "!pto.tile_buf<left, 16x2x!pto.f8E8M0>"
RS = "!pto.tile_buf<right, 2x16x!pto.f8E8M0>"
SC = "!pto.tile_buf<scaling, 1x16xf16>"
MAT = "!pto.tile_buf<mat, 16x16xf16>"
GV = "!pto.partition_tensor_view<16x16xf16>"
PAIRS = "!pto.tile_buf<vec, 1x64xf32>"
ALL = "!pto.tile_buf<vec, 1x256xf32>"
U = "!pto.tile_buf<vec, 16x32xui32>"

# Every value a case may name, with its type.
ARGS = {
    "a": F, "b": F, "c": F, "d": F, "tmp": F, "col": COL, "row": ROW,
    "small": SMALL, "ia": I, "ib": I, "id": I, "itmp": I, "mask": M,
    "view": VIEW, "idx": I, "order": U, "s": "f32", "n": "i32", "at": "index",
    "l": L, "r": R, "acc": ACC, "out": ACC, "bias": BIAS, "ls": LS, "rs": RS,
    "sc": SC, "mat": MAT, "gv": GV, "p0": PAIRS, "p1": PAIRS, "merged": ALL,
    "scratch": ALL, "executed": "vector<4xi16>", "addr": "i64",
    "event": "!pto.async_event", "session": "!pto.async_session",
    "gidx": "!pto.partition_tensor_view<16x32xi32>", "q": "i64",
    "ws": "!pto.ptr<i8>", "ctx": "!pto.prefetch_async_context",
    "ping": "!pto.tile_buf<vec, 16x32xf32>", "pong": "!pto.tile_buf<vec, 16x32xf32>",
    "bins": U, "q8": M, "gp": "!pto.ptr<f32>", "vec_mem": "memref<16x32xf32, #pto.address_space<vec>>",
    "part": "!pto.tile_buf<vec, 16x32xf32, valid=8x32>",
    "dyn": "!pto.tile_buf<vec, 16x32xf32, valid=?x?>", "cond": "i1",
}

R_, W_ = "read", "write"
D, S = DEFAULT_RESOURCE, TILE_STATE_RESOURCE


def rw(name):
    """A scratch or partly written tile: read and written."""
    return {(R_, name, D), (W_, name, D)}


def reads(*names):
    return {(R_, name, D) for name in names}


def writes(*names):
    return {(W_, name, D) for name in names}


# (op text, the effects it declares as (kind, value name, resource)).
CASES = [
    (f"pto.tand ins(%ia, %ib : {I}, {I}) outs(%id : {I})", reads("ia", "ib") | writes("id")),
    (f"pto.tor ins(%ia, %ib : {I}, {I}) outs(%id : {I})", reads("ia", "ib") | writes("id")),
    (f"pto.tshl ins(%ia, %ib : {I}, {I}) outs(%id : {I})", reads("ia", "ib") | writes("id")),
    (f"pto.tshr ins(%ia, %ib : {I}, {I}) outs(%id : {I})", reads("ia", "ib") | writes("id")),
    (f"pto.tnot ins(%ia : {I}) outs(%id : {I})", reads("ia") | writes("id")),
    (f"pto.tands ins(%ia, %n : {I}, i32) outs(%id : {I})", reads("ia") | writes("id")),
    (f"pto.tors ins(%ia, %n : {I}, i32) outs(%id : {I})", reads("ia") | writes("id")),
    (f"pto.tshls ins(%ia, %n : {I}, i32) outs(%id : {I})", reads("ia") | writes("id")),
    (f"pto.tshrs ins(%ia, %n : {I}, i32) outs(%id : {I})", reads("ia") | writes("id")),
    (f"pto.txor ins(%ia, %ib, %itmp : {I}, {I}, {I}) outs(%id : {I})",
     reads("ia", "ib") | rw("itmp") | writes("id")),
    (f"pto.txors ins(%ia, %n, %itmp : {I}, i32, {I}) outs(%id : {I})",
     reads("ia") | rw("itmp") | writes("id")),
    (f"pto.txor ins(%ia, %ib : {I}, {I}) outs(%id : {I})", reads("ia", "ib") | writes("id")),
    (f"pto.txors ins(%ia, %n : {I}, i32) outs(%id : {I})", reads("ia") | writes("id")),
    (f"pto.tfmod ins(%a, %b : {F}, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tfmod ins(%a, %b : {F}, {F}) outs(%d : {F}) "
     "{precisionType = #pto<fmod_precision high_precision>}", reads("a", "b") | writes("d")),
    (f"pto.tfmods ins(%a, %s : {F}, f32) outs(%d : {F})", reads("a") | writes("d")),
    # tdivs in both operand orders: the tile is read wherever it is written.
    (f"pto.tdivs ins(%a, %s : {F}, f32) outs(%d : {F})", reads("a") | writes("d")),
    (f"pto.tdivs ins(%s, %a : f32, {F}) outs(%d : {F})", reads("a") | writes("d")),
    (f"pto.tlrelu ins(%a, %s : {F}, f32) outs(%d : {F})", reads("a") | writes("d")),
    (f"pto.tsubc ins(%a, %b, %c : {F}, {F}, {F}) outs(%d : {F})", reads("a", "b", "c") | writes("d")),
    (f"pto.taddsc ins(%a, %s, %b : {F}, f32, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tsubsc ins(%a, %s, %b : {F}, f32, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tpartadd ins(%a, %b : {F}, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tpartmul ins(%a, %b : {F}, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tpartmax ins(%a, %b : {F}, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tpartmin ins(%a, %b : {F}, {F}) outs(%d : {F})", reads("a", "b") | writes("d")),
    (f"pto.tcolprod ins(%a : {F}) outs(%row : {ROW})", reads("a") | writes("row")),
    (f"pto.trowprod ins(%a, %tmp : {F}, {F}) outs(%col : {COL})",
     reads("a") | rw("tmp") | writes("col")),
    (f"pto.trowprod ins(%a : {F}) outs(%col : {COL})", reads("a") | writes("col")),
    (f"pto.tcolexpandmax ins(%a, %row : {F}, {ROW}) outs(%d : {F})", reads("a", "row") | writes("d")),
    (f"pto.tcolexpandmin ins(%a, %row : {F}, {ROW}) outs(%d : {F})", reads("a", "row") | writes("d")),
    (f"pto.trowexpandmax ins(%a, %col : {F}, {COL}) outs(%d : {F})", reads("a", "col") | writes("d")),
    (f"pto.trowexpandmax ins(%a, %col, %tmp : {F}, {COL}, {F}) outs(%d : {F})",
     reads("a", "col") | rw("tmp") | writes("d")),
    (f"pto.trowexpandmin ins(%a, %col : {F}, {COL}) outs(%d : {F})", reads("a", "col") | writes("d")),
    (f"pto.trowexpandmin ins(%a, %col, %tmp : {F}, {COL}, {F}) outs(%d : {F})",
     reads("a", "col") | rw("tmp") | writes("d")),
    (f"pto.trowexpandexpdif ins(%a, %col : {F}, {COL}) outs(%d : {F})", reads("a", "col") | writes("d")),
    (f"pto.trowexpandexpdif ins(%a, %col, %tmp : {F}, {COL}, {F}) outs(%d : {F})",
     reads("a", "col") | rw("tmp") | writes("d")),
    (f"pto.tfillpad_expand ins(%small : {SMALL}) outs(%d : {F})", reads("small") | writes("d")),
    (f"pto.tcmp ins(%a, %b {{cmpMode = #pto<cmp lt>}} : {F}, {F}) outs(%mask : {M})",
     reads("a", "b") | writes("mask")),
    (f"pto.tcmps ins(%a, %s : {F}, f32) outs(%mask : {M})", reads("a") | writes("mask")),
    (f"pto.tsel ins(%mask, %a, %b, %tmp : {M}, {F}, {F}, {F}) outs(%d : {F})",
     reads("mask", "a", "b") | rw("tmp") | writes("d")),
    (f"pto.tsels ins(%mask, %a, %tmp, %s : {M}, {F}, {F}, f32) outs(%d : {F})",
     reads("mask", "a") | rw("tmp") | writes("d")),
    (f"pto.tsel ins(%mask, %a, %b : {M}, {F}, {F}) outs(%d : {F})",
     reads("mask", "a", "b") | writes("d")),
    (f"pto.tsels ins(%mask, %a, %s : {M}, {F}, f32) outs(%d : {F})", reads("mask", "a") | writes("d")),
    # Generated tiles: written, nothing read.
    (f"pto.ttri ins(%n {{upperOrLower = 1 : i32}} : i32) outs(%id : {I})", writes("id")),
    (f"pto.trandom ins(%n, %n, %n, %n, %n, %n : i32, i32, i32, i32, i32, i32) outs(%id : {I})",
     writes("id")),
    # Written in part: the destination is read as well.
    (f"pto.tinsert ins(%small, %at, %at : {SMALL}, index, index) outs(%d : {F})",
     reads("small") | rw("d")),
    # The scaling tile is read; the pre-quantisation scalar is a value.
    (f"pto.tinsert ins(%acc, %at, %at : {ACC}, index, index fp %sc : {SC} pre_quant %q : i64) "
     f"outs(%mat : {MAT}) {{reluPreMode = #pto<relu_pre_mode normal_relu>}}",
     reads("acc", "sc") | rw("mat")),
    (f"pto.tscatter ins(%a, %idx : {F}, {I}) outs(%d : {F})", reads("a", "idx") | rw("d")),
    (f"pto.tscatter ins(%a, {{maskPattern = #pto.mask_pattern<P0101>}} : {F}, \"row\") outs(%d : {F})",
     reads("a") | rw("d")),
    (f"pto.mscatter ins(%a, %idx : {F}, {I}) outs(%view : {VIEW})", reads("a", "idx") | rw("view")),
    (f"pto.mscatter ins(%a, %idx : {F}, {I}) outs(%view : {VIEW}) "
     "{coalesce = #pto<coalesce elem>, scatterConflict = #pto<scatter_conflict last>}",
     reads("a", "idx") | rw("view")),
    (f"pto.mgather ins(%view, %idx : {VIEW}, {I}) outs(%d : {F}) {{coalesce = #pto<coalesce row>}}",
     reads("view", "idx") | writes("d")),
    # By elements into L1: staged through a global scratch window.
    (f"pto.mgather ins(%view, %gidx, %gv : {VIEW}, !pto.partition_tensor_view<16x32xi32>, {GV}) "
     f"outs(%mat : {MAT}) {{coalesce = #pto<coalesce elem>}}",
     reads("view", "gidx") | rw("gv") | writes("mat")),
    (f"pto.tgatherb ins(%a, %idx : {F}, {I}) outs(%d : {F})", reads("a", "idx") | writes("d")),
    (f"pto.tsort32 ins(%a, %order : {F}, {U}) outs(%d : {F})", reads("a", "order") | writes("d")),
    (f"pto.tsort32 ins(%a, %order, %tmp : {F}, {U}, {F}) outs(%d : {F})",
     reads("a", "order") | rw("tmp") | writes("d")),
    (f"pto.tmrgsort ins(%p0, %n : {PAIRS}, i32) outs(%p1 : {PAIRS})", reads("p0") | writes("p1")),
    (f"pto.tmrgsort ins(%p0, %p1, %scratch {{exhausted = false}} : {PAIRS}, {PAIRS}, {ALL}) "
     f"outs(%merged, %executed : {ALL}, vector<4xi16>)",
     reads("p0", "p1") | rw("scratch") | writes("merged", "executed")),
    (f"pto.tmrgsort ins(%p0, %p1 no_tmp : {PAIRS}, {PAIRS}) "
     f"outs(%merged, %executed : {ALL}, vector<4xi16>)",
     reads("p0", "p1") | writes("merged", "executed")),
    # Cube ops: the accumulator read is a source of its own.
    (f"pto.tgemv ins(%l, %r : {L}, {R}) outs(%out : {ACC})", reads("l", "r") | writes("out")),
    (f"pto.tgemv ins(%l, %r : {L}, {R}) outs(%out : {ACC}) {{accPhase = #pto<acc_phase final>}}",
     reads("l", "r") | writes("out")),
    (f"pto.tgemv.acc ins(%acc, %l, %r : {ACC}, {L}, {R}) outs(%out : {ACC})",
     reads("acc", "l", "r") | writes("out")),
    (f"pto.tgemv.bias ins(%l, %r, %bias : {L}, {R}, {BIAS}) outs(%out : {ACC})",
     reads("l", "r", "bias") | writes("out")),
    (f"pto.tmatmul.mx ins(%l, %ls, %r, %rs : {L}, {LS}, {R}, {RS}) outs(%out : {ACC})",
     reads("l", "ls", "r", "rs") | writes("out")),
    (f"pto.tmatmul.mx.acc ins(%acc, %l, %ls, %r, %rs : {ACC}, {L}, {LS}, {R}, {RS}) outs(%out : {ACC})",
     reads("acc", "l", "ls", "r", "rs") | writes("out")),
    (f"pto.tmatmul.mx.bias ins(%l, %ls, %r, %rs, %bias : {L}, {LS}, {R}, {RS}, {BIAS}) outs(%out : {ACC})",
     reads("l", "ls", "r", "rs", "bias") | writes("out")),
    (f"pto.tmov.fp ins(%acc, %sc : {ACC}, {SC}) outs(%mat : {MAT})", reads("acc", "sc") | writes("mat")),
    (f"pto.tstore_fp ins(%acc, %sc : {ACC}, {SC}) outs(%gv : {GV})", reads("acc", "sc") | writes("gv")),
    (f"pto.tget_scale_addr ins(%l : {L}) outs(%sc : {SC})", reads("l") | writes("sc")),
    # Rebinding a tile writes its state (the handle), not its data.
    (f"%t = pto.tassign %a, %addr : {F} -> {F}", {(W_, "a", S)}),
    # Views and queries: no effect.
    (f"%v = pto.bitcast %a : {F} -> {I}", set()),
    ("%nb = pto.get_block_num", set()),
    # Synchronisation: all memory, read and written.
    ("pto.sync.set <PIPE_MTE3>, 1", {(R_, None, D), (W_, None, D)}),
    ("pto.sync.set <PIPE_V>, %at", {(R_, None, D), (W_, None, D)}),
    ("pto.sync.wait <PIPE_FIX>, 1", {(R_, None, D), (W_, None, D)}),
    ("pto.sync.wait <PIPE_FIX>, 1 {ffts_mode = 0 : i32}", {(R_, None, D), (W_, None, D)}),
    ("%ok = pto.comm.wait_async_event(%event, %session : !pto.async_event, !pto.async_session) -> i1",
     {(R_, None, D), (W_, None, D)}),
    # Between devices and into the L2 cache: all memory, read and written,
    # as comm.tput; the session of a prefetch context is a projection.
    (f"pto.comm.tget(%gv, %gv, buf(%ping) : {GV}, {GV}, !pto.tile_buf<vec, 16x32xf32>)",
     {(R_, None, D), (W_, None, D)}),
    ("%context = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context",
     {(R_, None, D), (W_, None, D)}),
    (f"%e = pto.tprefetch_async(%view, %ctx : {VIEW}, !pto.prefetch_async_context) -> !pto.async_event",
     {(R_, None, D), (W_, None, D)}),
    ("%ses = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session",
     set()),
]

# The ops of PTOAS's other samples (test/pto/ops-ptoas-samples.mlir).
SAMPLE_CASES = [
    (f"pto.tgemv.mx ins(%l, %ls, %r, %rs : {L}, {LS}, {R}, {RS}) outs(%out : {ACC})",
     reads("l", "ls", "r", "rs") | writes("out")),
    (f"pto.tgemv.mx.acc ins(%acc, %l, %ls, %r, %rs : {ACC}, {L}, {LS}, {R}, {RS}) outs(%out : {ACC})",
     reads("acc", "l", "ls", "r", "rs") | writes("out")),
    (f"pto.tgemv.mx.bias ins(%l, %ls, %r, %rs, %bias : {L}, {LS}, {R}, {RS}, {BIAS}) outs(%out : {ACC})",
     reads("l", "ls", "r", "rs", "bias") | writes("out")),
    (f"pto.tpow ins(%a, %b, %tmp : {F}, {F}, {F}) outs(%d : {F})", reads("a", "b") | rw("tmp") | writes("d")),
    (f"pto.tpow ins(%ia, %ib : {I}, {I}) outs(%id : {I})", reads("ia", "ib") | writes("id")),
    (f"pto.tpows ins(%a, %s, %tmp : {F}, f32, {F}) outs(%d : {F})", reads("a") | rw("tmp") | writes("d")),
    (f"pto.tprefetch ins(%view : {VIEW}) outs(%d : {F})", reads("view") | writes("d")),
    # The histogram accumulates into dst: read as well.
    (f"pto.thistogram ins(%order, %mask : {U}, {M}) outs(%bins : {U}) {{byte = 0 : i32}}",
     reads("order", "mask") | rw("bins")),
    (f"pto.tquant ins(%a, %col : {F}, {COL}) outs(%q8 : {M}) {{quant_type = #pto<quant_type INT8_SYM>}}",
     reads("a", "col") | writes("q8")),
    (f"pto.tquant ins(%a, %col, %col : {F}, {COL}, {COL}) outs(%q8, %tmp : {M}, {F}) "
     "{quant_type = #pto<quant_type INT8_ASYM>}", reads("a", "col") | rw("tmp") | writes("q8")),
    (f"pto.tquant.mx ins(%a : {F}) outs(%q8, %mask, %b, %c : {M}, {M}, {F}, {F}) "
     "{quant_type = #pto<quant_type MXFP8>}", reads("a") | writes("q8", "mask", "b", "c")),
    (f"pto.tquant.mx ins(%a : {F}) outs(%q8, %mask, %b, %c, %d : {M}, {M}, {F}, {F}, {F}) "
     "{quant_type = #pto<quant_type MXFP4_E2M1>, storeMode = #pto<vec_store_mode nz>}",
     reads("a") | writes("q8", "mask", "b", "c", "d")),
    ("pto.set_intra_block <PIPE_FIX>, 16", {(R_, None, D), (W_, None, D)}),
    ("pto.wait_intra_block <PIPE_V>, %at", {(R_, None, D), (W_, None, D)}),
    # Collectives reach other devices' memory: all memory, as comm.tget.
    (f"pto.comm.tbroadcast(%view, recv(%ping), group(%view) : {VIEW}, {F}, {VIEW}) {{root = 0 : i32}}",
     {(R_, None, D), (W_, None, D)}),
    (f"pto.comm.tscatter(%view, recv(%ping, %pong), group(%view, %view) : {VIEW}, {F}, {F}, {VIEW}, {VIEW}) "
     "{root = 1 : i32}", {(R_, None, D), (W_, None, D)}),
    (f"pto.comm.tgather(%view, recv(%ping), group(%view) : {VIEW}, {F}, {VIEW}) {{root = 0 : i32}}",
     {(R_, None, D), (W_, None, D)}),
    (f"pto.comm.treduce(%view, %a, recv(%ping), group(%view) : {VIEW}, {F}, {F}, {VIEW}) "
     "{reduceOp = #pto<reduce_op sum>, root = 0 : i32}", {(R_, None, D), (W_, None, D)}),
    # Address casts: no effect.
    (f"%p = pto.tile_buf_addr %a : {F} -> !pto.ptr<f32, vec>", set()),
    ("%p = pto.castptr %addr : i64 -> !pto.ptr<f32>", set()),
    ("%p = pto.castptr %vec_mem : memref<16x32xf32, #pto.address_space<vec>> -> !pto.ptr<f32, vec>", set()),
]

# Tile ops of ours that carry the newer syntax's attributes (and tprint its
# optional scratch tile): their effects are as without them.
EXISTING_CASES = [
    (f"pto.tdiv ins(%a, %b : {F}, {F}) outs(%d : {F}) "
     "{precisionType = #pto<div_precision high_precision>}", reads("a", "b") | writes("d")),
    (f"pto.trowexpanddiv ins(%a, %col, %tmp : {F}, {COL}, {F}) outs(%d : {F}) "
     "{precisionType = #pto<div_precision high_precision>}",
     reads("a", "col") | rw("tmp") | writes("d")),
    (f"pto.tmatmul.acc ins(%acc, %l, %r : {ACC}, {L}, {R}) outs(%out : {ACC}) "
     "{accPhase = #pto<acc_phase partial>}", reads("acc", "l", "r") | writes("out")),
    (f"pto.tmov ins(%l : {L}) outs(%mat : {MAT}) {{grpAxis = #pto<mx_group_axis axis0>}}",
     reads("l") | writes("mat")),
    (f"pto.tfillpad ins(%a : {F}) outs(%d : {F}) {{padValue = #pto.pad_value<zero>}}",
     reads("a") | writes("d")),
    (f"pto.tcvt ins(%a {{satmode = #pto<saturation_mode ON>}} : {F}) outs(%mat : {MAT})",
     reads("a") | writes("mat")),
    # tprint writes the debug output (all memory) and uses its scratch tile.
    (f"pto.tprint ins(%a, %tmp : {F}, {F}) {{printFormat = #pto<print_format width8_precision2>}}",
     reads("a") | rw("tmp") | {(W_, None, D)}),
]


def parse_case(text):
    """The op of `text` in a function whose arguments are ARGS, and the
    name of each argument."""
    ctx = skew_mlir.make_context()
    signature = ", ".join(f"%{name}: {type_}" for name, type_ in ARGS.items())
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(f"func.func @f({signature}) {{\n  {text}\n  return\n}}")
    assert module.operation.verify()
    block = module.body.operations[0].regions[0].blocks[0]
    names = dict(zip(block.arguments, ARGS))
    return module, block.operations[0], names


def declared(op, names):
    return {(e.kind, None if e.value is None else names[e.value], e.resource)
            for e in memory_effects(op)}


@pytest.mark.parametrize("text, expected", CASES + EXISTING_CASES + SAMPLE_CASES,
                         ids=[c[0].split(" ins")[0].split("(")[0]
                              for c in CASES + EXISTING_CASES + SAMPLE_CASES])
def test_declared_effects(text, expected):
    _, op, names = parse_case(text)
    assert declared(op, names) == expected


def test_every_added_op_is_covered():
    covered = {parse_case(text)[1].name for text, _ in CASES}
    added = {
        "bitcast", "get_block_num", "mgather", "mscatter", "sync.set", "sync.wait", "taddsc",
        "tand", "tands", "tassign", "tcmp", "tcmps", "tcolexpandmax", "tcolexpandmin",
        "tcolprod", "tfillpad_expand", "tfmod", "tfmods", "tgatherb", "tgemv", "tgemv.acc",
        "tgemv.bias", "tget_scale_addr", "tinsert", "tlrelu", "tmatmul.mx", "tmatmul.mx.acc",
        "tmatmul.mx.bias", "tmov.fp", "tmrgsort", "tnot", "tor", "tors", "tpartadd", "tpartmax",
        "tpartmin", "tpartmul", "trandom", "trowexpandexpdif", "trowexpandmax", "trowexpandmin",
        "trowprod", "tscatter", "tsel", "tsels", "tshl", "tshls", "tshr", "tshrs", "tsort32",
        "tsubc", "tsubsc", "ttri", "txor", "txors", "tstore_fp", "comm.wait_async_event",
        "comm.tget", "make_prefetch_async_context", "tprefetch_async",
        "get_prefetch_async_session"}
    assert {f"pto.{name}" for name in added} <= covered


def test_every_sample_op_is_covered():
    covered = {parse_case(text)[1].name for text, _ in SAMPLE_CASES}
    added = {
        "tgemv.mx", "tgemv.mx.acc", "tgemv.mx.bias", "tpow", "tpows", "tprefetch", "thistogram",
        "tquant", "tquant.mx", "set_intra_block", "wait_intra_block", "comm.tbroadcast",
        "comm.tscatter", "comm.tgather", "comm.treduce", "tile_buf_addr", "castptr"}
    assert {f"pto.{name}" for name in added} == covered


@pytest.mark.parametrize("text, dst, whole", [
    (f"pto.tand ins(%ia, %ib : {I}, {I}) outs(%id : {I})", "id", True),
    (f"pto.tsort32 ins(%a, %order : {F}, {U}) outs(%d : {F})", "d", True),
    (f"pto.tinsert ins(%small, %at, %at : {SMALL}, index, index) outs(%d : {F})", "d", False),
    (f"pto.tscatter ins(%a, %idx : {F}, {I}) outs(%d : {F})", "d", False),
    (f"pto.tscatter ins(%a, {{maskPattern = #pto.mask_pattern<P1010>}} : {F}) outs(%d : {F})",
     "d", False),
    (f"pto.txor ins(%ia, %ib : {I}, {I}) outs(%id : {I})", "id", True),
    (f"pto.tmov ins(%acc : {ACC}) outs(%mat : {MAT}) {{reluPreMode = #pto<relu_pre_mode normal_relu>}}",
     "mat", True),
    (f"pto.mscatter ins(%a, %idx : {F}, {I}) outs(%view : {VIEW})", "view", False),
    (f"pto.thistogram ins(%order, %mask : {U}, {M}) outs(%bins : {U})", "bins", False),
    (f"pto.tpow ins(%a, %b, %tmp : {F}, {F}, {F}) outs(%d : {F})", "d", True),
    # A tile op writes the valid rows and columns only: fewer than the tile's
    # by type, or maybe fewer at run time.
    (f"pto.tadds ins(%a, %s : {F}, f32) outs(%part : {ARGS['part']})", "part", False),
    (f"pto.tadds ins(%a, %s : {F}, f32) outs(%dyn : {ARGS['dyn']})", "dyn", False),
    # Under an scf.if (or in a loop), the write may not run.
    (f"scf.if %cond {{\n    pto.tadds ins(%a, %s : {F}, f32) outs(%d : {F})\n  }}", "d", False),
])
def test_whole_overwrites(text, dst, whole):
    """What the pass's multi-buffering takes as an overwrite of a whole
    buffer: a full tile op's destination, never a partly written one (the
    tiles fresh allocations, so no source may be the destination)."""
    tiles = {name: type_ for name, type_ in ARGS.items() if type_.startswith("!pto.tile_buf")}
    args = {name: type_ for name, type_ in ARGS.items() if name not in tiles}
    ctx = skew_mlir.make_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(
            "func.func @f(" + ", ".join(f"%{n}: {t}" for n, t in args.items()) + ") {\n"
            + "".join(f"  %{n} = pto.alloc_tile : {t}\n" for n, t in tiles.items())
            + f"  {text}\n  return\n}}")
    block = module.body.operations[0].regions[0].blocks[0]
    values = dict(zip(args, block.arguments))
    values.update((n, op.results[0]) for n, op in zip(tiles, block.operations))
    op = block.operations[len(tiles)]
    assert overwrites_whole(op, memory_effects(op), values[dst]) is whole


def test_upstream_passes_keep_writes_and_drop_only_pure_ops():
    """canonicalize and cse: a duplicate query merges and an unused view
    goes; every op that writes memory (a tile, a tile's state, the order of
    the pipes) stays, twice where written twice."""
    ctx = skew_mlir.make_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(
            f"func.func @f(%a: {F}, %b: {F}, %d: {F}, %m: {M}, %n: i32, %addr: i64) -> (i64, i64) {{\n"
            "  %n0 = pto.get_block_num\n"
            "  %n1 = pto.get_block_num\n"
            f"  %v = pto.bitcast %a : {F} -> {I}\n"
            f"  %t = pto.tassign %a, %addr : {F} -> {F}\n"
            "  pto.sync.set <PIPE_MTE3>, 0\n"
            "  pto.sync.set <PIPE_MTE3>, 0\n"
            f"  pto.tcmp ins(%a, %b : {F}, {F}) outs(%m : {M})\n"
            f"  pto.tcmp ins(%a, %b : {F}, {F}) outs(%m : {M})\n"
            f"  pto.ttri ins(%n : i32) outs(%d : {F})\n"
            "  return %n0, %n1 : i64, i64\n}")
        PassManager.parse("builtin.module(canonicalize,cse)").run(module.operation)
    names = [op.name for op in module.body.operations[0].regions[0].blocks[0].operations]
    assert names == ["pto.get_block_num", "pto.tassign", "pto.sync.set", "pto.sync.set",
                     "pto.tcmp", "pto.tcmp", "pto.ttri", "func.return"]
