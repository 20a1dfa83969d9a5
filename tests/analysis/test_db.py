"""The DuckDB connection of a run (glowsim/analysis/db.py)."""
from glowsim.analysis.db import RunDB


def test_releasing_the_cached_buffers_keeps_the_memory_limit():
    db = RunDB({}, {}, memory_limit="256MB", threads=1)
    try:
        limit = "SELECT current_setting('memory_limit')"
        before = db.rows(limit)
        assert db.rows("SELECT sum(x) FROM range(1000000) t(x)") == [(499999500000,)]
        db.release_memory()
        assert db.rows(limit) == before
        assert db.rows("SELECT count(*) FROM range(10) t(x)") == [(10,)]
    finally:
        db.close()
