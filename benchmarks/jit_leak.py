"""Memory of repeated JIT runs of one pair: no leak across runs.

    python benchmarks/jit_leak.py [--runs 1000] [FILE]

Compiles the pair once (skew_mlir.jit.engine.Compiled, in this process)
and runs it --runs times on fresh seeded inputs, measuring the resident set
after a warm-up tenth of the runs and at the end. Every allocation the
compiled kernels make goes to the run's arena (freed when the run ends),
pipe messages and traces are the run's, so the growth per run must be
about zero. Prints the figures; exit 1 when the growth passes --max-kib-per-run.
"""

from __future__ import annotations

import argparse
import gc
import pathlib
import sys

import psutil
from mlir import ir

import skew_mlir
from skew_mlir.jit.engine import Compiled
from skew_mlir.sim.kernels import find_pair, make_inputs

ROOT = pathlib.Path(__file__).resolve().parents[1]


def measure(path: str, runs: int) -> tuple[float, float, int]:
    """(RSS MiB after the warm-up, RSS MiB at the end, messages per run)."""
    process = psutil.Process()
    with skew_mlir.make_context():
        module = ir.Module.parseFile(path)
        pair = find_pair(module)
        compiled = Compiled(module, pair)
        warm = max(1, runs // 10)
        messages = 0
        for i in range(runs):
            result = compiled.run(make_inputs(module, pair, i))
            messages = sum(len(m) for m in result.pipes.values())
            del result
            if i + 1 == warm:
                gc.collect()
                start = process.memory_info().rss
        gc.collect()
        end = process.memory_info().rss
    return start / 2**20, end / 2**20, messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=str(ROOT / "examples" / "flash_attention_exact.mlir"))
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--max-kib-per-run", type=float, default=1.0)
    args = parser.parse_args(argv)
    start, end, messages = measure(args.file, args.runs)
    steady = args.runs - max(1, args.runs // 10)
    per_run = (end - start) * 1024 / max(1, steady)
    print(f"{args.file}: {args.runs} runs of {messages} messages each; RSS {start:.1f} MiB "
          f"after the warm-up, {end:.1f} MiB after the last run: {per_run:+.3f} KiB per run")
    return 0 if per_run <= args.max_kib_per_run else 1


if __name__ == "__main__":
    sys.exit(main())
