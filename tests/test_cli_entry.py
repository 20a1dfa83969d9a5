"""The `glowsim` entry point: a Ctrl-C while the command-line modules load is a quiet exit
130, whether the command was started as the console script or as ``python -m glowsim``."""
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# a Ctrl-C that lands while a module is being imported (glowsim.cli.main: the CLI's modules;
# glowsim.tune.space: read while the parser is built)
CTRL_C_ON_IMPORT = textwrap.dedent("""
    import sys
    class CtrlC:
        def find_spec(self, name, path=None, target=None):
            if name == {module!r}:
                raise KeyboardInterrupt
            return None
    sys.meta_path.insert(0, CtrlC())
    {call}
""")


def _run(call: str, module: str = "glowsim.cli.main") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CTRL_C_ON_IMPORT.format(call=call, module=module)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_console_script_is_the_guarded_entry():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"glowsim": "glowsim.cli.entry:run"}


def test_ctrl_c_while_loading_is_a_quiet_130():
    p = _run("from glowsim.cli.entry import run; sys.exit(run(['run', 'scenarios/x.yaml']))")
    assert p.returncode == 130
    assert p.stderr == "glowsim run: interrupted\n"
    assert p.stdout == ""


def test_ctrl_c_while_the_parser_is_built_is_a_quiet_130():
    p = _run("from glowsim.cli.entry import run; sys.exit(run(['run', 'scenarios/x.yaml']))",
             module="glowsim.tune.space")
    assert p.returncode == 130
    assert p.stderr == "glowsim run: interrupted\n"


def test_python_dash_m_glowsim_uses_the_same_entry():
    p = _run("sys.argv = ['glowsim', '--quiet', 'bench']; import runpy; runpy.run_module('glowsim', run_name='__main__')")
    assert p.returncode == 130
    assert p.stderr == "glowsim bench: interrupted\n"


def test_without_interrupt_the_command_runs():
    p = subprocess.run([sys.executable, "-m", "glowsim", "--version"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0
    assert p.stdout.startswith("glowsim ")
