"""Argument types shared by the sub-commands: numbers checked against their allowed range, so a
bad value is an argparse error naming the option and the range (never a traceback).  The ranges
of options that override a scenario field are those of the field (glowsim/limits.py)."""
from __future__ import annotations

import argparse
import math
import os
import re

from ..limits import MAX_SEED


def number(kind, low=None, high=None, what="", open_low=False, open_high=False):
    """An argparse ``type`` parsing ``kind`` (int or float) within low..high (either may be None:
    unbounded; ``open_low``/``open_high``: that bound itself is excluded).  A float must be
    finite (no nan, inf); an int is written in digits (``1e12`` is not a whole number here), and
    either is written in ASCII digits without underscores."""
    def parse(text):
        try:
            if not text.isascii() or "_" in text:   # Python reads '١٢' and '1_0' as numbers
                raise ValueError(text)
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a {'number' if kind is float else 'whole number'}, got {text!r}") from None
        if kind is float and not math.isfinite(v):
            raise argparse.ArgumentTypeError(f"{what or 'value'} must be a finite number, got {text}")
        below = low is not None and (v <= low if open_low else v < low)
        above = high is not None and (v >= high if open_high else v > high)
        if below or above:
            lo = "" if low is None else f"{low}{' (excluded)' if open_low else ''}"
            hi = "" if high is None else f"{high}{' (excluded)' if open_high else ''}"
            allowed = (f"in {lo}..{hi}" if low is not None and high is not None
                       else f">{'' if open_low else '='} {low}" if low is not None
                       else f"<{'' if open_high else '='} {high}")
            raise argparse.ArgumentTypeError(f"{what or 'value'} must be {allowed}, got {text}")
        return v
    parse.__name__ = kind.__name__
    return parse


def positive(kind, high=None, what=""):
    """An argparse ``type`` parsing ``kind`` greater than 0 (and at most ``high`` when given)."""
    return number(kind, 0, high, what, open_low=True)


def seed(what="--seed"):
    """A root seed or game index: a whole number in 0..2**63-1."""
    return number(int, 0, MAX_SEED, what)


def add_search_run_options(p, verb: str, out_default: str, fresh_help: str) -> None:
    """The options of a command that searches over plays of one run of a scenario (balance,
    rebalance): --variant, --out, --workers, --fresh and --quiet."""
    p.add_argument("--variant", metavar="NAME",
                   help=f"the run to {verb} when the scenario has several variants")
    p.add_argument("--out", metavar="DIR", help=f"output folder (default: {out_default})")
    p.add_argument("--workers", type=number(int, 1, 1024, "--workers"), metavar="K",
                   help=f"threads of the fast engine (default: all cores, here {os.cpu_count()})")
    p.add_argument("--fresh", action="store_true", help=fresh_help)
    p.add_argument("--quiet", action="store_true", help="no progress bars")


_ADDRESS = re.compile(r"^(?:(tcp|tls|ws|wss|ucx)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9._-]*):"
                      r"([0-9]{1,5})$")


def scheduler_address(text: str) -> str:
    """An argparse ``type``: a dask scheduler address, ``[PROTOCOL://]HOST:PORT`` (protocol tcp,
    tls, ws, wss or ucx; port 1..65535) or an in-process ``inproc://`` address, checked before
    the run starts."""
    if text.startswith("inproc://") and len(text) > len("inproc://"):
        return text          # a scheduler in this process (dask's in-process transport)
    hit = _ADDRESS.match(text)
    if not hit or not 1 <= int(hit.group(3)) <= 65535:
        raise argparse.ArgumentTypeError(
            f"expected a dask scheduler address HOST:PORT or PROTOCOL://HOST:PORT (protocol tcp, "
            f"tls, ws, wss or ucx; port 1..65535), e.g. tcp://10.0.0.5:8786, got {text[:80]!r}")
    return text


def check_writable_folder(option: str, path: str, what: str) -> None:
    """`path` (given with `option`) can be the folder a command writes ``what`` into: a folder,
    or a new one under a folder this user can write (nothing is made now).  Checked before the
    command's long work; a UserError naming the option, the path and what is wrong."""
    from pathlib import Path

    from ..errors import UserError
    p = Path(path)
    try:
        anc = p
        while not anc.exists() and anc != anc.parent:
            anc = anc.parent
        if anc.exists() and not anc.is_dir():
            where = "is a file" if anc == p else f"{anc} is a file"
            raise UserError(f"{option} {path}: {where}, not a folder; {what} is written into a "
                            f"folder")
        if anc.is_dir() and not os.access(anc, os.W_OK | os.X_OK):
            raise UserError(f"{option} {path}: cannot write: {anc} is not writable")
    except UserError:
        raise
    except (OSError, ValueError) as e:   # a name too long, a NUL character
        raise UserError(f"{option} {path!r}: not a folder name ({e})") from None


def check_writable_file(option: str, path: str, example: str, suffix: str | None = None,
                        parents: bool = False) -> None:
    """`path` (given with `option`) names a file that can be written: not a folder, in a folder
    that exists (not under a file), writable there.  Checked before a command's long work, so a
    bad path is refused at once rather than after the games; a file made by the check alone is
    removed again.  ``parents``: the command makes the missing folders (they are made now).  A
    UserError naming the option, the path and what is wrong."""
    from pathlib import Path

    from ..errors import UserError, os_cause
    p = Path(path)
    try:
        if suffix and p.suffix.lower() != suffix:
            raise UserError(f"{option} {path}: give a {suffix} file name, e.g. {example}")
        if p.is_dir():
            raise UserError(f"{option} {path}: is a folder; give a file name, e.g. {p / example}")
        anc = p.parent
        while not anc.exists() and anc != anc.parent:
            anc = anc.parent
        if anc.exists() and not anc.is_dir():
            raise UserError(f"{option} {path}: {anc} is a file, not a folder")
        if parents and not p.parent.exists():
            p.parent.mkdir(parents=True, exist_ok=True)
        if not p.parent.is_dir():
            raise UserError(f"{option} {path}: the folder {p.parent} does not exist")
        existed = p.exists()
        fd = os.open(p, os.O_WRONLY | os.O_APPEND | (0 if existed else os.O_CREAT | os.O_EXCL), 0o644)
        os.close(fd)
        if not existed:
            p.unlink()
    except UserError:
        raise
    except OSError as e:
        raise UserError(f"{option} {path}: cannot write: {os_cause(e)}") from None
    except ValueError as e:   # a name with a NUL character
        raise UserError(f"{option} {path!r}: not a file name ({e})") from None
