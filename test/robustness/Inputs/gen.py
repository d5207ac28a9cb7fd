"""Generates large bad-input cases for the robustness tests and benchmark.

  gen.py nest DEPTH [TRIP]
                        DEPTH nested pipeline loops (trip TRIP each, default 2)
                        round the cross-core round trip of the cube kernel
  gen.py ladder DEPTH    an imperfect nest of DEPTH trip-2 loops, a round trip
                        at every level (cube: push, loop, pop; vector: pop,
                        loop, push back): 2^(DEPTH+1) - 1 messages per pipe,
                        no single loop period; always a pair
  gen.py body OPS       one cross-core loop (trip 4) whose body holds OPS ops:
                        an addf chain feeding the push, a mulf chain after the pop
  gen.py uses USES      a skewed loop's result used USES times after the loop
  gen.py funcs COUNT    COUNT unmarked functions @cube0.., one cross-core loop each
  gen.py kernels COUNT  COUNT kernels in one module, cube and vector in turn, one
                        cross-core loop each (no pairing is known: the peer-blind
                        rule against every kernel of the other role)
  gen.py regions DEPTH  one cross-core loop (trip 8) whose body holds a DEPTH-deep
                        nest of scf.execute_region round an index addition, between
                        the push and the pop

Every output is a valid module with a cube kernel `@cube` marked
pto.core = "aic"; with `--pair` (nest, body, uses, regions) it also holds the vector
kernel `@vector` that pops each tile and pushes it back through the same loop
structure, so pto-verify-fifo and pto-sim see a complete pair (without it
pto-sim answers the cube with its echo peer).
"""

from __future__ import annotations

import sys

TILE = "tensor<16xf32>"


def _header(name: str = "cube", result: bool = False, trip: int = 4) -> list[str]:
    ret = f" -> {TILE}" if result else ""
    lines = [
        f"  func.func @{name}(%a: {TILE}){ret} attributes {{pto.core = \"aic\"}} {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        "    %c2 = arith.constant 2 : index",
        "    %c4 = arith.constant 4 : index",
    ]
    if trip not in (0, 1, 2, 4):
        lines.append(f"    %c{trip} = arith.constant {trip} : index")
    return lines


def _vector(loops: list[str], depth: int = 1, trip: int = 4) -> list[str]:
    """The vector kernel: `loops` (opening lines) around pop + push back."""
    pad = "  " * (depth + 2)
    header = _header("vector", trip=trip)
    header[0] = "  func.func @vector() attributes {pto.core = \"aiv\"} {"
    lines = [*header, *loops,
             f"{pad}%t = \"pto.tpop_from_aic\"() : () -> {TILE}",
             f"{pad}\"pto.tpush_to_aic\"(%t) : ({TILE}) -> ()"]
    for level in reversed(range(depth)):
        lines.append("  " * (level + 2) + "} {pto.pipeline_stages = 2 : i64}")
    return lines + ["    return", "  }"]


def _nest_loops(depth: int, trip: int) -> list[str]:
    return ["  " * (level + 2) + f"scf.for %i{level} = %c0 to %c{trip} step %c1 {{"
            for level in range(depth)]


def nest(depth: int, trip: int = 2, pair: bool = False) -> list[str]:
    lines = ["module {", *_header(trip=trip), *_nest_loops(depth, trip)]
    pad = "  " * (depth + 2)
    lines += [f"{pad}\"pto.tpush_to_aiv\"(%a) : ({TILE}) -> ()",
              f"{pad}%p = \"pto.tpop_from_aiv\"() : () -> {TILE}"]
    for level in reversed(range(depth)):
        pad = "  " * (level + 2)
        lines.append(f"{pad}}} {{pto.pipeline_stages = 2 : i64}}")
    lines += ["    return", "  }"]
    if pair:
        lines += _vector(_nest_loops(depth, trip), depth, trip)
    return lines + ["}"]


def ladder(depth: int, pair: bool = True) -> list[str]:
    def kernel(header: list[str], first: str, second: str) -> list[str]:
        lines = list(header)
        for level in range(depth):
            pad = "  " * (level + 2)
            lines += [pad + first.format(k=level),
                      f"{pad}scf.for %i{level} = %c0 to %c2 step %c1 {{"]
        pad = "  " * (depth + 2)
        lines += [pad + first.format(k=depth), pad + second.format(k=depth)]
        for level in reversed(range(depth)):
            pad = "  " * (level + 2)
            lines += [pad + "}", pad + second.format(k=level)]
        return lines + ["    return", "  }"]

    vector = _header("vector")
    vector[0] = "  func.func @vector() attributes {pto.core = \"aiv\"} {"
    return ["module {",
            *kernel(_header(), f"\"pto.tpush_to_aiv\"(%a) : ({TILE}) -> ()",
                    f"%p{{k}} = \"pto.tpop_from_aiv\"() : () -> {TILE}"),
            *kernel(vector, f"%t{{k}} = \"pto.tpop_from_aic\"() : () -> {TILE}",
                    f"\"pto.tpush_to_aic\"(%t{{k}}) : ({TILE}) -> ()"),
            "}"]


def _trip4_pair() -> list[str]:
    return _vector(["    scf.for %i = %c0 to %c4 step %c1 {"])


def body(ops: int, pair: bool = False) -> list[str]:
    half = max(1, (ops - 3) // 2)  # push, pop and yield make up the rest
    lines = ["module {", *_header(result=True),
             f"    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %a) -> ({TILE}) {{",
             "      %s0 = arith.addf %a, %a : " + TILE]
    lines += [f"      %s{k} = arith.addf %s{k - 1}, %a : {TILE}" for k in range(1, half)]
    lines += [f"      \"pto.tpush_to_aiv\"(%s{half - 1}) : ({TILE}) -> ()",
              f"      %p = \"pto.tpop_from_aiv\"() : () -> {TILE}",
              f"      %m0 = arith.mulf %p, %acc : {TILE}"]
    lines += [f"      %m{k} = arith.mulf %m{k - 1}, %p : {TILE}" for k in range(1, half)]
    lines += [f"      scf.yield %m{half - 1} : {TILE}",
              "    } {pto.pipeline_stages = 2 : i64}",
              f"    return %r : {TILE}", "  }"]
    return lines + (_trip4_pair() if pair else []) + ["}"]


def uses(count: int, pair: bool = False) -> list[str]:
    lines = ["module {", *_header(result=True),
             f"    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %a) -> ({TILE}) {{",
             f"      \"pto.tpush_to_aiv\"(%a) : ({TILE}) -> ()",
             f"      %p = \"pto.tpop_from_aiv\"() : () -> {TILE}",
             f"      %n = arith.addf %acc, %p : {TILE}",
             f"      scf.yield %n : {TILE}",
             "    } {pto.pipeline_stages = 2 : i64}",
             f"    %u0 = arith.addf %r, %r : {TILE}"]
    lines += [f"    %u{k} = arith.addf %u{k - 1}, %r : {TILE}" for k in range(1, count)]
    lines += [f"    return %u{count - 1} : {TILE}", "  }"]
    return lines + (_trip4_pair() if pair else []) + ["}"]


def funcs(count: int) -> list[str]:
    lines = ["module {"]
    for k in range(count):
        lines += _header(f"cube{k}")
        lines[-5] = lines[-5].replace(' attributes {pto.core = "aic"}', "")
        lines += ["    scf.for %i = %c0 to %c4 step %c1 {",
                  f"      \"pto.tpush_to_aiv\"(%a) : ({TILE}) -> ()",
                  f"      %p = \"pto.tpop_from_aiv\"() : () -> {TILE}",
                  "    } {pto.pipeline_stages = 2 : i64}",
                  "    return", "  }"]
    return lines + ["}"]


def kernels(count: int) -> list[str]:
    lines = ["module {"]
    for k in range(count):
        if k % 2 == 0:
            lines += _header(f"cube{k}")
            body = [f"      \"pto.tpush_to_aiv\"(%a) : ({TILE}) -> ()",
                    f"      %p = \"pto.tpop_from_aiv\"() : () -> {TILE}"]
        else:
            lines += _header(f"vector{k}")
            lines[-5] = lines[-5].replace('"aic"', '"aiv"')
            body = [f"      %t = \"pto.tpop_from_aic\"() : () -> {TILE}",
                    f"      \"pto.tpush_to_aic\"(%t) : ({TILE}) -> ()"]
        lines += ["    scf.for %i = %c0 to %c4 step %c1 {", *body,
                  "    } {pto.pipeline_stages = 2 : i64}", "    return", "  }"]
    return lines + ["}"]


def regions(depth: int, pair: bool = False) -> list[str]:
    lines = ["module {", *_header(trip=8), "    scf.for %i = %c0 to %c8 step %c1 {",
             f"      \"pto.tpush_to_aiv\"(%a) : ({TILE}) -> ()"]
    lines += ["      " + "  " * level + "scf.execute_region {" for level in range(depth)]
    lines.append("      " + "  " * depth + "%x = arith.addi %i, %i : index")
    for level in reversed(range(depth)):
        lines += ["      " + "  " * level + "  scf.yield", "      " + "  " * level + "}"]
    lines += [f"      %p = \"pto.tpop_from_aiv\"() : () -> {TILE}",
              "    } {pto.pipeline_stages = 2 : i64}", "    return", "  }"]
    if pair:
        lines += _vector(["    scf.for %i = %c0 to %c8 step %c1 {"], trip=8)
    return lines + ["}"]


KINDS = {"nest": nest, "ladder": ladder, "body": body, "uses": uses, "funcs": funcs,
         "kernels": kernels, "regions": regions}


def generate(kind: str, *sizes: int, pair: bool = False) -> str:
    extra = {"pair": True} if pair else {}
    return "\n".join(KINDS[kind](*sizes, **extra)) + "\n"


def main(argv: list[str]) -> int:
    pair = "--pair" in argv
    argv = [a for a in argv if a != "--pair"]
    most = 3 if argv and argv[0] == "nest" else 2
    if (not 2 <= len(argv) <= most or argv[0] not in KINDS
            or not all(a.isdigit() and int(a) >= 1 for a in argv[1:])
            or (pair and argv[0] in ("funcs", "kernels"))):
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(generate(argv[0], *map(int, argv[1:]), pair=pair))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
