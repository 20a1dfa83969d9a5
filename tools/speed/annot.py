"""annot.py PERFDATA MAPFILE OBJ PREFIX: per-instruction sample counts of one function."""
import collections
import subprocess
import sys

from perfdata import read_map, sample_ips, symbol_offsets

data, mapf, obj, prefix = sys.argv[1:5]
start, size, name = next(e for e in read_map(mapf) if e[2].startswith(prefix[:40]))
cnt = collections.Counter(ip - start for ip in sample_ips(data) if start <= ip < start + size)
tot = sum(cnt.values())
off = next(o for n, o in symbol_offsets(obj).items() if n.startswith(prefix))
dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={off}", f"--stop-address={off + size}", obj],
                     capture_output=True, text=True).stdout
print("samples", tot)
for line in dis.splitlines():
    if ":" in line and line.strip()[:1] in "0123456789abcdef":
        try:
            a = int(line.split(":")[0], 16) - off
        except ValueError:
            print(line)
            continue
        c = cnt.get(a, 0)
        print(f"{100 * c / max(tot, 1):5.1f} {c:5d} {line}")
