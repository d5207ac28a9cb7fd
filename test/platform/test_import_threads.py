# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""`import skew_mlir` leaves the rest of the process alone: a thread that
imports numpy while another imports skew_mlir (and with it mlir.ir) gets
numpy. Runs in a fresh interpreter, where neither is imported yet."""

import subprocess
import sys

RACE = """
import sys, threading

failures = []

def import_numpy_while_mlir_loads():
    while "mlir" not in sys.modules:
        pass
    try:
        import numpy
    except ImportError as exc:
        failures.append(exc)

other = threading.Thread(target=import_numpy_while_mlir_loads)
other.start()
import skew_mlir
other.join()
print("failures:", failures)
"""


def test_numpy_imports_in_another_thread_while_skew_mlir_loads():
    out = subprocess.run([sys.executable, "-c", RACE], check=True,
                         capture_output=True, text=True, timeout=120).stdout
    assert out == "failures: []\n"
