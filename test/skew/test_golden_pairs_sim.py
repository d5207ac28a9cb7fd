# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""`pto-sim check` on every case of the golden tests of message groups,
remainders (at the default remainder=peel and remainder=shrink) and static
ranges (i32 and unsigned IVs up to the top of their type).

Each case of those files is a cube/vector pair marked `//--- NAME.mlir`, so
split-file cuts it out whole; this runs `pto-sim check` on each with the
golden test's pass options: the pass, then the pair before and after it on
the same seeded inputs, every output and every pipe's messages bit-identical
and no deadlock, skewed or demoted alike. Every `// -----` case of a file
must be such a pair.
"""

from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

from skew_mlir.sim import cli
from skew_mlir.tools.llvm_tools import tool_path

HERE = pathlib.Path(__file__).parent
# golden test -> the pass options its FileCheck run uses
GOLDEN = {
    "message-groups.mlir": "",
    "depth-trips.mlir": "",
    "remainder-shrink.mlir": "{remainder=shrink}",
    "ranges.mlir": "",
}
MARKER = re.compile(r"^//--- (\S+)\.mlir$", re.MULTILINE)
SPLIT = re.compile(r"^// -----$", re.MULTILINE)


def _cases() -> list:
    return [pytest.param(golden, case, options, id=f"{golden}:{case}")
            for golden, options in GOLDEN.items()
            for case in MARKER.findall((HERE / golden).read_text())]


@pytest.fixture(scope="module")
def split(tmp_path_factory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("golden")
    for golden in GOLDEN:
        subprocess.run([tool_path("split-file"), str(HERE / golden), str(root / golden)],
                       check=True)
    return root


@pytest.mark.parametrize("golden", GOLDEN)
def test_every_case_is_a_marked_pair(golden):
    text = (HERE / golden).read_text()
    assert len(MARKER.findall(text)) == len(SPLIT.findall(text)) + 1


@pytest.mark.parametrize("golden, case, options", _cases())
def test_pto_sim_check(split, golden, case, options, capsys):
    path = split / golden / f"{case}.mlir"
    status = cli.main(["check", str(path),
                       f"--pass-pipeline=builtin.module(pto-skew-cross-core{options})"])
    out, err = capsys.readouterr()
    assert status == 0 and out.startswith("PASS: "), out + err
    assert "bitwise identical" in out
