# -*- Python -*-
# lit configuration for skew-mlir: `lit test/` runs the FileCheck golden tests
# (.mlir) and the Python tests (test_*.py files run through pytest by their
# RUN line) against the installed package.

import importlib.util
import os
import shutil
import sys

import lit.formats

config.name = "skew-mlir"
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir", ".py", ".test"]
# test/lib holds test helpers (the random pair generator), not tests.
config.excludes = ["Inputs", "lib", "conftest.py", "lit.cfg.py", "lit.local.cfg",
                   "__pycache__"]
config.test_source_root = os.path.dirname(__file__)
# `lit .` from the root runs only the tests under test/: every other top-level
# entry (the package, benchmarks, examples, a venv) is excluded by name.
config.excludes += [name for name in os.listdir(config.test_source_root)
                    if name != "test"]
config.test_exec_root = os.path.join(config.test_source_root, "build", "lit")


def _tool(name):
    path = shutil.which(name, path=os.path.dirname(sys.executable))
    if path is None:
        lit_config.fatal(f"'{name}' not found next to {sys.executable}: "
                         "install skew-mlir first (pip install .)")
    return path


from skew_mlir.dialect import irdl_path  # noqa: E402
from skew_mlir.tools.llvm_tools import tool_path  # noqa: E402

config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%pto_irdl", irdl_path()))
config.substitutions.append(("%src_root", config.test_source_root))
# Tool names become absolute paths where they stand as a command word. The
# other LLVM tools (count, split-file) are reached through PATH. `mlir-opt` is
# the one skew-mlir installs, `mlir-opt-upstream` upstream's binary itself.
for name, path in [("pto-opt", _tool("pto-opt")), ("pto-sim", _tool("pto-sim")),
                   ("mlir-opt", _tool("mlir-opt")),
                   ("mlir-opt-upstream", tool_path("mlir-opt")),
                   ("FileCheck", tool_path("FileCheck")),
                   ("not", tool_path("not"))]:
    config.substitutions.append((rf"(?<![\w/.%=\"'-]){name}(?![\w.=/-])", path))

# The test dependencies, each with what needs it and the extra that brings
# it. An installed one is a lit feature: a test needing it says
# `REQUIRES: <module>` and is UNSUPPORTED without it, after a warning naming
# the extra. CI (the CI variable set, as .ci/run's runner does) installs
# '.[test]' and must run every test: there a missing one is fatal.
_DEPENDENCIES = {
    "pytest": ("the Python tests (test_*.py)", "test"),
    "hypothesis": ("the property tests", "test"),
    "psutil": ("the per-test time limit", "test"),
    "matplotlib": ("pto-sim --timeline", "plot"),
}
_missing = []
for module, (needed_by, extra) in _DEPENDENCIES.items():
    if importlib.util.find_spec(module) is None:
        _missing.append(f"{module} is not installed, so {needed_by} cannot run: "
                        f"pip install '.[{extra}]'")
    else:
        config.available_features.add(module)
if _missing and os.environ.get("CI", "") not in ("", "0", "false"):
    lit_config.fatal("; ".join(_missing))
for message in _missing:
    lit_config.warning(message)

# A test that hangs must not stall the run: every test gets a time limit
# (lit needs psutil for it), generous against the slowest test (about 85 s).
# `lit --timeout=N` overrides it.
if "psutil" in config.available_features:
    config.maxIndividualTestTime = 600

config.environment["PYTHONDONTWRITEBYTECODE"] = "1"
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(sys.executable), os.path.dirname(tool_path("FileCheck")),
     os.environ.get("PATH", "")])
