"""A synthetic `picks` table (contract.md section 6) for a run folder's games, for the SQL
against pandas tests of glowsim/analysis/picks.py: random offers, win shares and scores with a
built-in value per card, some picks with two rows taking the same card (Kaar's black-die move),
one pick whose two rows take one card (no choice of card), several bots."""
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from glowsim.runner.store import SCHEMAS

POOL = [f"A{k:02d}" for k in range(1, 13)]


def add_picks(path, seed: int = 3, rate: float = 0.6, extra=None):
    """``extra(variant, card)``: win probability added to the card's built-in worth in that
    variant (default none)."""
    rng = np.random.default_rng(seed)
    games = pd.read_parquet(path / "games.parquet")
    worth = {c: 0.15 * (k - 6) / 6 for k, c in enumerate(POOL)}
    rows = []
    for g in games.itertuples(index=False):
        dec = 0
        for rnd in range(1, int(g.rounds) + 1):
            for k in range(int(g.n_players)):
                dec += 3
                if rng.random() > rate:
                    continue
                m = max(2, 5 - k)
                cards = list(rng.choice(POOL, m, replace=False))
                if rng.random() < 0.1:
                    cards.append(cards[0])
                if g.game_index == 0 and rnd == 1 and k == 0:
                    cards = [cards[0], cards[0]]
                chosen = int(rng.integers(len(cards)))
                for j, c in enumerate(cards):
                    more = extra(g.variant, c) if extra is not None else 0.0
                    p = min(1.0, max(0.0, 1 / g.n_players + worth[c] + more
                                     + rng.normal(0, 0.1)))
                    ws = float(rng.choice([0.0, 0.5, 1.0], p=[1 - p, 0.0, p]) if rng.random() > 0.05 else 0.5)
                    rows.append(dict(variant=g.variant, game_index=g.game_index, n_players=g.n_players,
                                     side=g.side, round=rnd, pick=k, decision=dec, seat=k,
                                     bot="greedy" if k % 2 else "heuristic", n_offered=len(cards),
                                     alternative=j, companion=c, chosen=j == chosen, win_share=ws,
                                     score=int(60 + 40 * ws + rng.integers(-10, 10))))
    df = pd.DataFrame(rows)
    t = pa.Table.from_pandas(df, schema=SCHEMAS["picks"], preserve_index=False)
    with pq.ParquetWriter(path / "picks.parquet", t.schema) as w:   # row groups of 20 games
        for lo in range(0, int(games.game_index.max()) + 1, 20):
            m = (df.game_index >= lo) & (df.game_index < lo + 20)
            w.write_table(pa.Table.from_pandas(df[m], schema=SCHEMAS["picks"], preserve_index=False))
    return path
