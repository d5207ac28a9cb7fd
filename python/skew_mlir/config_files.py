"""The one reader of the JSON and TOML files that configure the tools (a
cost model, a capacity file): whatever way a file fails to read or decode,
the error names it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path


def read_data(path: str | Path, origin: str, error: type[ValueError] = ValueError):
    """The value a file holds, TOML for a .toml file, else JSON; `error` with
    a message starting with `origin` (which names the file) when it cannot."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise error(f"{origin}: cannot read it: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{origin}: not UTF-8 text: byte 0x{raw[exc.start]:02x} "
                    f"at offset {exc.start}") from None
    kind = "TOML" if path.suffix == ".toml" else "JSON"
    try:
        return tomllib.loads(text) if kind == "TOML" else json.loads(text)
    except RecursionError:  # both decoders recurse once per nested array or table
        raise error(f"{origin}: not valid {kind}: nested too deeply") from None
    except ValueError as exc:  # their decode errors, and int()'s limit of 4300 digits
        raise error(f"{origin}: not valid {kind}: {exc}") from None
