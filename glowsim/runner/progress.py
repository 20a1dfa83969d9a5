"""The progress line of a run: games done, rate, time left, and (with --precision) the widest
interval.  What numba compiles is compiled and announced before it starts
(glowsim/compiling.py), so its rate and time left count games only."""
from __future__ import annotations

import sys

from tqdm import tqdm


class Progress:
    def __init__(self, total: int, done: int = 0, enabled: bool = True, precision: float | None = None,
                 pick_precision: float | None = None):
        self.precision = precision
        self.pick_precision = pick_precision
        self.parts: dict[str, str] = {}
        self.bar = tqdm(total=total, initial=done, unit="game", dynamic_ncols=True,
                        disable=not enabled, file=sys.stderr, smoothing=0.1,
                        desc="games")

    def grow(self, total: int) -> None:
        """A larger target (precision mode adds chunk rows)."""
        if total != self.bar.total and not self.bar.disable:
            self.bar.total = total
            self.bar.refresh()

    def skip(self, n: int) -> None:
        """Games already played by an earlier (interrupted) run: counted, not in the rate."""
        if self.bar.disable:
            return
        self.bar.initial += n
        self.bar.n += n
        self.bar.last_print_n += n
        self.bar.refresh()

    def advance(self, n: int) -> None:
        self.bar.update(n)

    def widest(self, half_width: float, where: str = "") -> None:
        if self.precision is not None:
            self._show("win rate", f"widest ±{half_width:.4f} (target ±{self.precision:g})"
                       + (f" {where}" if where else ""))

    def pick_widest(self, half_width: float, where: str = "") -> None:
        """The widest pick-value half-width (points) against its target."""
        if self.pick_precision is not None:
            now = "not yet measured" if half_width == float("inf") else f"±{half_width:.2f}"
            self._show("pick value", f"pick value widest {now} (target ±{self.pick_precision:g} "
                                     f"points)" + (f" {where}" if where else ""))

    def _show(self, part: str, text: str) -> None:
        self.parts[part] = text
        self.bar.set_postfix_str("; ".join(self.parts.values()), refresh=True)

    def close(self) -> None:
        self.bar.close()
