# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest, hypothesis
"""Property-based tests of pto-skew-cross-core on random cube/vector pairs.

Each example is a random kernel pair (skew_testing.random_pairs, in test/lib: scalar
and tensor chains, iter_args, start / stop / step, stages 1..6, 1..8 slots,
producer on either core, multi-message bodies, FIFO ops in scf.if / inner
loops, same-core pipeline loops, kernel bodies of several blocks, the pair in
a nested module or gpu.module, slot counts above 64, pipes declared by one
kernel, i8 loops at depth 1, one global memory for both kernels), valid and
deadlock-free as written, and a tile-IR pair (skew_testing.random_tile_pairs:
PTOAS syntax, tile buffers, split halves, valid shapes, vector op chains). For
each one (skew_testing.properties.check_pair): the naive pair verifies
and pto-verify-fifo accepts it; the pass, run through PassManager.parse,
raises nothing; its output verifies; no loop with FIFO ops keeps
pto.pipeline_stages and no same-core pipeline loop loses it; pto-verify-fifo
accepts the transformed pair; every pop of it receives the message (push
site, iteration) it receives in the input (docs/message-identity.md); the
interpreter runs both pairs to bitwise
identical outputs and per-pipe message traces with no deadlock; a second run
of the pass changes nothing. The same again with pass options and
canonicalize / cse around the pass.

Pairs in which both cores push before they pop (`Config.exchange`) are
included: the pass proves each planned pair deadlock-free in the verifier's
model at the module anchor, and under func.func keeps a skew only where it
is safe against any peer (docs/deadlock.md), so the output never deadlocks
when the input did not. Every example runs at one of the two anchors. Long
random runs: benchmarks/fuzz_soak.py.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mlir import ir
from mlir.dialects import arith
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir import Pass, option, register_pass
from skew_mlir.sim.check import differential_check

from skew_testing.properties import (
    ANCHORS, SKEW, SKEW_FUNC, VERIFY_FIFO, PropertyFailure, check_pair, skew_pipeline,
)
from skew_testing.random_pairs import (  # noqa: E402
    Acc, Config, CrossLoop, Expr, Message, PairSpec, SideLoop, launch_args, nested_table,
    held_slots, narrow_loops, pairs, random_pair, render, steps_past_type_top, wide_loops,
    with_launch, with_narrow, with_wide,
)
from skew_testing.random_tile_pairs import (  # noqa: E402
    executors_comparable, random_tile_pair, render_tile, tile_pairs,
)

CONFIG = Config(exchange=True, unsigned_high=True)
# The examples hypothesis draws favour rare branches: its i8 loops of 130 or
# 200 iterations would take most of the time. Those run as explicit corners
# (the narrow-* cases below) and in the soak.
EXAMPLES = dataclasses.replace(CONFIG, narrow=False)
PIPELINES = {"module": SKEW, "func": SKEW_FUNC}


def pass_alone(spec, anchor: str) -> str:
    """The pass alone at `anchor`, reaching the spec's kernels."""
    return skew_pipeline(anchor=anchor, nested=nested_table(spec))

SETTINGS = dict(derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# Every JIT_EVERY-th example also runs as machine code (skew_mlir.jit), a
# second oracle that shares no code with the interpreter; not a pair whose
# loop steps past its IV type's top (the executors differ there).
JIT_EVERY = 20
_examples = itertools.count()
_jit_verdicts: list[str] = []


@settings(max_examples=250, **SETTINGS)
@given(pairs(EXAMPLES), st.sampled_from(ANCHORS))
def test_random_pairs_keep_every_property(spec, anchor):
    simulate = not wide_loops(spec)
    jit = next(_examples) % JIT_EVERY == 0 and not steps_past_type_top(spec)
    verdict = check_pair(render(spec), pipeline=pass_alone(spec, anchor),
                         launches=launch_args(spec), jit=jit, simulate=simulate)
    if jit:
        _jit_verdicts.append(verdict.splitlines()[-1])


def test_the_jit_oracle_checked_pairs():
    """Runs after the property test (file order): most of the pairs the JIT
    was given, it checked (the others it cannot compile, e.g. a call of a
    function without a body)."""
    checked = sum(v.startswith("PASS (jit)") for v in _jit_verdicts)
    assert _jit_verdicts and checked >= len(_jit_verdicts) // 2, _jit_verdicts


# Every JIT_TILE_EVERY-th tile-IR example runs as machine code too, unless
# its vector op chain amplifies the two executors' rounding differences past
# their tolerance (executors_comparable).
JIT_TILE_EVERY = 10
_tile_examples = itertools.count()
_tile_jit_verdicts: list[str] = []


@settings(max_examples=60, **SETTINGS)
@given(tile_pairs())
def test_random_tile_ir_pairs_keep_every_property(spec):
    jit = next(_tile_examples) % JIT_TILE_EVERY == 0 and executors_comparable(spec)
    verdict = check_pair(render_tile(spec), jit=jit)
    if jit:
        _tile_jit_verdicts.append(verdict.splitlines()[-1])


def test_the_jit_oracle_checked_the_tile_pairs():
    """Runs after the tile-IR property test: the JIT lowers every op the
    random tile pairs use, so it checked each pair it was given."""
    assert _tile_jit_verdicts and all(v.startswith("PASS (jit)")
                                      for v in _tile_jit_verdicts), _tile_jit_verdicts


def test_tile_generator_reaches_every_buffer_class():
    """Over a fixed set of seeds the tile-IR generator draws each class of
    buffer (views, moves, global stores, accumulators, multi-buffered tiles,
    explicit addresses, a second pair of loops, a large tile outside the
    loops, windows with a unit dimension leading or in the middle), trsqrt,
    the column and row reductions and broadcasts with taxpy, a scalar
    divided by the tile, a barrier in each loop iteration, and an A block
    loaded on even iterations only or into a tile whose valid shape is set
    before the loop, the A buffer carried as an iter_arg of the loop, and
    every pair it renders parses and verifies."""
    seen = collections.Counter()
    with skew_mlir.make_context():
        for seed in range(120):
            spec = random_tile_pair(seed)
            seen.update([f"a_path={spec.a_path}", f"store={spec.store}",
                         f"mat_slots={spec.mat_slots}", f"vector_slots={spec.vector_slots}"])
            seen.update(name for name in ("b_each_iteration", "accumulate", "addressed",
                                          "second_loop", "unit_window", "rsqrt",
                                          "reductions", "middle_window", "reciprocal",
                                          "loop_sync", "alias_read", "a_carried")
                        if getattr(spec, name))
            seen.update([f"spare_room={spec.spare_room}", f"a_load={spec.a_load}"])
            text = render_tile(spec)
            assert ir.Module.parse(text).operation.verify(), text
            seen.update(op for op in ("pto.textract", "pto.subview", "pto.tmatmul.acc",
                                      "pto.alloc_multi_tile", "pto.multi_tile_get",
                                      "alloc_tile addr =", "pto.trsqrt",
                                      "!pto.partition_tensor_view<1x", "pto.tcolsum",
                                      "pto.trowexpand ins(", "pto.taxpy",
                                      "x1x", "pto.tdivs ins(%s, %t",
                                      "pto.set_validshape %ma", "%ma_alias = pto.alloc_tile addr",
                                      "func.call @store_a", "%ma_last = scf.for")
                        if op in text)
    for value in ("a_path=tmov", "a_path=textract", "a_path=subview", "a_path=view", "store=iv",
                  "store=fixed", "store=none", "mat_slots=2", "mat_slots=3",
                  "vector_slots=2", "vector_slots=4", "b_each_iteration", "accumulate",
                  "addressed", "second_loop", "spare_room=0", "spare_room=3",
                  "pto.textract", "pto.subview", "pto.tmatmul.acc",
                  "pto.alloc_multi_tile", "pto.multi_tile_get", "alloc_tile addr =",
                  "unit_window", "rsqrt", "pto.trsqrt", "!pto.partition_tensor_view<1x",
                  "reductions", "pto.tcolsum", "pto.trowexpand ins(", "pto.taxpy",
                  "middle_window", "reciprocal", "x1x", "pto.tdivs ins(%s, %t", "loop_sync",
                  "a_load=even", "a_load=validshape", "pto.set_validshape %ma",
                  "alias_read", "%ma_alias = pto.alloc_tile addr", "func.call @store_a",
                  "a_carried", "%ma_last = scf.for"):
        assert seen[value] > 0, (value, seen)


@pytest.mark.parametrize("seed, where", [(415, "kernel"), (144, "callee")])
def test_a_tile_placed_at_a_copied_buffer_keeps_it_single(seed, where):
    """TileSpec.alias_read: a second tile placed at the A buffer's address
    is read in the cube's consumer half (seed 415) or, in a function the
    cube calls, after the loop (seed 144); the pass gave the A buffer 2D
    copies, and that read found the one it did not redirect (output #2
    differed). It demotes the loop now."""
    spec = random_tile_pair(seed)
    assert spec.alias_read == where
    assert check_pair(render_tile(spec), seed=seed).startswith("PASS"), spec


def test_a_tile_buffer_passed_to_the_loop_as_an_iter_arg_stays_single():
    """TileSpec.a_carried: the A buffer is the initial value of an iter_arg
    the cube's loop yields unchanged, and the last A block is stored after
    the loop through its result (seed 156). The pass copied the buffer (the
    loop's own operand counted as a use inside it), so the store read an
    allocation no iteration had loaded (output #2 differed)."""
    spec = random_tile_pair(156)
    assert spec.a_carried
    assert check_pair(render_tile(spec), seed=156).startswith("PASS"), spec


# The pass told that the pipes have 8 slots proves its skews at 8: at the
# declared slot count its output may deadlock, which checks the verifier.
OVERSTATED = "builtin.module(pto-skew-cross-core{fifo-depth=8})"


def _verify_fifo_agrees_with_the_simulator(text: str, pipeline: str = OVERSTATED) -> bool:
    """Skews the pair in `text`; pto-verify-fifo must reject the output if
    and only if it deadlocks in the simulator (or, for FIFO ops in control
    flow it does not model, at least warn). Returns whether it deadlocked."""
    with skew_mlir.make_context() as context:
        before = ir.Module.parse(text)
        after = ir.Module.parse(str(before))
        PassManager.parse(pipeline).run(after.operation)
        result = differential_check(before, after)
        deadlocked = not result.ok and "deadlock" in result.verdict
        assert result.ok or deadlocked, result.verdict
        warnings: list[str] = []
        context.attach_diagnostic_handler(
            lambda d: warnings.append(d.message) or True)
        try:
            PassManager.parse(VERIFY_FIFO).run(after.operation)
            errors = []
        except ir.MLIRError as exc:
            errors = [d.message for d in exc.error_diagnostics]
    if deadlocked:
        # Flagged: a deadlock error, or (FIFO ops in control flow it does not
        # model) its warning that it could not prove the pair; any other
        # warning would let a missed deadlock pass.
        unproved = [w for w in warnings if w.startswith("could not prove")]
        assert any("deadlock" in e for e in errors) or (not errors and unproved), (
            result.verdict, errors, warnings)
    else:
        assert not errors, errors
    return deadlocked


# The oracle here is the simulator, which has no integers wider than 64 bits:
# pairs over i65 / i128 loops are checked against the JIT by
# test_pass_options_and_neighbouring_passes and the soak.
@settings(max_examples=40, **SETTINGS)
@given(pairs(Config(exchange=True, unsigned_high=True, wide=False)))
def test_verify_fifo_flags_exactly_the_skewed_pairs_that_deadlock(spec):
    _verify_fifo_agrees_with_the_simulator(render(spec))


_EXCHANGE_KERNEL = """
  func.func @{name}(%w: tensor<4xf32>) attributes {{pto.core = "{core}"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {{
      "pto.tpush_to_{peer}"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_{peer}"() : () -> tensor<4xf32>
    }} {{pto.pipeline_stages = 2 : i64}}
    return
  }}"""
EXCHANGE = ("module attributes {pto.fifo_depth = 1 : i64} {"
            + _EXCHANGE_KERNEL.format(name="cube", core="aic", peer="aiv")
            + _EXCHANGE_KERNEL.format(name="vector", core="aiv", peer="aic") + "\n}\n")


def test_an_exchange_skewed_on_both_cores_deadlocks_and_is_flagged():
    # Found by the soak: both loops are producers; skewed by one iteration
    # each (as the pass once did, and does when told of 8 slots), with one
    # slot per pipe each core's second push blocks.
    assert _verify_fifo_agrees_with_the_simulator(EXCHANGE)


@pytest.mark.parametrize("anchor", ANCHORS)
def test_the_pass_no_longer_deadlocks_that_exchange(anchor):
    assert check_pair(EXCHANGE, pipeline=PIPELINES[anchor]).startswith("PASS")
    assert not _verify_fifo_agrees_with_the_simulator(EXCHANGE, PIPELINES[anchor])


@settings(max_examples=60, **SETTINGS)
@given(pairs(EXAMPLES), st.integers(1, 8), st.booleans(),
       st.sampled_from(["", "canonicalize", "cse", "canonicalize, cse"]),
       st.sampled_from(["", "cse", "canonicalize"]), st.sampled_from(ANCHORS))
def test_pass_options_and_neighbouring_passes(spec, depth, tag, before, after, anchor):
    """The same properties with `fifo-depth` (at most the declared slot
    count: a smaller one only makes the skew shallower) and
    `tag-membership` options, and upstream passes around the skew (with
    canonicalize, values are compared within 1e-6: it folds math ops on
    constants in double precision)."""
    pipeline = skew_pipeline(min(depth, spec.slots), tag, before, after, anchor,
                             nested_table(spec))
    folds = "canonicalize" in pipeline
    check_pair(render(spec), pipeline=pipeline, same_core_kept=not (before or after),
               tolerance=1e-6 if folds else None, launches=launch_args(spec),
               simulate=not wide_loops(spec), jit=wide_loops(spec))


# Hand-picked corners the strategy reaches only now and then, kept as
# explicit examples: a depth-3 skew with a recomputed row index carried to the
# yield; an inner pipeline loop skewed inside a demoted outer loop; memref
# stores in the consumer half of a skewed loop, and a producer load of the
# memref the consumer stores to (demoted; also the regression test of the
# differential check, which once ran the second pair on the memrefs the first
# had stored to).
EXPLICIT = [
    PairSpec(slots=3, loops=(CrossLoop(
        trip=9, messages=(Message("cube", Expr("slice", a=1)),
                          Message("vector", Expr("bin", "arith.addf",
                                                 (Expr("popped"), Expr("splat", a=3))), free=True)),
        cube=SideLoop(start=-2, step=3, slack=2, stages=4,
                      accs=(Acc("index", 0), Acc("rows", 1), Acc("scalar", 1))),
        vector=SideLoop(start=1, step=1, stages=4, iv_type="i32", accs=(Acc("tile", 0),))),)),
    PairSpec(slots=2, shape=(2, 2), loops=(CrossLoop(
        trip=3, nest="inner", inner_trip=4,
        messages=(Message("vector", Expr("bin", "linalg.matmul", (Expr("slice"), Expr("arg")))),
                  Message("cube", Expr("un", "math.tanh", (Expr("popped"),)), free=True)),
        cube=SideLoop(stages=2, accs=(Acc("tile", 0, "linalg.add"),), inner_stages=None),
        vector=SideLoop(start=4, step=2, stages=3, iv_type="i64", inner_stages=3,
                        accs=(Acc("tile", 1),))),)),
    PairSpec(slots=4, memref=True, loops=(CrossLoop(
        trip=6, messages=(Message("cube", Expr("slice")),
                          Message("vector", Expr("un", "arith.negf", (Expr("popped"),)),
                                  store=True)),
        cube=SideLoop(stages=3), vector=SideLoop(stages=2)),)),
    PairSpec(slots=1, memref=True, loops=(CrossLoop(
        trip=2, messages=(Message("cube", Expr("mload", a=1)),
                          Message("vector", Expr("arg"), store=True)),
        cube=SideLoop(stages=2)),)),
    # The reply is stored through arith.select into the memref the next tile
    # reads (once skewed into a wrong read).
    PairSpec(slots=4, memref=True, alias="select", loops=(CrossLoop(
        trip=6, messages=(Message("cube", Expr("bin", "arith.addf",
                                               (Expr("mload"), Expr("splat")))),
                          Message("vector", Expr("popped"), store=True)),
        cube=SideLoop(stages=2)),)),
    # Each loop yields, pushes and is bounded by the results of the loop
    # before it (once a crash or a steady loop yielding its own result).
    PairSpec(slots=4, loops=(
        CrossLoop(trip=4, messages=(Message("cube", Expr("splat")),
                                    Message("vector", Expr("popped"))),
                  cube=SideLoop(accs=(Acc("tile", 1), Acc("index", 1))),
                  vector=SideLoop(accs=(Acc("index", 0),))),
        CrossLoop(trip=4, messages=(Message("cube", Expr("earlier")),
                                    Message("vector", Expr("popped"))),
                  cube=SideLoop(accs=(Acc("prior", 1),)),
                  vector=SideLoop(accs=(Acc("tile", 0, chain=True),))),
        CrossLoop(trip=4, messages=(Message("cube", Expr("earlier", a=1)),
                                    Message("vector", Expr("popped"))),
                  cube=SideLoop(dynamic=True, earlier_bound=True)))),
]


# An i8 loop of 200 iterations at one slot, both anchors: a guarded skew at
# depth 1 whose group count passes the signed maximum (issue 23 item 4).
NARROW = with_narrow(EXPLICIT[0], 0, 200)
EXPLICIT += [NARROW, dataclasses.replace(NARROW, slots=100)]
# i65 and i128 loops from -2 and -5, the second at one slot (depth 1): the
# skew's bounds are negative constants wider than 64 bits, which the
# bindings once built as 2^64 - |v| (the cube pushed too few messages).
EXPLICIT += [with_wide(EXPLICIT[0], 0, "i65", -2),
             dataclasses.replace(with_wide(EXPLICIT[0], 0, "i128", -5), slots=1)]
# C->V->C with the vector's frees after its second pop: co-skewed, the next
# iteration's first pop would run ahead of the frees and the named free
# release another slot than its tile's (once co-skewed so at depth 1).
EXPLICIT.append(PairSpec(slots=4, late_free=True, loops=(CrossLoop(
    trip=8, messages=(Message("cube", Expr("splat", a=2)), Message("vector", Expr("popped")),
                      Message("cube", Expr("popped"), free=True))),)))
# The memref hazard and the select-aliased store, launched by a pto.entry
# that passes the vector its arguments in another order (with a run-time
# trip): the tools relate the kernels by launch value, not by position.
EXPLICIT += [with_launch(dataclasses.replace(EXPLICIT[3], entry="rotated"), 0),
             dataclasses.replace(EXPLICIT[4], entry="rotated")]


@pytest.mark.parametrize("spec", EXPLICIT, ids=["recompute-d3", "inner-skew", "memref-store",
                                                "memref-hazard", "memref-select",
                                                "chained-loops", "narrow-i8", "wide-slots",
                                                "wide-iv-i65", "wide-iv-i128-d1",
                                                "late-free-coskew", "entry-hazard",
                                                "entry-select"])
@pytest.mark.parametrize("anchor", ANCHORS)
def test_explicit_corners(spec, anchor):
    check_pair(render(spec), launches=launch_args(spec),
               pipeline=skew_pipeline(anchor=anchor, nested=nested_table(spec)),
               simulate=not wide_loops(spec), jit=wide_loops(spec))


def _remarks(text: str) -> list[str]:
    with skew_mlir.make_context() as context:
        seen: list[str] = []
        context.attach_diagnostic_handler(lambda d: seen.append(d.message) or True)
        module = ir.Module.parse(text)
        skew_mlir.passes.skew_cross_core_pipeline(remarks=True)(module)
        return seen


def _message_group(spec) -> bool:
    """One flat loop whose sender pushes twice before it pops: a message
    group, which the pass skews (the receiver pops first and is demoted)."""
    return (len(spec.loops) == 1 and spec.loops[0].nest == "flat"
            and len(spec.loops[0].messages) >= 2
            and spec.loops[0].messages[0].sender == spec.loops[0].messages[1].sender)


def test_generator_reaches_every_decision():
    """The random pairs are not vacuous: over a fixed set of seeds the pass
    skews at several depths, peels remainders, skews message groups, and
    demotes for each reason docs/ir-contract.md lists."""
    decisions = collections.Counter()
    # Without the classes drawn last (several blocks, a nested module, the
    # plain alternations the pass co-skews): they would take the rare
    # decisions of the seeds they land on (test_generator_reaches_blocks_and_
    # nested_modules covers the first two, coskew.mlir's pairs the last).
    config = dataclasses.replace(CONFIG, blocks=False, modules=False, alternations=False)
    for seed in range(250):
        spec = random_pair(seed, config)
        remarks = _remarks(render(spec))
        for remark in remarks:
            decisions[re.sub(r"'[^']*'|\d+", "_", remark.split("(")[0]).strip()] += 1
            if remark.startswith("skewed"):
                decisions[remark.split("(")[0].strip()] += 1
                depth, trip = re.match(r"skewed: depth (\d+) \(requested \d+, "
                                       r"trip (\w+)", remark).groups()
                if trip == "dynamic":
                    decisions["skewed behind a trip guard"] += 1
                else:
                    decisions["remainder peeled"] += int(trip) % int(depth) != 0
        decisions["message group skewed"] += _message_group(spec) and any(
            r.startswith("skewed") for r in remarks)
    # Message groups are rare among the seeds: more seeds for them alone.
    for seed in range(250, 2000):
        if decisions["message group skewed"]:
            break
        spec = random_pair(seed, config)
        decisions["message group skewed"] += _message_group(spec) and any(
            r.startswith("skewed") for r in _remarks(render(spec)))
    # A core loading %mem in a tile it sends and storing what it receives
    # (a same-core hazard) is rare among the seeds since the cores' accesses
    # are kept race-free (PairSpec.memory_core): more seeds for it alone.
    for seed in range(250, 2000):
        if any("reads memory" in d for d in decisions if d.startswith("demoted")):
            break
        spec = random_pair(seed, config)
        if spec.memref:
            for remark in _remarks(render(spec)):
                decisions[re.sub(r"'[^']*'|\d+", "_", remark.split("(")[0]).strip()] += 1
    for depth in (1, 2, 3):
        assert decisions[f"skewed: depth {depth}"] > 0, decisions
    assert decisions["remainder peeled"] > 0, decisions
    assert decisions["message group skewed"] > 0, decisions
    assert decisions["skewed behind a trip guard"] > 0, decisions
    # A loop whose first FIFO op is a pop is the consumer its peer expects:
    # "not skewed", not "demoted".
    assert decisions["not skewed: consumer role"] > 0, decisions
    # Loops without a push/pop pair are left as they were, and say why.
    for lacks in ("neither pushes nor pops", "pushes but never pops", "pops but never pushes"):
        assert any(lacks in d for d in decisions if d.startswith("not skewed: not cross-core")), \
            decisions
    demotions = [d for d in decisions if d.startswith("demoted")]
    for reason in ("nested", "multi-round-trip", "in the consumer half",
                   "trip count", "asks for no skew", "iter_arg", "cannot be proved as written",
                   "overflows", "reads memory", "reaches FIFO ops", "FIFO traffic unknown"):
        assert any(reason in d for d in demotions), (reason, decisions)


def test_generator_keeps_shared_memory_race_free():
    """%mem is one global memory of both kernels: one core stores into it
    (PairSpec.memory_core), the other loads from it not at all or, with
    PairSpec.handoff, only where the messages order its loads against those
    stores (PairSpec.late_load: after the reply too), its stores
    memref.store or linalg.fill (PairSpec.fill); the simulator's race
    detector finds no race in any of them. Seed 2026120250's spec (both
    messages cube -> vector, the vector storing what the cube loads next)
    raced."""
    from skew_mlir.sim.scheduler import simulate
    reached = collections.Counter()
    for seed in range(600):
        spec = random_pair(seed, CONFIG)
        if not spec.memref or reached[spec.handoff] >= 25 or wide_loops(spec):
            continue  # (the simulator has no integers wider than 64 bits)
        reached[spec.handoff] += 1
        with skew_mlir.make_context():
            module = ir.Module.parse(render(spec))
            access = collections.defaultdict(set)  # op name -> cores
            functions = []
            module.operation.walk(lambda o: (functions.append(o) if o.name == "func.func"
                                             else None) or ir.WalkResult.ADVANCE)
            for function in functions:
                # @cube, @vector and their helpers @cube_send0, @vector_receive0, ...
                core = function.attributes["sym_name"].value.split("_")[0]
                function.walk(lambda o: access[o.name].add(core) or ir.WalkResult.ADVANCE)
            assert access["memref.store"] | access["linalg.fill"] <= {spec.memory_core}, seed
            assert bool(access["linalg.fill"]) <= spec.fill, seed
            reached["fill"] += bool(access["linalg.fill"])
            if not spec.handoff:
                assert access["memref.load"] <= {spec.memory_core}, seed
            else:
                reached["both cores"] += access["memref.load"] == {"cube", "vector"}
                reached["late load"] += spec.late_load
            for args in launch_args(spec)[:1]:
                simulate(module, args=args)  # a DataRace would raise
    assert reached[False] and reached[True] and reached["both cores"], reached
    assert reached["late load"] and reached["fill"], reached


def test_a_late_load_of_shared_memory_stays_behind_the_next_push():
    """Seed 32 (PairSpec.late_load): the vector loads %mem after the cube's
    reply, the cube stores it after the vector's next message; skewing the
    vector's loop ran the next push ahead of the load, a data race (the
    consumer half's reads of memory the peer writes were not checked)."""
    spec = random_pair(32, Config())
    assert spec.late_load
    assert check_pair(render(spec), seed=32).startswith("PASS"), spec


def test_a_linalg_fill_of_shared_memory_is_a_peer_write():
    """Seed 281 (PairSpec.fill, handoff): the vector stores into %mem by
    linalg.fill of a one-element subview; the cube loads %mem in its
    producer half, ahead of the pops that order the fill. The peer's writes
    were read from ops without regions only, so the cube's loops were
    skewed: a data race."""
    spec = random_pair(281, Config())
    assert spec.fill and spec.handoff
    assert check_pair(render(spec), seed=281).startswith("PASS"), spec


def test_an_index_switch_tile_runs_under_the_jit():
    """Seed 276 (PairSpec.switch): tiles chosen by scf.index_switch, a
    constant in one case. The JIT's kernel crashed (upstream bufferization
    wrote into the read-only constant the switch yielded); the interpreter
    did not run the op at all before."""
    spec = random_pair(276, Config())
    assert spec.switch and "scf.index_switch" in render(spec)
    assert check_pair(render(spec), seed=276, jit=True).startswith("PASS"), spec


def test_generator_reaches_blocks_and_nested_modules():
    """Kernel bodies of several blocks (each form) and pairs in a nested
    module come out of the generator; the pass plans the peer of a
    multi-block kernel by the peer-blind rule and skews a nested pair at the
    nested module's slot count, never the top module's."""
    forms, nested, blind = collections.Counter(), 0, 0
    for seed in range(250):
        spec = random_pair(seed, CONFIG)
        forms.update(side.blocks for loop in spec.loops for side in (loop.cube, loop.vector))
        remarks = _remarks(render(spec))
        blind += any("blocks (unstructured control flow is not modelled)" in r
                     for r in remarks)
        if spec.module_slots:
            skewed = [r for r in remarks if r.startswith("skewed")]
            for remark in skewed:
                assert int(re.search(r"slots (\d+)", remark).group(1)) == spec.slots, \
                    (seed, remark)
            nested += bool(skewed)  # a nested pair with no skew checks no slot count
    assert all(forms[form] > 0 for form in ("br", "cond", "loop")), forms
    assert nested > 0 and blind > 0, (nested, blind)


def test_generator_reaches_slots_tables_and_narrow_loops():
    """Slot counts above 64, pipes declared by one kernel only, kernels in a
    gpu.module, frees after later pops with the slots they need, i8
    loops past the signed maximum at one slot, loops over i65 / i128, a
    message under a guard on the launch argument and a second loop bounded
    by it (%n + K) come out of the generator; such an i8 loop is skewed at
    depth 1 behind its trip guard."""
    found, guarded = collections.Counter(), 0
    for seed in range(400):
        spec = random_pair(seed, CONFIG)
        narrow = narrow_loops(spec)
        found.update({"wide": spec.slots > 64, "64-bit": spec.slots > 2**32,
                      "128-bit": spec.slots > 2**64,
                      "one side": bool(spec.init_side),
                      "gpu": spec.table == "gpu", "narrow": narrow,
                      "wide IV": wide_loops(spec),
                      "launch guard": spec.launch >= 0 and spec.launch_guard >= 0,
                      "launch more": spec.launch >= 0 and spec.launch_more > 0,
                      "late frees": spec.late_free and spec.slots >= held_slots(spec) > 1})
        if narrow:
            guarded += any(r.startswith("skewed: depth 1 (requested 2, trip dynamic")
                           for r in _remarks(render(spec)))
    assert all(found[k] for k in ("wide", "64-bit", "128-bit", "one side", "gpu",
                                  "narrow", "late frees", "wide IV", "launch guard",
                                  "launch more")), found
    assert guarded > 0, found


@register_pass
class Mutate(Pass):
    """Test pass: breaks the cube kernel of a pair on purpose."""

    argument = "test-fuzz-mutate"
    op_name = "func.func"
    summary = "Test pass: negate or repeat the cube's first push, or swap its first two"
    mode: str = option("negate", "negate | repeat | swap")

    def run(self, op: ir.Operation) -> None:
        if op.attributes["pto.core"].value != "aic":
            return
        pushes = []
        op.walk(lambda o: (pushes.append(o) if o.name == "pto.tpush_to_aiv" else None)
                or ir.WalkResult.ADVANCE)
        push = pushes[0]
        if self.mode == "swap":
            # The next push in the same block (same type: the messages of
            # a spec are all one tile type).
            second = next(p for p in pushes[1:] if p.parent == push.parent)
            push.move_after(second)
            return
        with push.location, ir.InsertionPoint(push):
            if self.mode == "repeat":
                push.clone()
            else:
                push.operands[0] = arith.negf(push.operands[0])


BROKEN = PairSpec(slots=2, loops=(CrossLoop(
    trip=4, messages=(Message("cube", Expr("splat", a=1)), Message("vector", Expr("popped"))),
    cube=SideLoop(stages=3, accs=(Acc("tile", 1),)), vector=SideLoop(stages=3)),))


# Two same-typed messages from the cube per iteration.
TWO_MESSAGES = PairSpec(slots=2, loops=(CrossLoop(
    trip=4, messages=(Message("cube", Expr("splat", a=1)), Message("cube", Expr("splat", a=2)),
                      Message("vector", Expr("popped"))),
    cube=SideLoop(stages=3), vector=SideLoop(stages=3)),))


@pytest.mark.parametrize("mode,stage,spec", [("negate", "sim", BROKEN),
                                             ("repeat", "verify-fifo", BROKEN),
                                             ("swap", "identity", TWO_MESSAGES)])
def test_a_wrong_transformation_is_caught(mode, stage, spec):
    """The properties can fail: a pass that changes a message (caught by the
    simulator), adds one (caught by pto-verify-fifo) or swaps two of one type
    (caught on the FIFO model, before any data runs) is reported."""
    text = render(spec)
    assert check_pair(text).startswith("PASS")
    with pytest.raises(PropertyFailure) as failure:
        check_pair(text, pipeline="builtin.module(func.func(pto-skew-cross-core, "
                                  f"test-fuzz-mutate{{mode={mode}}}))")
    assert failure.value.stage == stage, failure.value


# --- pto-opt on random option strings and stage attributes -----------------------

SMALL_PAIR = render(EXPLICIT[0])

_option_value = st.one_of(
    st.integers(-3, 12).map(str), st.sampled_from(["true", "false", "1", "0", "", "x", "-",
                                                    "2x", "0x10", "1e3", "{", "}", "'"]),
    st.text(alphabet="abc019-=,{} ", max_size=6))
_option = st.tuples(st.sampled_from(["fifo-depth", "remarks", "tag-membership", "depth",
                                     "fifo_depth", ""]), _option_value)
_stage_attr = st.one_of(st.integers(-2, 8).map(lambda v: f"{v} : i64"),
                        st.sampled_from(["2 : i32", "2", "\"2\"", "2.0 : f32", "true",
                                         "unit", "[2]", "-1 : i64", "0 : i64",
                                         "9223372036854775807 : i64"]))


@settings(max_examples=25, **SETTINGS)
@given(st.lists(_option, max_size=3), _stage_attr, st.integers(-1, 9))
def test_pto_opt_never_shows_a_traceback(options, stage, slots):
    text = re.sub(r"pto\.pipeline_stages = \d+ : i64", f"pto.pipeline_stages = {stage}",
                  SMALL_PAIR, count=1)
    text = text.replace("pto.fifo_depth = 3 : i64", f"pto.fifo_depth = {slots} : i64")
    flag = " ".join(f"{k}={v}" for k, v in options)
    proc = subprocess.run([sys.executable, "-m", "skew_mlir.tools.pto_opt",
                           f"--pto-skew-cross-core={flag}", "-"],
                          input=text, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 1), (proc.returncode, proc.stderr)
    if proc.returncode:
        assert "error" in proc.stderr, proc.stderr


def test_generator_reaches_coskews():
    """Plain C->V->C->V... loops (with_alternation) come out of the
    generator and the pass co-skews some of them (at several stage counts),
    demoting others with the co-skew's reason; the properties above then
    check them like every pair (verified, same messages, same outputs)."""
    coskewed, stages, declined = 0, set(), 0
    for seed in range(250):
        remarks = _remarks(render(random_pair(seed, CONFIG)))
        for remark in remarks:
            found = re.match(r"co-skewed with .*: (\d+) stages, depth \d+", remark)
            if found:
                coskewed += 1
                stages.add(int(found.group(1)))
            declined += "not co-skewed" in remark
    assert coskewed >= 4 and len(stages) >= 2 and declined > 0, (coskewed, stages, declined)
