"""Compile-time benchmark: pto-opt --pto-skew-cross-core vs upstream mlir-opt.

Generates modules with 100, 1,000 and 5,000 cross-core pipeline loops of two
kinds, then times, in the same run and on the same files,
`pto-opt --pto-skew-cross-core` and upstream `mlir-opt --canonicalize` (with
the pto dialect from its IRDL file):

- `pairs`: copies of the flash-decode kernel pair of
  examples/flash_decode_qk_pv.mlir, the workload the pass is for: each pair
  has a cube loop, which is skewed, and a vector loop, which is demoted;
- `cube`: the worst case for the pass, every loop skewed and its body as
  small as a round trip allows (a matmul feeding a push, a pop feeding an
  accumulating matmul), so the pass's per-loop cost is all there is.

Prints seconds, the ratio, and the cost per loop, which should stay flat if
the pass is linear; then the marginal cost per 1,000 loops between the
smallest and largest module, which leaves out each tool's fixed start-up
(Python and the MLIR bindings' import for pto-opt). `pass (s)` is the
pass's own time in pto-opt's `--mlir-timing` report of a run with
`--verify-each=0` (MLIR's verifier then checks the output inside the
printer instead, which every tool that prints IR pays), and `floor` the
ratio pto-opt would have if the pass took no time at all: start-up, parsing
the input, verifying and printing the (larger) output, over canonicalize's
whole run, from the same rounds (the best of each). `io` is the ratio
upstream mlir-opt itself needs to read the input and write the pass's
output, with no pass in between (its `--mlir-timing` Parser on the input
plus its Output on the output): the part of any target below which no
implementation of the pass can go, whatever language it is written in.

`--baseline OTHER/bin/pto-opt` times another install's pto-opt (a build
before a change, say) in the same rounds on the same files, and adds its
seconds and this install's time relative to it.

    python benchmarks/compile_time.py [--workloads pairs cube]
                                      [--sizes 100 1000 5000] [--repeat 3]
                                      [--baseline PTO_OPT]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

from skew_mlir.dialect import irdl_path
from skew_mlir.tools.llvm_tools import tool_path

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "flash_decode_qk_pv.mlir"
LOOPS_PER_FUNCTION = 10

LOOP = """\
    %r{i} = scf.for %j{i} = %c0 to %c8 step %c1 iter_args(%acc{i} = %init) -> (tensor<16x16xf32>) {{
      %row{i} = arith.muli %j{i}, %c16 : index
      %k{i} = tensor.extract_slice %k[%row{i}, 0] [16, 16] [1, 1] : tensor<128x16xf32> to tensor<16x16xf32>
      %s{i} = linalg.matmul ins(%q, %k{i} : tensor<16x16xf32>, tensor<16x16xf32>) outs(%init : tensor<16x16xf32>) -> tensor<16x16xf32>
      "pto.tpush_to_aiv"(%s{i}) : (tensor<16x16xf32>) -> ()
      %p{i} = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
      %v{i} = tensor.extract_slice %v[%row{i}, 0] [16, 16] [1, 1] : tensor<128x16xf32> to tensor<16x16xf32>
      %o{i} = linalg.matmul ins(%p{i}, %v{i} : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc{i} : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %o{i} : tensor<16x16xf32>
    }} {{pto.pipeline_stages = 2 : i64}}
"""


def generate_pairs(loops: int) -> str:
    """loops / 2 copies of the example's kernel pair, each in a module of its
    own (the pass proves each module's pair), symbols renamed apart."""
    text = EXAMPLE.read_text()
    body = text[text.index("module {") + len("module {"):text.rindex("}")]
    return "module {" + "".join(
        "module {" + re.sub(r"@(\w+)", lambda m, n=n: f"@{m.group(1)}_{n}", body) + "}\n"
        for n in range(loops // 2)) + "}\n"


def generate(loops: int) -> str:
    """The `cube` workload: every loop skewed, ten to a function."""
    functions = []
    for f in range(loops // LOOPS_PER_FUNCTION):
        body = "".join(LOOP.format(i=i) for i in range(LOOPS_PER_FUNCTION))
        functions.append(f"""\
  func.func @cube{f}(%q: tensor<16x16xf32>, %k: tensor<128x16xf32>, %v: tensor<128x16xf32>, %init: tensor<16x16xf32>) attributes {{pto.core = "aic"}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
{body}    return
  }}
""")
    return "module {\n" + "".join(functions) + "}\n"


def best_times(commands: list[list[str]], repeat: int) -> list[float]:
    """Best wall time of each command over `repeat` rounds; the commands take
    turns within a round, so a noisy machine slows both sides alike."""
    best = [float("inf")] * len(commands)
    for _ in range(repeat):
        for i, cmd in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def pass_times(command: list[str], repeat: int) -> tuple[float, float]:
    """Best wall time of `command` run with --mlir-timing, and the best time
    its report gives the pass (SkewCrossCorePipeline) over `repeat` runs.
    The verifier after the pass is off: its report would count verifying
    the output, a cost of the output's size that any tool printing it pays
    (the printer verifies instead), as the pass's."""
    wall = in_pass = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        report = subprocess.run(command + ["--mlir-timing", "--verify-each=0"], check=True,
                                text=True, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE).stderr
        wall = min(wall, time.perf_counter() - start)
        found = re.search(r"^\s*([\d.]+) \(\s*[\d.]+%\)\s+SkewCrossCorePipeline$",
                          report, re.M)
        if found is None:
            raise RuntimeError(f"no time for the pass in the --mlir-timing report:\n{report}")
        in_pass = min(in_pass, float(found.group(1)))
    return wall, in_pass


def phase_times(command: list[str], repeat: int) -> dict[str, float]:
    """The best time of each top-level phase (Parser, Output, a pass) in the
    `--mlir-timing` reports of `command` over `repeat` runs."""
    best: dict[str, float] = {}
    for _ in range(repeat):
        report = subprocess.run(command + ["--mlir-timing"], check=True, text=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).stderr
        for seconds, name in re.findall(r"^\s*([\d.]+) \(\s*[\d.]+%\)\s{2}(\S+)$",
                                        report, re.M):
            best[name] = min(best.get(name, float("inf")), float(seconds))
    return best


def io_floor(mlir_opt: str, pto_opt: str, path: str, repeat: int) -> float:
    """Upstream mlir-opt's time to parse `path` plus its time to print the
    pass's output of it (the io column)."""
    output = path + ".skewed.mlir"
    subprocess.run([pto_opt, path, "--pto-skew-cross-core", "-o", output], check=True)
    dialect = f"--irdl-file={irdl_path()}"
    parse = phase_times([mlir_opt, dialect, path, "-o", os.devnull], repeat)["Parser"]
    write = phase_times([mlir_opt, dialect, output, "-o", os.devnull], repeat)["Output"]
    return parse + write


WORKLOADS = {"pairs": generate_pairs, "cube": generate}


def measure(workload: str, sizes: list[int], repeat: int, tmp: str,
            baseline: str | None) -> None:
    pto_opt = os.path.join(os.path.dirname(sys.executable), "pto-opt")
    mlir_opt = tool_path("mlir-opt")
    print(f"{workload}:")
    print(f"{'loops':>6} {'pto-opt skew (s)':>17} {'mlir-opt canon (s)':>19} "
          f"{'ratio':>6} {'us/loop':>8} {'pass (s)':>9} {'floor':>6} {'io':>5}"
          + (f" {'baseline (s)':>13} {'vs base':>8}" if baseline else ""))
    times = {}
    for loops in sizes:
        path = os.path.join(tmp, f"{workload}{loops}.mlir")
        with open(path, "w") as f:
            f.write(WORKLOADS[workload](loops))
        tools = [pto_opt, path, "--pto-skew-cross-core"], \
            [mlir_opt, f"--irdl-file={irdl_path()}", path, "--canonicalize"]
        if baseline:
            tools += [baseline, path, "--pto-skew-cross-core"],
        times[loops] = best = best_times(list(tools), repeat)
        skew, canon = best[:2]
        wall, in_pass = pass_times(tools[0], repeat)
        io = io_floor(mlir_opt, pto_opt, path, repeat)
        print(f"{loops:>6} {skew:>17.3f} {canon:>19.3f} {skew / canon:>6.2f} "
              f"{skew / loops * 1e6:>8.0f} {in_pass:>9.3f} {(wall - in_pass) / canon:>6.2f} "
              f"{io / canon:>5.2f}"
              + (f" {best[2]:>13.3f} {skew / best[2]:>8.3f}" if baseline else ""))
    small, large = min(times), max(times)
    if large > small:
        per = 1000 / (large - small)
        skew, canon, *base = ((new - old) * per
                              for new, old in zip(times[large], times[small]))
        print(f"marginal cost per 1000 loops ({small} -> {large}): pto-opt "
              f"{skew:.3f} s, mlir-opt {canon:.3f} s, ratio {skew / canon:.2f}"
              + (f"; baseline {base[0]:.3f} s, vs base {skew / base[0]:.3f}"
                 if base else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workloads", nargs="+", choices=sorted(WORKLOADS),
                        default=["pairs", "cube"])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", metavar="PTO_OPT",
                        help="another install's pto-opt, timed in the same rounds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for i, workload in enumerate(args.workloads):
            if i:
                print()
            measure(workload, args.sizes, args.repeat, tmp, args.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
