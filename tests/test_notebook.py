"""docs/example.ipynb runs from top to bottom on this tree (nbclient), and `import glowsim`
stays light: the notebook API is imported on first use."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_glowsim_loads_neither_numba_nor_pandas():
    code = ("import sys, glowsim; heavy = [m for m in ('numba', 'pandas', 'pyarrow') "
            "if m in sys.modules]; run = glowsim.run; print(heavy, callable(run), "
            "'pandas' in sys.modules, sorted(set(dir(glowsim)) & {'run', 'load', 'tables'}))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True).stdout.strip()
    assert out == "[] True True ['load', 'run', 'tables']"


def test_unknown_attribute_is_an_attribute_error():
    import glowsim
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        glowsim.nope


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"),
                    reason="with NUMBA_DISABLE_JIT=1 the notebook's 600 games play as Python "
                           "(about half a second each)")
def test_example_notebook_runs(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    nb = nbformat.read(ROOT / "docs" / "example.ipynb", as_version=4)
    client = nbclient.NotebookClient(nb, timeout=900, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    manifest = json.loads((tmp_path / "runs" / "example" / "manifest.json").read_text())
    assert manifest["counts"]["games"] == 600 and manifest["status"] == "complete"
    text = "\n".join(o.get("text", "") or o.get("data", {}).get("text/plain", "")
                     for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "Results('runs/example': 600 games in 2 variant(s) province, archipelago)" in text
    assert "seat_gap" in text and "first_player_advantage" in text
    assert "no clear difference" in text or "more balanced" in text
    # no cell raised
    assert not any(o.get("output_type") == "error" for c in nb.cells if c.cell_type == "code"
                   for o in c.outputs)
