"""Runs of the FIFO model over every trip count at once (docs/deadlock.md).

A pair whose loops run a trip count n known at run time only is run with n
symbolic: a run covers a *branch*, the trips n = modulus * k + residue for k
in [low, high] (high None: unbounded). Loop trips and counters are Affine
values of n; the model computes with them as with integers. Whenever the run
needs a fact the branch does not settle (is this counter below that trip? is
n // D affine here?), the branch is narrowed in place to the part where the
answer is one way, and the rest becomes new branches, run from the start
later. Every decision taken so far holds on the narrowed branch, so the run
goes on. A branch holding one trip is run with plain integers.

So the branches partition the trips, and each branch's run is the run of the
model at every one of its trips: this is an exact proof over all trips, not
a sample. Its cost is one run per branch: the branches are the decisions the
runs make differently for different trips (one per iteration of a transient
before the joint schedule repeats, a residue per period), not the trips.

A part cut off in the middle of a run need not run from the start: up to
the cut, its run makes every decision the same way. Where the run can go on
from the cut (Branch.on_cut), the part is a Fork holding the run's state
moved onto the part, and resumes from there; so a transient of T iterations
costs about T steps of the model, not T**2 / 2.
"""

from __future__ import annotations

import math
from typing import Callable, NamedTuple


class TripSet(NamedTuple):
    """The trips n = modulus * k + residue, low <= k <= high (None: no bound)."""

    modulus: int
    residue: int
    low: int
    high: int | None

    def first(self) -> int:
        return self.modulus * self.low + self.residue

    def last(self) -> int | None:
        return None if self.high is None else self.modulus * self.high + self.residue

    def meet(self, other: TripSet) -> TripSet | None:
        """The trips in both sets, None when there are none."""
        g = math.gcd(self.modulus, other.modulus)
        if (self.residue - other.residue) % g:
            return None
        modulus = self.modulus // g * other.modulus
        # n = residue + modulus_self * t with n = other.residue (mod other.modulus)
        step = self.modulus // g
        t = ((other.residue - self.residue) // g
             * pow(step, -1, other.modulus // g)) % (other.modulus // g)
        residue = (self.residue + self.modulus * t) % modulus
        low = max(self.first(), other.first())
        lasts = [x for x in (self.last(), other.last()) if x is not None]
        high = min(lasts) if lasts else None
        k_low = -((residue - low) // modulus)  # ceil((low - residue) / modulus)
        k_high = None if high is None else (high - residue) // modulus
        if k_high is not None and k_high < k_low:
            return None
        return TripSet(modulus, residue, k_low, k_high)

    def nearest_zero(self) -> int:
        """The least non-negative n of the set, else (all are negative) the
        largest."""
        k = max(self.low, -(self.residue // self.modulus))  # least k with n >= 0
        if self.high is None or k <= self.high:
            return self.modulus * k + self.residue
        return self.last()

    def __str__(self) -> str:
        last = self.last()
        span = f"{self.first()}.." + ("" if last is None else str(last))
        return span if self.modulus == 1 else f"{span} step {self.modulus}"


ALL_TRIPS = TripSet(1, 0, 0, None)


def nearness(n: int) -> tuple:
    """A sort key of points by how near 0 they are, the non-negative first."""
    return (n < 0, abs(n))


def nearest_zero(sets) -> int:
    """Of the n in `sets` (TripSets), the one a report names: the least
    non-negative, else the largest."""
    return min((trips.nearest_zero() for trips in sets), key=nearness)


class Branch:
    """The branch a run covers, narrowed in place as the run decides; the
    parts cut off are appended to `rest`."""

    def __init__(self, trips: TripSet, rest: list, name: str = "n"):
        self.modulus, self.residue, self.low, self.high = trips
        self.rest = rest
        self.name = name  # what n stands for, in reports (a launch argument, say)
        # Asked, while set, for the state a part cut off can resume from
        # (a Fork's `state`); None: the part runs from the start.
        self.on_cut: Callable[[Branch], object] | None = None

    def trips(self) -> TripSet:
        return TripSet(self.modulus, self.residue, self.low, self.high)

    def trip(self) -> int | Affine:
        """n on this branch: an integer when it holds one trip."""
        if self.low == self.high:
            return self.modulus * self.low + self.residue
        return Affine(1, 0, 1, self)

    def positive(self, a: int, b: int) -> bool:
        """Whether a * n + b > 0 on the branch (narrowing it when that differs
        between its trips: the part kept is the one of larger k)."""
        slope, offset = a * self.modulus, a * self.residue + b  # in k
        if slope == 0:
            return offset > 0
        if slope > 0:
            threshold = (-offset) // slope + 1  # positive from k = threshold on
            if self.low >= threshold:
                return True
            if self.high is not None and self.high < threshold:
                return False
            self._cut(threshold)
            return True
        threshold = -((offset) // slope) - 1  # positive up to k = threshold
        if self.high is not None and self.high <= threshold:
            return True
        if self.low > threshold:
            return False
        self._cut(threshold + 1)
        return False

    def _cut(self, k: int) -> None:
        """Keep k >= `k`; the trips below go to `rest`."""
        self._split_off(TripSet(self.modulus, self.residue, self.low, k - 1))
        self.low = k

    def _split_off(self, trips: TripSet) -> None:
        """Leave `trips` (a part of the branch) to `rest`: as a Fork when the
        run can resume there, else to run from the start."""
        if self.on_cut is not None:
            part = Branch(trips, self.rest, self.name)
            state = self.on_cut(part)
            if state is not None:
                self.rest.append(Fork(part, state))
                return
        self.rest.append(trips)

    def refine(self, factor: int) -> None:
        """Narrow to one residue modulo modulus * factor (the others go to
        `rest`): k = factor * k' + j."""
        parts = []
        for j in range(factor):
            low = -((j - self.low) // factor)
            high = None if self.high is None else (self.high - j) // factor
            if high is None or high >= low:
                parts.append(TripSet(self.modulus * factor, self.residue + self.modulus * j,
                                     low, high))
        (self.modulus, self.residue, self.low, self.high), *others = parts
        for other in others:
            self._split_off(other)


class Fork(NamedTuple):
    """A part cut off a branch mid-run, and the state of that run moved onto
    the part (Branch.on_cut): over_all_trips resumes it."""

    branch: Branch
    state: object


class Affine:
    """(a * n + b) / c on a branch, an integer at each of its trips."""

    __slots__ = ("a", "b", "c", "branch")

    def __new__(cls, a: int, b: int, c: int, branch: Branch):
        if a == 0:
            return b // c
        g = math.gcd(a, b, c)
        self = object.__new__(cls)
        self.a, self.b, self.c, self.branch = a // g, b // g, c // g, branch
        return self

    def _parts(self, other) -> tuple[int, int, int]:
        if isinstance(other, Affine):
            return other.a, other.b, other.c
        return 0, other, 1

    def __add__(self, other):
        if other.__class__ is int and self.c == 1:
            # A counter's step (the models count so): already normalised.
            return _counter(self.a, self.b + other, self.branch)
        a, b, c = self._parts(other)
        return Affine(self.a * c + a * self.c, self.b * c + b * self.c, self.c * c,
                      self.branch)

    __radd__ = __add__

    def __neg__(self):
        return Affine(-self.a, -self.b, self.c, self.branch)

    def __sub__(self, other):
        if other.__class__ is int:
            return self + -other
        if self.c == 1 and other.__class__ is Affine and other.c == 1:
            # Counters (the models' differences of them): no renormalising.
            a = self.a - other.a
            return self.b - other.b if a == 0 else _counter(a, self.b - other.b, self.branch)
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        if isinstance(other, Affine):
            raise NotAffine("a product of two trip counts known at run time only")
        return Affine(self.a * other, self.b * other, self.c, self.branch)

    __rmul__ = __mul__

    def __floordiv__(self, d: int):
        """floor(self / d): affine once every trip of the branch leaves the
        same remainder, so the branch is refined until it does."""
        if isinstance(d, Affine):
            raise NotAffine("a division by a trip count known at run time only")
        branch, q = self.branch, self.c * d
        step = self.a * branch.modulus
        if step % q:
            branch.refine(q // math.gcd(step, q))
        remainder = (self.a * branch.residue + self.b) % q if branch.modulus else 0
        return Affine(self.a, self.b - remainder, q, branch)

    def __mod__(self, d: int):
        return self - d * (self // d)

    def _positive(self, other) -> bool:
        """self - other > 0."""
        a, b, c = self._parts(other)
        return self.branch.positive(self.a * c - a * self.c, self.b * c - b * self.c)

    def __gt__(self, other):
        return self._positive(other)

    def __lt__(self, other):
        """other - self > 0."""
        a, b, c = self._parts(other)
        branch = other.branch if isinstance(other, Affine) else self.branch
        return branch.positive(a * self.c - self.a * c, b * self.c - self.b * c)

    def __ge__(self, other):
        return not self < other

    def __le__(self, other):
        return not self > other

    # Equality is structural (the same function of n): Affine values are
    # dictionary keys (message numbers); comparisons of order decide on the
    # branch.
    def __eq__(self, other):
        return isinstance(other, Affine) and (self.a, self.b, self.c) == \
            (other.a, other.b, other.c)

    def __hash__(self):
        return hash((self.a, self.b, self.c))

    def on(self, branch: Branch) -> int | Affine:
        """The same function of n on `branch`, a part of this value's branch:
        an integer when it holds one trip."""
        if branch.low == branch.high:
            return (self.a * (branch.modulus * branch.low + branch.residue) + self.b) // self.c
        return Affine(self.a, self.b, self.c, branch)

    def __bool__(self):
        raise TypeError("the truth of a trip-dependent value is decided by comparing it")

    def rank(self) -> tuple:
        """An order for heuristics (no decision): by growth, then offset."""
        return (self.a / self.c, self.b / self.c)

    def __str__(self) -> str:
        name = self.branch.name
        text = f"{self.a}{name}" if self.a != 1 else name
        if self.b:
            text += f" {'+' if self.b > 0 else '-'} {abs(self.b)}"
        return text if self.c == 1 else f"({text})/{self.c}"

    __repr__ = __str__


def _counter(a: int, b: int, branch: Branch) -> Affine:
    """a * n + b, a != 0: normalised as it is (a divisor of 1)."""
    value = object.__new__(Affine)
    value.a, value.b, value.c, value.branch = a, b, 1, branch
    return value


class NotAffine(Exception):
    """The run needs a value that is not affine in the trip count."""


def rank(value) -> tuple:
    return value.rank() if isinstance(value, Affine) else (0, value)


class Unfinished(Exception):
    """The branches exceeded the budget."""


def over_all_trips(run: Callable[[int | Affine], object], budget: int,
                   trips: TripSet = ALL_TRIPS, name: str = "n") -> list[tuple[TripSet, object]]:
    """`run(n)` for every trip n in `trips`, as (branch, result) pairs whose
    branches partition them; `run` is called with n symbolic (Affine) on a
    branch of several trips, or with a Fork its runs left (Branch.on_cut)
    to resume. `run` returns (result, cost); Unfinished when the costs add
    up to more than `budget`; NotAffine from `run` passes. `name` is what n
    stands for where an Affine is printed."""
    work: list = [trips]
    results, spent = [], 0
    while work:
        item = work.pop()
        if item.__class__ is Fork:
            branch = item.branch
            result, cost = run(item)
        else:
            branch = Branch(item, work, name)
            result, cost = run(branch.trip())
        spent += cost
        if spent > budget:
            raise Unfinished(f"the proof over all trips did not finish within {budget} "
                             f"model steps")
        results.append((branch.trips(), result))
    return results
