"""Schedule quality of pto-skew-cross-core on the flash-decode pair.

For each trip count, pipeline stage count and pipe slot count, the example
(examples/flash_decode_qk_pv.mlir) is rewritten through the bindings
(skew_mlir.sim.variants), simulated as written ("naive") and after the pass
("skewed"), and compared with the ideal bound of the skewed pair (max busy
core plus the fill/drain no schedule can hide; skew_mlir.sim.timing).
Every skewed variant is also differentially checked against the naive one.

    python benchmarks/schedule_quality.py [--cost-model FILE] [--trips 4,8,16,64]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from mlir import ir

import skew_mlir
from skew_mlir.sim.check import DEFAULT_PIPELINE, differential_check
from skew_mlir.sim.cost_model import load_cost_model
from skew_mlir.sim.loading import apply_pipeline, clone
from skew_mlir.sim.timing import timing
from skew_mlir.sim.variants import with_slots, with_stages, with_trip

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "flash_decode_qk_pv.mlir"


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cost-model", help="JSON/TOML cost overrides")
    parser.add_argument("--trips", type=_ints, default=[4, 8, 16, 64])
    parser.add_argument("--stages", type=_ints, default=[2, 3, 4])
    parser.add_argument("--slots", type=_ints, default=[2, 4])
    args = parser.parse_args(argv)
    cost = load_cost_model(args.cost_model)
    header = (f"{'trip':>4} {'stages':>6} {'slots':>5} | {'naive':>7} {'skewed':>7} "
              f"{'bound':>7} | {'speedup':>7} {'eff naive':>9} {'eff skewed':>10} | "
              f"{'cube busy':>9} {'vec busy':>8} | check")
    print(header)
    print("-" * len(header))
    failures = 0
    started = time.perf_counter()
    with skew_mlir.make_context():
        for trip in args.trips:
            for stages in args.stages:
                for slots in args.slots:
                    naive = ir.Module.parseFile(str(EXAMPLE))
                    with_trip(naive, trip)
                    with_stages(naive, stages)
                    with_slots(naive, slots)
                    skewed = clone(naive)
                    apply_pipeline(skewed, DEFAULT_PIPELINE)
                    report = differential_check(naive, skewed, cost=cost, seed=trip)
                    if not report.ok:
                        failures += 1
                        print(f"{trip:>4} {stages:>6} {slots:>5} | {report.verdict}")
                        continue
                    before, after = timing(report.before), timing(report.after)
                    bound = after.bound
                    cube, vec = after.cores
                    print(f"{trip:>4} {stages:>6} {slots:>5} | {before.total:>7} {after.total:>7} "
                          f"{bound:>7} | {before.total / after.total:>6.2f}x "
                          f"{bound / before.total:>9.3f} {bound / after.total:>10.3f} | "
                          f"{cube.busy:>9} {vec.busy:>8} | ok")
    print(f"\n{failures} failed checks; {time.perf_counter() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
