# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""Python passes in MLIR's own pass registry, seen from the Python bindings."""

import os
import runpy
import subprocess
import sys
import textwrap

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir import Pass, option, register_pass

HERE = os.path.dirname(__file__)
runpy.run_path(os.path.join(HERE, "Inputs", "demo_pass.py"))


def module(text, ctx):
    with ctx:
        return ir.Module.parse(text)


def test_nested_pipeline_with_options_parses_runs_and_prints():
    ctx = skew_mlir.make_context()
    m = module("func.func @f() { return }\nfunc.func @g() { return }", ctx)
    with ctx:
        pm = PassManager.parse(
            "builtin.module(func.func(canonicalize, test-tag{count=7}), cse)")
        assert str(pm) == (
            "builtin.module(func.func(canonicalize{  max-iterations=10 "
            "max-num-rewrites=-1 region-simplify=normal test-convergence=false "
            "top-down=true},test-tag{count=7 flag=false label=none mode=tag}),cse)")
        pm.run(m.operation)
    for name in ("f", "g"):
        assert f"func.func @{name}() attributes {{test.count = 7 : i64" in str(m)


def test_skew_pass_is_registered_with_its_options():
    with skew_mlir.make_context():
        pm = PassManager.parse(
            "builtin.module(func.func(canonicalize, pto-skew-cross-core{remarks=true}), cse)")
        assert ("pto-skew-cross-core{capacity-acc=0 capacity-bias=0 capacity-left=0 "
                "capacity-mat=0 capacity-right=0 capacity-scaling=0 capacity-vec=0 "
                "cost-model= depth=stages fifo-depth=0 multi-round-trip=coskew remainder=peel "
                "remarks=true tag-membership=true target=a2a3 target-file=}") in str(pm)


@pytest.mark.parametrize("pipeline, message", [
    ("builtin.module(func.func(test-tag{nope=1}))", "no such option nope"),
    ("builtin.module(func.func(test-tag{count=abc}))", "failed to add `test-tag` with options `count=abc`"),
    ("builtin.module(func.func(test-tag{flag=maybe}))", "failed to add `test-tag` with options `flag=maybe`"),
])
def test_bad_option_is_a_value_error_naming_it(pipeline, message):
    with skew_mlir.make_context():
        with pytest.raises(ValueError, match=message):
            PassManager.parse(pipeline)


def test_exception_in_pass_is_a_pass_failure_naming_the_pass():
    ctx = skew_mlir.make_context()
    m = module("func.func @f() { return }", ctx)
    with ctx:
        pm = PassManager.parse("builtin.module(func.func(test-tag{mode=raise}))")
        with pytest.raises(ir.MLIRError) as info:
            pm.run(m.operation)
    text = str(info.value)
    assert "pass 'test-tag' raised RuntimeError: deliberate failure" in text
    assert info.value.error_diagnostics[0].message.startswith("pass 'test-tag' raised")


def test_what_escapes_the_runner_fails_the_pass_naming_it():
    @register_pass
    class Interrupted(Pass):
        argument = "test-interrupted"
        summary = "raises what the runner does not catch"

        def run(self, op):
            raise KeyboardInterrupt

    ctx = skew_mlir.make_context()
    m = module("func.func @f() { return }", ctx)
    with ctx:
        pm = PassManager.parse("builtin.module(test-interrupted)")
        with pytest.raises(ir.MLIRError, match="pass 'test-interrupted' failed in its "
                                               "Python runner: KeyboardInterrupt"):
            pm.run(m.operation)


def test_pass_failure_without_exception_reports_its_diagnostic():
    ctx = skew_mlir.make_context()
    m = module("func.func @f() { return }", ctx)
    with ctx:
        pm = PassManager.parse("builtin.module(func.func(test-tag{mode=fail}))")
        with pytest.raises(ir.MLIRError, match="test-tag failed on purpose"):
            pm.run(m.operation)


def test_run_directly_on_an_operation():
    ctx = skew_mlir.make_context()
    m = module("func.func @f() { return }", ctx)
    tag_cls = skew_mlir.registry.registered_passes()["test-tag"]
    tag_cls(count=11)(m)  # anchored on func.func: runs on every nested function
    assert "test.count = 11 : i64" in str(m)
    with pytest.raises(TypeError, match="has no option 'bogus'"):
        tag_cls(bogus=1)


def test_duplicate_registration_is_refused():
    class Canon(Pass):
        argument = "canonicalize"
        summary = "clash with an upstream pass"

        def run(self, op):
            pass

    with pytest.raises(ValueError, match="already registered"):
        register_pass(Canon)

    class Base(Pass):
        argument = "test-base"
        summary = "declares an option"
        a: int = option(0, "")

    class Twice(Base):
        argument = "test-twice"
        summary = "declares its base's option again"
        a: int = option(1, "")

    with pytest.raises(ValueError, match="declares an option twice"):
        register_pass(Twice)


def test_pto_dialect_loads_into_a_user_context():
    ctx = ir.Context()
    skew_mlir.load_pto_dialect(ctx)
    skew_mlir.load_pto_dialect(ctx)  # idempotent
    m = module('func.func @f(%t: tensor<4xf32>) {\n'
               '  "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()\n  return\n}', ctx)
    assert m.operation.verify()


def test_three_hundred_functions_multithreaded_do_not_hang():
    # In a child process with a timeout: a hang must fail, not stall the suite.
    script = textwrap.dedent(f"""
        import runpy
        from mlir import ir
        from mlir.passmanager import PassManager
        import skew_mlir
        runpy.run_path({os.path.join(HERE, "Inputs", "demo_pass.py")!r})
        ctx = skew_mlir.make_context()
        assert ctx.is_multithreading_enabled if hasattr(ctx, "is_multithreading_enabled") else True
        text = "\\n".join(f"func.func @f{{i}}() {{{{ return }}}}" for i in range(300))
        with ctx:
            m = ir.Module.parse(text)
            PassManager.parse("builtin.module(func.func(test-tag{{count=5}}))").run(m.operation)
        print(str(m).count("test.count = 5"))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "300"


def test_python_diagnostic_handler_sees_worker_thread_remarks():
    # The pass manager re-emits worker threads' diagnostics on the calling
    # thread, where run() has released the GIL: a Python handler used to be
    # called without it and the process aborted. In a child process, so an
    # abort fails this test rather than the suite.
    script = textwrap.dedent("""
        from mlir import ir
        from mlir.passmanager import PassManager
        import skew_mlir
        loop = '''
        func.func @f{i}(%t: tensor<4xf32>) attributes {{pto.core = "aic"}} {{
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          scf.for %i = %c0 to %c4 step %c1 {{
            "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
            %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
          }} {{pto.pipeline_stages = 2 : i64}}
          return
        }}'''
        ctx = skew_mlir.make_context()
        seen = []
        with ctx:
            ctx.attach_diagnostic_handler(
                lambda d: seen.append((str(d.severity), d.message)) or True)
            m = ir.Module.parse("".join(loop.format(i=i) for i in range(50)))
            PassManager.parse(
                "builtin.module(func.func(pto-skew-cross-core{remarks=true}))"
            ).run(m.operation)
        print(len(seen), len(set(seen)), seen[0][1])
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split(" ", 2) == [
        "50", "1", "demoted: the peer kernel is not visible from this anchor, and the "
        "kernel pushes 4 messages on C2V, more than the 1 slot a peer's initialise op may "
        "declare (this kernel declares none for C2V): a skew of any depth deadlocks against "
        "some peer (docs/deadlock.md)\n"]


def test_the_garbage_collector_is_paused_during_a_pass_only():
    import gc

    seen = []

    class Probe(Pass):
        argument = "test-gc-probe"
        summary = "Records whether the garbage collector runs"

        def run(self, op):
            seen.append(gc.isenabled())
            if len(seen) == 2:
                raise ValueError("a failing pass")

    with skew_mlir.make_context():
        module = ir.Module.parse("module {}")
        Probe()(module)
        assert gc.isenabled()
        with pytest.raises(ValueError):
            Probe()(module)
        assert gc.isenabled()
        gc.disable()  # a caller's choice is kept
        try:
            Probe()(module)
            assert not gc.isenabled()
        finally:
            gc.enable()
    assert seen == [False, False, False]
