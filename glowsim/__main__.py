import sys

try:
    from .cli.main import main
except KeyboardInterrupt:   # Ctrl-C while the modules load: the same quiet exit as later
    command = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
    print(f"glowsim{' ' + command if command else ''}: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
