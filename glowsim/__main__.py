import sys

from .cli.entry import run

sys.exit(run())
