"""Compile time and run time of the two executors on every example, in one run.

    python benchmarks/jit_vs_interpreter.py [--repeat 5] [FILES...]

For each example (default: examples/*.mlir, the tile-IR pairs included) and
the pair after the pass:
the interpreter's run (skew_mlir.sim.simulate, which also models cycles)
and the JIT's compile (lowering + ExecutionEngine, skew_mlir.jit.engine
.Compiled) and run (threads joined by the native FIFOs), both in this
process, each the best of --repeat; time per message is the run time over
the messages the pair moves. The ratio is interpreter run / JIT run.
`pto-sim run --jit` adds a child process (about a second to start Python
and MLIR) on top of these figures.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

from mlir import ir

import skew_mlir
from skew_mlir.jit.engine import Compiled
from skew_mlir.sim import simulate
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.loading import apply_pipeline

ROOT = pathlib.Path(__file__).resolve().parents[1]


def best(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    files = args.files or sorted(str(p) for p in (ROOT / "examples").glob("*.mlir"))
    print(f"{'example':48} {'msgs':>5} {'interp run':>11} {'jit compile':>12} "
          f"{'jit run':>9} {'interp/msg':>11} {'jit/msg':>9} {'ratio':>7}")
    for path in files:
        for label in ("", " (after)"):
            with skew_mlir.make_context():
                module = ir.Module.parseFile(path)
                if label:
                    apply_pipeline(module, "builtin.module(pto-skew-cross-core)")
                pair = find_pair(module)
                inputs = make_inputs(module, pair, 0)
                interp = best(args.repeat, lambda: simulate(module, inputs=make_inputs(
                    module, pair, 0)))
                compile_s = best(args.repeat, lambda: Compiled(module, pair))
                compiled = Compiled(module, pair)
                result = compiled.run(inputs)
                run_s = best(args.repeat, lambda: compiled.run(make_inputs(module, pair, 0)))
            messages = sum(len(m) for m in result.pipes.values())
            name = pathlib.Path(path).name + label
            per = max(messages, 1)
            print(f"{name:48} {messages:5d} {interp * 1e3:9.1f}ms {compile_s * 1e3:10.1f}ms "
                  f"{run_s * 1e3:7.2f}ms {interp / per * 1e6:9.0f}us {run_s / per * 1e6:7.1f}us "
                  f"{interp / run_s:6.0f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
