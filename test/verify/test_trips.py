# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The proof over all trips (verify/trips.py, docs/deadlock.md) against
exhaustive runs: on random small pairs whose loops run a trip count n known
at run time only (alone, nested in constant loops, in sequence, and producer
skews of them behind the guard), the verdict the symbolic run gives each
trip equals the verdict of the model run at that trip with plain integers,
for every n up to 4 x slots + 4 x depth, at slot counts up to 100."""

from __future__ import annotations

import random

import pytest
from mlir import ir

import skew_mlir
from skew_mlir.verify.identity import same_site
from skew_mlir.verify.model import Model
from skew_mlir.verify.program import build_template, fifo_holders, producer_skew
from skew_mlir.verify.trips import ALL_TRIPS, Affine, Fork, TripSet, over_all_trips

PEER = {"aic": "aiv", "aiv": "aic"}
T = "tensor<4xf32>"


_NAMES = iter(range(10**9))


def _ops(core: str, kinds: str) -> list[str]:
    peer = PEER[core]
    out = []
    for kind in kinds:
        if kind == "s":
            out.append(f'"pto.tpush_to_{peer}"(%w) : ({T}) -> ()')
        elif kind == "p":
            out.append(f'%p{next(_NAMES)} = "pto.tpop_from_{peer}"() : () -> {T}')
        else:
            out.append(f'"pto.tfree_from_{peer}"() : () -> ()')
    return out


class Side:
    """One kernel: items are ("ops", kinds) or ("loop", trip, kinds, depth,
    outer) with trip "n" or a constant, depth the producer skew's (0: none),
    outer the trip of an enclosing constant loop (0: none). With `mirror`
    (the peer's Side), the same items with each push a pop and each pop a
    push, shuffled: the counts balance, the orders differ."""

    def __init__(self, rng: random.Random, core: str, frees: bool, mirror=None):
        self.core = core
        self.items = []
        shapes = mirror.items if mirror is not None else [None] * rng.randint(1, 3)
        for shape in shapes:
            if shape is None:
                kinds = "".join(rng.choice("sp") for _ in range(rng.randint(1, 3)))
            else:
                kinds = [{"s": "p", "p": "s"}[k] for k in shape[-1 if shape[0] == "ops"
                                                                else 2] if k != "f"]
                rng.shuffle(kinds)
                kinds = "".join(kinds)
            if frees:
                kinds = "".join(k + ("f" if k == "p" and rng.random() < 0.7 else "")
                                for k in kinds)
            if shape is None and rng.random() < 0.25 or shape is not None and shape[0] == "ops":
                self.items.append(("ops", kinds))
                continue
            if shape is None:
                trip = "n" if rng.random() < 0.8 else rng.randint(1, 4)
                outer = rng.choice([0, 0, 2]) if trip == "n" else 0
            else:
                trip, outer = shape[1], shape[4]
            lead = len(kinds) - len(kinds.lstrip("s"))
            depth = rng.choice([0, 1, 2, 3]) if trip == "n" and 0 < lead < len(kinds) else 0
            self.items.append(("loop", trip, kinds, depth, outer))

    def text(self, name: str) -> str:
        lines = []
        for i, item in enumerate(self.items):
            if item[0] == "ops":
                lines += _ops(self.core, item[1])
                continue
            _, trip, kinds, depth, outer = item
            bound = "%n" if trip == "n" else f"%c{trip}"
            body = "\n".join("        " + o for o in _ops(self.core, kinds))
            attrs = f' {{depth = {depth}}}' if depth else ""
            loop = (f"      scf.for %i{i} = %c0 to {bound} step %c1 {{\n{body}\n"
                    f"      }}{attrs}")
            if outer:
                loop = (f"    scf.for %o{i} = %c0 to %c{outer} step %c1 {{\n{loop}\n"
                        f"    }}")
            lines.append(loop)
        consts = "\n".join(f"    %c{k} = arith.constant {k} : index" for k in range(5))
        return (f"  func.func @{name}(%n: index, %w: {T}) attributes "
                f"{{pto.core = \"{self.core}\"}} {{\n{consts}\n    "
                + "\n    ".join(lines) + "\n    return\n  }\n")


def _loops_with_depth(function: ir.Operation) -> dict:
    """scf.for -> (depth, the ops of its leading pushes)."""
    found = {}

    def visit(op):
        if op.name == "scf.for" and "depth" in op.attributes:
            body = [o.operation for o in op.regions[0].blocks[0].operations]
            ahead = []
            for o in body:
                if "tpush" not in o.name:
                    break
                ahead.append(o)
            found[op] = (ir.IntegerAttr(op.attributes["depth"]).value, frozenset(ahead))
        return ir.WalkResult.ADVANCE
    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _verdict(templates: dict, skews: dict, key, slots: int, trip, forks: bool = True,
             events: list | None = None) -> str:
    """The model's verdict at `trip` (an int, an Affine, or a Fork a run
    left); with `forks`, a symbolic run leaves the parts it cuts off as
    Forks to resume; `events` collects the events each run simulates."""
    if trip.__class__ is Fork:
        model = trip.state
        trip = trip.branch.trip()
    else:
        pipelined = {}
        for loop, (depth, ahead) in skews.items():
            form = producer_skew(ahead, trip, depth)
            if form is not None:
                pipelined[loop] = form
        programs = {r: t.at({key: trip}, pipelined) for r, t in templates.items()}
        used = {pipe for p in programs.values() for _, pipe in p.totals()}
        model = Model(programs["cube"], programs["vector"], dict.fromkeys(used, slots))
    before = model.simulated
    if forks and isinstance(trip, Affine):
        outcome = model.run(trip.branch, lambda copy, part: copy)
    else:
        outcome = model.run()
    if events is not None:
        events.append(model.simulated - before)
    assert outcome.complete
    errors = [f for f in outcome.findings if f.severity == "error"]
    if not errors:
        return "proved"
    return "deadlock" if all(f.deadlock for f in errors) else "broken"


def _contains(trips: TripSet, n: int) -> bool:
    k, r = divmod(n - trips.residue, trips.modulus)
    return r == 0 and k >= trips.low and (trips.high is None or k <= trips.high)


def _pair(text: str):
    """The parsed pair (cube first, vector second), its functions by role and
    the kernels' program templates."""
    module = ir.Module.parse(text)
    functions = {"cube": module.body.operations[0].operation,
                 "vector": module.body.operations[1].operation}
    _, holders = fifo_holders(module.operation)
    templates = {r: build_template(r, f, holders, module.operation)
                 for r, f in functions.items()}
    return module, functions, templates


def _random_pair(seed: int, frees: float) -> str:
    """A random pair (tfree held with probability `frees`); four in five
    vector kernels mirror the cube's items."""
    rng = random.Random(seed)
    held = rng.random() < frees
    cube = Side(rng, "aic", held)
    vector = Side(rng, "aiv", held, cube if rng.random() < 0.8 else None)
    return "module {\n" + cube.text("cube") + vector.text("vector") + "}\n"


def _check(seed: int, slots: int, forks: bool = True) -> list:
    text = _random_pair(seed, 0.4)
    with skew_mlir.make_context():
        module, functions, templates = _pair(text)
        keys = set().union(*(t.at({}, {}).dynamic for t in templates.values()))
        if len(keys) != 1:
            return []
        key = keys.pop()
        skews = {}
        for f in functions.values():
            skews.update(_loops_with_depth(f))
        depth = max([d for d, _ in skews.values()], default=1)
        branches = over_all_trips(
            lambda n: (_verdict(templates, skews, key, slots, n, forks), 1), 10**6)
        # The branches partition the trips.
        for n in range(4 * slots + 4 * depth + 1):
            holding = [v for trips, v in branches if _contains(trips, n)]
            assert len(holding) == 1, (n, text)
            assert holding[0] == _verdict(templates, skews, key, slots, n), (n, text)
        return branches


@pytest.mark.parametrize("forks", [True, False])
@pytest.mark.parametrize("slots", [1, 2, 3, 5, 70, 100])
@pytest.mark.parametrize("seed", range(12))
def test_proof_matches_every_trip(seed, slots, forks):
    """With the parts cut off mid-run resumed from the cut (Forks), and run
    from the start: both proofs give every trip its exhaustive verdict."""
    _check(seed * 7 + slots, slots, forks)


def test_forks_give_the_same_branches():
    """Resuming a part from the cut decides as running it from the start:
    the same partition of the trips, the same verdicts."""
    compared = 0
    for seed in range(40):
        with_forks = _check(seed * 11 + 3, 4)
        if with_forks:
            assert with_forks == _check(seed * 11 + 3, 4, forks=False), seed
            compared += 1
    assert compared >= 20


def test_random_pairs_reach_the_interesting_cases():
    """The cases above are not all trivial: some pairs deadlock at some trips
    and prove at others, with producer skews applied."""
    mixed = 0
    for seed in range(12):
        branches = _check(seed * 7 + 2, 2)
        kinds = {v for _, v in branches}
        mixed += {"deadlock", "proved"} <= kinds
    assert mixed >= 2


def test_the_fill_transient_at_100_slots():
    """Issue 23's pair: a cube `push; pop` loop against a vector that pushes
    all its n answers before popping: deadlock-free as written exactly for
    n <= 2 x slots; a depth-2 skew deadlocks from n = 2 x slots - 1 on."""
    slots = 100
    text = f"""module {{
  func.func @cube(%n: index, %w: {T}) attributes {{pto.core = "aic"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {{
      "pto.tpush_to_aiv"(%w) : ({T}) -> ()
      %p = "pto.tpop_from_aiv"() : () -> {T}
    }} {{depth = 2}}
    return
  }}
  func.func @vector(%n: index, %w: {T}) attributes {{pto.core = "aiv"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {{
      "pto.tpush_to_aic"(%w) : ({T}) -> ()
    }}
    scf.for %i = %c0 to %n step %c1 {{
      %p = "pto.tpop_from_aic"() : () -> {T}
    }}
    return
  }}
}}"""
    with skew_mlir.make_context():
        module, functions, templates = _pair(text)
        key = next(iter(templates["cube"].at({}, {}).dynamic))
        skews = _loops_with_depth(functions["cube"])
        for applied, bad in (({}, 2 * slots + 1), (skews, 2 * slots - 1)):
            events: dict[bool, list] = {True: [], False: []}
            for forks in (False, True):
                branches = over_all_trips(lambda n: (_verdict(
                    templates, applied, key, slots, n, forks, events[forks]), 1), 10**6)
            # Each trip of the transient is cut off mid-run: resumed from
            # the cut, the proof simulates a fraction of the events.
            assert len(events[True]) == len(events[False]) > 2 * slots
            assert sum(events[True]) < 0.6 * sum(events[False])
            deadlocks = [t for t, v in branches if v == "deadlock"]
            assert min(t.first() for t in deadlocks) == bad
            assert all(v == "proved" for t, v in branches if t.first() < bad)
            assert TripSet(1, bad, 0, None) in deadlocks or any(
                t.last() is None for t in deadlocks)


def test_trip_sets_meet():
    a, b = TripSet(4, 1, 0, None), TripSet(6, 3, 2, 10)
    met = a.meet(b)
    got = {n for n in range(200) if _contains(met, n)} if met else set()
    want = {n for n in range(200) if _contains(a, n) and _contains(b, n)}
    assert got == want and want
    assert TripSet(4, 0, 0, None).meet(TripSet(4, 1, 0, None)) is None
    one = ALL_TRIPS.meet(TripSet(1, 5, 0, 0))
    assert [n for n in range(20) if _contains(one, n)] == [5]


def test_affine_values_decide_by_narrowing():
    rest: list = []
    from skew_mlir.verify.trips import Branch
    branch = Branch(ALL_TRIPS, rest)
    n = branch.trip()
    assert isinstance(n, Affine)
    assert n >= 3  # narrows to n >= 3, the rest is kept for later
    assert rest == [TripSet(1, 0, 0, 2)]
    assert (n // 4) * 4 + n % 4 == n  # refines to one residue of 4
    assert branch.modulus == 4 and len(rest) == 4
    assert isinstance(n % 4, int)


def test_period_jumps_keep_message_identity():
    """A jump over periods moves each op's message ordinals as running the
    periods would: on random pairs at trip 300 (tfree held or not, skewed
    loops), the run with jumps finds the verdict, the message identities
    and the totals of the run without."""
    jumped = 0
    for seed in range(60):
        text = _random_pair(seed, 0.6)
        rng = random.Random(seed)
        with skew_mlir.make_context():
            module, functions, templates = _pair(text)
            keys = set().union(*(t.at({}, {}).dynamic for t in templates.values()))
            trips = dict.fromkeys(keys, 300)
            pipelined = {}
            for function in functions.values():
                for loop, (depth, ahead) in _loops_with_depth(function).items():
                    form = producer_skew(ahead, 300, depth)
                    if form is not None:
                        pipelined[loop] = form
            programs = {r: t.at(trips, pipelined) for r, t in templates.items()}
            used = {pipe for p in programs.values() for _, pipe in p.totals()}
            slots = dict.fromkeys(used, rng.choice([1, 2, 3, 5]))
            runs = []
            for periods in (True, False):
                model = Model(programs["cube"], programs["vector"], slots,
                              identity=same_site, periods=periods)
                outcome = model.run()
                found = model.identities()
                runs.append(([f.message for f in outcome.findings], found.pairs,
                             found.totals))
                if periods:
                    jumped += model.jumps > 0
            assert runs[0] == runs[1], (seed, text)
    assert jumped >= 20


def test_a_period_spanning_jumps_keeps_message_identity():
    """An outer loop's period holds the inner loop's jumps: jumping over it
    moves the ordinals those jumps added too."""
    def kernel(name, core, first, inner, last):
        return (f'func.func @{name}(%w: {T}) attributes {{pto.core = "{core}"}} {{\n'
                "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
                "%c10 = arith.constant 10 : index\n%c90 = arith.constant 90 : index\n"
                "scf.for %o = %c0 to %c10 step %c1 {\n" + "\n".join(_ops(core, first))
                + "\nscf.for %i = %c0 to %c90 step %c1 {\n" + "\n".join(_ops(core, inner))
                + "\n}\n" + "\n".join(_ops(core, last)) + "\n}\nreturn\n}\n")
    text = ("module {\n" + kernel("cube", "aic", "s", "sp", "p")
            + kernel("vector", "aiv", "p", "ps", "s") + "}\n")
    with skew_mlir.make_context():
        module, functions, templates = _pair(text)
        programs = {r: t.at({}, {}) for r, t in templates.items()}
        used = {pipe for p in programs.values() for _, pipe in p.totals()}
        runs = []
        for periods in (True, False):
            model = Model(programs["cube"], programs["vector"], dict.fromkeys(used, 2),
                          identity=same_site, periods=periods)
            outcome = model.run()
            found = model.identities()
            runs.append(([f.message for f in outcome.findings], found.pairs, found.totals,
                         model.jumps))
    assert runs[0][3] >= 2 and runs[1][3] == 0
    assert runs[0][:3] == runs[1][:3]
