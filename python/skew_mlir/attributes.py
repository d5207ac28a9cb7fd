"""Reading attribute values exactly, where the bindings would not."""

from __future__ import annotations

import re

from mlir import ir

# MLIR prints a symbol name that is not an identifier quoted, a backslash as
# `\\` and any other byte outside printable ASCII or a quote as `\XX`.
_ESCAPE = re.compile(rb"\\(\\|[0-9A-Fa-f]{2})")


def symbol_name(attr: ir.Attribute) -> str:
    """The text of a symbol name: a `sym_name` StringAttr or a FlatSymbolRefAttr
    (a call's callee). Bytes that are not UTF-8 (`@"cu\\FFbe"`) become
    backslash escapes, where the bindings' `.value` raises."""
    if not isinstance(attr, ir.FlatSymbolRefAttr):
        return string_value(attr)
    printed = str(attr)[1:].encode()
    raw = (_ESCAPE.sub(lambda m: b"\\" if m[1] == b"\\" else bytes([int(m[1], 16)]),
                       printed[1:-1]) if printed.startswith(b'"') else printed)
    return raw.decode("utf-8", "backslashreplace")


def integer_value(attr: ir.Attribute) -> int | None:
    """The exact value of an integer attribute of any width and signedness
    (None for anything else, booleans included).

    The bindings read every IntegerAttr through int64: wider values abort the
    process (an APInt assertion) and unsigned 64-bit ones come back negative.
    """
    if not isinstance(attr, ir.IntegerAttr):
        return None
    type_ = attr.type
    if not isinstance(type_, ir.IntegerType):
        return attr.value  # index: 64-bit signed
    if type_.width == 1:
        return None  # i1 is a boolean, not a count
    if type_.width > 64:
        # Printed as "<decimal> : iN", signed unless the type is unsigned.
        return int(str(attr).rsplit(" : ", 1)[0])
    value = attr.value
    if type_.is_unsigned and value < 0:
        value += 1 << type_.width
    return value


def string_value(attr: ir.Attribute) -> str:
    """A string attribute's text. Its bytes need not be UTF-8 (`"\\FF"` is
    valid IR), where the bindings' `.value` raises: such bytes come back
    as escapes."""
    return ir.StringAttr(attr).value_bytes.decode("utf-8", "backslashreplace")


def function_name(op: ir.Operation) -> str:
    """The name of a symbol op (a function), read as symbol_name does."""
    return symbol_name(op.attributes["sym_name"])

