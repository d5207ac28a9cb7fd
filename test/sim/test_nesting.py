# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Nesting depth: recursion over the IR's nesting kept off Python's stack
(skew_mlir.nesting), and the simulator's bound on the nesting it compiles,
which follows the recursion limit so a deep nest is a located error, never
a RecursionError."""

import sys
import threading

import pytest
from conftest import parse

from skew_mlir.nesting import unwind
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.interpreter import max_nesting
from skew_mlir.sim.scheduler import simulate


def _depth(n: int):
    """A recursive walk of an n-deep chain, written for unwind."""
    if n == 0:
        return 0
    return 1 + (yield _depth(n - 1))


def test_unwind_runs_recursion_far_beyond_the_python_limit():
    deep = 20 * sys.getrecursionlimit()
    assert unwind(_depth(deep)) == deep


def _fails_at(n: int):
    if n == 0:
        raise KeyError("bottom")
    yield _fails_at(n - 1)


def _catches(n: int):
    try:
        yield _fails_at(n)
    except KeyError as exc:
        return f"caught {exc} from {n} levels down"


def test_unwind_propagates_exceptions_to_the_caller():
    assert unwind(_catches(5000)) == "caught 'bottom' from 5000 levels down"
    with pytest.raises(KeyError, match="bottom"):
        unwind(_fails_at(5000))


def _nest(depth: int) -> str:
    """A cube kernel of `depth` nested trip-1 loops round a round trip."""
    opens = "".join(f"scf.for %i{k} = %c0 to %c1 step %c1 {{\n" for k in range(depth))
    return f"""func.func @cube(%a: tensor<4xf32>) attributes {{pto.core = "aic"}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  {opens}"pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
  %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
  {"}" * depth}
  return
}}"""


def _simulate_on_thread(module):
    """simulate(module) on a fresh thread (a small default stack, as a
    library user's): its result or exception."""
    outcome = []

    def run():
        try:
            with module.context:
                outcome.append(simulate(module))
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome.append(exc)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return outcome[0]


def test_the_simulator_runs_the_deepest_nest_its_recursion_limit_allows():
    # The function's region is one level; its body may hold the rest.
    deepest = max_nesting() - 1
    result = _simulate_on_thread(parse(_nest(deepest)))
    assert not isinstance(result, BaseException), result
    assert len(result.pipes) == 2


def test_one_level_more_is_a_located_error():
    limit = max_nesting()
    result = _simulate_on_thread(parse(_nest(limit)))
    assert isinstance(result, SimError), result
    assert f"regions nested more than {limit} deep are not supported" in str(result)
    assert str(result).startswith("-:103:1: "), str(result)  # located at the loop
