"""Schedule quality of pto-skew-cross-core on the flash-attention pairs.

The flash-decode pair (one reply per KV block) and the exact pair (two
replies per block, P and alpha, see docs/flash-attention.md):

- examples/flash_decode_qk_pv.mlir: 16x16 f32 tiles, the README's example.
  Per KV block the cube is busy ~300 cycles and the vector ~230, far below
  one 600-cycle pipe hop, so the skewed loop is latency-bound;
- examples/flash_decode_qk_pv_d128.mlir: Ascend-sized tiles (64 query rows,
  head dim 128, KV blocks of 128 keys, f16 operands, f32 scores), where one
  block keeps the cube (~1,900 cycles) and the vector (~1,500) comparably
  busy and each is well above the pipe latency;
- examples/flash_attention_exact.mlir and flash_attention_exact_d128.mlir:
  exact attention at the same two tile shapes;
- examples/flash_attention_exact_dynamic.mlir: the exact 16x16 pair over a KV
  length given at run time (argument #0): each row launches it with the
  length that gives the row's trip count (the line under its table says
  which). A loop the pass does not skew shows D = 0 and the remark why;
- examples/deepseek_v4_decode_qk_pv_tile_batches.mlir: the DeepSeek-V4
  decode qk_pv pair in tile IR (PTOAS syntax: explicit tile buffers, which
  the skew copies per iteration in flight), over a batch count given at
  run time (argument #6); Ascend-sized (32 heads x 128 keys, bf16);
- examples/flash_attention_vector_acc.mlir and its _d128 twin: the output
  accumulated on the vector core (three messages per block, S, P, O_j), the
  two loops co-skewed (docs/schedules.md#co-skew); their rows end with the
  cycles of the pair demoted (multi-round-trip=demote, the reference's rule)
  and the co-skew's speedup over it, measured in the same run;
- examples/flash_attention_tile.mlir: exact flash attention in tile IR
  (S, P, and P V on a pipe of its own, the vector adding P V a block late);
  64 query rows, head dim 64, blocks of 64 keys, f32: a block keeps the cube
  (~2,450 cycles) busier than the vector (~1,000), both above the pipe
  latency. Deeper than 2 the copies of its right tiles do not fit L0B
  (the pass's remark says so: test/skew/tile-examples.test).

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

Targets, each miss a failed check: at Ascend-sized tiles (the d128
examples and the tile-IR pairs) efficiency >= 0.95 at trip >= 16 where the pipes hold two blocks'
messages (slots >= 2 x the replies per block: the depth-2 skew the spec asks
for fits; at 2 slots the exact pair's two replies per block allow depth 1,
latency-bound, see benchmarks/README.md); for every example, odd trips
keep the requested depth (the remainder is peeled after the steady loop), so
an odd trip's efficiency is no worse than the next even trip's (in the grid,
same stages and slots) minus 0.03; for the co-skewed d128 example, efficiency
>= 0.90 at trip >= 16 where the pipes hold two blocks' messages.

    python benchmarks/schedule_quality.py [--cost-model FILE] [--trips 4,8,9,10,16,17,18,64]
        [--stages 2,4] [--slots 2,4] [--extra 48:4:4,16:5:4,64:5:4] [--example FILE ...]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import NamedTuple

from mlir import ir

import skew_mlir
from skew_mlir.sim.check import differential_check
from skew_mlir.fifo_model import C2V, V2C, Pipe
from skew_mlir.op_costs import CostModelError, load_cost_model
from skew_mlir.sim.kernels import find_pair, functions_of
from skew_mlir.sim.loading import clone
from skew_mlir.sim.timing import SteadyState, steady_state, timing
from skew_mlir.sim.variants import pipeline_loops, with_slots, with_stages, with_trip

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = [ROOT / "examples" / name for name in (
    "flash_decode_qk_pv.mlir", "flash_decode_qk_pv_d128.mlir", "flash_attention_exact.mlir",
    "flash_attention_exact_d128.mlir", "flash_attention_exact_dynamic.mlir",
    "deepseek_v4_decode_qk_pv_tile_batches.mlir", "flash_attention_vector_acc.mlir",
    "flash_attention_vector_acc_d128.mlir", "flash_attention_tile.mlir")]
# The efficiency target is stated for Ascend-sized tiles: at 16x16 a block's
# work cannot cover the pipe latency at depth 2 (see benchmarks/README.md).
ASCEND_SIZED = {ROOT / "examples" / name for name in (
    "flash_decode_qk_pv_d128.mlir", "flash_attention_exact_d128.mlir",
    "deepseek_v4_decode_qk_pv_tile_batches.mlir", "flash_attention_tile.mlir")}
TARGET, TARGET_TRIP = 0.95, 16
# The co-skewed examples (both loops multi-round-trip, docs/schedules.md#co-skew),
# whose rows also give the cycles of the demoted pair; their efficiency target
# (0.90 of the ideal bound), at Ascend-sized tiles as above.
COSKEWED = {ROOT / "examples" / name for name in (
    "flash_attention_vector_acc.mlir", "flash_attention_vector_acc_d128.mlir")}
ASCEND_SIZED.add(ROOT / "examples" / "flash_attention_vector_acc_d128.mlir")
COSKEW_TARGET = 0.90
# An odd trip (remainder peeled) may lose at most this much efficiency
# against the next even trip at the same stages and slots.
ODD_SLACK = 0.03


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")]


def _triples(text: str) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in item.split(":")) for item in text.split(",") if item]


def skew(module: ir.Module, **options) -> tuple[int, str]:
    """Apply the pass in place (with `options`); the depth it gave the cube's
    loop (0: none) and the pass's remark on that loop."""
    cube = functions_of(module)[find_pair(module).cube]
    at = {str(loop.location) for loop in pipeline_loops(module) if _inside(loop, cube)}
    depths, remarks = [], []

    def remark(diag):
        message = str(diag.message)
        found = re.match(r"skewed: depth (\d+)", message)
        if found:
            depths.append(int(found.group(1)))
        if str(diag.location) in at:
            remarks.append(message)
            # A co-skew rewrites the cube's loop and its peer's at one depth.
            found = re.match(r"co-skewed with .*: \d+ stages, depth (\d+)", message)
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
    return (depths[0] if depths else 0), "; ".join(remarks)


def _inside(op, func) -> bool:
    while op is not None and op.name != "func.func":
        op = op.parent
    return op == func


def _blk(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


class Row(NamedTuple):
    trip: int
    stages: int
    slots: int
    depth: int
    eff: float
    steady: SteadyState | None  # None: not the one-message-per-block shape
    remark: str  # the pass's remark on the cube's loop
    replies: int  # V2C messages per C2V message
    per_block: int  # messages per block on the busier pipe
    demoted: int | None  # cycles with multi-round-trip=demote (co-skewed examples)
    cycles: int  # cycles after the pass

    @property
    def fits_two_blocks(self) -> bool:
        """Whether every pipe holds two blocks' messages (depth 2 fits)."""
        return self.slots >= 2 * self.per_block


def run_table(example: Path, cost, configs) -> tuple[int, list[Row], dict]:
    header = (f"{'trip':>4} {'stages':>6} {'slots':>5} {'D':>2} | {'naive':>7} {'skewed':>7} "
              f"{'bound':>7} | {'speedup':>7} {'eff naive':>9} {'eff skewed':>10} | "
              f"{'period':>6} {'latency':>7} {'work':>5} | check | auto  eff")
    print(f"{example.relative_to(ROOT)}  (per block: cycles per KV block in the steady state)")
    print(header)
    print("-" * len(header))
    failures, rows, autos, launches = 0, [], {}, {}
    for trip, stages, slots in configs:
        naive = ir.Module.parseFile(str(example))
        launch = launches[trip] = with_trip(naive, trip)
        with_stages(naive, stages)
        with_slots(naive, slots)
        skewed = clone(naive)
        depth, remark = skew(skewed)
        report = differential_check(naive, skewed, cost=cost, seed=trip, args=launch)
        if not report.ok:
            failures += 1
            print(f"{trip:>4} {stages:>6} {slots:>5} {depth:>2} | {report.verdict}")
            continue
        before, after = timing(report.before), timing(report.after)
        # Replies per block: P alone (flash decode), P and alpha (exact).
        c2v, v2c = (len(report.before.messages(Pipe(p))) for p in (C2V, V2C))
        replies = v2c // c2v
        # The steady-state model is one C2V message and its replies per
        # block: not the co-skewed examples' shape.
        steady = (None if example in COSKEWED
                  else steady_state(report.after, depth, replies))
        bound = after.bound
        eff = bound / after.total
        demoted = demoted_cycles(naive, cost, trip, launch) if example in COSKEWED else None
        rows.append(Row(trip, stages, slots, depth, eff, steady, remark, replies,
                        max(1, replies, c2v // trip), demoted, after.total))
        print(f"{trip:>4} {stages:>6} {slots:>5} {depth:>2} | {before.total:>7} {after.total:>7} "
              f"{bound:>7} | {before.total / after.total:>6.2f}x "
              f"{bound / before.total:>9.3f} {eff:>10.3f} | "
              + (f"{'-':>6} {'-':>7} {'-':>5}" if steady is None else
                 f"{_blk(steady.measured):>6} {_blk(steady.latency_limit):>7} "
                 f"{_blk(max(steady.cube_work, steady.vector_work)):>5}")
              + " | ok | "
              f"{auto_column(naive, cost, trip, slots, launch, autos)}"
              + ("" if demoted is None else
                 f" | demoted {demoted} ({demoted / after.total:.2f}x)"))
    if any(launches.values()):
        print("run-time trip counts, launched with " + ", ".join(
            f"trip {trip}: " + " ".join(f"argument #{i} = {v}" for i, v in sorted(launch.items()))
            for trip, launch in launches.items()))
    return failures, rows, autos


def demoted_cycles(naive: ir.Module, cost, trip: int, launch: dict[int, str]) -> int:
    """Cycles of the pair with multi-round-trip=demote (the reference's rule),
    checked by the simulator."""
    demoted = clone(naive)
    skew(demoted, multi_round_trip="demote")
    report = differential_check(naive, demoted, cost=cost, seed=trip, args=launch)
    if not report.ok:
        raise SystemExit(f"multi-round-trip=demote at trip {trip}: {report.verdict}")
    return timing(report.after).total


def auto_column(naive: ir.Module, cost, trip: int, slots: int, launch: dict[int, str],
                autos: dict) -> str:
    """The pass with depth=auto (the stages do not matter): the depth it
    chose and the efficiency, checked by the simulator; `autos` keeps
    (trip, slots) -> (depth, efficiency or None)."""
    key = (trip, slots)
    if key not in autos:
        skewed = clone(naive)
        depth, _ = skew(skewed, depth="auto")
        report = differential_check(naive, skewed, cost=cost, seed=trip, args=launch)
        autos[key] = (depth, timing(report.after).efficiency if report.ok else None)
    depth, eff = autos[key]
    return f"{depth:>2} {'FAIL' if eff is None else f'{eff:.3f}':>5}"


def explain(rows: list[Row], latency: int) -> None:
    """Why the steady state is what it is, from the longest trip's rows."""
    rows = [r for r in rows if r.steady is not None]
    unskewed = [r for r in rows if r.depth == 0]
    if unskewed:
        r = max(unskewed, key=lambda r: r.trip)
        print(f"\nD=0 at {len(unskewed)} of {len(rows)} rows, the cube's loop not skewed "
              f"({r.remark or 'no remark'}): it pops block b before pushing b+1, so every "
              f"block waits a round trip R = 2 x {latency} (pipe) + "
              f"{r.steady.round_trip - 2 * latency} (vector, pop to answer) = "
              f"{r.steady.round_trip}; measured period {_blk(r.steady.measured)} at trip "
              f"{r.trip} (latency limit {_blk(r.steady.latency_limit)}).")
    by_depth: dict[int, Row] = {}  # the longest trip of each depth
    for r in rows:
        if (r.depth >= 1 and r.steady.measured is not None
                and r.trip > getattr(by_depth.get(r.depth), "trip", 0)):
            by_depth[r.depth] = r
    # P and C are measured between the pushes and the pops of a group: D >= 2.
    grouped = [r for d, r in by_depth.items() if d >= 2]
    if not grouped:
        return
    longest = max(grouped, key=lambda r: r.trip)
    p, c, r = longest.steady.produce, longest.steady.consume, longest.steady.round_trip
    print(f"\nper block at trip {longest.trip}: cube produce P = {p} and consume C = {c} busy "
          f"cycles, vector {longest.steady.vector_work:.0f}; round trip R = 2 x {latency} "
          f"(pipe) + {r - 2 * latency} (vector, pop to answer) = {r}.")
    print("A depth-D skew gives the cube (2D-1)P + DC cycles of its own work between pushing "
          "a block and popping its answer:")
    for depth, row in sorted(by_depth.items()):
        s = row.steady
        hiding = (2 * depth - 1) * p + depth * c if s.hiding_work is None else s.hiding_work
        formula = (r + p + c + (depth - 1) * max(p, c)) / (2 * depth)
        work = max(s.cube_work, s.vector_work)
        # Below depth 2 the remark says why the pass went no deeper.
        why = f" ({row.remark})" if depth < 2 else ""
        if s.latency_bound:
            print(f"  D={depth}{why}: {hiding} < R: latency-bound; period about "
                  f"(R + P + C + (D-1) max(P,C)) / 2D = {formula:.0f}, {s.latency_limit:.0f} "
                  f"over the longest cycle (the vector's queueing); measured {_blk(s.measured)} at trip {row.trip} "
                  f"(work {work:.0f}: steady-state efficiency <= {work / s.latency_limit:.2f}).")
        else:
            print(f"  D={depth}{why}: {hiding} {'>=' if hiding >= r else '<'} R: "
                  f"work-bound; latency limit {s.latency_limit:.0f} <= work {work:.0f}; "
                  f"measured {_blk(s.measured)} at trip {row.trip}.")


def auto_verdict(autos: dict) -> int:
    """Prints the depth=auto rows' verdict; the number that failed the check."""
    target = {k: v for k, v in autos.items() if k[0] >= TARGET_TRIP}
    met = [k for k, (_, eff) in target.items() if eff is not None and eff >= TARGET]
    print(f"depth=auto: efficiency >= {TARGET} at trip >= {TARGET_TRIP}: {len(met)} of "
          f"{len(target)} (trip, slots) rows; depths "
          + ", ".join(f"trip {t} slots {s}: {d}" for (t, s), (d, _) in sorted(autos.items())))
    return sum(eff is None for _, eff in autos.values())


def verdict(rows: list[Row], targeted: bool, goal: float = TARGET) -> int:
    """Prints the targets' verdicts; the number of rows that miss a target
    (the efficiency one, `goal`, only counts where `targeted`, and where the
    pipes hold two blocks' messages)."""
    misses = 0
    target = [r for r in rows if r.trip >= TARGET_TRIP and r.fits_two_blocks]
    short = sum(r.trip >= TARGET_TRIP and not r.fits_two_blocks for r in rows)
    met = [r for r in target if r.eff >= goal]
    coskewed = [r for r in rows if r.demoted is not None]
    if coskewed:
        best = max(coskewed, key=lambda r: r.demoted / r.cycles)
        print("co-skew over the demoted pair (multi-round-trip=demote): "
              + ", ".join(f"trip {r.trip} slots {r.slots} D={r.depth} "
                          f"{r.demoted / r.cycles:.2f}x" for r in coskewed
                          if r.trip >= TARGET_TRIP and r.stages == 2)
              + f"; best {best.demoted / best.cycles:.2f}x")
    worst = min(target, key=lambda r: r.eff, default=None)
    if worst is not None:
        print(f"efficiency >= {goal} at trip >= {TARGET_TRIP}: {len(met)} of {len(target)} "
              f"rows (lowest {worst.eff:.3f}: trip {worst.trip}, stages {worst.stages}, "
              f"slots {worst.slots}, D={worst.depth})"
              + ("" if targeted else "; not a target at these tiles")
              + (f"; {short} rows whose slots hold fewer than two blocks' messages "
                 "are not targets" if short else ""))
        if targeted:
            misses += len(target) - len(met)
    effs = {r[:3]: r.eff for r in rows}
    odd = [(r, effs[(r.trip + 1, r.stages, r.slots)]) for r in rows
           if r.trip % 2 and (r.trip + 1, r.stages, r.slots) in effs]
    if odd:
        met = [r for r, even in odd if r.eff >= even - ODD_SLACK]
        worst, even = min(odd, key=lambda pair: pair[0].eff - pair[1])
        print(f"odd trips >= the next even trip's efficiency - {ODD_SLACK}: {len(met)} of "
              f"{len(odd)} rows (closest: trip {worst.trip} {worst.eff:.3f} vs "
              f"{even:.3f}, stages {worst.stages}, slots {worst.slots})")
        misses += len(odd) - len(met)
    return misses


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cost-model", help="JSON/TOML cost overrides")
    parser.add_argument("--trips", type=_ints, default=[4, 8, 9, 10, 16, 17, 18, 64])
    # Stages 3 request depth 2, as stages 2 do: not a row of their own.
    parser.add_argument("--stages", type=_ints, default=[2, 4])
    parser.add_argument("--slots", type=_ints, default=[2, 4])
    parser.add_argument("--extra", type=_triples, default=_triples("48:4:4,16:5:4,64:5:4"),
                        help="extra trip:stages:slots rows (default: depth 3 and 4)")
    parser.add_argument("--example", type=Path, action="append",
                        help="kernel pair to measure (repeatable; default: the seven examples)")
    args = parser.parse_args(argv)
    try:
        cost = load_cost_model(args.cost_model)
    except CostModelError as exc:
        parser.error(str(exc))
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
            failures += verdict(rows, example in ASCEND_SIZED,
                                COSKEW_TARGET if example in COSKEWED else TARGET)
            failures += auto_verdict(autos)
    print(f"\n{failures} failed checks; {time.perf_counter() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
