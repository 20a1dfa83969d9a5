"""lines.py PERFDATA MAP OBJ [TOP]: samples per source line of the compiled kernels.

Needs a build with line tables: run prof.py with NUMBA_DEBUGINFO=1 as well as
GLOWSIM_NOINLINE=1, and a cache of its own (NUMBA_CACHE_DIR=/tmp/dbg-cache). That compile
is slow and large (about 15 minutes and 13 GB here); run prof.py once to fill the cache,
then again under perf record (the map is written when the kernels are loaded from the
cache). The debug build runs slower and inlines differently, so read the shares as a
guide to hot lines, not as the release build's profile."""
import bisect
import collections
import subprocess
import sys

from perfdata import read_map, sample_ips, symbol_offsets

data, mapf, obj = sys.argv[1:4]
top = int(sys.argv[4]) if len(sys.argv) > 4 else 80
ents = read_map(mapf)
starts = [e[0] for e in ents]
symoff = symbol_offsets(obj)
offs = collections.Counter()   # samples per offset in OBJ's text
for ip in sample_ips(data):
    i = bisect.bisect_right(starts, ip) - 1
    if i >= 0 and ip < ents[i][0] + ents[i][1] and ents[i][2] in symoff:
        offs[symoff[ents[i][2]] + ip - ents[i][0]] += 1
keys = list(offs)
where = subprocess.run(["addr2line", "-e", obj], input="\n".join(hex(k) for k in keys),
                       capture_output=True, text=True).stdout.splitlines()
lines = collections.Counter()
for k, w in zip(keys, where):
    lines[w.split(" (")[0]] += offs[k]
total = sum(offs.values())
print(f"samples in compiled code: {total}")
for w, c in lines.most_common(top):
    print(f"{100 * c / total:5.2f}%  {w}")
