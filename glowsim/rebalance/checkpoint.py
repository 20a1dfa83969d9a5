"""The search's checkpoint in its out folder: an interrupted rebalance loses nothing played.

Layout of ``OUT/checkpoint/``::

    state.json           {"format", "key", "identity", "budget", "state"}: written first (state
                         null), then after every evaluated round and after each verification play
    games/<hash>.npz     every block the search played (the baseline, a candidate), by content,
                         written as soon as its games are played; blocks the state no longer
                         refers to are deleted after each save
    verify/<hash>.npz    the verification's blocks (the scenario's and the edited content)

Every file is written under a temporary name in the same folder and moved into place with
``os.replace`` (as the runner's chunks, glowsim/runner/store.py): a search killed at any
moment leaves only whole files.  Started again with the same command, the search restores
the state of the last evaluated round and goes on; a block it must play again is read from
``games/`` when it was played before the stop (its games depend only on the content, the
seed and the number of games), so the resumed search gives the same patch, tables and report
numbers as an uninterrupted one.

The *identity* is everything that decides the result: glowsim version, a hash of the engine's
code (as the runner's key) and of the rebalancer's search code, the scenario run (name,
content hash, match, seed), and the search options except the budget and the worker count.
A checkpoint of another identity is refused with what differs, unless ``fresh`` (then it is
deleted).  The budget may change when the search so far does not depend on it: the state
holds fewer candidate plays than the new budget and no round was cut short by the old one.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from .. import __version__
from .evaluate import Games
from ..errors import UserError, disk_error

FORMAT = 1
# modules whose code decides the search's result (hashed into the identity)
SEARCH_CODE = ("search.py", "edits.py", "evaluate.py", "metrics.py", "predict.py", "rebalancer.py")
_ARRAYS = ("ws", "score", "tokens", "adv", "rec", "in_play", "eff_bursts")


class CheckpointError(UserError):
    """A checkpoint that cannot be resumed as asked (another search's, unreadable)."""


def search_code_hash() -> str:
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for name in SEARCH_CODE:
        h.update(name.encode())
        h.update((root / name).read_bytes())
    return h.hexdigest()[:16]


def identity(run, opts) -> dict:
    """What decides a search's result, the budget and worker count aside."""
    from ..runner.execute import code_hash
    return {"glowsim_version": __version__, "engine": run.engine, "engine_code": code_hash(run.engine),
            "search_code": search_code_hash(), "scenario": run.name, "content_hash": run.content_hash,
            "match": run.match_json(), "seed": int(opts.seed), "games": int(opts.games),
            "tolerance": float(opts.tolerance), "per_round": int(opts.per_round),
            "max_change": int(opts.max_change), "max_failures": int(opts.max_failures),
            "verify_games": int(getattr(opts, "verify_games", None) or opts.games),
            "verify_seed": int(opts.verify_seed if getattr(opts, "verify_seed", None) is not None
                               else opts.seed + 1)}


def key_of(ident: dict) -> str:
    blob = json.dumps(ident, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _differences(old: dict, new: dict) -> list[str]:
    out = []
    for k in sorted(set(old) | set(new)):
        if old.get(k) != new.get(k):
            if k in ("engine_code", "search_code"):
                out.append(f"the {'engine' if k == 'engine_code' else 'search'}'s code changed")
            elif k == "match":
                out.append("players, side or seats")
            else:
                out.append(f"{k} {old.get(k)!r} -> {new.get(k)!r}")
    return out or ["the checkpoint key"]


def _atomic_bytes(data: bytes, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:   # disk full, read-only: one line naming the file, no temporary file left
        if tmp.is_file():
            tmp.unlink()
        raise disk_error(path, e) from None


def _shape_problem(doc) -> str:
    """Why a checkpoint document does not have the shape _write gives it ('' when it does)."""
    if not isinstance(doc, dict):
        return f"expected a JSON object, got a {type(doc).__name__}"
    for k, types in (("key", str), ("identity", dict), ("budget", int), ("state", (dict, type(None)))):
        v = doc.get(k)
        if not isinstance(v, types) or isinstance(v, bool):
            return f"field {k}: missing or of the wrong type ({type(v).__name__})"
    st = doc["state"]
    if st is not None:
        if not isinstance(st.get("evals", 0), int) or isinstance(st.get("evals", 0), bool):
            return "field state.evals: expected a whole number"
        if not isinstance(st.get("budget_bound", False), bool):
            return "field state.budget_bound: expected true or false"
    return ""


class Checkpoint:
    """The checkpoint folder of one search (see the module docstring)."""

    def __init__(self, out, ident: dict, budget: int, fresh: bool = False):
        self.out = Path(out)
        self.dir = self.out / "checkpoint"
        self.ident = ident
        self.key = key_of(ident)
        self.budget = int(budget)
        self.fresh = fresh
        self._state = None
        self._lock = None

    @property
    def state_path(self) -> Path:
        return self.dir / "state.json"

    # --- opening ---
    @contextmanager
    def open(self):
        """Lock the out folder, check or start the checkpoint; yields self."""
        from ..runner.store import RunFolderError, RunStore
        try:
            with RunStore(self.out).lock():
                for tmp in [*self.dir.glob(".*.tmp"), *self.dir.glob("*/.*.tmp")]:
                    tmp.unlink(missing_ok=True)
                self._start()
                yield self
        except RunFolderError as e:
            raise CheckpointError(str(e)) from None

    def _read(self) -> dict | None:
        if not self.state_path.exists():
            return None
        try:
            doc = json.loads(self.state_path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as e:   # RecursionError: nested too deeply
            raise CheckpointError(f"{self.state_path}: cannot read the rebalance checkpoint ({e}); "
                                  f"use --fresh to start over") from None
        why = _shape_problem(doc)
        if why:
            raise CheckpointError(f"{self.state_path}: {why}; the checkpoint was damaged or edited: use "
                                  f"--fresh to start over")
        return doc

    def _start(self):
        old = None if self.fresh else self._read()
        if old is not None and old.get("key") != self.key:
            diff = _differences(old.get("identity", {}), self.ident)
            raise CheckpointError(
                f"{self.dir}: holds the checkpoint of another search ({'; '.join(diff)}); start "
                f"it with the same scenario and options to resume it, use --fresh to delete it and "
                f"start over, or choose another --out")
        if old is not None:
            st = old.get("state")
            if st is not None and self.budget != int(old.get("budget", self.budget)):
                if st.get("budget_bound") or int(st.get("evals", 0)) > self.budget:
                    raise CheckpointError(
                        f"{self.dir}: the checkpoint's search used its budget of "
                        f"{old.get('budget')} candidate plays (it played {st.get('evals')}); with "
                        f"--budget {self.budget} it would not be the same search: use --budget "
                        f"{old.get('budget')} to resume it, or --fresh to start over")
            self._state = st
            return
        shutil.rmtree(self.dir, ignore_errors=True)
        (self.dir / "games").mkdir(parents=True, exist_ok=True)
        self._write(None)

    # --- state ---
    @property
    def state(self) -> dict | None:
        """The state saved by the last evaluated round (None: nothing yet)."""
        return self._state

    def _write(self, state):
        self.dir.mkdir(parents=True, exist_ok=True)
        doc = {"format": FORMAT, "key": self.key, "identity": self.ident, "budget": self.budget,
               "state": state}
        _atomic_bytes((json.dumps(doc, indent=1) + "\n").encode(), self.state_path)

    def save(self, state: dict, keep=()) -> None:
        """Write the state; then delete the game blocks no name in `keep` refers to."""
        self._write(state)
        self._state = state
        keep = {self.file_name(k) for k in keep}
        for f in (self.dir / "games").glob("*.npz"):
            if f.name not in keep:
                f.unlink(missing_ok=True)

    # --- played blocks ---
    @staticmethod
    def file_name(name: str) -> str:
        return hashlib.sha256(name.encode()).hexdigest()[:24] + ".npz"

    def games_path(self, name: str, kind: str = "games") -> Path:
        return self.dir / kind / self.file_name(name)

    def put_games(self, name: str, g: Games, kind: str = "games") -> None:
        buf = io.BytesIO()
        meta = json.dumps({"name": name, "n": g.n, "seed": g.seed, "start": g.start,
                           "companion_ids": list(g.companion_ids),
                           "adventurer_ids": list(g.adventurer_ids)})
        np.savez_compressed(buf, meta=np.array(meta), **{a: getattr(g, a) for a in _ARRAYS})
        (self.dir / kind).mkdir(parents=True, exist_ok=True)
        _atomic_bytes(buf.getvalue(), self.games_path(name, kind))

    def get_games(self, name: str, kind: str = "games") -> Games | None:
        """The block saved under `name`, or None (never saved, or unreadable: play it again)."""
        path = self.games_path(name, kind)
        if not path.exists():
            return None
        try:
            with np.load(path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                if not isinstance(meta, dict) or meta.get("name") != name:
                    return None
                arrays = {a: z[a] for a in _ARRAYS}
            g = Games(int(meta["n"]), int(meta["seed"]), int(meta["start"]),
                      companion_ids=tuple(meta["companion_ids"]),
                      adventurer_ids=tuple(meta["adventurer_ids"]), **arrays)
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError,
                EOFError):   # a damaged block: played again
            return None
        return g if _shapes_agree(g) else None


def _shapes_agree(g) -> bool:
    """A saved block's arrays have the shapes of one: (G, n) per seat, (G, n, K) per card."""
    G, n, K = g.ws.shape[0] if g.ws.ndim == 2 else -1, g.n, len(g.companion_ids)
    per_seat = (g.ws, g.score, g.tokens, g.adv)
    per_card = (g.rec, g.in_play, g.eff_bursts)
    return (G >= 0 and 1 <= n <= 4 and all(a.shape == (G, n) for a in per_seat)
            and all(a.shape == (G, n, K) for a in per_card))
