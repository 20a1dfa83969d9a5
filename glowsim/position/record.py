"""A position from a game record cut at a decision (``glowsim analyze --record FILE --at K``)."""
from __future__ import annotations

from pathlib import Path

from ..engine import GameState, StateError
from ..records import GameRecord, RecordFormatError
from ..errors import UserError
from .rollouts import AnalysisError, check_bot_for, position_key, resolve_bot

MAX_RECORD_BYTES = 16 * 2**20   # a record file: a game's is a few KB


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
        with open(p, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise AnalysisError(f"{path}: larger than {MAX_RECORD_BYTES // 2**20} MiB: not a game "
                                f"record (glowsim play --record writes a few KB)")
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise AnalysisError(f"{path}: cannot read the record: {e}") from None
    try:
        return GameRecord.from_json(text, str(path))
    except RecordFormatError as e:
        raise AnalysisError(str(e)) from None


def _run_record(path: Path, game: int | None) -> GameRecord:
    import pyarrow as pa
    import pyarrow.parquet as pq
    try:
        table = pq.read_table(path, columns=["game_index", "record"])
    except Exception as e:   # pyarrow's errors: not Parquet, other columns, unreadable
        why = " ".join(str(e).split())[:200]
        raise AnalysisError(f"{path}: not a records file of a run: {why}") from None
    for col, ok, what in (("game_index", pa.types.is_integer, "game indices (integers)"),
                          ("record", lambda t: pa.types.is_string(t) or pa.types.is_large_string(t),
                           "record JSON (text)")):
        if not ok(table.schema.field(col).type):
            raise AnalysisError(f"{path}: column {col} holds {table.schema.field(col).type}, not "
                                f"{what}: not a records file of a run")
    table = table.to_pydict()
    games = table["game_index"]
    shown = ", ".join(str(g) for g in games[:8]) + (" ..." if len(games) > 8 else "")
    if game is None or game not in games:
        what = "give --game I" if game is None else f"game {game} is not in it"
        raise AnalysisError(f"{path}: {what}; its records are of games {shown or '(none)'}")
    text = table["record"][games.index(game)]
    if text is None:
        raise AnalysisError(f"{path}: game {game}: the record is empty (null)")
    try:
        return GameRecord.from_json(text, f"{path}: game {game}")
    except RecordFormatError as e:
        raise AnalysisError(str(e)) from None


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
    except (StateError, UserError) as e:   # the engine's checks of the setup and decisions
        raise AnalysisError(f"{where}: {e}") from None
    if state.is_terminal:
        raise AnalysisError(f"{where}: decision {k} is where the game has ended: there is nothing "
                            f"to decide; allowed: 0..{len(record.decisions) - 1}")
    return state, position_key("record", record.to_json(), k)
