"""A report stopped during a database query (SIGTERM or Ctrl-C) ends as every command does:
one line on stderr, no traceback, exit status 143 (terminated) or 130 (interrupted)."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

# `glowsim report` whose report runs one endless query through the analysis' connection
# (Ctrl-C as at a terminal: a process started in the background of a non-interactive shell
# inherits SIGINT ignored, so the child puts Python's own handler back first)
CHILD = textwrap.dedent("""
    import signal
    import sys
    signal.signal(signal.SIGINT, signal.default_int_handler)
    import glowsim.report
    from glowsim.analysis.db import RunDB

    def endless(run_dir, out=None, variant=None):
        db = RunDB({}, {}, threads=1)
        print("querying", file=sys.stderr, flush=True)
        db.rows("SELECT count(*) FROM range(1000000000000) t(x) WHERE x % 7 = 3")
        raise AssertionError("the query ended")

    glowsim.report.write_report = endless
    from glowsim.cli.main import main
    sys.exit(main(["report", sys.argv[1]]))
""")


@pytest.mark.parametrize("sig, line, status", [
    (signal.SIGTERM, "glowsim report: terminated", 128 + signal.SIGTERM),
    (signal.SIGINT, "glowsim report: interrupted", 130),
])
def test_a_signal_during_a_query_is_one_line_and_its_exit_status(tmp_path, sig, line, status):
    env = dict(os.environ, GLOWSIM_DEBUG="")
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr.readline().strip() == "querying"
        time.sleep(0.5)            # the query is under way
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert err.strip() == line
    assert "Traceback" not in err and "internal error" not in err
    assert proc.returncode == status
