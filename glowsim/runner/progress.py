"""The progress line of a run: games done, rate, time left, and (with --precision) the widest interval."""
from __future__ import annotations

import sys

from tqdm import tqdm


class Progress:
    def __init__(self, total: int, done: int = 0, enabled: bool = True, precision: float | None = None):
        self.precision = precision
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
            self.bar.set_postfix_str(f"widest ±{half_width:.4f} (target ±{self.precision:g})"
                                     + (f" {where}" if where else ""), refresh=True)

    def close(self) -> None:
        self.bar.close()
