# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""benchmarks/fuzz_soak.py runs a failing case again before shrinking it.

A failure the case does not repeat (a wall-clock limit of the simulator run
out while the machine was loaded or the soak paused) is reported as not
repeated and written whole: shrinking it would keep only the stage and
wander to whatever else fails there (a pair that deadlocks as written, say).
A failure that repeats is shrunk as before.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "test" / "lib"))

import fuzz_soak  # noqa: E402

FAILURE = ("naive-sim", "FAIL: before the pipeline: the simulation ran past its "
                        "time limit\n  details")


def _soak(monkeypatch, tmp_path, results: list, capsys) -> tuple[str, list]:
    """Runs one case whose property checks give `results` in turn; returns
    the soak's output and the specs shrink was called on."""
    answers = iter(results)
    monkeypatch.setattr(fuzz_soak, "run_case", lambda *a, **k: next(answers))
    shrunk = []

    def shrink(spec, fails, budget):
        shrunk.append(spec)
        return spec
    monkeypatch.setattr(fuzz_soak, "shrink", shrink)
    # pytest's captured stderr has no file descriptor for faulthandler.
    monkeypatch.setattr(fuzz_soak.faulthandler, "enable", lambda: None)
    fuzz_soak.main(["--cases", "1", "--seed", "1", "--jit-every", "0",
                    "--out", str(tmp_path)])
    return capsys.readouterr().out, shrunk


def test_a_failure_not_repeated_is_reported_and_kept_whole(monkeypatch, tmp_path, capsys):
    out, shrunk = _soak(monkeypatch, tmp_path, [FAILURE, None], capsys)
    assert "FAIL seed 1 [naive-sim]" in out
    assert "(not repeated when the case ran again)" in out
    assert "1 failed" in out
    assert shrunk == []
    written = (tmp_path / "fuzz-1-naive-sim.mlir").read_text()
    assert "time limit (not repeated when the case ran again)" in written


def test_a_repeated_failure_is_shrunk(monkeypatch, tmp_path, capsys):
    # The first run, the re-run, then the shrunk spec's message.
    out, shrunk = _soak(monkeypatch, tmp_path, [FAILURE, FAILURE, FAILURE], capsys)
    assert "FAIL seed 1 [naive-sim]" in out
    assert "not repeated" not in out
    assert len(shrunk) == 1
