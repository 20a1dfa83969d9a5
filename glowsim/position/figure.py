"""The figure of a position analysis: each option's win share and mean score with 95%
intervals, best at the top (matplotlib, Agg backend)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.ticker import MaxNLocator, PercentFormatter  # noqa: E402

BEST, OTHER = "#1a7f37", "#44546a"
MAX_LABEL = 48


def _label(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 1] + "\u2026"


def analysis_figure(analysis, title: str | None = None):
    """A Figure: two panels (win share, mean final score) with one interval bar per option,
    ordered best first from the top."""
    t = analysis.table
    k = len(t)
    y = np.arange(k)[::-1]
    fig, axes = plt.subplots(1, 2, figsize=(10, 1.2 + 0.38 * k), sharey=True)
    colors = [BEST if r == 1 else OTHER for r in t["rank"]]
    for ax, col, label in ((axes[0], "win", "win share of the player to move"),
                           (axes[1], "score", "mean final score")):
        x = t[col].to_numpy(float)
        lo = np.clip(x - t[f"{col}_low"].to_numpy(float), 0, None)
        hi = np.clip(t[f"{col}_high"].to_numpy(float) - x, 0, None)
        for i in range(k):
            ax.errorbar(x[i], y[i], xerr=[[np.nan_to_num(lo[i])], [np.nan_to_num(hi[i])]],
                        fmt="o", color=colors[i], capsize=3)
        ax.xaxis.set_major_locator(MaxNLocator(5))
        ax.set_xlabel(label)
        ax.grid(axis="x", alpha=0.3)
    axes[0].xaxis.set_major_formatter(PercentFormatter(1.0, decimals=None))
    axes[0].set_yticks(y)
    axes[0].set_yticklabels([_label(s) for s in t["option"]])
    fig.suptitle(title or (f"Round {analysis.round}, P{analysis.player} {analysis.kind.lower()}: "
                           f"{analysis.rollouts} rollouts per option by {analysis.bot}, "
                           f"95% intervals"), fontsize=10)
    fig.tight_layout()
    return fig


def write_figure(analysis, path, title: str | None = None) -> None:
    fig = analysis_figure(analysis, title)
    try:
        fig.savefig(path, dpi=110)
    finally:
        plt.close(fig)
