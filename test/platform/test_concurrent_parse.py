# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""One thread runs a func.func-nested Python pass on many functions while
another parses, verifies or prints IR in the same multithreaded context.
The second thread's verifier used to wait for MLIR's thread pool while
holding the GIL, with every worker waiting for the GIL to run the Python
pass: a hang. Each case runs in a child process with a timeout, so a hang
fails instead of stalling the suite."""

import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent("""
    import sys, threading
    from mlir import ir
    from mlir.passmanager import PassManager
    import skew_mlir

    action = sys.argv[1]
    funcs = "\\n".join(f'''func.func @f{i}(%a: f32) -> f32 {{
      %b = arith.addf %a, %a : f32
      return %b : f32
    }}''' for i in range(64))
    text = "module {\\n" + funcs + "\\n}"
    ctx = skew_mlir.make_context()
    with ctx:
        module = ir.Module.parse(text)
        other = ir.Module.parse(text)
        pm = PassManager.parse("builtin.module(func.func(pto-skew-cross-core))")
        stop = threading.Event()

        def busy():
            with ctx:
                while not stop.is_set():
                    if action == "parse":
                        ir.Module.parse(text)
                    elif action == "verify":
                        other.operation.verify()
                    else:
                        str(other)

        thread = threading.Thread(target=busy, daemon=True)
        thread.start()
        for _ in range(20):
            pm.run(module.operation)
        stop.set()
        thread.join()
    print("ok")
""")


@pytest.mark.parametrize("action", ["parse", "verify", "print"])
def test_a_pass_run_and_a_parse_in_one_context_do_not_hang(action):
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, action], capture_output=True,
                              text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hang: a pass run and {action} in another thread")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
