"""The progress line of a run: games done, rate, time left, and (with --precision) the widest
interval; and the notice of the fast path's one-time compilation, which is kept out of it."""
from __future__ import annotations

import sys
import time

from tqdm import tqdm

# measured: the first fast-path game of a fresh clone (numba compiling the game loop and its
# kernels, then writing them to its on-disk cache) takes 145-165 s of CPU on one core; later
# commands load the cached code in about a second
COMPILE_SECONDS = 150


def fast_path_compiled() -> bool:
    """Whether numba's on-disk cache holds the fast path's game loop compiled from the current
    sources (True with the JIT off, and when it cannot tell: then nothing is announced)."""
    try:
        from numba.core import config
        if config.DISABLE_JIT:
            return True
        from ..fast.game.loop import play_range
        return bool(play_range._cache._cache_file._load_index())
    except Exception:   # numba's cache internals moved: say nothing rather than fail a run
        return True


def compile_first(play_one, enabled: bool = True, stream=None) -> float:
    """Play one game with ``play_one()`` when the fast path is not compiled yet, saying so
    before (``compiling the fast path, once, about N s``) and after; returns the seconds it
    took (0 when nothing was compiled).  Done before the progress line starts, so that its
    rate and time left count games only."""
    if fast_path_compiled():
        return 0.0
    stream = stream or sys.stderr
    if enabled:
        print(f"compiling the fast path, once, about {COMPILE_SECONDS} s (later commands start "
              f"at once)...", file=stream, flush=True)
    t0 = time.perf_counter()
    play_one()
    seconds = time.perf_counter() - t0
    if enabled:
        print(f"compiled in {seconds:.0f} s", file=stream, flush=True)
    return seconds


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
