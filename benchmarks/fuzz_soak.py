"""Long random runs of the pto-skew-cross-core properties (the soak of
test/fuzz/test_properties.py).

    PYTHONPATH=test/lib python benchmarks/fuzz_soak.py --cases 2000 [--seed S] [--minutes M]
        [--anchor module|func|both] [--no-exchange]

Case i is the random pair skew_testing.random_pairs.random_pair (test/lib)(S + i)
(S: --seed, else a fresh random seed, printed), checked with
skew_testing.properties.check_pair: naive pair verifies and passes
pto-verify-fifo, the pass raises nothing, output verifies, no cross-core loop
keeps pto.pipeline_stages, pto-verify-fifo accepts the output, every pop
receives the message (push site, iteration) it received before (on the FIFO
model, docs/message-identity.md), the simulator
gives bitwise identical outputs and per-pipe traces with no deadlock (not
for a pair with an IV wider than 64 bits, random_pairs.wide_loops: the
simulator has no such integers, the verifier's checks and the JIT's runs
stand for it), and a second run changes nothing; every 10th case
(`--jit-every N`) also runs as machine code (skew_mlir.jit: before and
after bitwise, the interpreter within tolerance), and the summary says how
many cases the JIT checked.
The pass runs at the module anchor (it proves
each planned pair), under func.func (`--anchor func`), or at either, drawn
per case (`--anchor both`, the default). Three cases in ten run the pass with options
(fifo-depth, tag-membership) and canonicalize / cse around it. Each failing case runs
again; a failure it repeats is shrunk (greedily, on the pair's spec, keeping the failing
property), one it does not is reported as not repeated (a wall-clock limit run out under
load, say) and kept whole, and either is written as a reproducer
OUT/fuzz-<seed>-<property>.mlir; `--replay SEED` re-runs one case. Should
the process abort, OUT/current-seed names the case it was running.

Every fifth case also checks the tile-IR pair of its seed
(skew_testing.random_tile_pairs; failures are reported as `tile-<property>`
and written unshrunk as OUT/fuzz-<seed>-tile-<property>.mlir); the JIT
checks the same share of these (every `--jit-every`th tile case) whose
vector op chain lets the two executors agree within their f32 tolerance
(random_tile_pairs.executors_comparable).

Pairs in which both cores push before they pop are included;
`--no-exchange` leaves them out. Needs the test extras (`pip install
'.[test]'`) only for the test file; this script itself needs nothing beyond
the package.
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import pathlib
import random
import sys
import time
import traceback

try:
    from skew_testing.properties import (
        ANCHORS, STAGES, PropertyFailure, check_pair, skew_pipeline, verify_fifo_registered,
    )
    from skew_testing.random_pairs import (
        Config, launch_args, narrow_loops, nested_table, random_pair, render, shrink,
        steps_past_type_top, wide_loops,
    )
    from skew_testing.random_tile_pairs import (executors_comparable, random_tile_pair,
                                                render_tile)
except ModuleNotFoundError as exc:
    if exc.name != "skew_testing":
        raise
    sys.exit("fuzz_soak.py: the random pair generator is in test/lib: run it as "
             "PYTHONPATH=test/lib python benchmarks/fuzz_soak.py ...")

# The pipelines that run the pass with no neighbouring pass, at each anchor,
# for top-level and nested kernels.
PASS_ALONE = {skew_pipeline(anchor=anchor, nested=nested)
              for anchor in ANCHORS for nested in ("", "builtin.module", "gpu.module")}


def pipeline_of(spec, seed: int, anchor: str = "both") -> str:
    """The pipeline case `seed` runs at `anchor` ("module", "func" or
    "both": either, drawn from the seed): the pass alone (7 cases in 10,
    and every pair with narrow_loops), else with a fifo-depth option (at most the declared slots),
    tag-membership and canonicalize / cse around it, all drawn from the
    seed."""
    rng = random.Random(seed * 2654435761 % (1 << 64))
    if anchor == "both":
        anchor = rng.choice(ANCHORS)
    nested = nested_table(spec)
    # Upstream canonicalize miscompiles the long i8 loops (narrow_loops).
    if rng.random() < 0.7 or narrow_loops(spec):
        return skew_pipeline(anchor=anchor, nested=nested)
    return skew_pipeline(min(rng.randint(1, 8), spec.slots), rng.random() < 0.5,
                         rng.choice(["", "canonicalize", "cse", "canonicalize, cse"]),
                         rng.choice(["", "cse", "canonicalize"]), anchor, nested)


def run_case(spec, seed: int, verify_fifo: bool, anchor: str = "both", jit: bool = False,
             jit_verdicts: list | None = None) -> tuple[str, str] | None:
    """None when every property holds, else (property, message). `jit`
    runs the JIT oracle too; its verdict line goes to `jit_verdicts`."""
    pipeline = pipeline_of(spec, seed, anchor)
    try:
        folds = "canonicalize" in pipeline
        verdict = check_pair(render(spec), seed=seed, verify_fifo=verify_fifo,
                             pipeline=pipeline, same_core_kept=pipeline in PASS_ALONE,
                             tolerance=1e-6 if folds else None, launches=launch_args(spec),
                             jit=jit, simulate=not wide_loops(spec))
        if jit and jit_verdicts is not None:
            jit_verdicts.append(verdict.splitlines()[-1])
    except PropertyFailure as failure:
        return failure.stage, failure.message
    except Exception:  # noqa: BLE001 - a crash of the harness or generator is a failure too
        return "harness", traceback.format_exc()
    return None


def run_tile_case(spec, seed: int, verify_fifo: bool, jit: bool = False,
                  jit_verdicts: list | None = None) -> tuple[str, str] | None:
    """run_case for the tile-IR pair `spec` of `seed` (the pass alone)."""
    try:
        verdict = check_pair(render_tile(spec), seed=seed, verify_fifo=verify_fifo, jit=jit)
        if jit and jit_verdicts is not None:
            jit_verdicts.append(verdict.splitlines()[-1])
    except PropertyFailure as failure:
        return f"tile-{failure.stage}", failure.message
    except Exception:  # noqa: BLE001
        return "tile-harness", traceback.format_exc()
    return None


def jit_summary(every: int, verdicts: list[str], given: int, tiles: int, failed: int) -> str:
    """The soak's line on the JIT oracle: how many cases it checked, or that
    it was off."""
    if not every:
        return "JIT oracle: off (--jit-every 0): no case ran as machine code"
    share = "every case" if every == 1 else f"every {every}{_ordinal(every)} case"
    checked = sum(v.startswith("PASS (jit)") for v in verdicts)
    unsupported = sum(v.startswith("UNSUPPORTED (jit)") for v in verdicts)
    return (f"JIT oracle: checked {checked} cases of the {given} it was given ({share}, "
            f"{tiles} of them tile IR): {unsupported} it cannot compile, {failed} failed")


def _ordinal(n: int) -> str:
    if n % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000, help="number of cases (default 2000)")
    parser.add_argument("--seed", type=int, help="seed of case 0 (default: random)")
    parser.add_argument("--minutes", type=float, help="stop after this many minutes")
    parser.add_argument("--out", default="fuzz-failures",
                        help="directory for reproducers (default ./fuzz-failures)")
    parser.add_argument("--no-exchange", dest="exchange", action="store_false",
                        help="leave out pairs where both cores push first")
    parser.add_argument("--anchor", choices=("module", "func", "both"), default="both",
                        help="where the pass runs: the module, under func.func, or "
                             "either per case (default)")
    parser.add_argument("--shrink-budget", type=int, default=300,
                        help="property checks spent shrinking one failure (0: no shrinking)")
    parser.add_argument("--max-shrunk", type=int, default=3,
                        help="failures shrunk per property; later ones keep their full spec")
    parser.add_argument("--jit-every", type=int, default=10, metavar="N",
                        help="run the JIT executor as a second oracle on every N-th case "
                             "(default 10; 0: never)")
    parser.add_argument("--replay", type=int, metavar="SEED",
                        help="run the one case of this seed and print its pair")
    args = parser.parse_args(argv)
    if args.jit_every < 0:
        parser.error(f"--jit-every takes 0 (never) or a positive N, got {args.jit_every}")

    config = Config(exchange=args.exchange)
    verify_fifo = verify_fifo_registered()
    if not verify_fifo:
        print("note: pto-verify-fifo is not registered; its two checks are skipped")

    if args.replay is not None:
        spec = random_pair(args.replay, config)
        print(render(spec))
        print(f"// pipeline: {pipeline_of(spec, args.replay, args.anchor)}")
        outcome = run_case(spec, args.replay, verify_fifo, args.anchor,
                           jit=not steps_past_type_top(spec))
        print("PASS" if outcome is None else f"FAIL [{outcome[0]}] {outcome[1]}")
        return 0 if outcome is None else 1

    base = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # An abort (not an exception) ends the process: the seed of the case that
    # was running is then in this file, and faulthandler prints the stack.
    current = out / "current-seed"
    faulthandler.enable()
    print(f"fuzz soak: up to {args.cases} cases from seed {base}"
          + (f", at most {args.minutes:g} min" if args.minutes else "")
          + f", anchor {args.anchor}" + ("" if args.exchange else ", no exchange pairs"),
          flush=True)
    start = time.monotonic()
    deadline = start + 60 * args.minutes if args.minutes else None
    ran = 0
    jit_verdicts: list[str] = []
    jit_given = tile_given = 0
    failures: list[tuple[int, str, str, pathlib.Path | None]] = []
    shrunk = collections.Counter()
    last_report = start
    for i in range(args.cases):
        if deadline is not None and time.monotonic() >= deadline:
            break
        seed = base + i
        current.write_text(f"{seed}\n")
        spec = random_pair(seed, config)
        jit = (bool(args.jit_every) and i % args.jit_every == 0
               and not steps_past_type_top(spec))
        jit_given += jit
        outcome = run_case(spec, seed, verify_fifo, args.anchor, jit, jit_verdicts)
        ran += 1
        if outcome is not None:
            stage, message = outcome
            path = None
            # A failure the case does not repeat comes from the machine (a
            # wall-clock limit run out under load, or the soak paused), not
            # from the pair: it still counts, but shrinking would only wander
            # to whatever else fails at that stage.
            repeats = run_case(spec, seed, verify_fifo, args.anchor, jit) is not None
            if not repeats:
                first, _, rest = message.partition("\n")
                message = f"{first} (not repeated when the case ran again)\n{rest}".rstrip()
            if shrunk[stage] < args.max_shrunk:
                shrunk[stage] += 1
                if args.shrink_budget and repeats:
                    def same_failure(s, seed=seed, stage=stage):
                        return (run_case(s, seed, verify_fifo, args.anchor, jit)
                                or ("",))[0] == stage
                    spec = shrink(spec, same_failure, args.shrink_budget)
                    message = (run_case(spec, seed, verify_fifo, args.anchor, jit)
                               or ("", message))[1]
                path = out / f"fuzz-{seed}-{stage}.mlir"
                comment = "\n".join("// " + line for line in
                                    [f"fuzz_soak.py seed {seed}: property '{stage}' fails",
                                     f"replay the unshrunk case: python benchmarks/fuzz_soak.py "
                                     f"--replay {seed} --anchor {args.anchor}"
                                     + ("" if args.exchange else " --no-exchange"),
                                     f"pipeline: {pipeline_of(spec, seed, args.anchor)}",
                                     *message.splitlines()[:12]])
                path.write_text(comment + "\n" + render(spec))
            failures.append((seed, stage, message.splitlines()[0] if message else "", path))
            print(f"FAIL seed {seed} [{stage}] {failures[-1][2][:160]}"
                  + (f" -> {path}" if path else ""), flush=True)
        if i % 5 == 4:
            # The JIT takes the same share of the tile-IR cases.
            tile = random_tile_pair(seed)
            tile_jit = (bool(args.jit_every) and (i // 5) % args.jit_every == 0
                        and executors_comparable(tile))
            jit_given += tile_jit
            tile_given += tile_jit
            outcome = run_tile_case(tile, seed, verify_fifo, tile_jit, jit_verdicts)
            if outcome is not None:
                stage, message = outcome
                path = out / f"fuzz-{seed}-{stage}.mlir"
                path.write_text("\n".join("// " + line for line in message.splitlines()[:12])
                                + "\n" + render_tile(tile))
                failures.append((seed, stage, message.splitlines()[0] if message else "", path))
                print(f"FAIL seed {seed} [{stage}] {failures[-1][2][:160]} -> {path}", flush=True)
        now = time.monotonic()
        if now - last_report >= 30:
            last_report = now
            print(f"  {ran} cases, {len(failures)} failed, {now - start:.0f} s", flush=True)

    current.unlink(missing_ok=True)
    elapsed = time.monotonic() - start
    by_stage = collections.Counter(stage for _, stage, _, _ in failures)
    print(f"ran {ran} cases in {elapsed:.0f} s ({ran / max(elapsed, 1e-9):.1f}/s), "
          f"{len(failures)} failed" + (": " + ", ".join(f"{s} {by_stage[s]}"
                                                         for s in (*STAGES, "harness",
                                                                   *(f"tile-{t}" for t in
                                                                     (*STAGES, "harness")))
                                                         if by_stage[s]) if failures else ""))
    print(jit_summary(args.jit_every, jit_verdicts, jit_given, tile_given,
                      by_stage["jit"] + by_stage["tile-jit"]))
    for seed, stage, first, path in failures:
        print(f"  seed {seed} [{stage}] {first[:200]}" + (f"\n    reproducer: {path}" if path
                                                          else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
