"""What annot.py, lines.py, cgcount.py and kernelmap.py read: the perf map prof.py wrote, perf's sampled addresses, and
the symbols of the game kernel's object code."""
import subprocess


def read_map(path: str) -> list:
    """(address, size, name) of each compiled function in a perf map, by address."""
    return sorted((int(a, 16), int(s, 16), n.strip()) for a, s, n in (l.split(maxsplit=2) for l in open(path)))


def sample_ips(data: str) -> list:
    """The sampled instruction addresses of a perf.data file."""
    out = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True).stdout
    return [int(x, 16) for x in out.split()]


def symbols(obj: str) -> list:
    """(offset, size, nm's kind letter, name) of each defined symbol with a size in an object file."""
    out = subprocess.run(["nm", "-S", "--defined-only", obj], capture_output=True, text=True).stdout
    return [(int(p[0], 16), int(p[1], 16), p[2], p[3]) for p in (l.split() for l in out.splitlines())
            if len(p) == 4]


def symbol_offsets(obj: str) -> dict:
    """Each defined symbol's offset in the object file's text."""
    return {name: off for off, _, _, name in symbols(obj)}
