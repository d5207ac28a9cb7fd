"""Post-process tblgen-to-irdl's output for upstream's IRDL loader.

What upstream's IRDL loader (MLIR 22) cannot take:
- an op whose name has a dot (`tmatmul.acc`): IRDL names an operation by one
  identifier, so it is left out (that op needs our mlir-opt);
- a type whose name has an uppercase letter (`f8E8M0`, `f4E2M1x2`): the
  loader refuses it, so it is left out too (those types need our mlir-opt);
- the C++ predicates and unions tblgen-to-irdl writes for ODS constraints
  (`irdl.c_pred`, `irdl.any_of` of bases abort the loader with "unknown IRDL
  constraint"): each becomes `irdl.any`. Upstream then checks the ops' names
  and arities (operand and result counts, optional and variadic groups); our
  own dialect checks the rest.
Usage: irdl_for_upstream.py IN OUT
"""

import re
import sys

CONSTRAINT = re.compile(r'^(\s*)(%\d+) = "irdl\.[a-z_]+"\(.*-> !irdl\.attribute$')
OP_START = re.compile(r'^(\s*)"irdl\.operation"\(\) <\{sym_name = "([^"]*)"\}> \(\{$')
TYPE_START = re.compile(r'^(\s*)"irdl\.type"\(\) <\{sym_name = "!?([^"]*)"\}> \(\{$')


def main(source: str, target: str) -> None:
    out, skip_indent = [], None
    for line in open(source, encoding="utf-8").read().splitlines(keepends=True):
        if skip_indent is not None:
            if line.startswith(skip_indent + "})"):
                skip_indent = None
            continue
        match = OP_START.match(line)
        if match and "." in match.group(2):
            skip_indent = match.group(1)
            continue
        match = TYPE_START.match(line)
        if match and match.group(2) != match.group(2).lower():
            skip_indent = match.group(1)
            continue
        constraint = CONSTRAINT.match(line)
        if constraint:
            line = (f'{constraint.group(1)}{constraint.group(2)} = "irdl.any"() '
                    ": () -> !irdl.attribute\n")
        out.append(line)
    with open(target, "w", encoding="utf-8") as f:
        f.write("".join(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
