"""cgcount.py: instructions and simulated branch mispredictions of the fast path's games, counted
by valgrind's callgrind (exact counts, not samples: the same games give the same counts to the
instruction, whatever the machine's load).

    python benchmarks/cgcount.py run TREE SIDE GAMES OUT [--noinline] [--cache DIR]
        plays GAMES games of the bench's workload on SIDE with TREE's kernels (one thread, after
        a few untimed ones) under callgrind with its branch simulator; writes OUT (callgrind's
        file), OUT.map (the compiled functions' addresses) and OUT.o (their object code)
    python benchmarks/cgcount.py report OUT GAMES [TOP]
        per game: instructions (Ir), conditional branches (Bc) and mispredicted ones (Bcm) in
        the compiled code, per compiled function, and the TOP branches by mispredictions

valgrind does not run AVX-512, so on a host with it the kernels are compiled for `znver3` with
the host's other features (NUMBA_CPU_NAME / NUMBA_CPU_FEATURES), into their own numba cache
(--cache, default OUT's folder / cgcount-cache): the first run compiles them, outside valgrind.
With --noinline (GLOWSIM_NOINLINE=1, its own cache) every kernel is a function of its own, so
the report names each one; without it the counts are those of the code the bench runs.
callgrind's branch predictor is a simple model, not the processor's: read Bcm as a guide to
which branches depend on data, and confirm a change's speed with abpair.py or replaybench.py.
Needs valgrind (callgrind_control) and binutils (nm, objdump).
"""
from __future__ import annotations

import bisect
import collections
import os
import re
import subprocess
import sys
import time
from pathlib import Path

TOOLS = ("valgrind", "callgrind_control", "nm", "objdump")


def missing_tools() -> list[str]:
    from shutil import which
    return [t for t in TOOLS if which(t) is None]


# ---- the driver: plays the games, in the process valgrind watches ----

_OBJECTS: dict[int, bytes] = {}


def _keep_object_code() -> None:
    """Keep each library's object code as numba loads or makes it (numba keeps it only for
    the libraries it compiles in this process)."""
    from numba.core import codegen
    original = codegen.CPUCodeLibrary._set_compiled_object

    def keep(self, value):
        _OBJECTS[id(self)] = value
        return original(self, value)

    codegen.CPUCodeLibrary._set_compiled_object = keep


def symbols(obj: str) -> list[tuple[int, int, str, str]]:
    """(offset, size, nm's kind letter, name) of each defined symbol with a size in an object file."""
    out = subprocess.run(["nm", "-S", "--defined-only", obj], capture_output=True, text=True).stdout
    return [(int(p[0], 16), int(p[1], 16), p[2], p[3]) for p in (l.split() for l in out.splitlines())
            if len(p) == 4]


def write_map(out: str) -> int:
    """Write OUT.map (start, size, name of every compiled function of the compiled core's
    library, in this process) and OUT.o (its object code); the number of functions."""
    from glowsim.fast.entry.core import core
    entries = []
    for lib in (cr.library for cr in core.overloads.values()):
        try:   # loaded from the cache: kept by _keep_object_code; compiled here: numba holds it
            obj = _OBJECTS[id(lib)] if id(lib) in _OBJECTS else lib._get_compiled_object()
        except Exception:
            continue
        Path(out + ".o").write_bytes(obj)
        syms = [s for s in symbols(out + ".o") if s[2] in "tT"]
        base = None
        for val, size, kind, name in syms:   # located by one exported symbol's address
            if kind == "T":
                addr = lib._codegen._engine.get_function_address(name)
                if addr:
                    base = addr - val
                    break
        if base is not None:
            entries = [(base + val, size, name) for val, size, kind, name in syms]
            break
    with open(out + ".map", "w") as f:
        for a, size, name in sorted(entries):
            f.write(f"{a:x} {size:x} {name}\n")
    return len(entries)


def drive(side: str, games: int, out: str, go: str) -> None:
    """Play a few games untimed, write the map, wait for `go` to exist (callgrind's counting
    on), then play `games` games."""
    _keep_object_code()
    from glowsim.bench import workload_match
    from glowsim.content import load_game
    from glowsim.fast import play_block
    game = load_game()
    m = workload_match(side)
    play_block(game, m, 1, 0, 4, workers=1, tables=())
    print("map", write_map(out), flush=True)
    while go and not os.path.exists(go):
        time.sleep(0.05)
    play_block(game, m, 1, 0, games, workers=1, tables=())
    print("played", games, flush=True)


# ---- run: the driver under callgrind ----

def cpu_env() -> dict:
    """The environment that compiles the kernels for a CPU valgrind runs: znver3 with the host's
    features without AVX-512, on a host that has it (else nothing to change)."""
    import llvmlite.binding as ll
    ll.initialize_native_target()
    feats = ll.get_host_cpu_features().flatten().split(",")
    if not any(f[1:].startswith("avx512") and f[0] == "+" for f in feats):
        return {}
    feats = [("-" + f[1:]) if f[1:].startswith("avx512") else f for f in feats]
    return {"NUMBA_CPU_NAME": "znver3", "NUMBA_CPU_FEATURES": ",".join(feats)}


def run(tree: str, side: str, games: int, out: str, noinline: bool, cache: str | None) -> None:
    out = os.path.abspath(out)
    cache = cache or os.path.join(os.path.dirname(out), "cgcount-cache")
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NUMBA_BOUNDSCHECK")}
    env.update(PYTHONPATH=os.path.abspath(tree), GLOWSIM_NOINLINE="1" if noinline else "0",
               NUMBA_CACHE_DIR=cache + ("-noinline" if noinline else ""), **cpu_env())
    me = [sys.executable, os.path.abspath(__file__), "drive", side]
    # compiled (or loaded) outside valgrind first
    subprocess.run(me + ["1", out, ""], env=env, check=True, stdout=subprocess.DEVNULL)
    go = out + ".go"
    for f in (out, go):
        if os.path.exists(f):
            os.remove(f)
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", "--branch-sim=yes",
                             "--dump-instr=yes", f"--callgrind-out-file={out}"] + me + [str(games), out, go],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()   # "map N": the kernels are loaded, the counted games wait
    if not line.startswith("map") or line.split()[1] == "0":
        proc.kill()
        sys.exit(f"cgcount.py: the driver did not start or found no compiled code: {line.strip()!r}")
    subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    open(go, "w").close()
    proc.communicate()
    os.remove(go)
    if proc.returncode:
        sys.exit(f"cgcount.py: the driver failed under valgrind (exit {proc.returncode})")


# ---- report ----

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
                acc = costs.setdefault(last, [0] * len(events))
                for i, v in enumerate(parts[npos:]):
                    acc[i] += int(v)
    return events, costs


def read_map(path: str) -> list[tuple[int, int, str]]:
    """(address, size, name) of each compiled function of a map written by `run`, by address."""
    with open(path) as f:
        return sorted((int(a, 16), int(s, 16), n.strip()) for a, s, n in (l.split(maxsplit=2) for l in f))


def short(name: str) -> str:
    """glowsim.fast.bots.journeys.search_province from its mangled name."""
    parts, rest = [], name[3:] if name.startswith("_ZN") else name
    while rest and rest[0].isdigit():
        n = int(re.match(r"\d+", rest).group())
        rest = rest[len(str(n)):]
        parts.append(rest[:n])
        rest = rest[n:]
    return ".".join(parts) or name


def counts(out: str) -> tuple[dict, list]:
    """Per compiled function [Ir, Bc, Bcm], and the (Bcm, Bc, address, map entry) of every
    mispredicted branch, from OUT and OUT.map."""
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
        acc[0] += v[ir]
        acc[1] += v[bc]
        acc[2] += v[bcm]
        if v[bcm]:
            branches.append((v[bcm], v[bc], a, kmap[i]))
    return dict(per), branches


def report(out: str, games: int, top: int) -> None:
    per, branches = counts(out)
    tot = [sum(x[k] for x in per.values()) for k in range(3)]
    print(f"per game: {tot[0] / games:,.0f} instructions, {tot[1] / games:,.0f} conditional branches, "
          f"{tot[2] / games:,.0f} mispredicted (simulated)")
    print(f"{'Ir':>10} {'Bc':>8} {'Bcm':>7}  per game, by compiled function")
    for name, (a, b, c) in sorted(per.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{a / games:10,.0f} {b / games:8,.0f} {c / games:7,.0f}  {short(name)}")
    if not branches or not os.path.exists(out + ".o"):
        return
    offs = {name: off for off, _, _, name in symbols(out + ".o")}
    print(f"{'Bcm':>7} {'miss':>6} {'share':>6}  the branches mispredicted most, per game")
    for m, b, a, (start, size, name) in sorted(branches, reverse=True)[:top]:
        off = offs.get(name, 0) + a - start
        dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={off}",
                              f"--stop-address={off + 16}", out + ".o"], capture_output=True, text=True).stdout
        ins = next((l.split("\t")[-1] for l in dis.splitlines() if l.strip().startswith(f"{off:x}:")), "?")
        ins = re.sub(r"<_ZN[^>]*?(\+0x[0-9a-f]+)?>", lambda mm: "<" + (mm.group(1) or "") + ">", ins)
        print(f"{m / games:7,.0f} {100 * m / b:5.1f}% {100 * m / tot[2]:5.1f}%  {short(name)} +{a - start:x}: {ins[:40]}")


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if len(args) == 5 and args[0] == "drive":
        drive(args[1], int(args[2]), args[3], args[4])
        return 0
    if len(args) >= 5 and args[0] == "run":
        missing = missing_tools()
        if missing:
            print(f"cgcount.py: {', '.join(missing)} not found (valgrind and binutils are needed to "
                  f"count instructions); nothing counted", file=sys.stderr)
            return 2
        if args[2] not in ("province", "archipelago"):
            sys.exit(f"cgcount.py: SIDE must be province or archipelago, not {args[2]!r}")
        rest = args[5:]
        cache = rest[rest.index("--cache") + 1] if "--cache" in rest[:-1] else None
        run(args[1], args[2], int(args[3]), args[4], "--noinline" in rest, cache)
        return 0
    if len(args) >= 3 and args[0] == "report":
        report(args[1], int(args[2]), int(args[3]) if len(args) > 3 else 20)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
