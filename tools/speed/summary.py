"""summary.py PERFDATA: each compiled kernel's share of the samples in compiled code (perf
report over a run of prof.py; names read from numba's mangled symbols, specialisations added)."""
import re
import subprocess
import sys


def qualname(sym: str) -> str:
    """glowsim.fast.bots.journeys.search_province from _ZN7glowsim4fast4bots8journeys15search_provinceB4v..."""
    s, parts = sym[len("_ZN"):], []
    while s and s[0].isdigit():
        n = int(re.match(r"\d+", s).group())
        k = len(str(n))
        parts.append(s[k:k + n])
        s = s[k + n:]
    return ".".join(parts)


out = subprocess.run(["perf", "report", "-i", sys.argv[1], "--no-children", "--sort", "sym", "--stdio"],
                     capture_output=True, text=True).stdout
shares: dict = {}
for line in out.splitlines():
    if "%" not in line or "[.] _ZN7glowsim" not in line:
        continue
    pct = float(line.split("%")[0])
    name = qualname(line.split("[.] ")[1].strip())
    shares[name] = shares.get(name, 0.0) + pct
total = sum(shares.values())
print(f"compiled code: {total:.1f}% of all samples")
for name, pct in sorted(shares.items(), key=lambda x: -x[1])[:30]:
    print(f"{100 * pct / total:5.1f}%  {name}")
