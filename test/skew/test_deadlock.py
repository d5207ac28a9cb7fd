# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""pto-skew-cross-core never makes a deadlock-free pair deadlock
(docs/deadlock.md).

- Pairs that push first on both sides (the exchange of issue 12), one side a
  producer, both producers, different stages per side, 2/3/4/8 slots, a peer
  that holds a slot before its loop (issue 10, item 6): at the module anchor
  and under func.func the output passes pto-verify-fifo and the simulator's
  differential check.
- The func.func anchor's rule (a kernel's skews stay only when its pushes
  cannot block) checked by exhaustive search over small pairs in the
  verifier's model: every peer program of T pops and T pushes in any order,
  each popped tile freed at once or after the peer's next push.
"""

from __future__ import annotations

import itertools

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.fifo_model import FREE, POP, PUSH, Pipe
from skew_mlir.sim.check import differential_check
from skew_mlir.skew.pairing import pushes_never_block
from skew_mlir.skew.depth import skew_depth
from skew_mlir.skew.plan import producer_schedule
from skew_mlir.verify.model import check_pair
from skew_mlir.verify.program import Event, Loop, Program

MODULE = "builtin.module(pto-skew-cross-core{remarks=true})"
FUNC = "builtin.module(func.func(pto-skew-cross-core{remarks=true}))"
VERIFY = "builtin.module(pto-verify-fifo)"

PEER = {"aic": "aiv", "aiv": "aic"}


def kernel(name: str, core: str, trip: int, stages: int, push_first: bool,
           before: str = "", free_late: bool = False) -> str:
    """A kernel whose loop pushes then pops (or pops then pushes) a tile
    per iteration; `before` is put ahead of the loop; with `free_late` the
    popped tile is freed after the push (it holds its slot meanwhile)."""
    peer = PEER[core]
    push = f'"pto.tpush_to_{peer}"(%w) : (tensor<4xf32>) -> ()'
    pop = f'%p = "pto.tpop_from_{peer}"() : () -> tensor<4xf32>'
    use = "%n = arith.addf %acc, %p : tensor<4xf32>"
    free = f'"pto.tfree_from_{peer}"(%p) : (tensor<4xf32>) -> ()'
    body = [push, pop, use] if push_first else [pop, use, push.replace("%w", "%n")]
    if free_late:
        body.append(free)
    lines = "\n      ".join(body)
    return f"""
  func.func @{name}(%w: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32>
      attributes {{pto.core = "{core}"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ct = arith.constant {trip} : index
    {before}
    %r = scf.for %i = %c0 to %ct step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {{
      {lines}
      scf.yield %n : tensor<4xf32>
    }} {{pto.pipeline_stages = {stages} : i64}}
    return %r : tensor<4xf32>
  }}"""


def pair(slots: int, cube: str, vector: str) -> str:
    return f"module attributes {{pto.fifo_depth = {slots} : i64}} {{{cube}{vector}\n}}\n"


def run(text: str, pipeline: str) -> tuple[ir.Module, ir.Module, list[str]]:
    with skew_mlir.make_context() as context:
        before = ir.Module.parse(text)
        after = ir.Module.parse(text)
        remarks: list[str] = []
        context.attach_diagnostic_handler(lambda d: remarks.append(str(d.message)) or True)
        PassManager.parse(VERIFY).run(before.operation)  # deadlock-free as written
        PassManager.parse(pipeline).run(after.operation)
        PassManager.parse(VERIFY).run(ir.Module.parse(str(after)).operation)
        result = differential_check(before, after)
        assert result.ok, result.verdict
        return before, after, remarks


def exchange(slots: int, trip: int = 9, stages=(4, 4)) -> str:
    return pair(slots, kernel("cube", "aic", trip, stages[0], True),
                kernel("vec", "aiv", trip, stages[1], True))


def test_the_exchange_of_the_issue_is_lowered_with_a_reason():
    _, _, remarks = run(exchange(4), MODULE)
    assert remarks == [
        f"skewed: depth 2 (requested 3, trip 9, slots 4; depth 3 deadlocks against @{peer}: "
        "both kernels push first and block on full pipes (C2V 4 of 4, V2C 4 of 4 slots "
        "held))" for peer in ("vec", "cube")]


VARIANTS = {
    "exchange": dict(cube_first=True, vec_first=True),
    "cube-producer": dict(cube_first=True, vec_first=False),
    "vector-producer": dict(cube_first=False, vec_first=True),
}


@pytest.mark.parametrize("slots", [2, 3, 4, 8])
@pytest.mark.parametrize("shape", sorted(VARIANTS))
@pytest.mark.parametrize("stages", [(4, 4), (2, 5), (6, 3)])
@pytest.mark.parametrize("trip", [8, 9, 12])
@pytest.mark.parametrize("pipeline", [MODULE, FUNC], ids=["module", "func"])
def test_variants_never_deadlock(slots, shape, stages, trip, pipeline):
    v = VARIANTS[shape]
    text = pair(slots, kernel("cube", "aic", trip, stages[0], v["cube_first"]),
                kernel("vec", "aiv", trip, stages[1], v["vec_first"]))
    run(text, pipeline)


# Issue 10, item 6: the vector pushes a tile before its loop (the cube pops it
# after its own), and frees each popped tile only after its push: at 2 slots
# the cube's depth-2 skew deadlocked.
HOLDING = pair(2, kernel("cube", "aic", 8, 2, True).replace(
    "return %r", '%x = "pto.tpop_from_aiv"() : () -> tensor<4xf32>\n    return %r'),
    kernel("vec", "aiv", 8, 2, False, before='"pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()',
           free_late=True))


def test_a_peer_holding_a_slot_before_its_loop():
    _, _, remarks = run(HOLDING, MODULE)
    assert remarks[0] == (
        "skewed: depth 1 (requested 2, trip 8, slots 2; depth 2 deadlocks against @vec: "
        "both kernels push first and block on full pipes (C2V 2 of 2, V2C 2 of 2 slots held))")
    _, _, remarks = run(HOLDING, FUNC)
    assert remarks[0].startswith("demoted: the peer kernel is not visible from this anchor, "
                                 "and the kernel pushes 8 messages on C2V, more than the 1 slot a peer's initialise op "
                                 "may declare (this kernel declares none for C2V)")


def _declares(core: str, slots: int) -> str:
    return (f'"pto.{core}_initialize_pipe"() {{dir_mask = 3 : i8, slot_size = 64 : i32, '
            f'slot_num = {slots} : i32}} : () -> ()')


def test_func_anchor_keeps_a_skew_whose_pushes_fit_the_slots():
    # Each kernel declares its pipes: under func.func it counts on its own
    # declaration (the peer's must match), not on the module attribute.
    text = pair(8, kernel("cube", "aic", 8, 4, True, before=_declares("aic", 8)),
                kernel("vec", "aiv", 8, 4, True, before=_declares("aiv", 8)))
    _, after, remarks = run(text, FUNC)
    assert remarks == [f"skewed: depth 3 (requested 3, trip 8, slots 8; the peer kernel is "
                       f"not visible from this anchor: safe, its 8 pushes on {pipe} fit the "
                       f"slots)" for pipe in ("C2V", "V2C")]
    assert "scf.for" in str(after)


# --- the func.func bound by exhaustive search --------------------------------------

def _ev(kind: str, pipe: str) -> Event:
    return Event(kind, Pipe(pipe), "t", None)


def ours(trip: int, depth: int) -> tuple:
    """A cube loop `push; pop` of `trip` iterations, skewed at `depth` (0:
    as written) with the pass's schedule."""
    push, pop = (_ev(PUSH, "C2V"),), (_ev(POP, "V2C"),)
    if not depth:
        return (Loop(trip, push + pop, None),)
    s = producer_schedule(0, 1, trip, depth)
    steady = len(range(*s.steady_range))
    body = push * len(s.steady_producers) + pop * len(s.steady_consumers)
    middle = (Loop(steady, body, None),) if steady > 1 else body * steady
    return (push * len(s.prologue) + middle + push * len(s.remainder)
            + pop * len(s.epilogue))


def peers(trip: int):
    """Every vector program of `trip` pops (C2V) and `trip` pushes (V2C),
    each popped tile freed at once, or held until the peer's next push."""
    for pops in itertools.combinations(range(2 * trip), trip):
        order = [POP if i in pops else PUSH for i in range(2 * trip)]
        yield tuple(_ev(POP, "C2V") if k == POP else _ev(PUSH, "V2C") for k in order)
        held = 0  # popped tiles not freed yet (a tfree frees the oldest)
        events = []
        for k in order:
            if k == POP:
                events.append(_ev(POP, "C2V"))
                held += 1
            else:
                events.append(_ev(PUSH, "V2C"))
                events.extend(_ev(FREE, "C2V") for _ in range(held))
                held = 0
        events.extend(_ev(FREE, "C2V") for _ in range(held))
        yield tuple(events)


def deadlock_free(cube: tuple, vector: tuple, slots: int) -> bool:
    outcome = check_pair(Program("cube", None, cube, []), Program("vector", None, vector, []),
                         slots)
    return outcome.complete and not any(f.severity == "error" for f in outcome.findings)


def safe_depths(slots: int, trip: int) -> list[int]:
    """The depths (feasible for the trip) that no peer deadlocks, among the
    peers that do not deadlock with the loop as written."""
    depths = sorted({skew_depth(d, {}, trip).depth for d in range(1, trip // 2 + 1)})
    unsafe = set()
    for peer in peers(trip):
        if deadlock_free(ours(trip, 0), peer, slots):
            unsafe.update(d for d in depths if d not in unsafe
                          and not deadlock_free(ours(trip, d), peer, slots))
    return [d for d in depths if d not in unsafe]


@pytest.mark.parametrize("slots", [1, 2, 3])
def test_func_anchor_bound_by_exhaustive_search(slots):
    for trip in range(2, 2 * slots + 2):
        depths = sorted({skew_depth(d, {}, trip).depth for d in range(1, trip // 2 + 1)})
        safe = safe_depths(slots, trip)
        if pushes_never_block(trip, slots):  # the pass keeps every depth
            assert safe == depths, (trip, safe)
        if trip >= 2 * slots:  # a peer leading by 2 x slots defeats any skew
            assert safe == [], (trip, safe)
