"""Schedule quality of pto-skew-cross-core on the flash-decode pair.

Two shapes of the same kernel pair:

- examples/flash_decode_qk_pv.mlir: 16x16 f32 tiles, the README's example.
  Per KV block the cube is busy ~300 cycles and the vector ~230, far below
  one 600-cycle pipe hop, so the skewed loop is latency-bound;
- examples/flash_decode_qk_pv_d128.mlir: Ascend-sized tiles (64 query rows,
  head dim 128, KV blocks of 128 keys, f16 operands, f32 scores), where one
  block keeps the cube (~1,900 cycles) and the vector (~1,500) comparably
  busy and each is well above the pipe latency.

For each trip count, pipeline stage count and pipe slot count, the example
is rewritten through the bindings (skew_mlir.sim.variants), simulated as
written ("naive") and after the pass ("skewed"), and compared with the ideal
bound of the skewed pair (max busy core plus the fill/drain no schedule of
that program can hide; skew_mlir.sim.timing.ideal_bound). Every skewed
variant is also differentially checked against the naive one. D is the skew
depth the pass chose (from its remarks). The last columns run the pass with
depth=auto (which ignores the stages) and give the depth it chose and the
efficiency of its output, checked by the simulator like the others.

The per-block columns explain the steady state (skew_mlir.sim.timing.
steady_state): "period" is the measured cycles per block between steady
iterations, "latency" the limit the round trip puts on it at depth D (the
longest push -> vector -> pop -> push cycle, over the 2D blocks it spans),
"work" the busier core's cycles per block. A row whose period equals its
latency limit is latency-bound: only a deeper skew helps.

Odd trips keep the requested depth (the remainder is peeled after the steady
loop): each odd trip with the next even trip in the grid is compared with it.

    python benchmarks/schedule_quality.py [--cost-model FILE] [--trips 4,8,9,10,16,17,18,64]
        [--stages 2,3,4] [--slots 2,4] [--extra 48:4:4,16:5:4,64:5:4] [--example FILE ...]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from mlir import ir

import skew_mlir
from skew_mlir.sim.check import differential_check
from skew_mlir.sim.cost_model import load_cost_model
from skew_mlir.sim.loading import clone
from skew_mlir.sim.timing import SteadyState, steady_state, timing
from skew_mlir.sim.variants import with_slots, with_stages, with_trip

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = [ROOT / "examples" / "flash_decode_qk_pv.mlir",
            ROOT / "examples" / "flash_decode_qk_pv_d128.mlir"]
TARGET, TARGET_TRIP = 0.95, 16
# An odd trip (remainder peeled) may lose at most this much efficiency
# against the next even trip at the same stages and slots.
ODD_SLACK = 0.03


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")]


def _triples(text: str) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in item.split(":")) for item in text.split(",") if item]


def skew(module: ir.Module, **options) -> int:
    """Apply the pass in place (with `options`); the depth it gave the cube's
    loop (0: none)."""
    depths = []

    def remark(diag):
        found = re.match(r"skewed: depth (\d+)", str(diag.message))
        if found:
            depths.append(int(found.group(1)))
        return True
    # Called directly, not through PassManager.run: skew_mlir's run releases
    # the GIL, and a Python diagnostic handler must not run without it.
    handler = module.context.attach_diagnostic_handler(remark)
    try:
        skew_mlir.passes.skew_cross_core_pipeline(remarks=True, **options)(module)
    finally:
        handler.detach()
    if len(depths) > 1:
        raise SystemExit(f"expected one skewed loop, the pass skewed {len(depths)}")
    return depths[0] if depths else 0


def _blk(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def run_table(example: Path, cost, configs) -> tuple[int, list]:
    header = (f"{'trip':>4} {'stages':>6} {'slots':>5} {'D':>2} | {'naive':>7} {'skewed':>7} "
              f"{'bound':>7} | {'speedup':>7} {'eff naive':>9} {'eff skewed':>10} | "
              f"{'period':>6} {'latency':>7} {'work':>5} | check | auto  eff")
    print(f"{example.relative_to(ROOT)}  (per block: cycles per KV block in the steady state)")
    print(header)
    print("-" * len(header))
    failures, rows, autos = 0, [], {}
    for trip, stages, slots in configs:
        naive = ir.Module.parseFile(str(example))
        with_trip(naive, trip)
        with_stages(naive, stages)
        with_slots(naive, slots)
        skewed = clone(naive)
        depth = skew(skewed)
        report = differential_check(naive, skewed, cost=cost, seed=trip)
        if not report.ok:
            failures += 1
            print(f"{trip:>4} {stages:>6} {slots:>5} {depth:>2} | {report.verdict}")
            continue
        before, after = timing(report.before), timing(report.after)
        steady = steady_state(report.after, depth)
        bound = after.bound
        eff = bound / after.total
        rows.append((trip, stages, slots, depth, eff, steady))
        print(f"{trip:>4} {stages:>6} {slots:>5} {depth:>2} | {before.total:>7} {after.total:>7} "
              f"{bound:>7} | {before.total / after.total:>6.2f}x "
              f"{bound / before.total:>9.3f} {eff:>10.3f} | "
              f"{_blk(steady.measured):>6} {_blk(steady.latency_limit):>7} "
              f"{_blk(max(steady.cube_work, steady.vector_work)):>5} | ok | "
              f"{auto_column(naive, cost, trip, slots, autos)}")
    return failures, rows, autos


def auto_column(naive: ir.Module, cost, trip: int, slots: int, autos: dict) -> str:
    """The pass with depth=auto (the stages do not matter): the depth it
    chose and the efficiency, checked by the simulator; `autos` keeps
    (trip, slots) -> (depth, efficiency or None)."""
    key = (trip, slots)
    if key not in autos:
        skewed = clone(naive)
        depth = skew(skewed, depth="auto")
        report = differential_check(naive, skewed, cost=cost, seed=trip)
        autos[key] = (depth, timing(report.after).efficiency if report.ok else None)
    depth, eff = autos[key]
    return f"{depth:>2} {'FAIL' if eff is None else f'{eff:.3f}':>5}"


def explain(rows: list, latency: int) -> None:
    """Why the steady state is what it is, from the longest trip's rows."""
    if not rows:
        return
    by_depth: dict[int, tuple[int, SteadyState]] = {}  # the longest trip of each depth
    for trip, _, _, depth, _, steady in rows:
        if depth >= 2 and steady.measured is not None and trip > by_depth.get(depth, (0,))[0]:
            by_depth[depth] = (trip, steady)
    if not by_depth:
        return
    longest, s = max(by_depth.values(), key=lambda ts: ts[0])
    p, c, r = s.produce, s.consume, s.round_trip
    print(f"\nper block at trip {longest}: cube produce P = {p} and consume C = {c} busy cycles, "
          f"vector {s.vector_work:.0f}; round trip R = 2 x {latency} (pipe) + "
          f"{r - 2 * latency} (vector, pop to answer) = {r}.")
    print("A depth-D skew gives the cube (2D-1)P + DC cycles of its own work between pushing "
          "a block and popping its answer:")
    for depth, (trip, s) in sorted(by_depth.items()):
        formula = (r + p + c + (depth - 1) * max(p, c)) / (2 * depth)
        work = max(s.cube_work, s.vector_work)
        if s.latency_bound:
            print(f"  D={depth}: {s.hiding_work} < R: latency-bound; period >= "
                  f"(R + P + C + (D-1) max(P,C)) / 2D = {formula:.0f}, {s.latency_limit:.0f} "
                  f"with the vector's queueing; measured {_blk(s.measured)} at trip {trip} "
                  f"(work {work:.0f}: steady-state efficiency <= {work / s.latency_limit:.2f}).")
        else:
            print(f"  D={depth}: {s.hiding_work} {'>=' if s.hiding_work >= r else '<'} R: "
                  f"work-bound; latency limit {s.latency_limit:.0f} <= work {work:.0f}; "
                  f"measured {_blk(s.measured)} at trip {trip}.")


def auto_verdict(autos: dict) -> int:
    """Prints the depth=auto rows' verdict; the number that failed the check."""
    target = {k: v for k, v in autos.items() if k[0] >= TARGET_TRIP}
    met = [k for k, (_, eff) in target.items() if eff is not None and eff >= TARGET]
    print(f"depth=auto: efficiency >= {TARGET} at trip >= {TARGET_TRIP}: {len(met)} of "
          f"{len(target)} (trip, slots) rows; depths "
          + ", ".join(f"trip {t} slots {s}: {d}" for (t, s), (d, _) in sorted(autos.items())))
    return sum(eff is None for _, eff in autos.values())


def verdict(rows: list) -> None:
    target = [r for r in rows if r[0] >= TARGET_TRIP]
    met = [r for r in target if r[4] >= TARGET]
    worst = min(target, key=lambda r: r[4], default=None)
    if worst is not None:
        print(f"efficiency >= {TARGET} at trip >= {TARGET_TRIP}: {len(met)} of {len(target)} "
              f"rows (lowest {worst[4]:.3f}: trip {worst[0]}, stages {worst[1]}, "
              f"slots {worst[2]}, D={worst[3]})")
    effs = {r[:3]: r[4] for r in rows}
    odd = [(r, effs[(r[0] + 1, *r[1:3])]) for r in rows
           if r[0] % 2 and (r[0] + 1, *r[1:3]) in effs]
    if odd:
        met = [r for r, even in odd if r[4] >= even - ODD_SLACK]
        worst, even = min(odd, key=lambda pair: pair[0][4] - pair[1])
        print(f"odd trips >= the next even trip's efficiency - {ODD_SLACK}: {len(met)} of "
              f"{len(odd)} rows (closest: trip {worst[0]} {worst[4]:.3f} vs "
              f"{even:.3f}, stages {worst[1]}, slots {worst[2]})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cost-model", help="JSON/TOML cost overrides")
    parser.add_argument("--trips", type=_ints, default=[4, 8, 9, 10, 16, 17, 18, 64])
    parser.add_argument("--stages", type=_ints, default=[2, 3, 4])
    parser.add_argument("--slots", type=_ints, default=[2, 4])
    parser.add_argument("--extra", type=_triples, default=_triples("48:4:4,16:5:4,64:5:4"),
                        help="extra trip:stages:slots rows (default: depth 3 and 4)")
    parser.add_argument("--example", type=Path, action="append",
                        help="kernel pair to measure (repeatable; default: both examples)")
    args = parser.parse_args(argv)
    cost = load_cost_model(args.cost_model)
    examples = [p.resolve() for p in args.example] if args.example else EXAMPLES
    configs = [(t, st, sl) for t in args.trips for st in args.stages for sl in args.slots]
    configs += [c for c in args.extra if c not in configs]
    failures = 0
    started = time.perf_counter()
    with skew_mlir.make_context():
        for i, example in enumerate(examples):
            if i:
                print("\n")
            failed, rows, autos = run_table(example, cost, configs)
            failures += failed
            explain(rows, cost.pipe_latency)
            verdict(rows)
            failures += auto_verdict(autos)
    print(f"\n{failures} failed checks; {time.perf_counter() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
