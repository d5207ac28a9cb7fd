# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest, hypothesis
"""pto-verify-fifo from Python, its speed on huge trips, and its abstract
model cross-checked against the simulator (which runs the pairs numerically)."""

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.sim.errors import Deadlock, SimError
from skew_mlir.sim.loading import apply_pipeline
from skew_mlir.sim.scheduler import simulate
from skew_mlir.fifo_model import Pipe
from skew_mlir.verify import model
from skew_mlir.verify.model import check_pair
from skew_mlir.verify.program import build_program, fifo_holders

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "flash_decode_qk_pv.mlir"
SIM_INPUTS = ROOT / "test" / "sim" / "Inputs"
SKEW = "builtin.module(pto-skew-cross-core)"
C2V, V2C = Pipe("C2V"), Pipe("V2C")


@pytest.fixture(autouse=True)
def context():
    with skew_mlir.make_context() as ctx:
        yield ctx


def run_verify(module: ir.Module, pipeline: str = "builtin.module(pto-verify-fifo)"):
    """(ok, diagnostics as 'severity: message' strings)."""
    seen = []

    def handler(diag):
        seen.append(f"{str(diag.severity).rsplit('.', 1)[-1].lower()}: {diag.message}")
        return True

    handle = module.context.attach_diagnostic_handler(handler)
    try:
        PassManager.parse(pipeline).run(module.operation)
        ok = True
    except ir.MLIRError as exc:  # errors are collected here, not by the handler
        ok = False
        seen += [f"error: {d.message}" for d in exc.error_diagnostics]
    finally:
        handle.detach()
    return ok, seen


def model_of(module: ir.Module, slots: int):
    op = module.operation
    _, holders = fifo_holders(op)
    kernels = {}
    for f in module.body.operations:
        if "pto.core" in f.attributes:
            role = {"aic": "cube", "aiv": "vector"}[ir.StringAttr(f.attributes["pto.core"]).value]
            kernels[role] = build_program(role, f.operation, holders, set())
    return check_pair(kernels["cube"], kernels["vector"], slots)


# --- from Python -------------------------------------------------------------

def test_pass_manager_parse_accepts_the_example_before_and_after_the_skew():
    module = ir.Module.parseFile(str(EXAMPLE))
    before = str(module)
    assert run_verify(module) == (True, [])
    assert str(module) == before  # success changes nothing
    apply_pipeline(module, SKEW)
    assert run_verify(module, "builtin.module(pto-verify-fifo{fifo-depth=2})") == (True, [])
    ok, diags = run_verify(module, "builtin.module(pto-verify-fifo{fifo-depth=1})")
    assert not ok
    assert any("deadlock at 1 slot(s) per pipe" in d for d in diags)


def test_pipeline_text_and_library_call():
    verifier = skew_mlir.passes.verify_fifo(fifo_depth=2, remarks=True)
    assert verifier.pipeline_text() == "pto-verify-fifo{fifo-depth=2 remarks=true against={}}"
    module = ir.Module.parseFile(str(SIM_INPUTS / "deadlock_d3.mlir"))
    ok, diags = run_verify(module, f"builtin.module({verifier.pipeline_text()})")
    assert not ok and sum("deadlock at 2 slot(s)" in d for d in diags) == 2
    ok, diags = run_verify(module, "builtin.module(pto-verify-fifo{fifo-depth=3 remarks=true})")
    assert ok and len(diags) == 1 and diags[0].startswith("remark: FIFO verified")


def test_library_call_raises_the_errors_as_a_pass_manager_does():
    """A pass object called on a module raises MLIRError carrying the errors
    (message and text), as PassManager.run does for the same pipeline; no
    handler and no stderr sees them (issue 22: an empty PassFailure)."""
    module = ir.Module.parseFile(str(SIM_INPUTS / "deadlock_d3.mlir"))
    seen = []
    handle = module.context.attach_diagnostic_handler(lambda d: seen.append(d.message) or True)
    try:
        skew_mlir.passes.verify_fifo(fifo_depth=3)(module)
        with pytest.raises(ir.MLIRError) as called:
            skew_mlir.passes.verify_fifo(fifo_depth=2)(module)
        with pytest.raises(ir.MLIRError) as managed:
            PassManager.parse("builtin.module(pto-verify-fifo{fifo-depth=2})").run(
                module.operation)
    finally:
        handle.detach()
    assert seen == []
    for failure in (called, managed):
        errors = failure.value.error_diagnostics
        assert len(errors) == 2, errors
        assert all(d.message.startswith("deadlock at 2 slot(s)") for d in errors)
        assert "deadlock at 2 slot(s)" in str(failure.value)
    assert ([(d.message, str(d.location)) for d in called.value.error_diagnostics]
            == [(d.message, str(d.location)) for d in managed.value.error_diagnostics])


# --- huge trips ----------------------------------------------------------------

NAIVE = """
func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant TRIP : index
  scf.for %i = %c0 to %n step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  }
  return
}
"""

SKEWED = """
func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cd = arith.constant DEPTH : index
  %n = arith.constant TRIP : index
  scf.for %i = %c0 to %cd step %c1 {
    "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
  }
  scf.for %k = %cd to %n step %cd {
    scf.for %i = %c0 to %cd step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16x16xf32>) -> ()
    }
    scf.for %i = %c0 to %cd step %c1 {
      %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
    }
  }
  scf.for %i = %c0 to %cd step %c1 {
    %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
  }
  return
}
"""

VECTOR = """
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant TRIP : index
  scf.for %i = %c0 to %n step %c1 {
    %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
    "pto.tpush_to_aic"(%s) : (tensor<16x16xf32>) -> ()
  }
  return
}
"""


@pytest.mark.parametrize("trip", [10**9, 10**12])
@pytest.mark.parametrize("shape,depth,slots,deadlock", [
    ("naive", 1, 1, False), ("skewed", 2, 2, False), ("skewed", 2, 1, True),
    ("skewed", 4, 4, False), ("skewed", 4, 3, True),
])
def test_huge_trips_take_a_few_periods(trip, shape, depth, slots, deadlock):
    cube = (NAIVE if shape == "naive" else SKEWED).replace("DEPTH", str(depth))
    module = ir.Module.parse((cube + VECTOR).replace("TRIP", str(trip)))
    start = time.perf_counter()
    ok, diags = run_verify(module, f"builtin.module(pto-verify-fifo{{fifo-depth={slots}}})")
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, f"{elapsed:.3f} s"
    if deadlock:
        assert not ok and len(diags) == 2 and all("deadlock" in d for d in diags)
        return
    assert (ok, diags) == (True, [])
    outcome = model_of(module, slots)
    assert outcome.complete and not outcome.findings
    assert outcome.simulated < 200  # events run one by one: no unrolling
    assert {p.pushed[0] for p in outcome.pipes.values()} == {trip}
    assert {p.popped[0] for p in outcome.pipes.values()} == {trip}
    # The skewed producer needs 2D-1 buffered messages, at most 2 * slots.
    assert outcome.pipes[C2V].peak == min(slots, 2 * depth - 1) if shape == "skewed" else 1


# --- against the simulator ----------------------------------------------------

def sim_verdict(module: ir.Module, slots: int):
    """'ok' with the message counts, 'deadlock', or 'leftover' (never popped)."""
    try:
        result = simulate(module, fifo_depth=slots)
    except Deadlock:
        return "deadlock"
    except SimError as exc:
        if "without a popped, unreleased message to free" in str(exc):
            return "double free"
        assert "pushed but never popped" in str(exc), str(exc)
        return "leftover"
    return ("ok", len(result.messages("C2V")), len(result.messages("V2C")))


def verify_verdict(module: ir.Module, slots: int):
    ok, diags = run_verify(module, f"builtin.module(pto-verify-fifo{{fifo-depth={slots}}})")
    assert all("could not prove" not in d for d in diags), diags
    unreleased = [d for d in diags if "never released" in d]
    if ok or unreleased == diags:
        # A pop never freed breaks the contract but blocks nobody: the
        # simulator runs to the end.
        outcome = model_of(module, slots)
        return ("ok", *(outcome.pipes[p].pushed[0] if p in outcome.pipes else 0
                        for p in (C2V, V2C)))
    # A core blocked for good: both blocked, or one waiting on a returned peer.
    if any("deadlock at" in d or "kernel returned after" in d for d in diags):
        return "deadlock"
    if any("with no popped, unreleased slot to release" in d for d in diags):
        return "double free"
    assert any("is never popped" in d for d in diags), diags
    return "leftover"


PAIRS = ["deadlock_d3.mlir", "fd_naive.mlir", "small_pair.mlir", "small_pair_skewed.mlir"]


@pytest.mark.parametrize("slots", [1, 2, 3, 4])
@pytest.mark.parametrize("name", PAIRS)
def test_agrees_with_the_simulator_on_the_sim_inputs(name, slots):
    module = ir.Module.parseFile(str(SIM_INPUTS / name))
    assert verify_verdict(module, slots) == sim_verdict(module, slots)


@pytest.mark.parametrize("slots", [1, 2, 3])
@pytest.mark.parametrize("stages,trip", [(2, 8), (2, 7), (4, 6), (5, 8)])
def test_agrees_with_the_simulator_on_skewed_examples(stages, trip, slots):
    from skew_mlir.sim.variants import with_stages, with_trip
    module = ir.Module.parseFile(str(EXAMPLE))
    with_trip(module, trip)
    with_stages(module, stages)
    apply_pipeline(module, "builtin.module(pto-skew-cross-core{fifo-depth=4})")
    assert verify_verdict(module, slots) == sim_verdict(module, slots)


def test_deadlock_d3_is_found_at_two_slots_only():
    module = ir.Module.parseFile(str(SIM_INPUTS / "deadlock_d3.mlir"))
    assert sim_verdict(module, 2) == verify_verdict(module, 2) == "deadlock"
    assert sim_verdict(module, 3) == verify_verdict(module, 3) == ("ok", 6, 6)


# Random kernel pairs: loop nests of pushes, pops and tfrees on both sides.

def _nodes(kinds):
    leaf = st.sampled_from(kinds)
    return st.lists(st.one_of(leaf, st.tuples(st.integers(0, 5), st.lists(
        st.one_of(leaf, st.tuples(st.integers(0, 4), st.lists(leaf, min_size=1, max_size=3))),
        min_size=1, max_size=3))), min_size=1, max_size=4)


def _emit(nodes, ops, lines, indent, counter):
    pad = "  " * indent
    for node in nodes:
        counter[0] += 1
        n = counter[0]
        if isinstance(node, tuple):
            trip, body = node
            lines.append(f"{pad}%n{n} = arith.constant {trip} : index")
            lines.append(f"{pad}scf.for %i{n} = %c0 to %n{n} step %c1 {{")
            _emit(body, ops, lines, indent + 1, counter)
            lines.append(f"{pad}}}")
        elif node == "push":
            lines.append(f'{pad}"{ops[0]}"(%t) : (tensor<2xf32>) -> ()')
        else:
            lines.append(f'{pad}%p{n} = "{ops[1]}"() : () -> tensor<2xf32>')
            if node == "pop+free":
                lines.append(f'{pad}"{ops[2]}"(%p{n}) : (tensor<2xf32>) -> ()')
            elif node.startswith("pop+free*"):  # the tfree in a loop: 0 leaks, 2 frees twice
                trip = node[-1]
                lines.append(f"{pad}%f{n} = arith.constant {trip} : index")
                lines.append(f"{pad}scf.for %j{n} = %c0 to %f{n} step %c1 {{")
                lines.append(f'{pad}  "{ops[2]}"(%p{n}) : (tensor<2xf32>) -> ()')
                lines.append(f"{pad}}}")


def _kernel(name, core, ops, nodes):
    lines = [f'func.func @{name}(%t: tensor<2xf32>) attributes {{pto.core = "{core}"}} {{',
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    _emit(nodes, ops, lines, 1, [0])
    return "\n".join(lines + ["  return", "}"])


CUBE_OPS = ("pto.tpush_to_aiv", "pto.tpop_from_aiv", "pto.tfree_from_aiv")
VECTOR_OPS = ("pto.tpush_to_aic", "pto.tpop_from_aic", "pto.tfree_from_aic")
KINDS = ["push", "push", "pop", "pop+free", "pop+free*0", "pop+free*1", "pop+free*2"]


def _mirror(nodes, draw):
    """The peer of `nodes`: pushes become pops and pops pushes, each body
    rotated at random (balanced counts, any order: ok, deadlock or not)."""
    out = []
    for node in nodes:
        if isinstance(node, tuple):
            trip, body = node
            out.append((trip, _mirror(body, draw)))
        else:
            out.append(draw(st.sampled_from(KINDS[2:])) if node == "push" else "push")
    shift = draw(st.integers(0, len(out) - 1))
    return out[shift:] + out[:shift]


@st.composite
def _pairs(draw, nodes):
    """A cube program and either an independent vector program or its mirror."""
    cube = draw(nodes)
    return cube, (_mirror(cube, draw) if draw(st.booleans()) else draw(nodes))


def _pair_module(pair) -> ir.Module:
    cube, vector = pair
    return ir.Module.parse(_kernel("cube", "aic", CUBE_OPS, cube) + "\n"
                           + _kernel("vector", "aiv", VECTOR_OPS, vector))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=_pairs(_nodes(KINDS)), slots=st.integers(1, 3))
def test_random_pairs_agree_with_the_simulator(pair, slots):
    module = _pair_module(pair)
    assert verify_verdict(module, slots) == sim_verdict(module, slots), str(module)


# The period jumps against the plain step-by-step run of the same model, on
# loop nests with larger trips: same findings, message counts and peaks.

def _big_nodes(kinds):
    leaf = st.sampled_from(kinds)
    inner = st.tuples(st.integers(0, 40), st.lists(leaf, min_size=1, max_size=3))
    middle = st.tuples(st.integers(0, 12), st.lists(st.one_of(leaf, inner), min_size=1, max_size=3))
    return st.lists(st.one_of(leaf, inner, middle), min_size=1, max_size=4)


def _summary(outcome):
    return ([(f.severity, f.message) for f in outcome.findings],
            [(p.pushed, p.popped, p.peak, p.occupancy()) for p in outcome.pipes.values()])


def _check_jumps(module, slots):
    fast = model_of(module, slots)
    saved, model.HISTORY = model.HISTORY, 0  # no state is remembered: no jumps
    try:
        slow = model_of(module, slots)
    finally:
        model.HISTORY = saved
    assert slow.jumps == 0
    assert _summary(fast) == _summary(slow), str(module)
    return fast


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=_pairs(_big_nodes(KINDS)), slots=st.integers(1, 4))
def test_period_jumps_change_nothing(pair, slots):
    _check_jumps(_pair_module(pair), slots)


def test_a_period_moves_one_loop_level_per_core():
    # Round starts repeat at the same inner position with both the outer and
    # the inner counter changed: not a period (jumping there loses messages).
    nest = [(3, [(3, ["push"])])]
    fast = _check_jumps(_pair_module((nest, [(3, [(3, ["pop"])])])), 2)
    assert fast.pipes[C2V].pushed == fast.pipes[C2V].popped == [9]


def test_a_schedule_without_a_short_period_is_a_warning_not_a_proof():
    module = _pair_module(([(10**9, ["push", "pop"])], [(10**9, ["pop", "push"])]))
    _, holders = fifo_holders(module.operation)
    functions = list(module.body.operations)
    cube = build_program("cube", functions[0].operation, holders, set())
    vector = build_program("vector", functions[1].operation, holders, set())
    saved, model.HISTORY = model.HISTORY, 0
    try:
        outcome = check_pair(cube, vector, 1, budget=1000)
    finally:
        model.HISTORY = saved
    assert not outcome.complete
    assert [(f.severity, f.message) for f in outcome.findings] == [(
        "warning", "could not prove deadlock freedom and message counts: the FIFO "
        "schedule found no repeating period within 1000 model steps")]
