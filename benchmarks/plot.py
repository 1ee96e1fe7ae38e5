"""Draws the size sweep (bench_sweep's rows) as ratio-to-NumPy curves in a PNG, when matplotlib
is installed: one line per operation, the size on a log axis, the targets as dashed lines."""

import re

ROW = re.compile(r"^(?P<op>.+), n=1e(?P<k>\d+)$")


def sweep_curves(rows):
    """{operation: [(size, ratio), ...]} from the rows named "<op>, n=1eK" that have a ratio."""
    curves = {}
    for r in rows:
        m = ROW.match(r.name)
        if m and r.ratio is not None:
            curves.setdefault(m["op"], []).append((10 ** int(m["k"]), r.ratio))
    return curves


def write_plot(rows, path, title):
    """Writes the PNG; returns a line saying what was written or why nothing was."""
    curves = sweep_curves(rows)
    if not curves:
        return "plot: no sweep rows to draw"
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display: files only
        import matplotlib.pyplot as plt
    except ImportError:
        return "plot: matplotlib is not installed (pip install matplotlib); table only"
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for op, points in curves.items():
        points.sort()
        ax.plot([n for n, _ in points], [r for _, r in points], marker="o", label=op)
    for level, style in ((1.0, "-"), (1.2, "--"), (0.7, ":")):
        ax.axhline(level, color="grey", linewidth=0.8, linestyle=style)
    ax.set_xscale("log")
    ax.set_xlabel("elements")
    ax.set_ylabel("time / NumPy's time")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return f"plot: wrote {path}"
