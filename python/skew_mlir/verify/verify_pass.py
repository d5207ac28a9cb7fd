"""The `pto-verify-fifo` pass: FIFO message counts, tile types and deadlock
freedom of a module's cube/vector kernel pair, at each pipe's slot count."""

from __future__ import annotations

from mlir import ir

from .. import diagnostics
from ..calls import call_summaries, calls_under
from ..diagnostics import place
from ..dialect import CORE_ATTR, KERNEL_KIND_ATTR, SYNCALL
from ..fifo_model import (C2V, POP, PUSH, SlotTable, default_slots, kernels_of,
                          launched_functions, modules_under, unlaunched_functions,
                          op_error, pair_slots, scope_of, subblocks)
from ..registry import Pass, PassFailure, option
from .against import check_against
from .model import Finding, Model, check_pair, slots_text
from ..attributes import function_name
from .program import (OUTPUT_KEY_DEPTH, Loop, RunTimeTrip, fifo_holders, one_argument,
                      pair_programs, role_error, template_uses, walk)
from .symbolic import Evaluator, argument_name, values_of
from .trips import NotAffine, TripSet, Unfinished, nearest_zero, over_all_trips


class VerifyFifo(Pass):
    argument = "pto-verify-fifo"
    summary = ("Check that a module's cube/vector kernel pair agrees on FIFO message "
               "counts and tile types and cannot deadlock at the declared slot count")
    op_name = "builtin.module"
    fifo_depth: int = option(0, "Slots of a pipe no initialise op declares (0: module "
                                "attribute pto.fifo_depth, else 4)", minimum=0)
    remarks: bool = option(False, "Emit a remark with what was proved")
    against: str = option("", "Original file this module is a rewrite of: also check that "
                              "every pop receives the message (push site, iteration) it "
                              "receives there (docs/message-identity.md)")

    def run(self, op: ir.Operation) -> None:
        originals = self._originals(op) if self.against else None
        # Each module's kernels form its own pair, at its own slot count (the
        # nearest pto.fifo_depth): a nested module (any symbol table: a
        # gpu.module, ...) is verified on its own.
        fifo_ops, holders = fifo_holders(op)
        by_module: dict[ir.Operation, list[ir.Operation]] = {}
        for fifo in fifo_ops:
            by_module.setdefault(scope_of(fifo), []).append(fifo)
        failed = False
        for index, module in enumerate(modules_under(op)):
            try:
                if (self._verify_module(module, by_module.get(module, []), holders)
                        and originals is not None):
                    self._check_against(module, originals, index)
            except PassFailure:
                failed = True
        if failed:
            raise PassFailure()

    def _originals(self, op: ir.Operation) -> list[ir.Operation]:
        """The modules of the `against` file, in modules_under order."""
        try:
            open(self.against, "rb").close()
            with op.context:
                original = ir.Module.parseFile(self.against)
        except OSError as exc:
            _report([(op, f"option 'against': cannot read {self.against}: {exc.strerror}")])
        except ir.MLIRError as exc:
            what = "; ".join(f"{place(d.location)}: {d.message}" for d in exc.error_diagnostics)
            _report([(op, f"option 'against': cannot parse {self.against}: {what}")])
        # Kept alive with the pass: the reports point into it.
        self._original = original
        return modules_under(original.operation)

    def _check_against(self, module: ir.Operation, originals: list, index: int) -> None:
        if index >= len(originals):
            _report([(module, f"cannot check message identity: {self.against} has no "
                              f"module #{index} to compare this one with")])
        reports = check_against(originals[index], module, self.fifo_depth)
        for report in reports:
            diagnostics.emit(report.op.location, report.severity, report.message,
                             [(op.location, text) for op, text in report.notes])
        if any(report.severity == "error" for report in reports):
            raise PassFailure()
        if self.remarks and not reports:
            diagnostics.remark(module.location, f"message identity kept: every pop "
                               f"receives the message (push site, iteration) it receives "
                               f"in {self.against}")

    def _verify_module(self, op: ir.Operation, fifo_ops: list, holders: set) -> bool:
        """Verifies the pair of kernels directly in module `op`; `fifo_ops`
        are the FIFO and initialise ops whose nearest module it is. Whether
        the pair was proved."""
        default_slots(op, self.fifo_depth)  # a malformed pto.fifo_depth fails here
        idle = set(unlaunched_functions(op))
        fifo_ops = [f for f in fifo_ops if _top_level(f, op) not in idle]
        launched = launched_functions(op)
        errors = [(fifo, op_error(fifo)) for fifo in fifo_ops]
        errors = [(fifo, message) for fifo, message in errors if message]
        kernels = _kernels(op, errors)
        roles = {function: role for role, function in kernels.items()}
        in_kernel = {}  # FIFO op -> role of the kernel holding it
        for fifo in fifo_ops:
            function = _top_level(fifo, op)
            if function in roles:
                in_kernel[fifo] = roles[function]
                message = role_error(fifo, roles[function], function)
                if message:
                    errors.append((fifo, message))
        if not fifo_ops or errors:
            _report(errors)
            if self.remarks and launched is not None and not fifo_ops:
                names = ", ".join("@" + function_name(f) for f in launched
                                  if f in roles) or "none"
                diagnostics.remark(op.location, f"no FIFO traffic to verify: no pipe op "
                                   f"in the kernels the entry launches ({names})")
            return False
        if not kernels:
            diagnostics.warning(op.location, f"FIFO ops not verified: no function is "
                                f"marked {CORE_ATTR} = \"aic\" or \"aiv\" (or "
                                f"{KERNEL_KIND_ATTR})")
            return False
        if len(kernels) == 1:
            (role, function), = kernels.items()
            peer = "aiv" if role == "cube" else "aic"
            first = next((f for f in fifo_ops if f in in_kernel), None)
            if first is not None:
                _report([(first, f"missing peer: the {role} kernel "
                                 f"@{function_name(function)} uses the FIFO, but no "
                                 f"function is marked {CORE_ATTR} = \"{peer}\"")])
            return False
        return self._verify_pair(op, kernels, holders)

    def _verify_pair(self, op, kernels, holders) -> bool:
        programs = pair_programs(kernels, holders, op, OUTPUT_KEY_DEPTH)
        templates, plain, key, once = (programs.templates, programs.plain, programs.key,
                                       programs.once)
        # Branches and several trips of one launch argument: run at its values.
        variable = one_argument(templates.values())
        uses = programs.uses if variable is None else {
            role: template_uses(t) for role, t in templates.items()}
        slots, errors = pair_slots(SlotTable(self.fifo_depth), kernels, uses, op)
        _report(errors + [e for p in plain.values() for e in p.errors])
        unproved = [u for p in (once if variable is None else templates).values()
                    for u in p.unproved]
        unproved += [(barrier, f"'{SYNCALL}' makes the cores wait for each other, which "
                               "the FIFO model does not (a pipe op on either side of it "
                               "may deadlock)")
                     for barrier in _barriers(op, kernels.values())]
        unproved += [(function, f"the {role} kernel @{function_name(function)} is a "
                                "declaration, its FIFO use is not visible")
                     for role, function in kernels.items()
                     if not len(function.regions[0].blocks)]
        for where, what in unproved:
            diagnostics.warning(where.location, f"could not prove FIFO message counts, "
                                f"tile types or deadlock freedom: {what}")
        if unproved:
            return False
        lanes = subblocks(kernels["cube"], kernels["vector"])
        names = f"@{function_name(kernels['cube'])} / @{function_name(kernels['vector'])}"
        blocks = "" if lanes == 1 else f", {lanes} vector sub-blocks"
        # The slots of the pipes the pair uses (none: it sends no message).
        pair = names + (f" at {slots_text(slots)}" if slots else "") + blocks
        if variable is not None:
            return self._verify_all_values(op, templates, variable, slots, lanes, pair)
        if key is not None:
            return self._verify_all_trips(op, templates, key, slots, lanes, pair)
        outcome, findings = _run_pair(plain, slots, lanes)
        _emit(findings)
        if self.remarks and outcome.complete:
            pipes = "; ".join(f"{p.pipe} {max(p.pushed)} messages, peak {p.peak} of "
                              f"{p.slots} slots held" for p in outcome.pipes.values())
            diagnostics.remark(op.location, (
                f"FIFO verified for {pair}: {pipes or 'no messages'}; no deadlock "
                f"({outcome.simulated} events simulated, "
                f"{outcome.jumps} repeating stretch(es) of loop iterations "
                f"fast-forwarded)"))
        return outcome.complete

    def _verify_all_trips(self, op, templates: dict, key, slots, lanes: int,
                          pair: str) -> bool:
        """Verify the pair at every trip n >= 0 of its loops of trip key
        `key` that their IV type can count; where the model finds an error at
        some trip, its findings at the first such trip become warnings
        (`pair` names the pair and its slots, for the remark). Whether it
        proved every trip. A warning: the proof covers every n, but a loop's
        bounds may never give some (`%n * 0 + 4` is keyed like any
        expression of %n)."""
        largest = _largest_trip(templates, key)
        proved = _over_all(
            op, lambda n: {role: t.at({key: n}, {}) for role, t in templates.items()},
            slots, lanes, TripSet(1, 0, 0, largest),
            lambda wrong: min(trips.first() for trips in wrong),
            ("every run-time trip count",
             "when the loops whose trip count is known at run time run {} times",
             "at run-time trips {}"))
        if proved is not None and self.remarks:
            span = "every run-time trip count" + ("" if largest is None
                                                   else f" up to {largest}")
            diagnostics.remark(op.location, (
                f"FIFO verified for {pair}: {span} of the loops bounded by one "
                f"expression of the launch arguments ({proved} set(s) of trips, "
                f"each run once); no deadlock"))
        return proved is not None

    def _verify_all_values(self, op, templates: dict, variable: tuple, slots, lanes: int,
                           pair: str) -> bool:
        """Verify the pair at every value X of the launch argument `variable`
        (symbolic.variables) that its type holds, the loop trips and scf.if
        conditions computed from X as the ops compute them; errors are
        reported as _verify_all_trips reports them, at the X nearest 0.
        Whether it proved every value."""
        def programs_at(x):
            symbols = Evaluator(variable, x)
            return {role: t.at({}, {}, symbols) for role, t in templates.items()}

        name = argument_name(variable)
        proved = _over_all(
            op, programs_at, slots, lanes, values_of(variable),
            nearest_zero,
            (f"every value of {name}", "when it is {}", f"for {name} in {{}}"))
        if proved is not None and self.remarks:
            diagnostics.remark(op.location, (
                f"FIFO verified for {pair}: every value of {name}, the loop trips and "
                f"branch conditions computed from it ({proved} set(s) of values, "
                f"each run once); no deadlock"))
        return proved is not None


def _over_all(op, programs_at, slots, lanes: int, domain: TripSet, pick, texts: tuple
              ) -> int | None:
    """Runs the pair `programs_at(n)` (role -> program) at every n of
    `domain` (trips.over_all_trips); the number of sets of n it took when
    the model proves them all, else None after warnings: where it finds
    errors, those of a plain run at n = `pick(the wrong sets)`. `texts`:
    what n ranges over, the error's "when" with a {} for n, and an
    unfinished set's place with a {} for the set."""
    every, when, where = texts

    def run(n):
        programs = programs_at(n)
        model = Model(programs["cube"], programs["vector"], slots, lanes)
        outcome = model.run()
        return outcome, outcome.simulated + model.steps

    unproved = "could not prove FIFO message counts, tile types or deadlock freedom"
    try:
        branches = over_all_trips(run, TRIPS_BUDGET, domain)
        wrong = [trips for trips, outcome in branches
                 if any(f.severity == "error" for f in outcome.findings)]
        if wrong:
            # Run with plain numbers: the report is the one a constant gives.
            n = pick(wrong)
            _, findings = _run_pair(programs_at(n), slots, lanes)
    except (NotAffine, Unfinished) as exc:
        diagnostics.warning(op.location, f"{unproved} over {every}: {exc}")
        return None
    if wrong:
        for finding in findings:
            if finding.severity == "error":
                diagnostics.emit(finding.op.location, "warning", (
                    f"{unproved} for {every}: {when.format(n)}, {finding.message}"),
                    [(note.location, text) for note, text in finding.notes])
        return None
    unfinished = [(trips, outcome) for trips, outcome in branches if not outcome.complete]
    if unfinished:
        trips, outcome = unfinished[0]
        diagnostics.warning(op.location, f"{unproved} {where.format(trips)}: "
                                         f"{outcome.findings[-1].message}")
        return None
    return len(branches)


def _run_pair(programs: dict, slots, lanes: int) -> tuple:
    """The model's outcome on the programs, and its findings with the
    message count mismatches it could not report itself."""
    outcome = check_pair(programs["cube"], programs["vector"], slots, lanes)
    return outcome, outcome.findings + _total_mismatches(programs, outcome.findings)


def _emit(findings: list) -> None:
    failed = False
    for finding in findings:
        diagnostics.emit(finding.op.location, finding.severity, finding.message,
                         [(op.location, text) for op, text in finding.notes])
        failed = failed or finding.severity == "error"
    if failed:
        raise PassFailure()


# Model steps the proof over every run-time trip may take in all.
TRIPS_BUDGET = 4_000_000


def _largest_trip(templates: dict, key) -> int | None:
    """The most iterations a loop of trip key `key` can run, by its IV's
    integer type (None: 64 bits or index, no bound worth stating)."""
    largest = None
    for node in (node for t in templates.values() for node in walk(t.body)):
        if (node.__class__ is Loop and node.trip.__class__ is RunTimeTrip
                and node.trip.key == key):
            iv = node.op.regions[0].blocks[0].arguments[0].type
            if isinstance(iv, ir.IntegerType) and iv.width < 64:
                bound = 1 << iv.width
                largest = bound if largest is None else min(largest, bound)
    return largest


def _total_mismatches(programs: dict, findings: list) -> list[Finding]:
    """Pipes whose push and pop totals (trips multiplied out) differ, where
    the model stopped before it could report that itself (a deadlock first)."""
    reported = {f.message.split(":")[0] for f in findings}
    out = []
    pipes = programs["cube"].pipes(PUSH) | programs["vector"].pipes(PUSH)
    pipes |= programs["cube"].pipes(POP) | programs["vector"].pipes(POP)
    for pipe in sorted(pipes):
        producer, consumer = (("cube", "vector") if pipe.direction == C2V
                              else ("vector", "cube"))
        pushed = programs[producer].totals().get((PUSH, pipe), 0)
        popped = programs[consumer].totals().get((POP, pipe), 0)
        if pushed == popped or f"message count mismatch on {pipe}" in reported:
            continue
        event = (programs[producer].first(PUSH, pipe) if pushed > popped
                 else programs[consumer].first(POP, pipe))
        out.append(Finding("error", event.op, (
            f"message count mismatch on {pipe}: the {producer} kernel pushes {pushed} "
            f"message(s) in all, the {consumer} kernel pops {popped}")))
    return out


# Kernels named at most in a report of several kernels of one role.
NAMED = 4


def _kernels(module: ir.Operation, errors: list) -> dict[str, ir.Operation]:
    """The kernel functions (pto.core / pto.kernel_kind) directly in
    `module`, by role; a malformed marker or a repeated role is an error
    appended to `errors`."""
    found, malformed = kernels_of(module)
    errors += malformed
    kernels = {}
    for role, functions in found.items():
        if len(functions) > 1:
            # Each extra kernel is reported: a bounded list of names keeps a
            # module of many kernels from a quadratic report.
            names = ", ".join("@" + function_name(f) for f in functions[:NAMED])
            if len(functions) > NAMED:
                names += f" and {len(functions) - NAMED} more"
            for function in functions[1:]:
                errors.append((function, f"several {role} kernels ({names}): "
                                         f"pto-verify-fifo checks one cube/vector pair "
                                         f"per module"))
        elif functions:
            kernels[role] = functions[0]
    return kernels


def _barriers(module: ir.Operation, functions) -> list[ir.Operation]:
    """The pto.syncall ops of `functions`, and their calls that reach one."""
    found = []

    def visit(op):
        if op.name == SYNCALL:
            found.append(op)
        return ir.WalkResult.ADVANCE

    for function in functions:
        function.walk(visit)
        calls = calls_under(function)
        found += [call for call, summary in zip(calls, call_summaries(module, calls, (SYNCALL,)))
                  if SYNCALL in summary.reached]
    return found


def _top_level(op: ir.Operation, root: ir.Operation) -> ir.Operation | None:
    """The op directly inside `root` that holds `op` (its function)."""
    while op.parent is not None and op.parent != root:
        op = op.parent
    return op if op.parent == root else None


def _report(errors: list) -> None:
    for op, message in errors:
        diagnostics.error(op.location, message)
    if errors:
        raise PassFailure()
