"""cgcount.py: instructions and simulated branch mispredictions of the fast path's games, counted
by valgrind's callgrind (exact counts, not samples: no VM drift, the same games give the same
counts to the instruction).

    cgcount.py run TREE SIDE GAMES OUT [--noinline]
        plays GAMES games of the bench's workload on SIDE with TREE's kernels (one thread, after
        20 untimed ones) under callgrind with its branch simulator; writes OUT (callgrind's
        file), OUT.map (the kernels' addresses) and OUT.o (their object code)
    cgcount.py report OUT GAMES [TOP]
        per game: instructions (Ir), conditional branches (Bc) and mispredicted ones (Bcm) in
        the compiled code, per compiled function, and the TOP branches by mispredictions

valgrind does not run AVX-512, so the kernels are compiled for `znver3` with the host's other
features (NUMBA_CPU_NAME / NUMBA_CPU_FEATURES), into their own numba cache (/tmp/cg-cache,
/tmp/cg-cache-noinline): the first run of a tree compiles them, outside valgrind.  With
--noinline (GLOWSIM_NOINLINE=1) every kernel is a function of its own, so the report names
each one; without it the counts are those of the code the bench runs (kernels inlined).
callgrind's branch predictor is a simple model, not this processor's: read Bcm as a guide to
which branches depend on data, and confirm a change's speed with abpair.py or replaybench.py.
A fit over the two sides (session 21: about 0.08 ns an instruction plus 6.5 ns a simulated
misprediction) did not carry over to changes: three that cut the counts were no faster
(DESIGN.md section 8).
"""
import bisect
import collections
import os
import re
import subprocess
import sys

from perfdata import read_map, symbol_offsets

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_env() -> dict:
    """The environment that compiles the kernels for a CPU valgrind runs: znver3, the host's
    features without AVX-512."""
    import llvmlite.binding as ll
    ll.initialize_native_target()
    feats = ll.get_host_cpu_features().flatten().split(",")
    feats = [("-" + f[1:]) if f[1:].startswith("avx512") else f for f in feats]
    return {"NUMBA_CPU_NAME": "znver3", "NUMBA_CPU_FEATURES": ",".join(feats)}


def run(tree: str, side: str, games: int, out: str, noinline: bool) -> None:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree), **cpu_env(),
               GLOWSIM_NOINLINE="1" if noinline else "0",
               NUMBA_CACHE_DIR="/tmp/cg-cache-noinline" if noinline else "/tmp/cg-cache")
    prof = [sys.executable, os.path.join(HERE, "prof.py"), side]
    subprocess.run(prof + ["1"], env=env, check=True, stdout=subprocess.DEVNULL)   # compiled outside valgrind
    go = out + ".go"
    for f in (out, go):
        if os.path.exists(f):
            os.remove(f)
    env["CG_GO"] = go
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", "--branch-sim=yes",
                             "--dump-instr=yes", f"--callgrind-out-file={out}"] + prof + [str(games)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()   # "map N pid P": the kernels are loaded, the timed games wait
    if not line.startswith("map"):
        proc.kill()
        sys.exit(f"cgcount.py: the driver did not start: {line!r}")
    pid = line.split()[-1]
    subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    open(go, "w").close()
    proc.communicate()
    os.rename(f"/tmp/perf-{pid}.map", out + ".map")
    os.rename("/tmp/profobj_0.o", out + ".o")
    os.remove(go)


def parse(path: str):
    """(event names, {instruction address: [cost per event]}) of a callgrind file written with
    --dump-instr=yes (self costs; a call's inclusive cost line is skipped)."""
    events, npos, costs = None, 1, {}
    last, skip = 0, False
    with open(path) as f:
        for line in f:
            if line.startswith("positions:"):
                npos = len(line.split(":", 1)[1].split())
            elif line.startswith("events:"):
                events = line.split(":", 1)[1].split()
            elif line.startswith("calls="):
                skip = True
            elif line[:1] in "0123456789+-*":
                parts = line.split()
                p = parts[0]
                if p[0] in "+-":
                    step = int(p[1:], 16 if p[1:].startswith("0x") else 10)
                    last = last + step if p[0] == "+" else last - step
                elif p != "*":
                    last = int(p, 16) if p.startswith("0x") else int(p)
                if skip:
                    skip = False
                    continue
                vals = [int(x) for x in parts[npos:]]
                acc = costs.setdefault(last, [0] * len(events))
                for i, v in enumerate(vals):
                    acc[i] += v
    return events, costs


def short(name: str) -> str:
    """glowsim.fast.bots.journeys.search_province from its mangled name."""
    parts, rest = [], name[3:] if name.startswith("_ZN") else name
    while rest and rest[0].isdigit():
        n = int(re.match(r"\d+", rest).group())
        rest = rest[len(str(n)):]
        parts.append(rest[:n])
        rest = rest[n:]
    return ".".join(parts) or name


def report(out: str, games: int, top: int) -> None:
    events, costs = parse(out)
    kmap = read_map(out + ".map")
    starts = [e[0] for e in kmap]
    ir, bc, bcm = (events.index(e) for e in ("Ir", "Bc", "Bcm"))
    per = collections.defaultdict(lambda: [0, 0, 0])
    branches = []
    for a, v in costs.items():
        i = bisect.bisect_right(starts, a) - 1
        if i < 0 or a >= kmap[i][0] + kmap[i][1]:
            continue   # not compiled fast-path code
        acc = per[kmap[i][2]]
        acc[0] += v[ir]; acc[1] += v[bc]; acc[2] += v[bcm]
        if v[bcm]:
            branches.append((v[bcm], v[bc], a, kmap[i]))
    tot = [sum(x[k] for x in per.values()) for k in range(3)]
    print(f"per game: {tot[0] / games:,.0f} instructions, {tot[1] / games:,.0f} conditional branches, "
          f"{tot[2] / games:,.0f} mispredicted (simulated)")
    print(f"{'Ir':>10} {'Bc':>8} {'Bcm':>7}  per game, by compiled function")
    for name, (a, b, c) in sorted(per.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{a / games:10,.0f} {b / games:8,.0f} {c / games:7,.0f}  {short(name)}")
    offs = symbol_offsets(out + ".o")
    print(f"{'Bcm':>7} {'miss':>6} {'share':>6}  the branches mispredicted most, per game")
    for m, b, a, (start, size, name) in sorted(branches, reverse=True)[:top]:
        off = offs[name] + a - start
        dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={off}",
                              f"--stop-address={off + 16}", out + ".o"], capture_output=True, text=True).stdout
        ins = next((l.split("\t")[-1] for l in dis.splitlines() if l.strip().startswith(f"{off:x}:")), "?")
        ins = re.sub(r"<_ZN[^>]*?(\+0x[0-9a-f]+)?>", lambda mm: "<" + (mm.group(1) or "") + ">", ins)
        print(f"{m / games:7,.0f} {100 * m / b:5.1f}% {100 * m / tot[2]:5.1f}%  {short(name)} +{a - start:x}: {ins[:40]}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) >= 5 and args[0] == "run":
        run(args[1], args[2], int(args[3]), args[4], "--noinline" in args[5:])
    elif len(args) >= 3 and args[0] == "report":
        report(args[1], int(args[2]), int(args[3]) if len(args) > 3 else 20)
    else:
        sys.exit(__doc__)
