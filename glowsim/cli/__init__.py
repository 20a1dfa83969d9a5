"""Command-line interface (`glowsim ...`)."""
