"""A dask cluster whose workers are gone (or never came) stops the run after --dask-wait seconds
with one line saying so; the chunks already finished are kept and the same command resumes."""
import json

from glowsim.cli.main import main

from .folders import QUICK


def test_a_cluster_without_workers_is_reported_and_the_run_resumes(tmp_path, capsys):
    from distributed import LocalCluster
    sc = tmp_path / "s.yaml"
    sc.write_text(QUICK)
    out = tmp_path / "run"
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cl:
        rc = main(["run", str(sc), "--out", str(out), "--quiet", "--backend", "dask",
                   "--scheduler", cl.scheduler_address, "--dask-wait", "2"])
        err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err
    assert err == (f"glowsim run: error: the dask scheduler at {cl.scheduler_address} has had no worker "
                   f"for 2 s (--dask-wait); the chunks already finished are kept: start workers and "
                   f"run the same command again to resume\n")
    assert json.loads((out / "manifest.json").read_text())["status"] == "running"
    assert main(["run", str(sc), "--out", str(out), "--quiet", "--workers", "1"]) == 0
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
