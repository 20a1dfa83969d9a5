"""A position from a game record cut at a decision (``glowsim analyze --record FILE --at K``)."""
from __future__ import annotations

from pathlib import Path

from ..engine import GameState, StateError
from ..records import GameRecord, RecordFormatError
from .rollouts import AnalysisError, check_bot_for, position_key, resolve_bot


def read_record(path, game: int | None = None) -> GameRecord:
    """The GameRecord of a JSON file (``glowsim play --record``), or of game `game` in a run
    folder's records file (``chunks/<variant>/c<k>.records.parquet``: the games it sampled);
    one-line errors naming the file."""
    p = Path(path)
    if not p.is_file():
        raise AnalysisError(f"{path}: no such record file" if not p.exists()
                            else f"{path}: is not a file; give a game record (.json)")
    if p.suffix == ".parquet":
        return _run_record(p, game)
    if game is not None:
        raise AnalysisError(f"--game is for a run's records file (.records.parquet); {path} "
                            f"holds one game")
    try:
        text = p.read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise AnalysisError(f"{path}: cannot read the record: {e}") from None
    try:
        return GameRecord.from_json(text)
    except (RecordFormatError, ValueError, TypeError, AttributeError) as e:
        raise AnalysisError(f"{path}: not a game record: {e}") from None


def _run_record(path: Path, game: int | None) -> GameRecord:
    import pyarrow.parquet as pq
    try:
        table = pq.read_table(path, columns=["game_index", "record"]).to_pydict()
    except Exception as e:   # pyarrow's errors: not Parquet, other columns, unreadable
        why = " ".join(str(e).split())[:200]
        raise AnalysisError(f"{path}: not a records file of a run: {why}") from None
    games = table["game_index"]
    shown = ", ".join(str(g) for g in games[:8]) + (" ..." if len(games) > 8 else "")
    if game is None or game not in games:
        what = "give --game I" if game is None else f"game {game} is not in it"
        raise AnalysisError(f"{path}: {what}; its records are of games {shown or '(none)'}")
    try:
        return GameRecord.from_json(table["record"][games.index(game)])
    except (RecordFormatError, ValueError, TypeError, AttributeError) as e:
        raise AnalysisError(f"{path}: game {game}: not a game record: {e}") from None


def record_state(content, record: GameRecord, k: int, bot: str = "expert",
                 where: str = "record") -> tuple[GameState, int]:
    """The state of `record` before its decision `k` with `bot` at every seat, and its
    position key (:func:`glowsim.position.rollouts.position_key`) for the rollouts' seeds.
    `where` names the record in errors (its file)."""
    if record.content_hash != content.hash:
        raise AnalysisError(f"{where}: the record was played with other content "
                            f"({record.content_hash}, this is {content.hash}): give the patches "
                            f"it was played with (--content PATCH.yaml)")
    check_bot_for(bot, 1 if record.solo else record.n_players)
    vec = resolve_bot(bot)
    n = 1 if record.solo else record.n_players
    try:
        state = GameState.from_record(content, record, k, bots=[vec] * n)
    except StateError as e:
        raise AnalysisError(f"{where}: {e}") from None
    if state.is_terminal:
        raise AnalysisError(f"{where}: decision {k} is where the game has ended: there is nothing "
                            f"to decide; allowed: 0..{len(record.decisions) - 1}")
    return state, position_key("record", record.to_json(), k)
