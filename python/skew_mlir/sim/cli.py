"""pto-sim: run a cube/vector kernel pair, or check a pass pipeline on it.

  pto-sim run FILE [--pass-pipeline P] [--timeline out.png] [--arg I=VALUE ...]
              [--jit] [--save out.npz] [options]
  pto-sim check FILE [--pass-pipeline P | --against AFTER.mlir]
                [--timeline pair.png] [--rtol R --atol A] [--jit] [options]

check first proves on the FIFO model that every pop of the transformed pair
receives the message (push site, iteration) it receives in FILE (a static
phase: FAIL (static) and no run when it does not), then runs both.

--jit runs the kernels as machine code (skew_mlir.jit: MLIR's ExecutionEngine,
one thread per core) instead of interpreting them; check --jit also runs the
interpreter and requires the two executors to agree within a tolerance.

Exit code 0 on success (check: PASS), 1 otherwise. Problems are reported as
one clean message (a deadlock as its multi-line report), never a traceback.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import threading

import numpy as np

from .. import dialect as pto
from ..fifo_model import MAX_SLOTS
from ..op_costs import CostModelError, load_cost_model
from .check import DEFAULT_PIPELINE, default_pipeline, differential_check, slot_mismatch
from ..diagnostics import site_name
from ..verify.against import check_against
from .errors import SimError, StepLimitExceeded, UnsupportedOp
from .interpreter import RECURSION_LIMIT
from .kernels import find_pair, make_inputs, pair_module
from .loading import apply_pipeline, clone, load_module
from .outputs import copy_inputs, save, summary
from .races import DataRace
from .scheduler import DEFAULT_MAX_PIPE_BYTES, DEFAULT_MAX_SECONDS, DEFAULT_MAX_STEPS, simulate
from .timing import timing
from .values import DEFAULT_MAX_VALUE_BYTES, mlir_name


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise SimError(f"{message}\n{self.format_usage().strip()}")


def _given(text: str) -> tuple[int, str]:
    index, eq, value = text.partition("=")
    if not eq or not index.isdigit() or not value:
        raise argparse.ArgumentTypeError(f"expected I=VALUE (argument number, value), got '{text}'")
    return int(index), value


def _slots(text: str) -> int:
    slots = int(text) if text.lstrip("-").isdigit() else None
    if slots is None or not 1 <= slots <= MAX_SLOTS:
        raise argparse.ArgumentTypeError(
            f"expected a slot count from 1 to {MAX_SLOTS}, got '{text}'")
    return slots


def _seed(text: str) -> int:
    # numpy seeds are integers >= 0.
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a seed >= 0, got '{text}'")
    return int(text)


def _finite(what: str):
    """An argparse type: a finite number of `what` >= 0."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        # NaN fails too: it disabled the time limit, and made any tolerance
        # pass, as infinity did.
        if not 0 <= value < math.inf:
            raise argparse.ArgumentTypeError(f"expected a finite {what} >= 0, got '{text}'")
        return value
    return parse


# Byte limits reach the JIT's FIFO runtime as unsigned 64-bit byte counts.
MAX_MIB = ((1 << 64) - 1) >> 20


def _require_plotting() -> None:
    """--timeline fails before any simulation when it could not be drawn."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise SimError("--timeline needs matplotlib, which comes with the 'plot' "
                       "extra: pip install 'skew-mlir[plot]'") from None


def _timeline(text: str) -> str:
    """--timeline's file, checked before any simulation: drawing it at the
    end needs matplotlib, a format it draws and a directory to write in."""
    _require_plotting()
    from .timeline import unwritable
    problem = unwritable(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def _whole(what: str, maximum: int | None = None):
    """An argparse type: a whole number of `what`, at most `maximum`."""
    bound = ">= 0" if maximum is None else f"from 0 to {maximum}"

    def parse(text: str) -> int:
        value = int(text) if text.isdigit() else None
        if value is None or maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(
                f"expected a number of {what} {bound}, got '{text}'")
        return value
    return parse


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("file", help="MLIR file holding the kernel pair")
    common.add_argument("--cube", help="cube kernel (default: the cube kernel, pto.core = "
                        "\"aic\" or pto.kernel_kind, that a pto.entry function calls, "
                        "else the one the module has)")
    common.add_argument("--vector", help="vector kernel (default: as for --cube, the "
                        "vector one)")
    common.add_argument("--fifo-depth", type=_slots, metavar="N",
                        help="slots of each pipe no initialise op declares (default: "
                        "module pto.fifo_depth, else 4); check runs the pass with "
                        "fifo-depth=N too")
    common.add_argument("--cost-model", metavar="FILE", help="JSON or TOML cost overrides")
    common.add_argument("--seed", type=_seed, default=0, help="seed of the random inputs")
    common.add_argument("--arg", action="append", default=[], type=_given, metavar="I=VALUE",
                        help="give scalar launch argument #I (of both kernels where "
                        "scalar; with a pto.entry, the entry's argument #I) this value "
                        "instead of a random one; repeatable")
    common.add_argument("--max-steps", type=_whole("ops"), default=DEFAULT_MAX_STEPS,
                        metavar="N",
                        help="refuse to execute more than N ops per core")
    common.add_argument("--max-pipe-mib", type=_whole("MiB", MAX_MIB),
                        default=DEFAULT_MAX_PIPE_BYTES >> 20,
                        metavar="N", help="refuse to keep more than N MiB of pipe messages "
                        "(data and bookkeeping) per run")
    common.add_argument("--max-seconds", type=_finite("number of seconds"),
                        default=DEFAULT_MAX_SECONDS, metavar="S",
                        help="stop a run that takes longer than S seconds (with --jit: "
                             "counted from the start of the kernels' run)")
    common.add_argument("--max-value-mib", type=_whole("MiB", MAX_MIB),
                        default=DEFAULT_MAX_VALUE_BYTES >> 20,
                        metavar="N", help="refuse a value (kernel argument, op result) "
                        "of more than N MiB")
    common.add_argument("--timeline", type=_timeline, metavar="OUT",
                        help="write a timeline picture (.png/.svg/.pdf; needs the 'plot' "
                        "extra: pip install 'skew-mlir[plot]')")
    common.add_argument("--jit", action="store_true",
                        help="run the kernels compiled by MLIR's ExecutionEngine, one thread "
                        "per core (check: before vs after bitwise, and the interpreter "
                        "within tolerance)")

    parser = _Parser(prog="pto-sim", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    run = sub.add_parser("run", parents=[common], help="simulate the pair, report cycles")
    run.add_argument("--pass-pipeline", metavar="P", help="apply this pipeline first")
    run.add_argument("--print-outputs", action="store_true",
                     help="print the kernels' results and the memories they wrote (memref "
                          "arguments, global memories)")
    run.add_argument("--save", metavar="OUT.npz", help="save the outputs and the inputs used")
    check = sub.add_parser("check", parents=[common],
                           help="compare the pair before and after a pipeline")
    which = check.add_mutually_exclusive_group()
    which.add_argument("--pass-pipeline", metavar="P",
                       help=f"pipeline to check (default: {DEFAULT_PIPELINE}, with "
                       "fifo-depth=N under --fifo-depth N); a pto-skew-cross-core in it "
                       "planning for another slot count than simulated is noted")
    which.add_argument("--against", metavar="AFTER",
                       help="compare with this already transformed file instead")
    check.add_argument("--rtol", type=_finite("tolerance"),
                       help="compare with a tolerance instead of bitwise")
    check.add_argument("--atol", type=_finite("tolerance"),
                       help="compare with a tolerance instead of bitwise")
    return parser


def _run(args) -> int:
    module = load_module(args.file)
    if args.pass_pipeline:
        apply_pipeline(module, args.pass_pipeline)
    pair = find_pair(module, args.cube, args.vector)
    inputs = make_inputs(module, pair, args.seed, dict(args.arg), args.max_value_mib << 20)
    if args.jit:
        return _run_jit(args, module, pair, inputs)
    result = simulate(module, cube=args.cube, vector=args.vector, seed=args.seed,
                      inputs=copy_inputs(inputs),
                      fifo_depth=args.fifo_depth, cost=load_cost_model(args.cost_model),
                      max_steps=args.max_steps, max_pipe_bytes=args.max_pipe_mib << 20,
                      max_seconds=args.max_seconds, max_value_bytes=args.max_value_mib << 20)
    pipes = ", ".join(f"{p.name}: {len(p.messages)} messages, {p.slots} slots"
                      for p in result.pipes.values()) or "no messages"
    blocks = "" if result.subblocks == 1 else f"; {result.subblocks} vector sub-blocks"
    print(f"{args.file}: {pipes}{blocks}")
    print("\n".join(timing(result).lines()))
    _outputs(args, pair, inputs, result.outputs)
    if args.timeline:
        from .timeline import draw
        print(f"timeline: {draw(result, args.timeline, title=args.file)}")
    return 0


def _run_jit(args, module, pair, inputs) -> int:
    from .. import jit
    if args.timeline:
        raise SimError("--timeline needs the interpreter's cycles: drop --jit")
    # Real threads make a racy input's result a matter of timing: the
    # interpreter's race detector runs first (DataRace ends the run).
    wrong = None
    try:
        simulate(module, cube=args.cube, vector=args.vector, inputs=copy_inputs(inputs),
                 fifo_depth=args.fifo_depth, max_steps=args.max_steps,
                 max_pipe_bytes=args.max_pipe_mib << 20, max_seconds=args.max_seconds,
                 max_value_bytes=args.max_value_mib << 20)
    except DataRace:
        raise
    except (UnsupportedOp, StepLimitExceeded) as exc:
        # An op it lacks, or a run past its limits, is no verdict on the
        # program: the JIT's run decides.
        first = str(exc).partition("\n")[0]
        print(f"note: no race check: the interpreter cannot run the pair: {first}")
    except SimError as exc:
        # The program's error (a deadlock, undefined behaviour): the JIT's
        # run reports it its own way, or, running on, is no result.
        wrong = exc
    result = jit.run(module, pair, copy_inputs(inputs), fifo_depth=args.fifo_depth,
                     max_pipe_bytes=args.max_pipe_mib << 20,
                     max_value_bytes=args.max_value_mib << 20, timeout=args.max_seconds)
    if wrong is not None:
        raise wrong
    pipes = ", ".join(f"{p}: {len(m)} messages, {result.slots[p]} slots"
                      for p, m in result.pipes.items()) or "no messages"
    blocks = "" if result.subblocks == 1 else f"; {result.subblocks} vector sub-blocks"
    print(f"{args.file} (jit): {pipes}{blocks}")
    print(f"compile {result.compile_seconds:.3f} s, run {result.run_seconds * 1e3:.3f} ms")
    _outputs(args, pair, inputs, result.outputs)
    return 0


def _outputs(args, pair, inputs, outputs) -> None:
    print("outputs:")
    print("\n".join(summary(outputs, pair.functions())) or "  none")
    if args.print_outputs:
        for role, values in outputs.items():
            for i, value in enumerate(values):
                value = np.asarray(value)
                shape = "x".join(map(str, value.shape)) or "scalar"
                print(f"{role} output #{i} ({shape}x{mlir_name(value.dtype)}): "
                      # Integers exactly, floats in the fewest digits that
                      # read back as the same value.
                      + np.array2string(value, threshold=16, floatmode="unique"))
    if args.save:
        print(f"saved: {save(args.save, inputs, outputs)}")


def _check(args) -> int:
    before = load_module(args.file)
    note = None
    if args.against:
        after = load_module(args.against)
    else:
        pipeline = args.pass_pipeline or default_pipeline(args.fifo_depth)
        after = clone(before)
        apply_pipeline(after, pipeline)
        note = slot_mismatch(pipeline, before, args.fifo_depth)
    if not _static_phase(before, after, args.fifo_depth or 0):
        return 1
    if args.jit:
        return _check_jit(args, before, after, note)
    report = differential_check(before, after, seed=args.seed, fifo_depth=args.fifo_depth,
                                cost=load_cost_model(args.cost_model), cube=args.cube,
                                vector=args.vector, rtol=args.rtol, atol=args.atol,
                                args=dict(args.arg),
                                max_steps=args.max_steps,
                                max_pipe_bytes=args.max_pipe_mib << 20,
                                max_seconds=args.max_seconds,
                                max_value_bytes=args.max_value_mib << 20)
    print(report.verdict)
    if report.details:
        print(report.details)
    if note:
        print(note)
    if args.timeline and report.before is not None and report.after is not None:
        from .timeline import draw_pair
        print(f"timeline: {draw_pair(report.before, report.after, args.timeline)}")
    return 0 if report.ok else 1


def _static_phase(before, after, fifo_depth: int) -> bool:
    """Message identity on the FIFO model (docs/message-identity.md) before
    any data runs: prints what it found, whether it found no error."""
    reports = check_against(pair_module(before), pair_module(after), fifo_depth)
    errors = [r for r in reports if r.severity == "error"]
    if errors:
        print(f"FAIL (static): {len(errors)} pop(s) or FIFO op(s) of the rewrite break "
              f"message identity")
    for report in reports:
        print(f"{site_name(report.op.location)}: {report.severity}: {report.message}")
        for op, text in report.notes:
            print(f"{site_name(op.location)}: note: {text}")
    return not errors


def _check_jit(args, before, after, note) -> int:
    from ..jit.differential import jit_check
    if args.timeline or args.rtol is not None or args.atol is not None:
        raise SimError("--jit compares bitwise and has no cycles: drop --timeline, "
                       "--rtol and --atol")
    report = jit_check(before, after, seed=args.seed, fifo_depth=args.fifo_depth,
                       cube=args.cube, vector=args.vector, args=dict(args.arg),
                       max_steps=args.max_steps, max_pipe_bytes=args.max_pipe_mib << 20,
                       max_seconds=args.max_seconds, max_value_bytes=args.max_value_mib << 20)
    print(report.verdict)
    if report.details:
        print(report.details)
    if note:
        print(note)
    return 0 if report.ok else 1


# The MLIR parser recurses once per nesting level (about 3 KiB of C stack
# each), the simulator's compiler and its runs a few Python frames: on the
# main thread's 8 MiB a 3,000-deep nest overflowed the stack. pto-sim works
# on a thread whose stack is reserved at 256 MiB (committed only as used; a
# 9,990-deep pair runs in half of it), with Python's recursion limit raised
# to what interpreter.DEEPEST_NESTING levels need.
STACK_BYTES = 1 << 28


def main(argv: list[str] | None = None) -> int:
    """pto-sim: `_main` on a large-stack thread."""
    outcome: list = []

    def work():
        try:
            outcome.append(_main(argv))
        except SystemExit as done:  # --help and --version
            outcome.append(done.code or 0)

    # Raised for this call only: the limit is the process's, and other
    # threads' stacks are not this large.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
    previous = threading.stack_size(STACK_BYTES)
    try:
        worker = threading.Thread(target=work, name="pto-sim", daemon=True)
        worker.start()
    except RuntimeError:
        # No room for the stack (strict overcommit, say): run here, with
        # the depth this thread allows.
        sys.setrecursionlimit(limit)
        return _main(argv)
    finally:
        threading.stack_size(previous)
    try:
        worker.join()
    except KeyboardInterrupt:
        print("pto-sim: interrupted", file=sys.stderr)
        return 1
    finally:
        if not worker.is_alive():
            sys.setrecursionlimit(limit)
    return outcome[0] if outcome else 1


def _main(argv: list[str] | None) -> int:
    try:
        args = _parser().parse_args(argv)
        with pto.make_context():
            return _run(args) if args.command == "run" else _check(args)
    except DataRace as exc:
        print(f"pto-sim: error: {exc} (the result depends on timing)", file=sys.stderr)
        return 1
    except (SimError, CostModelError) as exc:
        print(f"pto-sim: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("pto-sim: interrupted", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader of stdout went away (e.g. `| head`): nothing left to report.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # noqa: BLE001 - a report, not a traceback, for any failure
        print(f"pto-sim: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
