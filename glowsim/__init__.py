"""glowsim: Monte Carlo balance analysis for the board game Glow (Bombyx, 2020)."""
__version__ = "0.1.0"
