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


def integer_attr(type_: ir.Type, value: int) -> ir.IntegerAttr:
    """An attribute of integer or index type `type_` holding `value` modulo
    2^width (an unsigned IV's or a wrapping offset's value may not fit the
    signed range).

    The bindings build every IntegerAttr from an int64, zero-extended to a
    wider signless type (-1 : i65 would hold 2^64 - 1) and refused past 64
    bits: a wider one is parsed from its decimal text instead."""
    width = type_.width if isinstance(type_, ir.IntegerType) else 64
    bits = (value + (1 << (width - 1))) % (1 << width) - (1 << (width - 1))
    if width > 64:
        if isinstance(type_, ir.IntegerType) and type_.is_unsigned:
            bits %= 1 << width
        return ir.IntegerAttr(ir.Attribute.parse(f"{bits} : {type_}"))
    return ir.IntegerAttr.get(type_, bits)


def string_value(attr: ir.Attribute) -> str:
    """A string attribute's text. Its bytes need not be UTF-8 (`"\\FF"` is
    valid IR), where the bindings' `.value` raises: such bytes come back
    as escapes."""
    return ir.StringAttr(attr).value_bytes.decode("utf-8", "backslashreplace")


def function_name(op: ir.Operation) -> str:
    """The name of a symbol op (a function), read as symbol_name does."""
    return symbol_name(op.attributes["sym_name"])

