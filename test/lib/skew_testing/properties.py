"""The properties every kernel pair must keep through pto-skew-cross-core.

`check_pair(text)` runs them in order on one pair and raises
`PropertyFailure(stage, message)` at the first that does not hold:

- `naive`: the input parses and verifies, and `pto-verify-fifo` accepts it;
- `naive-sim`: the interpreter runs the input pair without deadlock (a
  failure here is a bug of the generator, not of the pass);
- `pass`: the pass (through `PassManager.parse`) raises nothing;
- `verify`: its output verifies;
- `shape`: no loop with FIFO ops inside (or reached through its calls: a
  push and a pop, or an unknown callee) keeps `pto.pipeline_stages`, and no
  same-core pipeline loop loses it;
- `verify-fifo`: `pto-verify-fifo` accepts the transformed pair;
  for the input and the output alike, a kernel whose body has several
  blocks is a warning naming it and no pair is claimed "verified" (the
  verifier cannot model branches between blocks), and the pass skews no
  loop of such a kernel: its FIFO ops do not multiply; a value of a launch
  argument at which the verifier finds the output wrong (its run over
  every value: "when it is X") is real: the simulator fails there too,
  before the pass as well as after it (else the pass broke the pair there:
  `sim`);
- `identity`: every pop of the transformed pair receives the message (push
  site, iteration) it receives in the original, on the FIFO model
  (verify/against.py, what `pto-verify-fifo{against=FILE}` checks);
- `race`: the input, and the transformed pair, have no data race on the
  memory the cores share (the simulator's race detector, sim/races.py);
- `sim`: original and transformed pairs give bitwise identical outputs and
  per-pipe message traces, with no deadlock;
- `idempotent`: a second run of the pass changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import re

from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir

from skew_mlir import _native
from skew_mlir.calls import call_summaries
from skew_mlir.dialect import FIFO_OPS, FREE_OPS, PIPELINE_STAGES_ATTR, PUSH_OPS
from skew_mlir.fifo_model import kernels_of, modules_under
from skew_mlir.jit import JitUnsupported
from skew_mlir.jit.differential import jit_check
from skew_mlir.sim.check import differential_check
from skew_mlir.sim.errors import SimError
from skew_mlir.verify.against import check_against

# The pass at the module anchor (it sees each cube/vector pair and proves the
# planned pair) and nested under func.func (it sees one kernel).
SKEW = "builtin.module(pto-skew-cross-core)"
SKEW_FUNC = "builtin.module(func.func(pto-skew-cross-core))"
ANCHORS = ("module", "func")
VERIFY_FIFO = "builtin.module(pto-verify-fifo)"
VERIFY_FIFO_REMARKS = "builtin.module(pto-verify-fifo{remarks=true})"
STAGES = ("naive", "naive-sim", "race", "pass", "verify", "shape", "verify-fifo", "identity",
          "sim", "jit", "idempotent")
# Wall-clock bound of the JIT oracle's child process per case.
JIT_SECONDS = 120


class PropertyFailure(AssertionError):
    def __init__(self, stage: str, message: str):
        super().__init__(f"[{stage}] {message}")
        self.stage = stage
        self.message = message


def verify_fifo_registered() -> bool:
    with skew_mlir.make_context():
        try:
            PassManager.parse(VERIFY_FIFO)
        except ValueError:
            return False
    return True


def _run(module: ir.Module, pipeline: str, stage: str) -> None:
    try:
        PassManager.parse(pipeline).run(module.operation)
    except ir.MLIRError as exc:
        notes = "; ".join(f"{d.location}: {d.message}" for d in exc.error_diagnostics)
        raise PropertyFailure(stage, f"{pipeline} failed: {notes or exc}") from None
    except Exception as exc:  # noqa: BLE001 - any exception is a failure of the property
        raise PropertyFailure(stage, f"{pipeline} raised {type(exc).__name__}: {exc}") from None


def _verify_fifo(module: ir.Module, stage: str) -> list[str]:
    """pto-verify-fifo accepts `module`; when there are FIFO ops to verify,
    a kernel of several blocks is a warning naming it, and then no pair is
    claimed verified. Returns its messages."""
    seen: list[tuple[str, str]] = []
    handler = module.context.attach_diagnostic_handler(
        lambda d: seen.append((str(d.severity), d.message)) or True)
    try:
        _run(module, VERIFY_FIFO_REMARKS, stage)
    finally:
        handler.detach()
    multi = _multi_block_kernels(module) if _kernels_reach_fifo(module) else {}
    for name in multi:
        if not any("WARNING" in severity and f"the body of kernel @{name} has" in message
                   for severity, message in seen):
            raise PropertyFailure(stage, f"pto-verify-fifo gave no warning for @{name}, "
                                         "a kernel of several blocks")
    claimed = [message for _, message in seen if message.startswith("FIFO verified")]
    if multi and claimed:
        raise PropertyFailure(stage, f"pto-verify-fifo claims a proof with a kernel of "
                                     f"several blocks: {claimed[0]}")
    return [message for _, message in seen]


# A value of a launch argument at which pto-verify-fifo finds a pair wrong.
_WITNESS = re.compile(r"for every value of launch argument %arg(\d+)[^:]*: when it is (-?\d+), ")


def _check_witnesses(before: ir.Module, after: ir.Module, messages: list[str],
                     seed: int) -> None:
    """Each value at which the verifier finds `after` wrong: the simulator
    fails there too, and before the pass as well (see `verify-fifo`)."""
    for position, value in sorted({m.groups() for m in map(_WITNESS.search, messages) if m}):
        args = {int(position): value}
        result = differential_check(before, after, seed=seed, args=args)
        at = f" --arg {position}={value}"
        if result.ok:
            raise PropertyFailure("verify-fifo", f"pto-verify-fifo finds the output wrong "
                                                 f"at{at}, where the pair runs: {messages}")
        if not result.verdict.startswith("FAIL: before"):
            raise PropertyFailure("sim", f"{result.verdict}{at}\n{result.details}".rstrip())


def _same_messages(before: ir.Module, after: ir.Module) -> None:
    """Every pop of each pair of `after` receives the message it receives in
    `before` (the pass keeps the input's locations, which match the sites)."""
    for original, rewrite in zip(modules_under(before.operation),
                                 modules_under(after.operation)):
        errors = [r for r in check_against(original, rewrite) if r.severity == "error"]
        if errors:
            raise PropertyFailure("identity", f"{errors[0].op.location}: {errors[0].message}")


def _kernels_reach_fifo(module: ir.Module) -> bool:
    """Whether a kernel holds a FIFO op or reaches one through its calls: a
    FIFO op in a function no kernel calls (canonicalize may drop the only
    call, in a loop of no trip) is no traffic of the pair."""
    for scope in modules_under(module.operation):
        for kernels in kernels_of(scope)[0].values():
            for kernel in kernels:
                ops, _ = _native.collect_ops(kernel, sorted(FIFO_OPS), False)
                calls, _ = _native.collect_ops(kernel, [], True)
                if ops or any(summary.reached & FIFO_OPS
                              for summary in call_summaries(scope, calls, FIFO_OPS)):
                    return True
    return False


def _multi_block_kernels(module: ir.Module) -> dict[str, int]:
    """The kernels whose body has several blocks: their FIFO op counts, by name."""
    counts = {}
    for scope in modules_under(module.operation):
        for kernels in kernels_of(scope)[0].values():
            for kernel in kernels:
                if len(kernel.regions[0].blocks) > 1:
                    ops = []
                    kernel.walk(lambda o: (ops.append(o) if o.name in FIFO_OPS else None)
                                or ir.WalkResult.ADVANCE)
                    counts[kernel.attributes["sym_name"].value] = len(ops)
    return counts


def _clone(module: ir.Module) -> ir.Module:
    return ir.Module.parse(module.operation.get_asm(enable_debug_info=True))


def _pipeline_loops(module: ir.Module, anchor: str) -> tuple[list[ir.Operation], int]:
    """Cross-core loops with pto.pipeline_stages (a push and a pop inside or
    reached through calls, or a call that cannot be followed from the
    function, at the func anchor, or the module), and the number of the
    other pipeline loops (kept by the pass)."""
    crossing: list[ir.Operation] = []
    same = 0

    def visit(op):
        nonlocal same
        if op.name == "scf.for" and PIPELINE_STAGES_ATTR in op.attributes:
            fifo = set()
            op.walk(lambda o: (fifo.add(o.name in PUSH_OPS) if o.name in FIFO_OPS else None)
                    or ir.WalkResult.ADVANCE)
            calls, _ = _native.collect_ops(op, [], True)
            scope = module.operation if anchor == "module" else _function_of(op)
            unknown = False
            for summary in call_summaries(scope, calls, FIFO_OPS | FREE_OPS):
                fifo |= {name in PUSH_OPS for name in summary.reached & FIFO_OPS}
                unknown |= summary.problem is not None
            if len(fifo) == 2 or unknown:
                crossing.append(op)
            else:
                same += 1
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return crossing, same


def _function_of(op: ir.Operation) -> ir.Operation:
    while op.name != "func.func":
        op = op.parent
    return op


def skew_pipeline(fifo_depth: int | None = None, tag_membership: bool | None = None,
                  before: str = "", after: str = "", anchor: str = "module",
                  nested: bool | str = False) -> str:
    """The pass with options at `anchor` ("module" or "func"), optionally
    between other passes (nested under func.func before it, at module level
    after it). `nested`: the kernels sit in a module nested in the top one
    (True: a builtin.module, else the name of its op, "gpu.module"), where
    the func.func parts of the pipeline must reach them (at the module
    anchor the pass runs on the top module)."""
    options = []
    if fifo_depth is not None:
        options.append(f"fifo-depth={fifo_depth}")
    if tag_membership is not None:
        options.append(f"tag-membership={str(tag_membership).lower()}")
    skew = "pto-skew-cross-core" + (f"{{{' '.join(options)}}}" if options else "")
    tail = f", {after}" if after else ""

    def functions(passes: str) -> str:
        table = "builtin.module" if nested is True else nested
        return f"{table}(func.func({passes}))" if nested else f"func.func({passes})"
    if anchor == "func":
        inner = f"{before}, {skew}" if before else skew
        return f"builtin.module({functions(inner)}{tail})"
    head = f"{functions(before)}, " if before else ""
    return f"builtin.module({head}{skew}{tail})"


def check_pair(text: str, *, seed: int = 0, verify_fifo: bool = True,
               pipeline: str = SKEW, same_core_kept: bool = True,
               tolerance: float | None = None,
               launches: Sequence[dict[int, str]] = ({},), jit: bool = False,
               simulate: bool = True) -> str:
    """Check every property on the pair in `text`; returns the differential
    check's verdict. `verify_fifo=False` leaves out the two pto-verify-fifo
    checks (only for running without that pass); `pipeline` replaces the
    pass under test (the idempotency check still runs the pass alone);
    `same_core_kept=False` drops the check that same-core pipeline loops
    survive (canonicalize may fold them away, cse merge the copies of one
    that the skew made); `tolerance`
    compares values within that relative and absolute error instead of
    bitwise (canonicalize folds math.tanh & co. of constants in double
    precision, the simulator computes them in the tile's float type);
    `launches` are the scalar kernel arguments to run the differential
    check at, each in turn (random_pairs.launch_args). `jit` runs the JIT
    executor as a second oracle at the first launch: before and after the
    pass as machine code, equal bitwise (within `tolerance` if given), and
    each within the JIT's tolerance of the interpreter's run; its verdict
    (PASS (jit) ..., or UNSUPPORTED (jit) ... for a pair the JIT cannot
    compile) follows the interpreter's on a line of its own. `simulate=False`
    leaves out the interpreter's runs (for integer types the simulator has
    not): the FIFO verifier's checks, message identity included, and the
    JIT's runs when `jit`, are the oracle then."""
    # Which calls the pass can follow depends on the op it runs on.
    anchor = "func" if re.search(r"func\.func\([^)]*pto-skew-cross-core", pipeline) else "module"
    with skew_mlir.make_context():
        try:
            before = ir.Module.parse(text)
        except Exception as exc:  # noqa: BLE001
            raise PropertyFailure("naive", f"does not parse: {exc}") from None
        if not before.operation.verify():
            raise PropertyFailure("naive", "does not verify")
        if verify_fifo:
            _verify_fifo(_clone(before), "naive")
        _, same_before = _pipeline_loops(before, anchor)

        after = _clone(before)
        _run(after, pipeline, "pass")
        try:
            ok = after.operation.verify()
        except ir.MLIRError as exc:
            raise PropertyFailure("verify", f"the output does not verify: {exc}") from None
        if not ok:
            raise PropertyFailure("verify", "the output does not verify")
        crossing, same_after = _pipeline_loops(after, anchor)
        if crossing:
            raise PropertyFailure("shape", f"a cross-core loop keeps {PIPELINE_STAGES_ATTR}: "
                                           f"{crossing[0].location}")
        if same_core_kept and same_after < same_before:
            raise PropertyFailure("shape", f"{same_before} same-core pipeline loops before, "
                                           f"{same_after} after")
        # Blocks that survive the pipeline (canonicalize may merge a chain
        # of them first, and the pass then sees one block).
        grown = _multi_block_kernels(before)
        for name, count in _multi_block_kernels(after).items():
            if name in grown and count > grown[name]:
                raise PropertyFailure("shape", f"a loop of @{name}, a kernel of several "
                                               f"blocks, was skewed ({grown[name]} FIFO ops "
                                               f"before, {count} after)")
        if verify_fifo:
            found = _verify_fifo(_clone(after), "verify-fifo")
            if simulate:
                _check_witnesses(before, after, found, seed)
        _same_messages(before, after)

        def run_jit(args: dict, interpreted) -> str:
            """The JIT oracle's verdict line at `args`."""
            try:
                oracle = jit_check(before, after, seed=seed, args=args, tolerance=tolerance,
                                   interpreted=interpreted, max_seconds=JIT_SECONDS)
            except JitUnsupported as exc:
                return f"UNSUPPORTED (jit): {exc}"
            except SimError as exc:  # the child died or timed out
                raise PropertyFailure("jit", f"FAIL (jit): {exc}") from None
            if not oracle.ok:
                stage = "race" if oracle.race else "jit"
                at = "".join(f" --arg {i}={v}" for i, v in args.items())
                raise PropertyFailure(stage, f"{oracle.verdict}{at}\n"
                                             f"{oracle.details}".rstrip())
            return oracle.verdict.replace("\n", "; ")

        jit_verdict = ""
        verdict = "NOT SIMULATED: verified and messages identical"
        for args in launches if simulate else ():
            result = differential_check(before, after, seed=seed, rtol=tolerance,
                                        atol=tolerance, args=args)
            verdict = result.verdict
            if not result.ok:
                stage = ("race" if result.race else
                         "naive-sim" if result.verdict.startswith("FAIL: before") else "sim")
                at = "".join(f" --arg {i}={v}" for i, v in args.items())
                raise PropertyFailure(stage, f"{result.verdict}{at}\n{result.details}".rstrip())
            if jit and args is launches[0]:
                jit_verdict = run_jit(args, (result.before, result.after))
        if jit and not simulate:
            # The JIT runs what the simulator cannot (integers past 64
            # bits): it is the oracle of those runs.
            jit_verdict = run_jit(launches[0], None)

        text_after = str(after)
        again = _clone(after)
        _run(again, SKEW, "idempotent")
        if str(again) != text_after:
            raise PropertyFailure("idempotent", "a second run of the pass changed the IR")
        return verdict + (f"\n{jit_verdict}" if jit_verdict else "")
