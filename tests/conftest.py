"""Suite-wide settings.

Hypothesis deadlines are off: the first example of a kernel test may include numba compilation,
and CI machines can be loaded, so wall-time deadlines would only make tests flaky (speed is
measured by `glowsim bench`, never by tests).
"""
from hypothesis import settings

settings.register_profile("glowsim", deadline=None)
settings.load_profile("glowsim")
