"""The fit of one decision's weights: a regression of what each alternative's continuation
won on its features, within each decision (docs/bots.md, *How it is trained*).

The rows of one forked decision share everything but the alternative (common random
numbers, docs/forks.md), so each decision's rows are compared among themselves: features
and win shares are centred on the decision's means, and the weights are the least-squares
fit of the centred win shares (points) on the centred features, with a small ridge on the
standardised features.  Taking the row with the largest ``weights . features`` then takes
the alternative whose continuation is expected to win most, as far as the features tell.

What the fit reads is kept as sums (:class:`Stats`: X'X, X'y, y'y and counts), so the data of
several generations played by one policy add up, and a stopped training resumes from them.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

RIDGE = 1e-4        # ridge per row on the standardised features
DIGITS = 6          # significant digits the fitted weights keep (a preset file's numbers)


@dataclass
class Stats:
    k: int
    rows: int = 0
    groups: int = 0
    xtx: np.ndarray | None = None
    xty: np.ndarray | None = None
    yty: float = 0.0

    def __post_init__(self):
        if self.xtx is None:
            self.xtx = np.zeros((self.k, self.k))
        if self.xty is None:
            self.xty = np.zeros(self.k)

    def __add__(self, other: "Stats") -> "Stats":
        return Stats(self.k, self.rows + other.rows, self.groups + other.groups,
                     self.xtx + other.xtx, self.xty + other.xty, self.yty + other.yty)

    def to_json(self) -> dict:
        return {"k": self.k, "rows": self.rows, "groups": self.groups, "xtx": self.xtx.tolist(),
                "xty": self.xty.tolist(), "yty": self.yty}

    @staticmethod
    def from_json(d: dict) -> "Stats":
        return Stats(int(d["k"]), int(d["rows"]), int(d["groups"]), np.array(d["xtx"], float),
                     np.array(d["xty"], float), float(d["yty"]))


def centred(x: np.ndarray, y: np.ndarray, group: np.ndarray) -> tuple:
    """x and y minus their decision's means (rows of a decision consecutive)."""
    if len(y) == 0:
        return x, y
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    counts = np.diff(np.r_[starts, len(y)])
    xm = np.add.reduceat(x, starts, axis=0) / counts[:, None]
    ym = np.add.reduceat(y, starts) / counts
    return x - np.repeat(xm, counts, axis=0), y - np.repeat(ym, counts)


def stats_of(batch) -> Stats:
    """The sums of one batch (glowsim/train/data.py Batch)."""
    k = batch.x.shape[1]
    xc, yc = centred(batch.x, batch.y, batch.group)
    groups = int(len(np.unique(batch.group))) if len(batch.y) else 0
    return Stats(k, len(yc), groups, xc.T @ xc, xc.T @ yc, float(yc @ yc))


@dataclass
class Fit:
    weights: np.ndarray     # points of win share per unit of each feature
    se: np.ndarray          # their standard errors (homoscedastic, within decisions)
    r2: float               # share of the within-decision variance explained
    rows: int
    groups: int


def solve(st: Stats, ridge: float = RIDGE, signs=None) -> Fit:
    """The ridge least-squares weights of the sums (module docstring); ``signs`` (one per
    feature: +1 at least 0, -1 at most 0, 0 free) bounds them (a bounded least squares)."""
    k = st.k
    if st.rows <= k + 1:
        raise ValueError(f"the fit needs more than {k + 1} rows of forked decisions, got {st.rows}")
    d = np.sqrt(np.maximum(np.diag(st.xtx), 0.0) / st.rows)
    d[d == 0.0] = 1.0
    a = st.xtx / np.outer(d, d) + ridge * st.rows * np.eye(k)
    if signs is None or not np.any(signs):
        z = np.linalg.solve(a, st.xty / d)
    else:
        z = bounded(a, st.xty / d, np.asarray(signs))
    w = z / d
    rss = st.yty - 2.0 * w @ st.xty + w @ st.xtx @ w
    dof = max(st.rows - st.groups - k, 1)
    s2 = max(rss, 0.0) / dof
    cov = s2 * np.linalg.inv(a) / np.outer(d, d)
    r2 = 1.0 - rss / st.yty if st.yty > 0 else 0.0
    return Fit(round_weights(w), np.sqrt(np.maximum(np.diag(cov), 0.0)), float(r2), st.rows, st.groups)


def bounded(a: np.ndarray, b: np.ndarray, signs: np.ndarray) -> np.ndarray:
    """argmin z'az - 2b'z with z >= 0 where signs > 0, z <= 0 where signs < 0: the least
    squares ||c z - e|| (a = c'c, c'e = b) with bounds, by bounded-variable least squares."""
    from scipy.optimize import lsq_linear
    c = np.linalg.cholesky(a).T           # a = c'c, c upper triangular
    e = np.linalg.solve(c.T, b)
    lo = np.where(signs > 0, 0.0, -np.inf)
    hi = np.where(signs < 0, 0.0, np.inf)
    return lsq_linear(c, e, bounds=(lo, hi), method="bvls", tol=1e-12).x


def round_weights(w: np.ndarray) -> np.ndarray:
    """Weights to DIGITS significant digits."""
    out = np.zeros(len(w))
    for i, x in enumerate(w):
        out[i] = float(f"{x:.{DIGITS}g}")
    return out
