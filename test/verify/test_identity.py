# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Message identity (verify/identity.py, docs/message-identity.md): a
rewrite whose pops receive another message (push site, iteration) than the
original's is caught on the abstract model, at any trip count and over all
trips at once; a rewrite that reorders a pipe the same way on both sides is
not; the pass refuses a plan that would deliver wrong messages."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest
from mlir import ir
from mlir.passmanager import PassManager

from skew_mlir.dialect import make_context
from skew_mlir.fifo_model import C2V, Pipe, kernels_of
from skew_mlir.skew import pairing
from skew_mlir.verify.against import check_against
from skew_mlir.verify.identity import check_same_messages
from skew_mlir.verify.program import Loop, Pipelined, build_template, fifo_holders
from skew_mlir.verify.trips import over_all_trips

T = "tensor<4xf32>"
SLOTS = {Pipe(C2V): 4}


def pair(cube: str, vector: str, args: str = f"%a: {T}, %b: {T}") -> str:
    return f"""module {{
  func.func @cube({args}) attributes {{pto.core = "aic"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
{cube}
    return
  }}
  func.func @vector() attributes {{pto.core = "aiv"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
{vector}
    return
  }}
}}"""


_NAMES = itertools.count()


def loop(trip: str, body: str) -> str:
    n = next(_NAMES)
    return f"""    %n{n} = arith.constant {trip} : index
    scf.for %i{n} = %c0 to %n{n} step %c1 {{
{body}
    }}"""


def push(value: str) -> str:
    return f'      "pto.tpush_to_aiv"(%{value}) : ({T}) -> ()'


def pop(name: str) -> str:
    return f'      %{name} = "pto.tpop_from_aic"() : () -> {T}'


@pytest.fixture
def context():
    with make_context() as ctx:
        yield ctx


def templates(text: str):
    module = ir.Module.parse(text)
    found, _ = kernels_of(module.operation)
    _, holders = fifo_holders(module.operation)
    out = {role: build_template(role, fs[0], holders, module.operation)
           for role, fs in found.items()}
    return module, out


def programs(text: str):
    module, found = templates(text)
    return module, {role: t.at({}, {}) for role, t in found.items()}


def with_body(program, body):
    return dataclasses.replace(program, body=tuple(body))


TWO_SITES = pair(loop("8", push("a") + "\n" + push("b")),
                 loop("8", pop("x") + "\n" + pop("y")))


def test_same_pair_has_same_messages(context):
    _, p = programs(TWO_SITES)
    assert check_same_messages((p["cube"], p["vector"]), (p["cube"], p["vector"]), SLOTS) == []


def test_swapped_same_typed_pushes_are_caught(context):
    _, p = programs(TWO_SITES)
    (body,) = p["cube"].body
    a, b = body.body
    swapped = with_body(p["cube"], [Loop(8, (b, a), body.op)])
    found = check_same_messages((p["cube"], p["vector"]), (swapped, p["vector"]), SLOTS)
    assert len(found) == 2 and not any(m.unknown for m in found)
    first = found[0]
    assert first.op.name == "pto.tpop_from_aic"
    assert "iteration 0 receives the message of 'pto.tpush_to_aiv' at" in first.message
    assert [text for _, text in first.notes] == ["received: pushed here, iteration 0",
                                                  "expected: pushed here, iteration 0"]
    assert first.notes[0][0] == b.op and first.notes[1][0] == a.op


def test_swap_in_the_last_of_a_trillion_iterations(context):
    """The model jumps over the repeating iterations; the ordinals it
    reports are those of the one swapped iteration."""
    trip = 10**12
    _, p = programs(pair(loop(str(trip), push("a") + "\n" + push("b")),
                         loop(str(trip), pop("x") + "\n" + pop("y"))))
    (body,) = p["cube"].body
    a, b = body.body
    late = with_body(p["cube"], [Loop(trip - 1, (a, b), body.op), b, a])
    found = check_same_messages((p["cube"], p["vector"]), (late, p["vector"]), SLOTS)
    assert found and f"iteration {trip - 1} receives" in found[0].message


def test_both_sides_reordered_alike_keep_identity(context):
    """What a co-skew does: the second message of each iteration moves one
    iteration later on both sides of the pipe."""
    _, p = programs(TWO_SITES)
    (cube,), (vector,) = p["cube"].body, p["vector"].body
    a, b = cube.body
    x, y = vector.body
    after = (with_body(p["cube"], [a, Loop(7, (a, b), cube.op), b]),
             with_body(p["vector"], [x, Loop(7, (x, y), vector.op), y]))
    assert check_same_messages((p["cube"], p["vector"]), after, SLOTS) == []
    # Reordered on one side only, the messages change hands.
    wrong = (after[0], p["vector"])
    assert check_same_messages((p["cube"], p["vector"]), wrong, SLOTS)


def test_sites_running_other_counts_are_caught(context):
    """The pairs of sites are the same, but one more message goes through
    the first pair and one fewer through the second."""
    text = pair(loop("8", push("a")) + "\n" + loop("8", push("b")),
                loop("8", pop("x")) + "\n" + loop("8", pop("y")))
    _, p = programs(text)
    la, lb = p["cube"].body
    lx, ly = p["vector"].body
    after = (with_body(p["cube"], [Loop(9, la.body, la.op), Loop(7, lb.body, lb.op)]),
             with_body(p["vector"], [Loop(9, lx.body, lx.op), Loop(7, ly.body, ly.op)]))
    found = check_same_messages((p["cube"], p["vector"]), after, SLOTS)
    assert any("runs 9 time(s), but 8 in the original" in m.message for m in found)


IMPURE = pair(loop("1000000000000", push("a") + "\n" + push("b")),
              loop("1000000000000", loop("2", pop("x"))))


def test_one_pop_site_for_two_push_sites(context):
    """The pop site receives from both push sites: the order of each side's
    sites on the pipe must not change (checked in lockstep)."""
    _, p = programs(IMPURE)
    before = (p["cube"], p["vector"])
    assert check_same_messages(before, before, SLOTS) == []
    (body,) = p["cube"].body
    a, b = body.body
    swapped = with_body(p["cube"], [Loop(body.trip, (b, a), body.op)])
    found = check_same_messages(before, (swapped, p["vector"]), SLOTS)
    assert len(found) == 1 and "comes where the original cube kernel runs" in found[0].message
    # The same order written differently is the same.
    peeled = with_body(p["cube"], [a, b, Loop(body.trip - 1, (a, b), body.op)])
    assert check_same_messages(before, (peeled, p["vector"]), SLOTS) == []


def free(name: str = "") -> str:
    if not name:
        return '      "pto.tfree_from_aic"() : () -> ()'
    return f'      "pto.tfree_from_aic"(%{name}) : ({T}) -> ()'


# Pops x and y, then the frees of both: each free releases the oldest
# popped slot, so f (the first free) releases x's and g y's.
LATE_FREES = pair(loop("8", push("a") + "\n" + push("b")),
                  loop("8", "\n".join([pop("x"), pop("y"), free("x"), free("y")])))


def test_frees_keep_releasing_their_pops(context):
    """What a co-skew of a late free does wrong (issue 23, session 11):
    the next iteration's pop of x runs ahead of the frees, on both sides of
    the pipe alike, so every pop keeps its message, but the second free now
    releases x's slot (k + 1) instead of y's."""
    _, p = programs(LATE_FREES)
    before = (p["cube"], p["vector"])
    assert check_same_messages(before, before, SLOTS) == []
    (cube,), (vector,) = p["cube"].body, p["vector"].body
    a, b = cube.body
    x, y, f, g = vector.body
    after = (with_body(p["cube"], [a, Loop(7, (a, b), cube.op), b]),
             with_body(p["vector"], [x, Loop(7, (x, y, f, g), vector.op), y, f, g]))
    found = check_same_messages(before, after, SLOTS)
    assert found and not any(m.unknown for m in found)
    # g's first run releases x(1), f's second y(0).
    assert {m.op for m in found} == {f.op, g.op}
    (second,) = [m for m in found if m.op == g.op]
    assert ("iteration 0 releases the slot of the message of 'pto.tpop_from_aic' at"
            in second.message), second.message
    assert [text for _, text in second.notes] == ["released: popped here, iteration 1",
                                                   "expected: popped here, iteration 0"]
    assert second.notes[0][0] == x.op and second.notes[1][0] == y.op
    # Frees kept right behind their pops release the same slots at any shift.
    kept = (with_body(p["cube"], [a, Loop(7, (a, b), cube.op), b]),
            with_body(p["vector"], [x, f, Loop(7, (x, f, y, g), vector.op), y, g]))
    assert check_same_messages(before, kept, SLOTS) == []


def test_one_free_site_for_two_pops_keeps_its_place(context):
    """One free site releases the slots of both pop sites (an inner loop of
    two): its place among the pops must not change (checked in lockstep),
    also after jumps over a trillion iterations."""
    trip = 10**12
    text = pair(loop(str(trip), push("a") + "\n" + push("b")),
                loop(str(trip), pop("x") + "\n" + pop("y") + "\n" + loop("2", free())))
    _, p = programs(text)
    before = (p["cube"], p["vector"])
    assert check_same_messages(before, before, SLOTS) == []
    (body,) = p["vector"].body
    x, y, frees = body.body
    early = with_body(p["vector"], [Loop(trip - 1, (x, y, frees), body.op),
                                    x, Loop(1, frees.body, frees.op), y,
                                    Loop(1, frees.body, frees.op)])
    found = check_same_messages(before, (p["cube"], early), SLOTS)
    assert len(found) == 1, [m.message for m in found]
    assert f"this tfree on C2V (iteration ({trip - 1}, 0)) comes where" in found[0].message


def test_over_all_trips(context):
    """A run-time trip n: the swap in the last iteration is caught at every
    n >= 1, and named at iteration n - 1."""
    text = pair(f"""    scf.for %i = %c0 to %n step %c1 {{
{push("a")}
{push("b")}
    }}""", f"""    scf.for %i = %c0 to %n step %c1 {{
{pop("x")}
{pop("y")}
    }}""", f"%a: {T}, %b: {T}, %n: index")
    text = text.replace("func.func @vector()", "func.func @vector(%a: tensor<4xf32>, "
                        "%b: tensor<4xf32>, %n: index)")
    _, t = templates(text)
    (key,) = t["cube"].at({}, {}).dynamic

    def run(n):
        before = {role: p.at({key: n}, {}) for role, p in t.items()}
        if n < 2:  # (on a symbolic n: narrows its branch to one side)
            return check_same_messages((before["cube"], before["vector"]),
                                       (before["cube"], before["vector"]), SLOTS), 1
        (body,) = before["cube"].body
        a, b = body.body
        late = with_body(before["cube"], [Loop(n - 1, (a, b), body.op), b, a])
        return check_same_messages((before["cube"], before["vector"]),
                                   (late, before["vector"]), SLOTS), 1

    results = over_all_trips(run, 10**6)
    assert any(trips.last() is None and found for trips, found in results)
    for trips, found in results:
        if trips.first() >= 2:
            assert found and ("iteration n - 1 receives" in found[0].message
                              or f"iteration {trips.first() - 1} receives" in found[0].message)
        else:
            assert found == []


def parse_file(path: Path, text: str) -> ir.Module:
    path.write_text(text)
    return ir.Module.parseFile(str(path))


def test_two_files_swapped_pushes(context, tmp_path):
    """Different files: the sites are matched by what they push."""
    original = parse_file(tmp_path / "original.mlir", TWO_SITES)
    swapped = parse_file(tmp_path / "swapped.mlir", TWO_SITES.replace(
        '"pto.tpush_to_aiv"(%a)', "@A@").replace('"pto.tpush_to_aiv"(%b)', '"pto.tpush_to_aiv"(%a)')
        .replace("@A@", '"pto.tpush_to_aiv"(%b)'))
    reports = check_against(original.operation, swapped.operation)
    assert [r.severity for r in reports] == ["error", "error"]
    assert all(r.op.name == "pto.tpop_from_aic" for r in reports)
    same = parse_file(tmp_path / "same.mlir", TWO_SITES)
    assert check_against(original.operation, same.operation) == []


def peel(module: ir.Module, reverse_cube: bool = False) -> None:
    """Peel the first iteration of each kernel's loop (its FIFO ops cloned
    before it, the loop from 1), the cube's FIFO ops in reverse order when
    asked."""
    for role, (function,) in kernels_of(module.operation)[0].items():
        loop_op = next(op for op in function.regions[0].blocks[0].operations
                       if op.name == "scf.for")
        fifo = [op for op in loop_op.regions[0].blocks[0].operations
                if op.name.startswith("pto.t")]
        if reverse_cube and role == "cube":
            fifo.reverse()
        with ir.InsertionPoint(loop_op):
            for op in fifo:
                op.clone()
        loop_op.operands[0] = loop_op.operands[2]  # from the step, 1


def test_two_files_by_location(context, tmp_path):
    """Ops that keep the original's locations (a pass's clones, a file
    printed with --mlir-print-debuginfo) are matched by them: a peeled
    iteration's copies stand for the loop's sites."""
    original = parse_file(tmp_path / "original.mlir", TWO_SITES)
    kept = original.operation.get_asm(enable_debug_info=True)
    peeled = ir.Module.parse(kept)
    peel(peeled)
    assert check_against(original.operation, peeled.operation) == []
    wrong = ir.Module.parse(kept)
    peel(wrong, reverse_cube=True)
    reports = check_against(original.operation, wrong.operation)
    assert [r.severity for r in reports] == ["error", "error"]
    assert "iteration 0 receives" in reports[0].message


def test_two_files_that_cannot_be_matched(context, tmp_path):
    original = parse_file(tmp_path / "original.mlir", TWO_SITES)
    more = parse_file(tmp_path / "more.mlir", pair(
        push("a") + "\n" + loop("7", push("a") + "\n" + push("b")) + "\n" + push("b"),
        loop("8", pop("x") + "\n" + pop("y"))))
    (report,) = check_against(original.operation, more.operation)
    assert report.severity == "warning" and "--mlir-print-debuginfo" in report.message


# --- the pass refuses a plan that delivers wrong messages ---------------------------

PASS_PAIR = f"""module {{
  func.func @cube(%a: {T}, %b: {T}) attributes {{pto.core = "aic"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {{
      "pto.tpush_to_aiv"(%a) : ({T}) -> ()
      "pto.tpush_to_aiv"(%b) : ({T}) -> ()
      %p = "pto.tpop_from_aiv"() : () -> {T}
    }} {{pto.pipeline_stages = 2 : i64}}
    return
  }}
  func.func @vector(%w: {T}) attributes {{pto.core = "aiv"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {{
      %x = "pto.tpop_from_aic"() : () -> {T}
      %y = "pto.tpop_from_aic"() : () -> {T}
      "pto.tpush_to_aic"(%w) : ({T}) -> ()
    }}
    return
  }}
}}"""


def run_skew(text: str) -> tuple[str, list[str]]:
    module = ir.Module.parse(text)
    diags = []

    def handler(d):
        diags.append(f"{d.severity}: {d.message}")
        return True

    handle = module.context.attach_diagnostic_handler(handler)
    try:
        PassManager.parse("builtin.module(pto-skew-cross-core{remarks=true})").run(
            module.operation)
    finally:
        handle.detach()
    return str(module), diags


class _SwappedAhead(Pipelined):
    """A corrupted schedule: the half that runs ahead runs its ops in
    reverse order (same counts, same types, no deadlock)."""

    def expand(self, loop, body):
        return super().expand(loop, tuple(reversed(body)))


# The vector kernel pops both messages at one site (an inner loop of 2): an
# impure pipe, checked in lockstep.
PASS_PAIR_ONE_POP = PASS_PAIR.replace(f"""      %x = "pto.tpop_from_aic"() : () -> {T}
      %y = "pto.tpop_from_aic"() : () -> {T}""", f"""      %c2 = arith.constant 2 : index
      scf.for %j = %c0 to %c2 step %c1 {{
        %x = "pto.tpop_from_aic"() : () -> {T}
      }}""")


@pytest.mark.parametrize("text,found", [
    (PASS_PAIR, "message identity mismatch on C2V: 'pto.tpop_from_aic' at -:18:12 iteration 0 "
                "receives the message of 'pto.tpush_to_aiv' at -:8:7 iteration 0, but the "
                "original delivers 'pto.tpush_to_aiv' at -:7:7 iteration 0"),
    (PASS_PAIR_ONE_POP, "message identity mismatch on C2V: this push to C2V (iteration 0) "
                        "comes where the original cube kernel runs 'pto.tpush_to_aiv' at")])
def test_pass_refuses_a_plan_that_swaps_messages(context, monkeypatch, text, found):
    assert text.count("scf.for") == PASS_PAIR.count("scf.for") + (text != PASS_PAIR)
    _, remarks = run_skew(text)
    assert any("skewed: depth 2" in r for r in remarks), remarks

    def corrupted(ahead, trip, depth):
        form = pairing_producer_skew(ahead, trip, depth)
        return None if form is None else _SwappedAhead(form.stage_of, form.rest, form.segments)

    pairing_producer_skew = pairing.producer_skew
    monkeypatch.setattr(pairing, "producer_skew", corrupted)
    out, remarks = run_skew(text)
    (demoted,) = [r for r in remarks if "demoted" in r]
    assert "no skew depth is proved against @vector" in demoted
    assert found in demoted, demoted
    assert out.count('"pto.tpush_to_aiv"') == 2  # the loop as written


RUNTIME = pair(f"""    scf.for %i = %c0 to %n step %c1 {{
{push("a")}
{push("b")}
    }}""", f"""    scf.for %i = %c0 to %n step %c1 {{
{pop("x")}
{pop("y")}
    }}""", f"%a: {T}, %b: {T}, %n: index").replace(
    "func.func @vector()", f"func.func @vector(%a: {T}, %b: {T}, %n: index)")


def test_two_files_over_every_run_time_trip(context, tmp_path):
    original = parse_file(tmp_path / "original.mlir", RUNTIME)
    same = parse_file(tmp_path / "same.mlir", RUNTIME)
    assert check_against(original.operation, same.operation) == []
    swapped = parse_file(tmp_path / "swapped.mlir", RUNTIME.replace(
        '"pto.tpush_to_aiv"(%a)', "@A@").replace('"pto.tpush_to_aiv"(%b)', '"pto.tpush_to_aiv"(%a)')
        .replace("@A@", '"pto.tpush_to_aiv"(%b)'))
    reports = check_against(original.operation, swapped.operation)
    assert [r.severity for r in reports] == ["error", "error"]
    # Loops bounded by other expressions of the arguments: not comparable.
    other = parse_file(tmp_path / "other.mlir", RUNTIME.replace(
        "scf.for %i = %c0 to %n step %c1 {\n" + push("a"),
        "scf.for %i = %c1 to %n step %c1 {\n" + push("a")))
    (report,) = check_against(original.operation, other.operation)
    assert report.severity == "warning" and "not checked" in report.message


def test_iterations_of_a_nest_are_vectors(context):
    """In a nest of constant trips the report names the iteration vector."""
    inner = push("a") + "\n" + push("b")
    text = pair(loop("4", loop("8", inner)), loop("4", loop("8", pop("x") + "\n" + pop("y"))))
    _, p = programs(text)
    (body,) = p["cube"].body  # the perfect nest, collapsed: one loop of 32
    a, b = body.body
    late = with_body(p["cube"], [Loop(11, (a, b), body.op), b, a, Loop(20, (a, b), body.op)])
    found = check_same_messages((p["cube"], p["vector"]), (late, p["vector"]), SLOTS)
    assert found and "iteration (1, 3) receives" in found[0].message, found[0].message
