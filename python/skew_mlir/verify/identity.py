"""Message identity: translation validation of a rewrite of a kernel pair
on the abstract FIFO model (docs/message-identity.md).

A message is identified by (push site, iteration): the push op of the
original program that sends it and how often that op ran before, counted in
program order (the iteration vector of the loops around the op, linearised).
A pop is identified the same way. A rewrite keeps every message's identity
when each pop (site, iteration) receives the message (site, iteration) it
received in the original: "the same messages", whatever the types say.

A rewritten op stands for an original one through a `site` map (the pass's
own planned programs reuse the original ops, so there it is the identity;
across two files verify/sites.py matches them). Iterations are counted per
site, so a rewrite that runs each op's iterations in order (every software
pipelining does: stage s of iteration k before stage s of iteration k + 1)
numbers them as the original.

Which message a pop receives depends only on each core's own order of FIFO
ops on the pipe, not on how the cores interleave: the model's run of each
pair (verify/model.py with identity on) records, per pipe, which push site
each pop site received from (`Identities.pairs`) and how often each site
ran (`Identities.totals`). Per pipe:

- when in the original every push site sends to one pop site only and every
  pop site receives from one push site only (a *pure* pipe: the common case,
  and what a co-skew that reorders a pipe on both sides the same way keeps),
  the i-th message of push site P goes to the i-th pop of its partner Q, so
  the rewrite keeps the identities exactly when it pairs the same sites and
  runs every site as often;
- otherwise each side's sequence of sites on the pipe must be unchanged,
  checked by running the rewritten side's ops against the original's in
  lockstep in the model (`same_streams`).

API (each returns a list of Mismatch, empty when the identities agree):

    check_same_messages(before, after, slots, subblocks=1, site=same_site,
                        budget=DEFAULT_BUDGET, before_slots=None) -> list[Mismatch]
        `before`, `after`: (cube Program, vector Program) at one trip (ints,
        or one branch's symbolic trip); `site` maps an op of `after` to the
        op of `before` it stands for (every other op to itself); `slots`
        per pipe (`before_slots` for the original, when they differ). Runs
        both pairs in the model; a Mismatch with `unknown` set when either
        does not run to the end without errors.

    compare(before, after, meet=None) -> tuple[list[Mismatch], set[Pipe]]
        Identities of the two runs, compared on the trips `meet` (a
        verify.trips.TripSet both runs cover, None for constant trips); the
        second result: the impure pipes, for same_streams.

    same_streams(before, after, pipes, site=same_site, budget=...) -> list[Mismatch]
        The lockstep check of those pipes (programs as in check_same_messages).
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from mlir import ir

from ..diagnostics import place, site_name
from ..fifo_model import C2V, FREE, OPS, POP, PUSH, Pipe
from ..loop_ranges import static_trips
from .model import DEFAULT_BUDGET, Identities, Model
from .program import Event, Loop, Program
from .trips import Affine, TripSet


@dataclasses.dataclass(frozen=True)
class Mismatch:
    """A message the rewrite delivers differently, at `op` (an op of the
    rewritten programs); `unknown` when it could not be decided."""

    op: ir.Operation
    message: str
    notes: tuple[tuple[ir.Operation, str], ...] = ()
    unknown: bool = False


def same_site(op: ir.Operation) -> ir.Operation:
    return op


def run_identities(cube: Program, vector: Program, slots: dict[Pipe, int],
                   subblocks: int = 1, site: Callable = same_site,
                   budget: int = DEFAULT_BUDGET):
    """The model's run of the pair with identity on: (Outcome, Model)."""
    model = Model(cube, vector, slots, subblocks, budget, identity=site)
    return model.run(), model


def check_same_messages(before: tuple[Program, Program], after: tuple[Program, Program],
                        slots: dict[Pipe, int], subblocks: int = 1,
                        site: Callable = same_site, budget: int = DEFAULT_BUDGET,
                        before_slots: dict[Pipe, int] | None = None) -> list[Mismatch]:
    site = _through_branches(before, site)
    branches = _unread_branches(after, site)
    if branches:
        return branches
    runs = []
    for programs, mapping, counts in ((before, same_site, before_slots or slots),
                                      (after, site, slots)):
        outcome, model = run_identities(*programs, counts, subblocks, mapping, budget)
        problems = [f for f in outcome.findings if f.severity == "error"]
        if problems or not outcome.complete:
            what = problems[0].message if problems else outcome.findings[-1].message
            which = "original" if programs is before else "rewrite"
            op = (problems[0].op if problems else programs[0].function)
            return [Mismatch(op, f"message identity not checked: the {which} does not "
                                 f"verify ({what})", unknown=True)]
        runs.append(model.identities())
    mismatches, impure = compare(*runs)
    return mismatches + same_streams(before, after, impure, site, budget)


def _through_branches(before: tuple[Program, Program], site: Callable) -> Callable:
    """`site` followed by the original's branch aliases (Program.aliases): an
    op of either branch of an scf.if is the site the original's model reads."""
    aliases = {**before[0].aliases, **before[1].aliases}
    if not aliases:
        return site

    def through(op):
        found = site(op)
        while found in aliases:
            found = aliases[found]
        return found
    return through


def _unread_branches(after: tuple[Program, Program], site: Callable) -> list[Mismatch]:
    """The model runs the first branch of an scf.if whose branches have the
    same FIFO events (Program.aliases: each event of another branch -> the
    first branch's at its position). That stands for the other branches
    only when each of their events is the same site as the first branch's
    at its position: otherwise the branches deliver other messages."""
    mismatches = []
    for program in after:
        for other, first in program.aliases.items():
            if site(other) != site(first):
                mismatches.append(Mismatch(other, (
                    f"message identity mismatch: {_site(other)} stands for "
                    f"{_site(site(other))}, but at its place the scf.if's first branch "
                    f"runs {_site(site(first))}: the branches reorder the messages "
                    "differently"), ((first, "the first branch's op at that place"),)))
    return mismatches


def compare(before: Identities, after: Identities, meet: TripSet | None = None
            ) -> tuple[list[Mismatch], set[Pipe]]:
    mismatches: list[Mismatch] = []
    impure = set()
    for pipe in before.pairs:
        relations = [(before.pairs[pipe], after.pairs.get(pipe, {}), _DELIVERS),
                     (before.releases[pipe], after.releases.get(pipe, {}), _RELEASES)]
        if any(_partners(relation) is None for relation, _, _ in relations):
            impure.add(pipe)
            continue
        for relation, rewritten, words in relations:
            mismatches += _pure_mismatches(pipe, relation, rewritten, after.ops, words)
    for op, count in before.totals.items():
        got = after.totals.get(op, 0)
        if not _equal_on(count, got, meet):
            mismatches.append(Mismatch(after.ops.get(op, op), (
                f"message identity mismatch: {_site(op)} runs {got} time(s), but "
                f"{count} in the original")))
    for op, count in after.totals.items():
        if op not in before.totals and not _equal_on(count, 0, meet):
            mismatches.append(Mismatch(after.ops.get(op, op), (
                f"message identity mismatch: {_site(op)} runs {count} time(s), but "
                f"never in the original")))
    return mismatches, impure


# How a mismatch of each relation reads: (the second site does ... the
# first site's), the first site's verb, what the original has no such of,
# what the original does instead, what the rewrite's second site got.
_DELIVERS = ("receives the message of", "pushed", "pop", "delivers", "received")
_RELEASES = ("releases the slot of the message of", "popped", "tfree", "releases",
             "released")


def _pure_mismatches(pipe: Pipe, original: dict, rewritten: dict, ops: dict,
                     words: tuple) -> list[Mismatch]:
    """A pure relation (a pipe's pushes to pops, or its pops to the frees
    that release their slots) pairs the i-th run of a site with the i-th
    run of its partner: the rewrite must pair the same sites."""
    partners = _partners(original)
    does, verb, second, original_does, got_label = words
    mismatches = []
    for (first, then), (ran, then_ran) in sorted(rewritten.items(), key=_order):
        if (first, then) in original:
            continue
        op = ops.get(then, then)
        expected = partners.get(then)
        got = _iteration(first, ran)
        wanted = (f"nothing (the original has no such {second})" if expected is None
                  else f"{_site(expected)} iteration {_iteration(expected, then_ran)}")
        notes = ((ops.get(first, first), f"{got_label}: {verb} here, iteration {got}"),)
        if expected is not None:
            notes += ((expected, f"expected: {verb} here, iteration "
                                 f"{_iteration(expected, then_ran)}"),)
        mismatches.append(Mismatch(op, (
            f"message identity mismatch on {pipe}: {_site(op)} iteration "
            f"{_iteration(then, then_ran)} {does} {_site(ops.get(first, first))} "
            f"iteration {got}, but the original {original_does} {wanted}"), notes))
    return mismatches


def _order(item) -> tuple:
    """Pairs by their pop's place in the source, then their push's."""
    (push, pop), _ = item
    return (_position(pop), _position(push))


def _position(op: ir.Operation) -> tuple:
    file, _, rest = place(op.location).partition(":")
    line, _, col = rest.partition(":")
    return (file, int(line) if line.isdigit() else 0, int(col) if col.isdigit() else 0)


def _partners(pairs: dict) -> dict | None:
    """second op -> its one first op (pop -> push, free -> pop), when the
    pairs are pure (module docstring), else None."""
    pushes, pops = {}, {}
    for push, pop in pairs:
        if pushes.setdefault(pop, push) != push or pops.setdefault(push, pop) != pop:
            return None
    return pushes


def _iteration(site, ordinal) -> str:
    """An ordinal of an original op as the iteration vector of the scf.for
    loops around it (outermost first) when their trips are constants, else
    as it is."""
    if not isinstance(site, ir.Operation) or not isinstance(ordinal, int):
        return str(ordinal)
    trips = []
    parent = site.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.for":
            trip = static_trips(parent)
            if trip is None:
                return str(ordinal)
            trips.append(trip)
        parent = parent.parent
    if len(trips) < 2:
        return str(ordinal)
    vector = []
    for trip in trips:  # innermost first
        ordinal, index = divmod(ordinal, trip)
        vector.append(index)
    return "(" + ", ".join(map(str, reversed(vector))) + ")"


def _site(op: ir.Operation) -> str:
    return f"'{op.name}' at {site_name(op.location)}"


def _equal_on(a, b, meet: TripSet | None) -> bool:
    """Whether two counts (ints or trips.Affine) agree at every trip of
    `meet` (None: the branch of the run they come from): two affine
    functions that agree at two trips agree at all."""
    if a == b:
        return True  # (for Affine values: the same function of n)
    symbolic = [v for v in (a, b) if isinstance(v, Affine)]
    if not symbolic:
        return False
    if meet is None:
        meet = symbolic[0].branch.trips()  # both of one run's branch
    first = meet.first()
    points = [first] if meet.last() == first else [first, first + meet.modulus]
    return all(_at(a, n) == _at(b, n) for n in points)


def _at(value, n: int) -> int:
    if isinstance(value, Affine):
        return (value.a * n + value.b) // value.c
    return value


# --- impure pipes: each side's sites in lockstep ------------------------------------

def same_streams(before: tuple[Program, Program], after: tuple[Program, Program],
                 pipes, site: Callable = same_site,
                 budget: int = DEFAULT_BUDGET) -> list[Mismatch]:
    mismatches = []
    for pipe in sorted(pipes):
        producer = 0 if pipe.direction == C2V else 1
        # The consumer's frees release the oldest popped slot: their place
        # among its pops must not change either.
        for side, kinds in ((producer, (PUSH,)), (1 - producer, (POP, FREE))):
            mismatches += _same_stream(before[side], after[side], pipe, kinds, site, budget)
    return mismatches


# The lockstep run's pipe: one slot, so each rewritten op meets the original
# op at its position.
_LOCKSTEP = Pipe(C2V, 0)


def _same_stream(before: Program, after: Program, pipe: Pipe, kinds: tuple, site: Callable,
                 budget: int) -> list[Mismatch]:
    """Whether `after` runs the same sites as `before` in the same order
    among its ops of `kinds` on `pipe`."""
    if after.body is before.body:
        return []
    lead = dataclasses.replace(after, role="cube", body=_stream(after.body, pipe, kinds, PUSH),
                               freed=set())
    follow = dataclasses.replace(before, role="vector", freed=set(),
                                 body=_stream(before.body, pipe, kinds, POP))
    model = Model(lead, follow, {_LOCKSTEP: 1}, 1, budget, identity=site)
    outcome = model.run()
    what = "push to" if kinds == (PUSH,) else "pop from or tfree on"
    if not outcome.complete:
        return [Mismatch(after.function, (
            f"message identity not proved on {pipe}: the order of the {after.role} "
            f"kernel's {what}s could not be compared ({outcome.findings[-1].message})"),
            unknown=True)]
    for (mine, original), (at, _) in sorted(model.pairs[_LOCKSTEP].items(), key=_order):
        if mine != original:
            op = model.ops.get(mine, mine)
            this = ("push to" if kinds == (PUSH,) else
                    "tfree on" if OPS[op.name].kind == FREE else "pop from")
            return [Mismatch(op, (
                f"message identity mismatch on {pipe}: this {this} {pipe} (iteration "
                f"{_iteration(mine, at)}) comes where the original {after.role} kernel runs "
                f"{_site(original)} (several sites share the pipe, so its order must "
                f"not change)"), ((original, "the original op at that position"),))]
    counts = [f for f in outcome.findings if f.severity == "error"]
    if counts:
        return [Mismatch(after.function, (
            f"message identity mismatch on {pipe}: the {after.role} kernel runs a "
            f"different number of {what} {pipe} ops than the original"))]
    return []


def _stream(nodes: tuple, pipe: Pipe, kinds: tuple, as_kind: str) -> tuple:
    """The events of `kinds` on `pipe` of a program body, as `as_kind`
    events of the lockstep pipe (with their ops), loops kept."""
    out = []
    for node in nodes:
        if node.__class__ is Loop:
            body = _stream(node.body, pipe, kinds, as_kind)
            if body:
                out.append(Loop(node.trip, body, node.op))
        elif node.kind in kinds and node.pipe == pipe:
            out.append(Event(as_kind, _LOCKSTEP, "", node.op))
    return tuple(out)
