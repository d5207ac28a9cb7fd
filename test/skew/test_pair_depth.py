# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The depth a pair's skews get when the plan as requested deadlocks: the
closed-form candidate of skew/pair_depth.py, proved once (docs/deadlock.md).

- On exchanges (both kernels `push; pop`, or one `pop; push`), one or two
  loops per kernel in sequence, 1 to 7 slots, the candidate picks the depths
  the binary search over depths that it replaced picked (recorded from that
  search), and the output passes pto-verify-fifo.
- The number of proofs over all trips per pair is bounded whatever the
  number of loops and depths: the requested plan, the input, the candidate,
  depth 1 (counted, not timed).
- The parts: leads, the message spans of a program's loops, which loops
  answer each other.
"""

from __future__ import annotations

import re

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.fifo_model import C2V, POP, PUSH, V2C, Pipe
from skew_mlir.passes import skew_cross_core_pipeline
from skew_mlir.skew import pairing
from skew_mlir.skew.pair_depth import Lead, answering_pipes, spans, touching
from skew_mlir.verify.program import Event, Loop, Program

PEER = {"aic": "aiv", "aiv": "aic"}


def _loop(core: str, i: int, trip: int, stages: int, push_first: bool) -> str:
    peer = PEER[core]
    push = f'"pto.tpush_to_{peer}"(%w) : (tensor<4xf32>) -> ()'
    pop = f'%p{i} = "pto.tpop_from_{peer}"() : () -> tensor<4xf32>'
    use = f"%n{i} = arith.addf %a{i}, %p{i} : tensor<4xf32>"
    body = [push, pop, use] if push_first else [pop, use, push.replace("%w", f"%n{i}")]
    lines = "\n      ".join(body)
    return f"""    %t{i} = arith.constant {trip} : index
    %r{i} = scf.for %i{i} = %c0 to %t{i} step %c1 iter_args(%a{i} = %o) -> (tensor<4xf32>) {{
      {lines}
      scf.yield %n{i} : tensor<4xf32>
    }} {{pto.pipeline_stages = {stages} : i64}}
"""


def _kernel(name: str, core: str, loops: list) -> str:
    body = "".join(_loop(core, i, *spec) for i, spec in enumerate(loops))
    return f"""  func.func @{name}(%w: tensor<4xf32>, %o: tensor<4xf32>) attributes {{pto.core = "{core}"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
{body}    return
  }}
"""


def pair(slots: int, cube: list, vector: list) -> str:
    """A module of slots `slots` whose cube and vector kernels run the loops
    `cube` and `vector` in sequence, each (trip, stages, push first)."""
    return (f"module attributes {{pto.fifo_depth = {slots} : i64}} {{\n"
            + _kernel("cube", "aic", cube) + _kernel("vec", "aiv", vector) + "}\n")


def depths(text: str) -> tuple[list[int], str]:
    """The depth of each pipeline loop in order (0: not skewed), and the output."""
    seen = []
    with skew_mlir.make_context() as context:
        context.attach_diagnostic_handler(
            lambda d: seen.append(str(d.message)) is None)
        module = ir.Module.parse(text)
        skew_cross_core_pipeline(remarks=True)(module)
        PassManager.parse("builtin.module(pto-verify-fifo)").run(module.operation)
        out = str(module)
    chosen = [int(m.group(1)) if (m := re.match(r"skewed: depth (\d+)", s)) else 0
              for s in seen if s.startswith(("skewed", "demoted", "not skewed"))]
    return chosen, out


EXCHANGE = [
    # slots, cube loops, vector loops, depths the search picked
    (1, [(9, 4, True)], [(9, 4, True)], [1, 0]),
    (2, [(20, 9, True)], [(20, 9, True)], [1, 1]),
    (3, [(9, 4, True)], [(9, 4, True)], [2, 1]),
    (3, [(20, 3, True)], [(20, 9, True)], [1, 2]),
    (3, [(9, 5, True), (12, 9, True)], [(9, 5, True), (12, 9, True)], [2, 2, 1, 1]),
    (3, [(9, 5, True), (12, 9, True)], [(9, 5, False), (12, 9, True)], [3, 2, 0, 1]),
    (4, [(9, 4, True)], [(9, 4, True)], [2, 2]),
    (4, [(9, 5, True), (12, 9, True)], [(9, 5, False), (12, 9, True)], [4, 2, 0, 2]),
    (5, [(20, 9, True)], [(20, 3, True)], [3, 2]),
    (5, [(9, 3, True)], [(9, 9, True)], [2, 3]),
    (5, [(9, 5, True), (12, 9, True)], [(9, 5, True), (12, 9, True)], [3, 3, 2, 2]),
    (7, [(20, 9, True)], [(20, 9, True)], [4, 3]),
    (7, [(20, 3, True)], [(20, 9, True)], [2, 5]),
    (7, [(9, 9, True)], [(9, 3, True)], [4, 2]),
]


@pytest.mark.parametrize("slots,cube,vector,expected", EXCHANGE)
def test_candidate_agrees_with_the_search_it_replaced(slots, cube, vector, expected):
    assert depths(pair(slots, cube, vector))[0] == expected


@pytest.mark.parametrize("trip,expected", [(7, [1]), (8, [0])])
def test_a_peer_that_pushes_all_first(trip, expected):
    """A vector that pushes all its answers before popping (the fill pair of
    pair-proof.test at 4 slots): no inequality binds the cube's loop, so the
    candidate is the requested depth 2, which deadlocks; depth 1 proves at
    trip 7, nothing at trip 8 (2 x slots), where the loop stays as written."""
    vector = f"""  func.func @vec(%w: tensor<4xf32>, %o: tensor<4xf32>) attributes {{pto.core = "aiv"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ct = arith.constant {trip} : index
    scf.for %i = %c0 to %ct step %c1 {{
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
    }}
    scf.for %i = %c0 to %ct step %c1 {{
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    }}
    return
  }}
"""
    text = pair(4, [(trip, 3, True)], []).replace(_kernel("vec", "aiv", []), vector)
    assert depths(text)[0] == expected


def _count_proofs(monkeypatch) -> list:
    calls = []
    real = pairing.Pair.verdicts

    def counted(self, skews):
        calls.append(self.functions["cube"])
        return real(self, skews)
    monkeypatch.setattr(pairing.Pair, "verdicts", counted)
    return calls


@pytest.mark.parametrize("loops", [1, 4, 12])
def test_proofs_per_pair_are_bounded(monkeypatch, loops):
    """Exchanges of `loops` loops per kernel at stage 33 (depth up to 32,
    trip 64) and 3 slots: every loop is lowered, yet the pair is proved at
    most four times (the search proved each candidate cap and each loop's
    candidate depths: dozens of proofs)."""
    calls = _count_proofs(monkeypatch)
    specs = [(64, 33, True)] * loops
    chosen, _ = depths(pair(3, specs, specs))
    assert chosen == [2] * loops + [1] * loops
    assert 3 <= len(calls) <= 4


def test_lead():
    assert Lead(1, True).at(3) == 5 and Lead(2, True).at(1) == 2
    assert Lead(1, False).at(5) == 0 and Lead(1, True).at(0) == 0
    # The deepest depth whose lead stays below the room left.
    assert [Lead(1, True).deepest(room) for room in range(1, 7)] == [0, 1, 1, 2, 2, 3]
    assert Lead(2, True).deepest(5) == 1 and Lead(2, True).deepest(7) == 2
    assert Lead(1, False).deepest(1) is None


def test_spans_and_answering_pipes():
    """Two loops in sequence per kernel: each cube loop answers the vector
    loop of the same messages, not the other one; a loop whose messages flow
    one way only answers nothing."""
    with skew_mlir.make_context():
        module = ir.Module.parse(pair(4, [(3, 4, True), (5, 4, True)],
                                      [(3, 4, True), (5, 4, True)]))
        loops = [op for op in _walk(module.operation) if op.name == "scf.for"]
        c2v, v2c = Pipe(C2V, 0), Pipe(V2C, 0)

        def program(first: int, push: Pipe, pop: Pipe) -> Program:
            body = tuple(Loop(trip, (Event(PUSH, push, "t", ops[0]), Event(POP, pop, "t", ops[1])),
                              loop)
                         for trip, loop, ops in ((3, loops[first], _fifo(loops[first])),
                                                 (5, loops[first + 1], _fifo(loops[first + 1]))))
            return Program("x", None, body, [])
        cube = spans(program(0, c2v, v2c), set(loops))
        vector = spans(program(2, v2c, c2v), set(loops))
        assert cube[loops[0]] == {(PUSH, c2v): (0, 3), (POP, v2c): (0, 3)}
        assert cube[loops[1]] == {(PUSH, c2v): (3, 8), (POP, v2c): (3, 8)}
        assert answering_pipes(cube[loops[0]], vector[loops[2]]) == {c2v, v2c}
        assert answering_pipes(cube[loops[1]], vector[loops[3]]) == {c2v, v2c}
        assert answering_pipes(cube[loops[0]], vector[loops[3]]) == set()
        assert sorted(touching(cube, vector), key=lambda p: loops.index(p[0])) == [
            (loops[0], loops[2]), (loops[1], loops[3])]
        one_way = {(POP, c2v): (0, 3)}
        assert answering_pipes(cube[loops[0]], one_way) == set()


def _walk(op):
    found = []
    op.walk(lambda o: found.append(o.operation) or ir.WalkResult.ADVANCE)
    return found


def _fifo(loop):
    return [op for op in _walk(loop) if op.name.startswith("pto.t")]
