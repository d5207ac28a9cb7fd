"""Skew depths that cannot deadlock the cube/vector pair (docs/deadlock.md).

At a module anchor each cube/vector pair of a module (one function marked
pto.core = "aic", one "aiv") is planned together: the planned pair is run in
the verifier's abstract FIFO model (verify/model.py) with every skewed loop
replaced by its schedule, before any IR changes, at every trip count of its
run-time loops at once (verify/trips.py). When it deadlocks at a trip where
the pair as written does not, the depths come from a closed form over the
loops that answer each other (pair_depth.py), with no search: that
candidate is proved once, then the candidate at depth 1; when neither
proves, the pair's skews are demoted. A pair is proved at most four times.
A pair that does not verify as written names its first problem (and warns
once when loops stay unskewed because of it); a kernel without a peer is
planned alone, and its remarks say so.

Where the peer is not visible (a func.func anchor, a module with several
kernels of one role) or the pair cannot be proved as written, a kernel's
loops keep their depth only when the kernel pushes at most `slots` messages
on its pipe in all: such pushes never block, and a producer that runs ahead
without ever blocking cannot deadlock any peer. Otherwise no depth is safe
against every peer, and the loops are demoted.
"""

from __future__ import annotations

import itertools
from typing import Callable, NamedTuple

from mlir import ir

from .. import diagnostics
from ..attributes import function_name
from ..calls import call_summaries, calls_under
from ..diagnostics import place
from ..fifo_model import (PUSH, FifoError, SlotTable, is_symbol_table, kernel_role, kernels_of,
                          pair_slots, subblocks)
from ..verify.identity import compare, same_site, same_streams
from ..verify.model import Model
from ..verify.program import (Loop, Pipelined, Program, RunTimeTrip, build_program,
                              fifo_holders, one_argument, pair_programs, producer_skew,
                              template_uses, walk)
from ..verify.symbolic import Evaluator, argument_name, values_of
from ..verify.trips import (ALL_TRIPS, Affine, Fork, NotAffine, TripSet, Unfinished,
                            nearest_zero, nearness, over_all_trips)
from . import pair_depth
from .depth import skew_depth
from .plan import DemotionPlan, SkewPlan
from .staged import CoSkewPlan


class Decision(NamedTuple):
    plan: SkewPlan | DemotionPlan | None
    note: str = ""  # why a skew's depth was limited, for its remark


class VisiblePeers:
    """The kernels a kernel's peer may be, as the pass at `root` sees them:
    those of the other role in its module (none under a function anchor,
    which may not read its siblings); each module is read once."""

    def __init__(self, root: ir.Operation):
        self.at_module = is_symbol_table(root)
        self._kernels: dict[ir.Operation, tuple] = {}
        self._roles: dict[ir.Operation, str | None] = {}
        self._reach: dict[ir.Operation, list] = {}
        self._holders: dict[ir.Operation, set] = {}

    def role(self, function: ir.Operation) -> str | None:
        """The kernel role of `function` (None: not a kernel, or a malformed
        marker), read once."""
        role = self._roles.get(function, ...)
        if role is ...:
            role = self._roles[function] = _role(function)
        return role

    def kernel_function(self, op: ir.Operation) -> ir.Operation | None:
        """kernel_function(op), with the roles read once."""
        return kernel_function(op, self.role)

    def kernels(self, module: ir.Operation) -> tuple[dict, list]:
        """fifo_model.kernels_of(module), read once."""
        found = self._kernels.get(module)
        if found is None:
            found = self._kernels[module] = kernels_of(module)
        return found

    def holders(self, module: ir.Operation) -> set:
        """program.fifo_holders(module)'s holders, read once."""
        found = self._holders.get(module)
        if found is None:
            found = self._holders[module] = fifo_holders(module)[1]
        return found

    def reach(self, module: ir.Operation) -> list[tuple[ir.Operation, bool, set]]:
        """Per kernel of `module`, in kernels_of's order: the kernel, whether
        a call of it has a callee that cannot be read (it may reach
        anything), and the functions its calls may reach; read once."""
        found = self._reach.get(module)
        if found is None:
            found = self._reach[module] = []
            for kernel in (k for ks in self.kernels(module)[0].values() for k in ks):
                summaries = call_summaries(module, calls_under(kernel), ())
                found.append((kernel, any(s.problem is not None for s in summaries),
                              set().union(*(s.functions for s in summaries))))
        return found

    def of(self, function: ir.Operation) -> list[ir.Operation]:
        role = self.role(function) if self.at_module else None
        module = function.parent
        if role is None or module is None or not is_symbol_table(module.operation):
            return []
        return self.kernels(module.operation)[0][_other(role)]

    def peer(self, op: ir.Operation) -> ir.Operation | None:
        """The one kernel of the other role in the module of the kernel
        holding `op`, when the pass runs on a module; else None."""
        function = self.kernel_function(op)
        peers = [] if function is None else self.of(function)
        return peers[0] if len(peers) == 1 else None

    def pair(self, function: ir.Operation, slots: SlotTable) -> Pair | None:
        """The pair of kernel `function` and its peer, ready to be run in the
        model, when the pass runs on a module and that module holds one
        kernel of each role; else None."""
        peer = self.peer(function)
        role = self.role(function)
        if peer is None or len(self.kernels(function.parent.operation)[0][role]) != 1:
            return None
        cube, vector = (function, peer) if role == "cube" else (peer, function)
        return Pair(function.parent.operation, cube, vector, slots)


def limit_depths(root: ir.Operation, plans: list, slots: SlotTable,
                 visible: VisiblePeers) -> list[Decision]:
    """`plans` (one per pipeline loop under `root`), with the depths of the
    skews lowered or the skews demoted where they could deadlock the pair;
    `slots` gives each pipe's slot count (fifo_model), `visible` the
    kernels (the pass's, read at `root`)."""
    decided = {id(p): Decision(p) for p in plans}
    # Co-skews are proved as they are planned (coskew.py): here they only
    # run in the model, as fixed forms, beside the skews being limited.
    coskews = {p.loop: p for p in plans if isinstance(p, CoSkewPlan)}
    by_function: dict[ir.Operation, list[SkewPlan]] = {}
    for plan in plans:
        if isinstance(plan, SkewPlan):
            function = visible.kernel_function(plan.loop)
            if function is not None:
                by_function.setdefault(function, []).append(plan)
            else:
                _demote_if_called_by_kernel(plan, root, decided, visible)
    if not by_function:
        return list(decided.values())
    if not is_symbol_table(root):
        for function, skews in by_function.items():
            _peer_blind(function, skews, slots, decided,
                        "the peer kernel is not visible from this anchor")
        return [decided[id(p)] for p in plans]
    modules: dict[ir.Operation, list] = {}
    for function in by_function:
        modules.setdefault(function.parent.operation, []).append(function)
    for module, functions in modules.items():
        kernels = visible.kernels(module)[0]
        for function in functions:
            role = visible.role(function)
            peers = kernels["vector" if role == "cube" else "cube"]
            mine = kernels[role]
            if not peers:
                # Planned alone, as the reference does; the remark says so,
                # since a forgotten marker on the peer looks just like this.
                note = (f"no {_other(role)} kernel in this module: planned alone, assuming "
                        f"a peer that pops each message in order (as pto-sim's echo peer "
                        f"does)")
                for plan in by_function[function]:
                    decided[id(plan)] = Decision(plan, note)
                continue
            if len(peers) > 1 or len(mine) > 1:
                _peer_blind(function, by_function[function], slots, decided,
                            f"the module holds {len(kernels['cube'])} cube and "
                            f"{len(kernels['vector'])} vector kernels: the peer is not known",
                            peers, visible.holders(module))
        if len(kernels["cube"]) == 1 and len(kernels["vector"]) == 1:
            cube, vector = kernels["cube"][0], kernels["vector"][0]
            skews = by_function.get(cube, []) + by_function.get(vector, [])
            if skews:
                _plan_pair(module, cube, vector, skews, slots, decided, coskews)
    return [decided[id(p)] for p in plans]


# --- one visible pair --------------------------------------------------------------

# Model steps the proof of one plan of a pair may take over all its trips.
PROOF_BUDGET = 4_000_000
# Sets of values the proof over every value of a launch argument may split
# them into (each plan's set is checked against every set of the input's:
# the cost grows with their square).
VALUE_SETS = 256


class Verdict(NamedTuple):
    """What the model found at some trips: `kind` is "proved", "deadlock"
    (the cores wait for each other), "broken" (any other error: the pair is
    wrong there) or "unknown" (not modelled, or the model gave up); `what`
    says why for the last two, `op` where."""

    kind: str
    what: str = ""
    op: ir.Operation | None = None


class Pair:
    """Builds and runs the planned pair in the verifier's model.

    Loops of the pair with one trip key (loop_ranges.trip_key: bounds made of
    constants and kernel arguments) run equally often. When every loop with
    FIFO ops whose trip is known at run time only has one key, the pair is
    run at every trip at once (verify/trips.py): the input's runs give the
    trips at which it proves, and a plan must prove at each of them. When
    its scf.ifs with differing branches and its run-time trips all read one
    launch argument (program.one_argument), as pto-verify-fifo does, the
    pair is run at every value of that argument instead, each trip and
    condition computed from it (verify/symbolic.py): `point`s below are
    then values of the argument, not trips."""

    def __init__(self, module, cube, vector, slots: SlotTable):
        self.module = module
        _, holders = fifo_holders(module)
        self.functions = {"cube": cube, "vector": vector}
        programs = pair_programs(self.functions, holders, module)
        # The pair runs `plain` for a role no plan changes, when its trips
        # are constants; `once` gives the pipes it uses whatever the trip.
        self.templates, self.plain, self.key, self.once = (
            programs.templates, programs.plain, programs.key, programs.once)
        self.subblocks = subblocks(cube, vector)
        # Each role's loops with their trips as the templates have them (in
        # values mode a guarded skew's run-time trip comes from its key).
        self.loops = {role: {node.op: node.trip for node in walk(t.body)
                             if node.__class__ is Loop}
                      for role, t in self.templates.items()}
        keys = programs.keys
        self.variable = one_argument(self.templates.values())
        # The points the proof covers, and what a point is called in reports.
        self.domain, self.name = ((ALL_TRIPS, "trip") if self.variable is None else
                                  (values_of(self.variable), argument_name(self.variable)))
        uses = programs.uses if self.variable is None else {
            role: template_uses(t) for role, t in self.templates.items()}
        self.slots, errors = pair_slots(slots, self.functions, uses, module)
        errors = list(errors) + [e for p in self.plain.values() for e in p.errors]
        # Several run-time trips: one trip key cannot stand for them all.
        self.several = (f"its loops run {len(keys)} different trip counts known at run "
                        "time only" if len(keys) > 1 else None)
        self.unproved = [self.several] if self.several and self.variable is None else []
        self.broken = Verdict("broken", errors[0][1], errors[0][0]) if errors else None
        self.good: list[TripSet] | None = None  # the trips at which the input proves
        self.deadlocked: list = []  # the trips at which it deadlocks (prove_input)
        # The runs of the input over every trip: (trips, verdict, identities
        # where it proves); what every plan must deliver (docs/message-identity.md).
        self._input: list | None = None

    def run(self, skews: dict, point) -> tuple[Verdict, Model | None, int]:
        """The verdict of the pair with `skews` applied at `point` (the trip
        of the loops with key `self.key`, or the value of `self.variable`;
        an int, a trips.Affine, or None without either; or a trips.Fork a
        run of these skews left, to resume), the model run, and its cost in
        model steps."""
        fork = point if point.__class__ is Fork else None
        if fork is not None:
            point = fork.branch.trip()
            model, changed = fork.state
            programs = {"cube": model.lanes[0].program, "vector": model.lanes[-1].program}
            # The run up to the cut was paid for by the run it was cut from.
            paid = model.simulated + model.steps
        else:
            paid = 0
            try:
                programs, changed = self._programs(skews, point)
            except NotAffine as exc:
                return Verdict("unknown", str(exc)), None, 1
            unproved = [what for p in programs.values() for _, what in p.unproved]
            if unproved:
                return Verdict("unknown", unproved[0]), None, 1
            model = Model(programs["cube"], programs["vector"], self.slots, self.subblocks,
                          identity=same_site, periods=False)
        # A part of the trips cut off mid-run resumes from the cut (not in
        # values mode, whose loop trips are other functions of the point).
        outcome = (model.run(point.branch, lambda copy, part: (copy, changed))
                   if point.__class__ is Affine and self.variable is None else model.run())
        cost = outcome.simulated + model.steps - paid
        if not outcome.complete:
            return Verdict("unknown", outcome.findings[-1].message), model, cost
        errors = [f for f in outcome.findings if f.severity == "error"]
        wrong = [f for f in errors if not f.deadlock]
        if wrong:
            return Verdict("broken", wrong[0].message, wrong[0].op), model, cost
        if errors:
            return Verdict("deadlock"), model, cost
        if skews:
            verdict = self._same_messages(programs, model, point, changed)
            if verdict is not None:
                return verdict, model, cost
        return Verdict("proved"), model, cost

    def _programs(self, skews: dict, point) -> tuple[dict, set]:
        """The pair's programs with those of `skews` that are its loops'
        pipelined at `point`, and the roles whose programs they change."""
        symbols = None if self.variable is None else Evaluator(self.variable, point)
        pipelined = {}
        for plan in skews.values():
            trip = next((loops[plan.loop] for loops in self.loops.values()
                         if plan.loop in loops), None)
            if trip is None:
                continue  # a loop of another pair
            if symbols is not None:
                trip = symbols.trip(trip.key) if trip.__class__ is RunTimeTrip else trip
            elif trip.__class__ is RunTimeTrip:
                trip = point
            # else the template's constant: a trip of arith over constants,
            # which the plan took for a run-time one (behind its guard).
            form = _pipelined(plan, trip)
            if form is not None:
                pipelined[plan.loop] = form
        changed = {role for role, loops in self.loops.items()
                   if any(loop in loops for loop in pipelined)}
        return {role: self._program(role, point, pipelined) for role in self.templates}, changed

    def input_at(self, role: str, point) -> Program:
        """The program of `role` as written, at `point`."""
        return self._program(role, point, {})

    def _program(self, role: str, point, pipelined: dict) -> Program:
        """The program of `role` with `pipelined` applied at `point`."""
        if self.variable is not None:
            return self.templates[role].at({}, pipelined, Evaluator(self.variable, point))
        if self.key is None and not any(loop in self.loops[role] for loop in pipelined):
            return self.plain[role]
        return self.templates[role].at({} if self.key is None else {self.key: point},
                                       pipelined)

    def _same_messages(self, programs: dict, model: Model, point,
                       changed: set) -> Verdict | None:
        """Translation validation of a plan that proves (`programs`, run in
        `model`, at `trips`; `changed`: the roles whose kernel it rewrites):
        every pop must receive the message it receives in the input
        (docs/message-identity.md). A "broken" verdict naming
        the first pop that does not, "unknown" where the input's messages are
        not known, else None."""
        at = None if point is None else _trip_set(point)
        found = model.identities()
        for known, verdict, identities in self.input_runs():
            meet = None if at is None else at.meet(known)
            if at is not None and meet is None:
                continue
            if verdict.kind == "unknown":
                return Verdict("unknown", f"the input's messages are not known: {verdict.what}")
            if identities is None:
                continue  # the input deadlocks here: no message to keep
            mismatches, impure = compare(identities, found, meet)
            if impure and not mismatches:
                inputs = {role: self.input_at(role, point) if role in changed
                          else programs[role] for role in self.templates}
                mismatches = same_streams((inputs["cube"], inputs["vector"]),
                                          (programs["cube"], programs["vector"]), impure)
            if mismatches:
                kind = "unknown" if mismatches[0].unknown else "broken"
                return Verdict(kind, mismatches[0].message, mismatches[0].op)
        return None

    def input_runs(self) -> list[tuple[TripSet | None, Verdict, object]]:
        """The input's runs over every trip (run once): (trips, verdict,
        its message identities where it proves)."""
        if self._input is None:
            def run(n):
                verdict, model, cost = self.run({}, n)
                proved = verdict.kind == "proved"
                return (verdict, model.identities() if proved else None), cost
            if self.key is None and self.variable is None:
                self._input = [(None, *run(None)[0])]
            else:
                try:
                    self._input = [(trips, *result) for trips, result
                                   in self._over_all(run)]
                except (NotAffine, Unfinished) as exc:
                    self._input = [(self.domain, Verdict("unknown", str(exc)), None)]
        return self._input

    def _over_all(self, run) -> list:
        """trips.over_all_trips over the pair's points (Unfinished past
        VALUE_SETS sets of values of a launch argument)."""
        if self.variable is None:
            return over_all_trips(run, PROOF_BUDGET, self.domain)
        runs = itertools.count(1)

        def counted(point):
            if next(runs) > VALUE_SETS:
                raise Unfinished(f"the proof over every value of {self.name} splits them "
                                 f"into more than {VALUE_SETS} sets")
            return run(point)
        return over_all_trips(counted, PROOF_BUDGET, self.domain, self.variable[1])

    def where(self, point) -> str:
        """Where a point is, for a remark: "" for None (constant trips)."""
        if point is None:
            return ""
        return (f" at trip {point}" if self.variable is None
                else f" when {self.name} is {point}")

    def verdicts(self, skews: dict) -> list[tuple[TripSet | None, Verdict]]:
        """The verdicts of the pair with `skews` over every trip: per set of
        trips (None: the trips are constants)."""
        if not skews:
            return [(trips, verdict) for trips, verdict, _ in self.input_runs()]
        if self.key is None and self.variable is None:
            return [(None, self.run(skews, None)[0])]
        try:
            return self._over_all(lambda n: self.run(skews, n)[::2])
        except (NotAffine, Unfinished) as exc:
            return [(self.domain, Verdict("unknown", str(exc)))]

    def ready(self) -> bool:
        """Whether the pair can be run at all: its pipes are declared
        consistently and its loops run one run-time trip at most."""
        return self.broken is None and not self.unproved

    def prove_input(self) -> bool:
        """Whether the pair as written proves at every trip (it is not
        broken, and can be modelled at every trip); sets `good`, else says
        why in `broken`, `unproved` or `deadlocked`. Where the input
        deadlocks at the slots the pass assumes, no message of a rewrite can
        be checked against it, and at the slots the pipes may really have
        it runs: a skew there could deliver other messages, or free other
        slots, unseen."""
        if not self.ready():
            return False
        self.good = []
        # Nearest 0 first: what a remark names is the point nearest 0.
        for trips, verdict in sorted(self.verdicts({}), key=lambda run: _nearness(run[0])):
            if verdict.kind == "broken":
                self.broken = verdict._replace(what=verdict.what + self._at(trips))
                return False
            if verdict.kind == "unknown":
                self.unproved = [verdict.what + self._at(trips)]
                return False
            (self.good if verdict.kind == "proved" else self.deadlocked).append(trips)
        return bool(self.good) and not self.deadlocked

    def why_unproved(self) -> str:
        """Why prove_input failed, for a remark."""
        if self.broken is not None:
            return (f"the pair does not verify as written: {self.broken.what} "
                    f"(at {place(self.broken.op.location)})")
        if self.unproved:
            return f"the pair cannot be proved as written ({self.unproved[0]})"
        if self.good:
            return f"the pair deadlocks as written{self._at(self.deadlocked[0])}"
        return ("the pair deadlocks as written at every trip" if self.variable is None
                else f"the pair deadlocks as written at every value of {self.name}")

    def _at(self, trips: TripSet | None) -> str:
        """Where a verdict holds (nowhere in particular for all points)."""
        return "" if trips in (None, self.domain) else self.where(trips.nearest_zero())

    def failure(self, skews: dict, verdicts: list | None = None) -> tuple | None:
        """After prove_input (the input proves at every trip): the point
        nearest 0 (the first trip; None: constant trips) at which `skews` do
        not prove, with the verdict and model there; else None. `verdicts`:
        those of `skews`, when known."""
        failed = []
        for trips, verdict in verdicts or self.verdicts(skews):
            if verdict.kind == "proved":
                continue
            if trips is None:
                return (None, *self.run(skews, None)[:2])
            failed.append(trips)
        if not failed:
            return None
        point = nearest_zero(failed)
        return (point, *self.run(skews, point)[:2])

    def proves(self, skews: dict) -> bool:
        return self.failure(skews) is None

    def first_proved(self, plans, failed: dict) -> dict:
        """The first of `plans` (each loop -> plan) that proves, skipping
        those with the depths of `failed` or of one tried before; else {}
        (nothing skewed: the pair as written)."""
        tried = [_depths(failed)]
        for plan in plans:
            if _depths(plan) in tried:
                continue
            tried.append(_depths(plan))
            if self.proves(plan):
                return plan
        return {}


def _nearness(trips: TripSet | None) -> tuple:
    """How near 0 a set of points is, to sort by (None: constant trips)."""
    return nearness(0) if trips is None else nearness(trips.nearest_zero())


def _depths(skews: dict) -> dict:
    return {loop: plan.depth for loop, plan in skews.items()}


def _trip_set(trip) -> TripSet:
    """The trips a run at `trip` covers: its branch's (a trips.Affine), or
    the one trip."""
    return trip.branch.trips() if isinstance(trip, Affine) else TripSet(1, 0, trip, trip)


def _plan_pair(module, cube, vector, skews: list[SkewPlan], slots: SlotTable,
               decided: dict, coskews: dict) -> None:
    pair = Pair(module, cube, vector, slots)
    names = {role: function_name(f) for role, f in pair.functions.items()}
    role_of = {plan.loop: ("cube" if kernel_function(plan.loop) == cube
                           else "vector") for plan in skews}
    planned = {**coskews, **{plan.loop: plan for plan in skews}}
    # A plan that proves at every trip, its messages checked against the
    # input's wherever the input runs, needs nothing more of the input (a
    # broken input stays broken when skewed); otherwise the input must prove
    # first, or nothing is known of the peer.
    verdicts = pair.verdicts(planned) if pair.ready() else []
    if (verdicts and all(v.kind == "proved" for _, v in verdicts)
            and not any(v.kind == "deadlock" for _, v in pair.verdicts({}))):
        return
    if not pair.prove_input():
        why = pair.why_unproved()
        for function in (cube, vector):
            mine = [p for p in skews if role_of[p.loop] == _role(function)]
            if mine:
                _peer_blind(function, mine, slots, decided, why,
                            [vector if function == cube else cube])
        demoted = [p for p in skews if isinstance(decided[id(p)].plan, DemotionPlan)]
        if pair.broken is not None and demoted:
            # Visible without remarks: these loops stay as written because of it.
            diagnostics.warning(pair.broken.op.location, (
                f"{len(demoted)} pipeline loop(s) of @{names['cube']} / @{names['vector']} "
                f"left unskewed: {why}"))
        return
    failed = pair.failure(planned, verdicts)
    if failed is None:
        return
    failure = {plan.loop: _deadlock_reason(failed, pair.where(failed[0]), names,
                                           role_of[plan.loop], plan)
               for plan in skews}
    # The co-skews were proved as planned (coskew.py): every fallback keeps them.
    chosen = pair.first_proved(({**coskews, **fallback}
                                for fallback in _fallbacks(pair, skews, failed[0])),
                               planned)
    for plan in skews:
        final = chosen.get(plan.loop)
        if final is not None and final.depth == plan.depth:
            continue
        if final is None:
            decided[id(plan)] = Decision(DemotionPlan(
                plan.loop, f"no skew depth is proved against "
                           f"@{names[_other(role_of[plan.loop])]} ({failure[plan.loop]})"))
        else:
            decided[id(plan)] = Decision(final, failure[plan.loop])


def _fallbacks(pair: Pair, skews: list[SkewPlan], point):
    """The plans tried, in order, when the plan as requested does not prove
    at `point`: the closed-form candidate (pair_depth.py), then every loop
    of it at depth 1; the pair as written (nothing skewed) proves wherever
    the input does, so it ends the list unproved. Each is proved once, and
    only when it differs from those before it."""
    loops = {plan.loop for plan in skews}
    # The messages each loop moves: every loop once; in values mode, the
    # input where the plan failed (its branches as taken there).
    programs = (pair.once if pair.variable is None
                else {role: pair.input_at(role, point) for role in pair.templates})
    spans = {role: pair_depth.spans(program, loops) for role, program in programs.items()}
    constraints = []
    for cube_loop, vector_loop in pair_depth.touching(spans["cube"], spans["vector"]):
        pipes = pair_depth.answering_pipes(spans["cube"][cube_loop],
                                           spans["vector"][vector_loop])
        if pipes:
            constraints.append(pair_depth.Constraint(
                cube_loop, vector_loop, sum(pair.slots[p] for p in pipes)))
    first = pair_depth.candidate(skews, constraints, at_most)
    yield first
    lowest = {loop: at_most(plan, 1) for loop, plan in first.items()}
    yield {loop: plan for loop, plan in lowest.items() if plan is not None}


def _deadlock_reason(failed: tuple, where: str, names: dict, role: str,
                     plan: SkewPlan) -> str:
    """`depth D deadlocks against @peer[ at trip T]: what the model saw`,
    `failed` the point, verdict and model of pair.failure, `where` the
    point in words (Pair.where)."""
    _, verdict, model = failed
    peer = f"@{names[_other(role)]}{where}"
    head = f"depth {plan.depth} deadlocks against {peer}"
    if verdict.kind != "deadlock":
        return f"depth {plan.depth} cannot be proved against {peer} ({verdict.what})"
    waiting = [lane.cursor.current() for lane in model.lanes]
    if None in waiting:
        return f"{head}: {model.findings[0].message}"
    if all(event.kind == PUSH for event in waiting):
        held = ", ".join(f"{p.pipe} {p.occupancy()} of {p.slots}" for p in model.pipes.values())
        return f"{head}: both kernels push first and block on full pipes ({held} slots held)"
    parts = []
    for lane, event in zip(model.lanes, waiting):
        pipe = model.pipes[event.pipe]
        core = lane.name.replace(" kernel", "")
        if event.kind == PUSH:
            parts.append(f"the {core} waits to push to {pipe.pipe} "
                         f"({pipe.occupancy(lane.index)} of {pipe.slots} slots held)")
        else:
            parts.append(f"the {core} waits to pop from {pipe.pipe}")
    return f"{head}: {', '.join(parts)}"


def _pipelined(plan: SkewPlan | CoSkewPlan, trip) -> Pipelined | None:
    """The schedule of `plan` as the model runs it; for a skew behind a
    run-time guard, at `trip` (an int or a trips.Affine; None: not known,
    the loop as written)."""
    if isinstance(plan, CoSkewPlan):
        return plan.pipelined(trip)
    if not plan.guarded:
        trip = plan.trip
    elif trip is None:
        return None
    return producer_skew(frozenset(plan.halves.ops(plan.halves.producer)), trip, plan.depth)


def at_most(plan: SkewPlan, cap: int) -> SkewPlan | None:
    """`plan` at the deepest feasible depth <= cap, None for none."""
    if cap < 1:
        return None
    if plan.guarded:
        chosen = skew_depth(cap, {}, None)
        chosen = chosen._replace(depth=min(chosen.depth, plan.trip_depth))
    else:
        chosen = skew_depth(cap, {}, plan.trip, plan.remainder)
    if chosen.depth < 1:
        return None
    if chosen.depth == plan.depth:
        return plan
    return plan.with_depth(chosen.depth, chosen.reasons)


# --- no visible peer ---------------------------------------------------------------

def _peer_blind(function: ir.Operation, skews: list[SkewPlan], slots: SlotTable,
                decided: dict, why: str, peers: list | None = None,
                holders: set | None = None) -> None:
    """Keep the skews of `function` only if its pushes can never block, at
    the slot count of the initialise ops of `function` and `peers` (the
    kernels its peer may be), or, with no peer visible (None), at the
    fewest slots a peer's initialise op could give the pipe. The kernel's
    calls are followed through its module where the peers are visible (the
    pass runs on the module), else inside `function` only (the function
    anchor: other threads may be rewriting its siblings). `holders`: the
    scope's (program.fifo_holders), when read already."""
    role = _role(function)
    scope = function if peers is None else function.parent.operation
    if holders is None:
        _, holders = fifo_holders(scope)
    program = build_program(role, function, holders, scope)
    if program.unproved:
        _, what = program.unproved[0]
        reason = (f"{why}, and the kernel's own FIFO use cannot be counted ({what}): "
                  "no skew is safe against every peer")
    else:
        pushed = {pipe: n for (kind, pipe), n in program.totals().items() if kind == PUSH}
        counts = {pipe: (slots.blind_slots(pipe, function) if peers is None
                         else slots.slots(pipe, function, [function], peers))
                  for pipe in pushed}
        over = [pipe for pipe in sorted(pushed) if not pushes_never_block(pushed[pipe],
                                                                          counts[pipe])]
        if not over:
            fits = ", ".join(f"{n} pushes on {pipe}" for pipe, n in sorted(pushed.items()))
            for plan in skews:
                decided[id(plan)] = Decision(
                    plan, f"{why}: safe, its {fits or 'no pushes'} fit the slots")
            return
        pipe = over[0]
        bound = (f"its {counts[pipe]} slots" if peers is not None
                 or pipe in slots.declared(function) else
                 f"the {counts[pipe]} slot a peer's initialise op may declare (this kernel "
                 f"declares none for {pipe})")
        reason = (f"{why}, and the kernel pushes {pushed[pipe]} messages on {pipe}, more "
                  f"than {bound}: a skew of any depth deadlocks against some peer "
                  "(docs/deadlock.md)")
    for plan in skews:
        decided[id(plan)] = Decision(DemotionPlan(plan.loop, reason))


def pushes_never_block(pushes: int, slots: int) -> bool:
    """Whether a kernel pushing `pushes` messages in all on a pipe of `slots`
    slots can never find it full, whatever its peer does."""
    return pushes <= slots


def _demote_if_called_by_kernel(plan: SkewPlan, root: ir.Operation,
                                decided: dict, visible: VisiblePeers) -> None:
    """A skew in a function that is not a kernel runs wherever the function
    is called, as many times as it is called: neither the pair proof nor the
    peer-blind push count covers it. Demote it when a kernel may call the
    function: under a function anchor always (the callers are not visible),
    at the module anchor when a kernel of its module reaches it by calls."""
    function = _top_function(plan.loop)
    if function is None:
        return
    name = (function_name(function) if "sym_name" in function.attributes
            else function.name)
    if not is_symbol_table(root):
        why = (f"@{name} is not a kernel and its callers are not visible from this "
               "anchor: a kernel may call it, and no skew is safe against every peer")
    else:
        kernel = _calling_kernel(function, visible)
        if kernel is None:
            return
        why = (f"@{name} is not a kernel but kernel @{kernel} may call it: the pair "
               "proof does not follow calls, so no skew is proved safe")
    decided[id(plan)] = Decision(DemotionPlan(plan.loop, why + " (docs/deadlock.md)"))


def _top_function(op: ir.Operation) -> ir.Operation | None:
    """The op directly in a module (a symbol table: builtin.module,
    gpu.module, ...) that holds `op`."""
    while op is not None:
        parent = op.parent
        if parent is None:
            return None
        if is_symbol_table(parent.operation):
            return op
        op = parent.operation


def _calling_kernel(function: ir.Operation, visible: VisiblePeers) -> str | None:
    """The name of a kernel of `function`'s module that may reach it through
    calls (one with a call whose callee cannot be read may reach anything),
    else None."""
    for kernel, anything, reached in visible.reach(function.parent.operation):
        if anything or function in reached:
            return function_name(kernel)
    return None


# --- kernels -----------------------------------------------------------------------

def _role(function: ir.Operation) -> str | None:
    try:
        return kernel_role(function)
    except FifoError:
        return None  # a malformed marker: not a kernel (the pass reported it up front)


def _other(role: str) -> str:
    return "vector" if role == "cube" else "cube"


def kernel_function(op: ir.Operation, role: Callable[[ir.Operation], str | None] | None = None
                    ) -> ir.Operation | None:
    """The kernel (a function marked pto.core, directly in a module) holding
    `op`, or None; `role` reads a function's role (default: from its
    attribute)."""
    function = _top_function(op)
    return function if function is not None and (role or _role)(function) is not None else None

