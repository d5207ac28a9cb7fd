# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The README and docs/*.md as a newcomer uses them: their Python blocks run
verbatim and print what they promise, their shell commands run and check
what they plan, one story of where the pass runs, and every doc reachable
from the README's table."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent
# What the docs' placeholders stand for when a command runs here.
EXAMPLE = "examples/flash_decode_qk_pv.mlir"
TOOLS = ("mlir-opt", "mlir-opt-upstream", "pto-opt", "pto-sim")


def blocks(path: Path, language: str) -> list[tuple[str, str]]:
    """(the heading above it, its text) of every fenced block in `language`."""
    found, heading = [], ""
    text = path.read_text()
    for match in re.finditer(r"^(#+ [^\n]*)$|^```(\w*)\n(.*?)^```$", text, re.M | re.S):
        if match.group(1):
            heading = match.group(1).lstrip("# ")
        elif match.group(2) == language:
            found.append((heading, match.group(3)))
    return found


def block_under(path: Path, heading: str, language: str) -> str:
    return next(text for title, text in blocks(path, language) if title == heading)


def run_python(code: str, tmp_path: Path, extra_env: dict | None = None):
    script = tmp_path / "block.py"
    script.write_text(code)
    return subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **(extra_env or {})})


def test_readme_python_block_prints_located_remarks(tmp_path):
    """Issue 22, item 3: the block printed nothing (no handler) and its
    locations read `-` (parsed from a string)."""
    result = run_python(block_under(ROOT / "README.md", "From Python", "python"), tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    located = r"examples/flash_decode_qk_pv\.mlir:\d+:\d+: remark: "
    assert any(re.match(located + r"skewed: depth 2 \(requested 2, trip 8, slots 2", line)
               for line in lines), lines
    assert any(re.match(located + r"not skewed: consumer role \(expected", line)
               for line in lines), lines
    assert any(re.match(located + r"FIFO verified .* at 2 slot\(s\)", line)
               for line in lines), lines
    # The README shows the first of them verbatim.
    shown = block_under(ROOT / "README.md", "From Python", "").splitlines()
    assert shown and all(line in lines for line in shown), (shown, lines)


def test_tools_python_block_runs_and_reports_the_failure(tmp_path):
    result = run_python(block_under(ROOT / "docs" / "tools.md", "The passes from Python",
                                    "python"), tmp_path)
    assert result.returncode == 0, result.stderr
    assert re.search(r"examples/flash_decode_qk_pv\.mlir:\d+:\d+: error: deadlock at 1 slot",
                     result.stdout), result.stdout


def doc_commands() -> list[tuple[str, str]]:
    """(doc, command) for every command line of a shell block that runs one
    of the installed tools (not the install lines)."""
    commands = []
    for path in DOCS:
        for _, text in blocks(path, "sh"):
            for line in text.splitlines():
                command = line.split("  #")[0].strip()
                if command.split(" ", 1)[0] in TOOLS:
                    commands.append((path.name, command))
    return commands


def plugin(tmp_path: Path) -> Path:
    """docs/tools.md's "Writing a pass" block, as the file it names."""
    path = tmp_path / "my_passes.py"
    path.write_text(block_under(ROOT / "docs" / "tools.md", "Writing a pass", "python"))
    return path


def pass_options(command: str, argument: str) -> list[dict[str, str]]:
    """The options of every `argument` pass a command line runs (flag or
    pipeline element), as written."""
    found = []
    for word in shlex.split(command):
        for match in re.finditer(rf"(?:^--|[(,]\s*){argument}(?:=|\{{)?([^{{}},)]*)", word):
            found.append(dict(re.findall(r"([\w-]+)=([^\s}]+)", match.group(1))))
    return found


@pytest.mark.parametrize("doc, command", doc_commands())
def test_doc_command_checks_the_slots_it_plans_for(doc, command):
    """Issue 22, item 6: a pipeline that skews for some slot count verifies
    at that slot count."""
    planned = {o.get("fifo-depth", "0") for o in pass_options(command, "pto-skew-cross-core")}
    checked = {o.get("fifo-depth", "0") for o in pass_options(command, "pto-verify-fifo")}
    if planned and checked:
        assert planned == checked, f"{doc}: skews for {planned}, verifies at {checked}"


def test_the_slot_check_sees_a_mismatch():
    skew_at_2 = '--pto-skew-cross-core="fifo-depth=2 remarks=true" --pto-verify-fifo'
    assert pass_options(skew_at_2, "pto-skew-cross-core") == [
        {"fifo-depth": "2", "remarks": "true"}]
    assert pass_options(skew_at_2, "pto-verify-fifo") == [{}]
    piped = "--pass-pipeline='builtin.module(pto-skew-cross-core{fifo-depth=2}, pto-verify-fifo)'"
    assert pass_options(piped, "pto-skew-cross-core") == [{"fifo-depth": "2"}]
    assert pass_options(piped, "pto-verify-fifo") == [{}]


@pytest.mark.parametrize("doc, command", doc_commands())
def test_doc_command_runs(doc, command, tmp_path):
    """Every tool command of the docs runs clean; `in.mlir` stands for an
    example, `my_passes.py` for the doc's own plugin."""
    line = (command.replace("in.mlir", EXAMPLE)
            .replace("my_passes.py", str(plugin(tmp_path)))
            .replace("out.png", str(tmp_path / "out.png"))
            .replace("out.npz", str(tmp_path / "out.npz")))
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(line, shell=True, cwd=ROOT, capture_output=True, text=True,
                            timeout=600, env=env)
    assert result.returncode == 0, f"{doc}: {line}\n{result.stderr}"
    assert "error:" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    if " check " in f" {line} ":
        assert "PASS" in result.stdout, result.stdout


def pto_opt_plugin(tmp_path: Path, *args: str, env: dict | None = None):
    return subprocess.run(
        [str(BIN / "pto-opt"), f"--load-python-plugin={plugin(tmp_path)}", EXAMPLE, *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, **(env or {})})


def test_writing_a_pass_example_remarks_warns_and_fails(tmp_path):
    """Issue 22, item 8: the doc's pass, run as the doc says, gives a remark
    per function, and with limit=0 an error per loop and exit code 1."""
    ok = pto_opt_plugin(tmp_path, "--my-pass=limit=1", "-o", os.devnull)
    assert ok.returncode == 0, ok.stderr
    assert re.findall(r"flash_decode_qk_pv\.mlir:\d+:\d+: remark: 1 loop\(s\)",
                      ok.stderr) and "error" not in ok.stderr, ok.stderr
    failed = pto_opt_plugin(tmp_path, "--my-pass=limit=0", "-o", os.devnull)
    assert failed.returncode == 1
    assert len(re.findall(r"\.mlir:\d+:\d+: error: loop beyond the limit of 0",
                          failed.stderr)) == 2, failed.stderr


def test_an_option_out_of_range_is_reported_once(tmp_path):
    """Issue 22, item 8: not once per function the pass would run on."""
    result = pto_opt_plugin(tmp_path, "--my-pass=limit=-1")
    assert result.returncode == 1
    assert result.stderr.count("option 'limit' of pass 'my-pass' must be >= 0, got -1") == 1, \
        result.stderr


BROKEN = '''
from skew_mlir import Pass, register_pass

@register_pass
class Broken(Pass):
    argument = "broken-pass"
    summary = "raises"
    op_name = "func.func"

    def run(self, op):
        helper(op)

def helper(op):
    raise KeyError("no such thing")
'''


@pytest.mark.parametrize("variable, traceback", [("", False), ("0", False), ("1", True)])
def test_a_plugin_exception_prints_its_traceback_on_request(tmp_path, variable, traceback):
    """Issue 22, item 8: the error names the exception and says how to see
    the traceback; SKEW_MLIR_TRACEBACK=1 shows it, as a note."""
    path = tmp_path / "broken.py"
    path.write_text(BROKEN)
    result = subprocess.run(
        [str(BIN / "pto-opt"), f"--load-python-plugin={path}", EXAMPLE, "--broken-pass"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "SKEW_MLIR_TRACEBACK": variable})
    assert result.returncode == 1
    assert re.search(r"\.mlir:\d+:\d+: error: pass 'broken-pass' raised KeyError: "
                     r"'no such thing'", result.stderr), result.stderr
    has_traceback = ("Traceback (most recent call last)" in result.stderr
                     and "in helper" in result.stderr)
    assert has_traceback == traceback, result.stderr
    if not traceback:
        assert "note: set SKEW_MLIR_TRACEBACK=1 to see the Python traceback" in result.stderr


def test_one_story_of_where_the_pass_runs():
    """Issue 22, item 5: the docstring said func.func, the README the module.
    The pass's --help text, the Python entry point and the docs all say
    builtin.module, and none sends users under func.func."""
    import skew_mlir

    help_text = subprocess.run([str(BIN / "pto-opt"), "--help"], capture_output=True,
                               text=True, timeout=300).stdout
    summary = next(line for line in help_text.splitlines()
                   if "--pto-skew-cross-core" in line)
    story = [summary, skew_mlir.passes.skew_cross_core_pipeline.__doc__,
             skew_mlir.passes.SkewCrossCorePipeline.summary]
    for text in story:
        assert "builtin.module" in text, text
        assert not re.search(r"\(under func\.func\)", text), text
    tools = (ROOT / "docs" / "tools.md").read_text()
    assert "`pto-skew-cross-core` belongs at `builtin.module`" in tools


def test_every_doc_is_in_the_readme_table():
    """Issue 22, item 10: docs/soundness.md was linked from nowhere."""
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("## Documentation"):]
    for path in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{path.name})" in table, path.name


def test_depth_auto_is_documented_in_schedules_only():
    """Issue 22, item 10: one home per fact; the other docs link to it."""
    homes = [path.name for path in DOCS if "## depth=auto" in path.read_text()
             or "### depth=auto" in path.read_text()]
    assert homes == ["schedules.md"], homes
    schedules = (ROOT / "docs" / "schedules.md").read_text()
    # Push-only and pop-only loops are left intact, not demoted.
    assert re.search(r"\| push-only or pop-only \| left as it was", schedules)
