"""annot.py PERFDATA MAPFILE OBJ PREFIX: per-instruction sample counts of one function."""
import sys, subprocess, collections
data, mapf, obj, prefix = sys.argv[1:5]
start = size = None
for line in open(mapf):
    a, s, n = line.split(maxsplit=2)
    if n.strip().startswith(prefix[:40]):
        start, size = int(a, 16), int(s, 16); break
ips = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True).stdout.split()
cnt = collections.Counter(int(x, 16) - start for x in ips if start <= int(x, 16) < start + size)
tot = sum(cnt.values())
nm = subprocess.run(["nm", "-S", "--defined-only", obj], capture_output=True, text=True).stdout
for line in nm.splitlines():
    p = line.split()
    if len(p) == 4 and p[3].startswith(prefix):
        off = int(p[0], 16); break
dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={off}", f"--stop-address={off + size}", obj],
                     capture_output=True, text=True).stdout
print("samples", tot)
for line in dis.splitlines():
    if ":" in line and line.strip()[:1] in "0123456789abcdef":
        try:
            a = int(line.split(":")[0], 16) - off
        except ValueError:
            print(line); continue
        c = cnt.get(a, 0)
        print(f"{100 * c / max(tot, 1):5.1f} {c:5d} {line}")
