"""Time and memory of the tools on the bad-input corpus (test/robustness/).

Runs every corpus input, and scaled-up generated ones (10,000- and
100,000-op loop bodies, 50-, 200- and 3,000-deep nests, a 3,000-deep region
nest in a loop body, a result used 10,000 times, 1,000 functions), through

  skew    pto-opt --pto-skew-cross-core
  verify  pto-opt --pto-verify-fifo
  sim     pto-sim run            (inputs with a pto.core kernel)
  canon   mlir-opt --canonicalize (upstream, pto dialect from its IRDL file;
          the yardstick, on every input it parses)

Cost-model files of the corpus (`.json` / `.toml` sections) run as
`pto-sim run --cost-model` and `pto-skew-cross-core{depth=auto cost-model=}`
on the corpus pair beside them; the "after" files of check-against.test as
`pto-sim check BEFORE --against AFTER`.

and prints, per run, the exit code, wall time and peak RSS of the child
(os.wait4). A run that is killed by a signal or prints a Python traceback is
flagged CRASH; one that outlives --timeout is killed and flagged TIMEOUT.
The last lines give the bounds over all runs that finished; a case with a
time target (TARGETS) says whether it met it.

    python benchmarks/bad_inputs.py [--timeout 120] [--only SUBSTRING] [--no-sim]

Not a test: it prints a table (README / the robustness note quote it).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "test" / "robustness"
sys.path.insert(0, str(CORPUS / "Inputs"))
import gen  # noqa: E402  (the generator the lit tests use)

BIN = Path(sys.executable).parent

# Time bounds some cases must meet: (case, tool) -> seconds. The pair at
# pipeline_stages = 65 with 100 slots and a run-time trip took over 3
# minutes before the pair proof ran over every trip at once (issue 23).
TARGETS = {("stages65-slots100-pair.mlir", "skew"): 3.0}


def _paths() -> tuple[str, str]:
    """mlir-opt and the pto IRDL file, looked up in a child process: the MLIR
    bindings would make this process big, and a child's peak RSS starts at
    its parent's size at fork."""
    out = subprocess.run(
        [sys.executable, "-c", "from skew_mlir.dialect import irdl_path; "
         "from skew_mlir.tools.llvm_tools import tool_path; "
         "print(tool_path('mlir-opt')); print(irdl_path())"],
        check=True, capture_output=True, text=True).stdout.split("\n")
    return out[0], out[1]


MLIR_OPT, IRDL = _paths()

# Generated cases: (name, kind, sizes, with a vector kernel)
GENERATED = [
    ("nest-50", "nest", (50,), False),
    ("nest-200", "nest", (200,), False),
    ("nest-50-pair-trip1", "nest", (50, 1), True),
    ("nest-200-pair-trip1", "nest", (200, 1), True),
    ("nest-50-pair", "nest", (50,), True),
    ("nest-3000-pair", "nest", (3000,), True),
    ("nest-3000-pair-trip1", "nest", (3000, 1), True),
    ("regions-3000-pair", "regions", (3000,), True),
    ("ladder-50-pair", "ladder", (50,), True),
    ("body-10000-pair", "body", (10_000,), True),
    ("body-100000-pair", "body", (100_000,), True),
    ("uses-10000-pair", "uses", (10_000,), True),
    ("funcs-1000", "funcs", (1_000,), False),
    ("funcs-4000", "funcs", (4_000,), False),
    ("kernels-4000", "kernels", (4_000,), False),
]


# The runs a corpus file's section gets besides (or instead of) the tools,
# by its .test file: (name suffix, the tool, its arguments around the
# section's path; PAIR and BEFORE are the sections named so beside it).
SPECIAL = {
    "cost-models": [("sim", ["pto-sim", "run", "PAIR", "--cost-model", "{}"]),
                    ("skew", ["pto-opt", "PAIR",
                              "--pto-skew-cross-core=depth=auto cost-model={}"])],
    "check-against": [("check", ["pto-sim", "check", "BEFORE", "--against", "{}"])],
}


def corpus_files(workdir: Path) -> list[tuple[str, Path, bool]]:
    """(name, file, split) for every checked-in corpus input: the .mlir tests
    (run with --split-input-file) and the `#--- name` sections of the .test
    files."""
    cases = []
    for path in sorted(CORPUS.glob("*.mlir")):
        cases.append((path.name, path, "// -----" in path.read_text()))
    for path in sorted(CORPUS.glob("*.test")):
        sections = re.split(r"^#--- (\S+)\n", path.read_text(), flags=re.M)
        for name, text in zip(sections[1::2], sections[2::2]):
            out = workdir / f"{path.stem}-{name}"
            out.write_text(text)
            cases.append((f"{path.stem}/{name}", out, False))
    binary = workdir / "unparsable-binary.mlir"
    binary.write_bytes(b"\x00\xff\xfe garbage")
    empty = workdir / "empty.mlir"
    empty.write_text("")
    # The cost model cost-models.test makes in its RUN lines.
    (workdir / "cost-models-bytes.json").write_bytes(b'{"pipe_latency": "\xff\xfe"}')
    cases += [("unparsable/binary.mlir", binary, False), ("empty file", empty, False),
              ("cost-models/bytes.json", workdir / "cost-models-bytes.json", False)]
    return cases


def special_runs(name: str, path: Path) -> list[tuple[str, list[str]]] | None:
    """The runs of a section SPECIAL names (None: the usual tools)."""
    corpus, _, section = name.partition("/")
    if corpus not in SPECIAL or section in ("pair.mlir", "before.mlir"):
        return None
    if corpus == "cost-models" and not section.endswith((".json", ".toml")):
        return None
    beside = {"PAIR": str(path.with_name(f"{corpus}-pair.mlir")),
              "BEFORE": str(path.with_name(f"{corpus}-before.mlir"))}
    return [(tool, [str(BIN / argv[0])] + [beside.get(a, a.format(path)) for a in argv[1:]])
            for tool, argv in SPECIAL[corpus]]


def generated_files(workdir: Path) -> list[tuple[str, Path, bool]]:
    cases = []
    for name, kind, sizes, pair in GENERATED:
        out = workdir / f"{name}.mlir"
        out.write_text(gen.generate(kind, *sizes, pair=pair))
        cases.append((name, out, False))
    return cases


def run(cmd: list[str], timeout: float) -> tuple[str, float, float]:
    """(status, seconds, peak RSS in MiB) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    # stderr is small (diagnostics); read it in the background of the wait.
    err_chunks: list[bytes] = []
    os.set_blocking(proc.stderr.fileno(), False)
    while True:
        try:
            chunk = proc.stderr.read()
            if chunk:
                err_chunks.append(chunk)
        except BlockingIOError:
            pass
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - start > timeout:
            os.killpg(proc.pid, signal.SIGKILL)
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = -1
            return "TIMEOUT", time.perf_counter() - start, usage.ru_maxrss / 1024
        time.sleep(0.005)
    seconds = time.perf_counter() - start
    rest = proc.stderr.read()
    if rest:
        err_chunks.append(rest)
    stderr = b"".join(err_chunks).decode(errors="replace")
    if os.WIFSIGNALED(status):
        verdict = f"CRASH sig{os.WTERMSIG(status)}"
    elif "Traceback" in stderr:
        verdict = "CRASH traceback"
    else:
        verdict = f"exit {os.WEXITSTATUS(status)}"
    return verdict, seconds, usage.ru_maxrss / 1024


def tools(path: Path, split: bool, sim: bool) -> list[tuple[str, list[str]]]:
    opt, split_flag = str(BIN / "pto-opt"), ["--split-input-file"] if split else []
    cmds = [
        ("skew", [opt, str(path), *split_flag, "--pto-skew-cross-core"]),
        ("verify", [opt, str(path), *split_flag, "--pto-verify-fifo"]),
    ]
    try:
        text = path.read_text(errors="replace")
    except OSError:
        text = ""
    if sim and "pto.core" in text and not split:
        cmds.append(("sim", [str(BIN / "pto-sim"), "run", str(path)]))
    cmds.append(("canon", [MLIR_OPT, str(path), *split_flag, f"--irdl-file={IRDL}",
                           "--canonicalize"]))
    return cmds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds before a run is killed (default 120)")
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--no-sim", action="store_true", help="skip pto-sim")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        cases = corpus_files(workdir) + generated_files(workdir)
        if args.only:
            cases = [c for c in cases if args.only in c[0]]
        header = f"{'case':<44} {'tool':<7} {'result':<16} {'time s':>8} {'RSS MiB':>8}"
        print(header)
        print("-" * len(header))
        finished: dict[str, list[tuple[float, float, str]]] = {}
        problems = []
        for name, path, split in cases:
            runs = special_runs(name, path)
            for tool, cmd in runs if runs is not None else tools(path, split, not args.no_sim):
                verdict, seconds, rss = run(cmd, args.timeout)
                print(f"{name:<44} {tool:<7} {verdict:<16} {seconds:>8.2f} {rss:>8.0f}",
                      flush=True)
                bound = TARGETS.get((name, tool))
                if bound is not None:
                    print(f"  target: {name} {tool} under {bound:g} s: "
                          f"{'met' if seconds < bound else 'MISSED'} ({seconds:.2f} s)")
                    if seconds >= bound:
                        problems.append(f"{name} / {tool}: {seconds:.2f} s, target {bound:g} s")
                if verdict.startswith(("CRASH", "TIMEOUT")):
                    problems.append(f"{name} / {tool}: {verdict}")
                else:
                    finished.setdefault(tool, []).append((seconds, rss, name))
        print()
        for tool, runs in finished.items():
            slowest = max(runs)
            biggest = max(runs, key=lambda r: r[1])
            print(f"bound {tool:<7} over {len(runs):>3} runs: time <= {slowest[0]:.2f} s "
                  f"({slowest[2]}), RSS <= {biggest[1]:.0f} MiB ({biggest[2]})")
        for problem in problems:
            print(f"PROBLEM: {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
