"""Timeline pictures: both cores against time, compute and blocked spans colored.

Uses matplotlib's object API with the Agg canvas (no pyplot global state, no
display needed); the file type follows the extension (.png, .svg, .pdf).
`pto-sim` checks the path with `unwritable` before it simulates.
"""

from __future__ import annotations

import os

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from .cores import BLOCKED_POP, BLOCKED_PUSH, COMPUTE
from .errors import SimError
from .scheduler import RunResult
from .timing import timing

COLORS = {COMPUTE: "#4c72b0", BLOCKED_PUSH: "#dd8452", BLOCKED_POP: "#c44e52"}
LABELS = {COMPUTE: "compute", BLOCKED_PUSH: "blocked on push", BLOCKED_POP: "blocked on pop"}
# The formats drawn: matplotlib's own writers (it has more, some needing
# LaTeX or optional Pillow codecs, which would fail only after the run).
FORMATS = ("pdf", "png", "svg")


def output_path(path: str) -> str:
    """The file written for `path`: PNG without an extension."""
    return path if os.path.splitext(path)[1] else path + ".png"


def unwritable(path: str) -> str | None:
    """Why no timeline can be written for `path`, else None."""
    path = output_path(path)
    extension = os.path.splitext(path)[1][1:].lower()
    if extension not in FORMATS:
        return f"cannot draw a '.{extension}' file (formats: {', '.join(FORMATS)})"
    directory = os.path.dirname(path) or "."
    if not os.path.isdir(directory):
        return f"cannot write {path}: no directory {directory}"
    if os.path.isdir(path):
        return f"cannot write {path}: it is a directory"
    if not os.access(path if os.path.exists(path) else directory, os.W_OK):
        return f"cannot write {path}: permission denied"
    return None


def _draw(ax, result: RunResult, title: str, xmax: int) -> None:
    cores = list(result.cores.values())
    for row, core in enumerate(cores):
        for kind, color in COLORS.items():
            spans = [(s, e - s) for s, e, k in core.segments if k == kind]
            ax.broken_barh(spans, (row - 0.35, 0.7), facecolors=color, linewidth=0)
    ax.set_yticks(range(len(cores)), [f"{c.name}\n@{c.function}" for c in cores])
    ax.set_ylim(-0.6, len(cores) - 0.4)
    ax.invert_yaxis()
    ax.set_xlim(0, xmax)
    t = timing(result)
    ax.set_title(f"{title}: {t.total} cycles, efficiency {t.efficiency:.2f} "
                 f"(bound {t.bound}; slots: {result.slots()})", fontsize=10)
    ax.grid(axis="x", alpha=0.3)


def _save(fig: Figure, path: str) -> str:
    """Save as the extension says (output_path); the path written."""
    path = output_path(path)
    fig.legend(handles=[Patch(color=COLORS[k], label=LABELS[k]) for k in COLORS],
               loc="lower center", ncols=3, frameon=False)
    FigureCanvasAgg(fig)
    try:
        fig.savefig(path, dpi=120)
    except OSError as exc:  # checked before the run, but the disk may fill or change
        raise SimError(f"cannot write {path}: {exc}") from None
    return path


def draw(result: RunResult, path: str, title: str = "kernel pair") -> str:
    fig = Figure(figsize=(11, 2.6), layout="constrained")
    fig.get_layout_engine().set(rect=(0, 0.1, 1, 0.9))
    _draw(fig.add_subplot(), result, title, result.total)
    fig.supxlabel("cycle", fontsize=9, y=0.12)
    return _save(fig, path)


def draw_pair(before: RunResult, after: RunResult, path: str) -> str:
    """Before/after timelines on one time axis, so the overlap won is visible."""
    fig = Figure(figsize=(11, 4.6), layout="constrained")
    fig.get_layout_engine().set(rect=(0, 0.07, 1, 0.93))
    xmax = max(before.total, after.total)
    top, bottom = fig.subplots(2, 1, sharex=True)
    _draw(top, before, "before", xmax)
    _draw(bottom, after, "after", xmax)
    bottom.set_xlabel("cycle")
    return _save(fig, path)
