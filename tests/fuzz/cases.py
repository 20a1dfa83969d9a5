"""Malformed inputs: scenarios, content patches, command lines and tampered run folders.

Each case is (id, files, argv, names): files to write (name -> text) in a fresh folder, the
command line (``{d}`` is that folder), and the words the one-line error must contain (the file,
field or option at fault).  Every case must be refused: non-zero exit, one clear message, no
traceback, quickly.
"""
from glowsim.content import load_game
from glowsim.spec.botparams import PARAM_NAMES

_VILLAGES = [i for i, sp in load_game().content.boards.province_of_shadows.spaces.items() if sp.village]

# a valid scenario the cases break one field at a time (the fast engine: bot parameters)
BASE = {"engine": "fast", "players": 2, "side": "archipelago", "games": 4, "seed": 1}


def _yaml(d: dict) -> str:
    import yaml
    return yaml.safe_dump(d, sort_keys=False, default_flow_style=False, width=1000)


def scenario_cases() -> list:
    out = []

    def add(cid, text, names=("s.yaml",), extra_files=None, argv_extra=()):
        files = {"s.yaml": text, **(extra_files or {})}
        out.append((f"scenario-{cid}", files, ["run", "{d}/s.yaml", "--out", "{d}/out", "--quiet",
                                                *argv_extra], names))

    def field(name, values, names=None):
        for k, v in enumerate(values):
            text = _yaml({**BASE}) + f"{name}: {v}\n" if name not in BASE else \
                _yaml({k2: v2 for k2, v2 in BASE.items() if k2 != name}) + f"{name}: {v}\n"
            add(f"{name}-{k}", text, names or ("s.yaml", name))

    field("players", ["0", "5", "-1", "true", "false", "2.5", "'4'", "[]", "{}", ".nan", "1e308", "null"])
    field("side", ["provnce", "1", "true", "[]", "''", "null", "{a: 1}"])
    field("games", ["0", "-1", "1.0e12", "100000001", "true", "'10'", ".nan", ".inf", "[5]"])
    field("seed", ["-1", str(2**63), "true", "1.5", "x", ".inf"])
    field("chunk_games", ["0", "1000001", "true", "1.5", "-3"])
    field("precision", ["0", "0.5", "0.9", "-0.1", ".nan", ".inf", "true", "'0.01'", "1"])
    field("max_games", ["0", "true", "1.0e12", "100000001", "-5"])
    field("engine", ["fastest", "1", "true", "null", "[fast]"])
    field("counterfactual", ["recruit", "[recruit]", "true", "{decisions: reroll}", "{decisions: [recruit]}",
                             "{sample: 0.5}", "{decisions: recruit, sample: 0}", "{decisions: recruit, sample: 1.5}",
                             "{decisions: recruit, sample: -0.1}", "{decisions: recruit, sample: .nan}",
                             "{decisions: recruit, sample: .inf}", "{decisions: recruit, sample: true}",
                             "{decisions: recruit, sample: '0.5'}", "{decisions: recruit, sampel: 0.5}"])
    add("counterfactual-reference", _yaml({**BASE, "engine": "reference"}) +
        "counterfactual: {decisions: recruit}\n", ("s.yaml", "counterfactual"))
    add("max-below-games", _yaml({**BASE, "games": 1000, "precision": 0.05, "max_games": 10}),
        ("s.yaml", "max_games"))
    # every bot parameter: NaN, infinities, 1e308, booleans, text, out of range
    bad = [".nan", ".inf", "-.inf", "1e308", "-1e308", "true", "false", "'x'", "[1]"]
    for name in PARAM_NAMES:
        for k, v in enumerate(bad):
            add(f"param-{name}-{k}", _yaml(BASE) + f"seat: {{bot: {{preset: heuristic, params: {{{name}: {v}}}}}}}\n",
                ("s.yaml", name if v not in ("true", "false", "'x'", "[1]") else "params"))
    for name, v in (("random", 2), ("plan", -1), ("w_pair", 3), ("fp_reserve", 101), ("fp_reserve", -1),
                    ("search_nodes", 0), ("search_nodes", 10001), ("search_nodes", 1.5), ("w_token", 1001)):
        add(f"param-range-{name}-{v}", _yaml(BASE) + f"seat: {{bot: {{preset: heuristic, params: {{{name}: {v}}}}}}}\n",
            ("s.yaml", name))
    n = len(PARAM_NAMES)
    for k, vec in enumerate([[1.0] * (n - 1), [1.0] * (n + 1), [".nan"] + ["1.0"] * (n - 1),
                             ["1.0"] * (n - 1) + [".inf"], ["true"] + ["1.0"] * (n - 1), "x", "{a: 1}", "[]"]):
        text = _yaml(BASE) + f"seat: {{bot: {{vector: {vec if isinstance(vec, str) else '[' + ', '.join(map(str, vec)) + ']'}}}}}\n"
        add(f"vector-{k}", text, ("s.yaml", "vector"))
    for k, body in enumerate(["w_token: .nan", "params: {w_token: .inf}", "vector: [1, 2]", "preset: 5",
                              "- a\n- b\n", "search_nodes: 0.5", "w_token: true", "nope: 1"]):
        add(f"botfile-{k}", _yaml(BASE) + "seat: {bot: {file: b.yaml}}\n", ("s.yaml", "b.yaml"),
            extra_files={"b.yaml": body + "\n"})
    add("botfile-missing", _yaml(BASE) + "seat: {bot: {file: nowhere.yaml}}\n", ("s.yaml", "nowhere.yaml"))
    for k, v in enumerate(["nobody", "1", "true", "''", "[a]", "RANDOM"]):
        add(f"adventurer-{k}", _yaml(BASE) + f"seat: {{adventurer: {v}}}\n", ("s.yaml", "adventurer"))
    for k, v in enumerate(["-1", "21", "true", "1.5", "x"]):
        add(f"start-rerolls-{k}", _yaml(BASE) + f"seat: {{start_rerolls: {v}}}\n", ("s.yaml", "start_rerolls"))
    for k, v in enumerate(["[{}, {}, {}]", "[1, 2]", "x", "[{adventurer: pocana}, {adventurer: pocana}]",
                           "[{}, {}, {}, {}, {}]"]):
        add(f"seats-{k}", _yaml(BASE) + f"seats: {v}\n", ("s.yaml", "seats"))
    sweeps = {
        "same-field-twice": "sweep: [{field: players, values: [2, 3]}, {field: players, values: [3, 4]}]",
        "overlapping-fields": "sweep: [{field: seat, values: [{bot: greedy}]}, {field: seat.bot, values: [random]}]",
        "same-param-twice": "sweep: [{field: seat.bot.params.w_token, values: [1, 2]}, "
                            "{field: seat.bot.params.w_token, values: [3]}]",
        "param-nan": "sweep: [{field: seat.bot.params.w_token, values: [1, .nan]}]",
        "param-bool": "sweep: [{field: seat.bot.params.w_token, values: [true]}]",
        "players-bool": "sweep: [{field: players, values: [true]}]",
        "players-6": "sweep: [{field: players, values: [2, 6]}]",
        "seed": "sweep: [{field: seed, values: [1, 2]}]",
        "range-bad": "sweep: [{field: players, range: {from: 2, to: 4, step: 0}}]",
        "range-huge": "sweep: [{field: players, range: {from: 1, to: 1000000000}}]",
        "values-empty": "sweep: [{field: players, values: []}]",
        "values-dup": "sweep: [{field: players, values: [2, 2]}]",
        "not-list": "sweep: players",
        "content-nan": "sweep: [{field: content.companions.A11.bursts, values: [.nan]}]",
        "content-bool": "sweep: [{field: content.companions.A11.bursts, values: [true]}]",
        "unknown-field": "sweep: [{field: bogus, values: [1]}]",
    }
    for k, v in sweeps.items():
        add(f"sweep-{k}", _yaml(BASE) + v + "\n", ("s.yaml", "line 6"))
    variants = {
        "dup-names": "variants: [{name: a}, {name: a}]",
        "players-bool": "variants: [{name: a, players: true}]",
        "not-list": "variants: x",
        "no-name": "variants: [{players: 2}]",
        "bad-field": "variants: [{name: a, games: 5}]",
    }
    for k, v in variants.items():
        add(f"variants-{k}", _yaml(BASE) + v + "\n", ("s.yaml", "variants"))
    for k, v in enumerate(["red", "[red]", "[red, red]", "[yellow, purple]", "[red, nope]", "5"]):
        add(f"tom-{k}", _yaml({**BASE, "players": 1, "engine": "reference"}) + f"seat: {{adventurer: pocana}}\ntom: {{colors: {v}}}\n",
            ("s.yaml", "tom"))
    for k, text in enumerate(["", "- a\n- b\n", "5\n", "players: [\n", "'x'\n", "a: &a [*a]\n", "{{{\n"]):
        add(f"shape-{k}", text, ("s.yaml",))
    return out


# content patches (a scenario's content_files entry, and `glowsim cards --content`)
PATCHES = {
    "banana-face": ("special_faces: {purple: banana}", "special_faces.purple"),
    "black-die-gone": ("dice: {black: {large: 0, small: 0}}", "black_die"),
    "black-die-removed": ("dice: {black: null}", "black_die"),
    "adventurer-random": ("adventurers: {random: {name: R, color: red, dice: 1}}", "adventurers.random"),
    "adventurer-draft": ("adventurers: {draft: {name: D, color: red, dice: 1}}", "adventurers.draft"),
    "province-no-edges": ("boards: {province_of_shadows: {edges: []}}", "province_of_shadows"),
    "archipelago-no-edges": ("boards: {archipelago_of_darkness: {edges: []}}", "archipelago_of_darkness"),
    "province-cut-space": ("boards: {province_of_shadows: {spaces: {61: {village: 3}}}}", "province_of_shadows"),
    "no-village": ("boards: {province_of_shadows: {spaces: {%s}}}" % ", ".join(
        f"{i}: {{village: 0}}" for i in _VILLAGES), "province_of_shadows"),
    "no-island-worth": ("boards: {archipelago_of_darkness: {islands: {%s}}}" % ", ".join(
        f"{i}: {{bursts: 0}}" for i in range(12)), "archipelago_of_darkness"),
    "every-space-removed": ("boards: {province_of_shadows: {spaces: {%s}}}" % ", ".join(
        f"{i}: null" for i in range(61)), "province_of_shadows"),
    "every-island-removed": ("boards: {archipelago_of_darkness: {islands: {%s}}}" % ", ".join(
        f"{i}: null" for i in range(12)), "archipelago_of_darkness"),
    "sixth-unknown-symbol": ("die_faces: {sixth: {purple: banana}}", "die_faces.sixth.purple"),
    "sixth-special-mismatch": ("special_faces: {purple: burst}", "special_faces.purple"),
    "symbols-gone": ("symbols: {leaf: null}", "'leaf' is not one of the symbols"),
    "bursts-bool": ("companions: {A11: {bursts: true}}", "A11.bursts"),
    "bursts-nan": ("companions: {A11: {bursts: .nan}}", "A11.bursts"),
    "bursts-float": ("companions: {A11: {bursts: 1.5}}", "A11.bursts"),
    "bursts-huge": ("companions: {A11: {bursts: 1e308}}", "A11.bursts"),
    "bursts-text": ("companions: {A11: {bursts: '3'}}", "A11.bursts"),
    "rounds-bool": ("setup: {rounds: true}", "setup.rounds"),
    "rounds-zero": ("setup: {rounds: 0}", "setup.rounds"),
    "rounds-many": ("setup: {rounds: 19}", "rounds"),
    "dice-count-bool": ("dice: {red: {large: true}}", "dice.red.large"),
    "trigger-removed": ("companions: {A11: {trigger: null}}", "A11"),
    "trigger-same-bool": ("companions: {A11: {trigger: {same: true}}}", "A11.trigger"),
    "effect-flag-number": ("companions: {A11: {effect: {discard_self: 2}}}", "A11.effect"),
    "unknown-card": ("companions: {Z99: {bursts: 1}}", "Z99"),
    "unknown-section": ("bogus: {a: 1}", "bogus"),
    "edge-missing-space": ("boards: {province_of_shadows: {edges: [{a: 0, b: 99}]}}", "edges"),
    "edge-self": ("boards: {archipelago_of_darkness: {edges: [{a: 1, b: 1}]}}", "edges"),
    "elements-bad": ("boards: {archipelago_of_darkness: {edges: [{a: 0, b: 1, elements: [4, 2]}]}}", "elements"),
    "elements-bool": ("boards: {archipelago_of_darkness: {edges: [{a: 0, b: 1, elements: [true, 2]}]}}", "elements"),
    "track-rerolls-order": ("score_track_rerolls: [5, 3]", "score_track_rerolls"),
    "track-length-bool": ("score_track_length: true", "score_track_length"),
    "not-mapping": ("- a\n- b", "p.yaml"),
    "bad-yaml": ("companions: {A11: {bursts: [}", "p.yaml"),
    "village-negative": ("boards: {province_of_shadows: {spaces: {5: {village: -1}}}}", "village"),
    "ring-too-big": ("boards: {archipelago_of_darkness: {islands: {1: {ring: 99}}}}", "ring"),
    "two-starts": ("boards: {province_of_shadows: {spaces: {1: {start: true}}}}", "spaces"),
    "removed-per-deck": ("setup: {removed_per_deck: 30}", "removed_per_deck"),
    "reserve-dup": ("setup: {reserve_large_dice: [red, red]}", "reserve_large_dice"),
    "sketal-not-reserve": ("setup: {reserve_large_dice: [red]}", "reserve_large_dice (red)"),
    "solo-removed-unknown": ("solo: {removed: [Z01]}", "solo.removed"),
    "adventurer-id-upper": ("adventurers: {Bob: {name: B, color: red, dice: 1}}", "Bob"),
    "adventurer-no-dice": ("adventurers: {bob: {name: B, color: red}}", "adventurers.bob"),
}


# where a problem is found in the shipped content (a patch removed what it refers to), the
# message names that entry of the shipped content instead of the patch
_IN_BASE = ("black-die-gone", "black-die-removed", "symbols-gone", "sketal-not-reserve")


def patch_cases() -> list:
    out = []
    for k, (text, name) in PATCHES.items():
        names = ("content.yaml", name) if k in _IN_BASE else ("p.yaml", name)
        out.append((f"patch-scenario-{k}", {"s.yaml": _yaml(BASE) + "content_files: [p.yaml]\n", "p.yaml": text + "\n"},
                    ["run", "{d}/s.yaml", "--out", "{d}/out", "--quiet"], names))
        out.append((f"patch-cards-{k}", {"p.yaml": text + "\n"}, ["cards", "--content", "{d}/p.yaml"], names))
    return out


def cli_cases() -> list:
    sc = _yaml(BASE)
    prec = _yaml({**BASE, "precision": 0.05})
    lines = {
        "games-0": (["run", "{d}/s.yaml", "--games", "0"], "--games"),
        "games-neg": (["run", "{d}/s.yaml", "--games", "-5"], "--games"),
        "games-1e12": (["run", "{d}/s.yaml", "--games", "1e12"], "--games"),
        "games-huge": (["run", "{d}/s.yaml", "--games", "1000000000000"], "--games"),
        "games-text": (["run", "{d}/s.yaml", "--games", "many"], "--games"),
        "precision-nan": (["run", "{d}/s.yaml", "--precision", "nan"], "--precision"),
        "precision-inf": (["run", "{d}/s.yaml", "--precision", "inf"], "--precision"),
        "precision-0": (["run", "{d}/s.yaml", "--precision", "0"], "--precision"),
        "precision-half": (["run", "{d}/s.yaml", "--precision", "0.5"], "--precision"),
        "precision-0.9": (["run", "{d}/s.yaml", "--precision", "0.9"], "--precision"),
        "precision-neg": (["run", "{d}/s.yaml", "--precision", "-1"], "--precision"),
        "max-games-0": (["run", "{d}/s.yaml", "--precision", "0.1", "--max-games", "0"], "--max-games"),
        "max-games-alone": (["run", "{d}/s.yaml", "--max-games", "100"], "--max-games"),
        "max-below-games": (["run", "{d}/s.yaml", "--precision", "0.1", "--games", "100", "--max-games", "10"],
                            "--max-games"),
        "max-below-scenario-games": (["run", "{d}/p.yaml", "--games", "100", "--max-games", "10"], "--max-games"),
        "workers-0": (["run", "{d}/s.yaml", "--workers", "0"], "--workers"),
        "workers-huge": (["run", "{d}/s.yaml", "--workers", "100000"], "--workers"),
        "workers-text": (["run", "{d}/s.yaml", "--workers", "x"], "--workers"),
        "backend": (["run", "{d}/s.yaml", "--backend", "spark"], "--backend"),
        "scheduler-local": (["run", "{d}/s.yaml", "--scheduler", "tcp://x:1"], "--scheduler"),
        "dask-wait-local": (["run", "{d}/s.yaml", "--dask-wait", "5"], "--dask-wait"),
        "dask-wait-0": (["run", "{d}/s.yaml", "--backend", "dask", "--dask-wait", "0"], "--dask-wait"),
        "dask-wait-nan": (["run", "{d}/s.yaml", "--backend", "dask", "--dask-wait", "nan"], "--dask-wait"),
        "scenario-missing": (["run", "{d}/nowhere.yaml"], "nowhere.yaml"),
        "scenario-device": (["run", "/dev/zero"], "/dev/zero"),
        "content-device": (["cards", "--content", "/dev/zero"], "/dev/zero"),
        "content-folder": (["play", "--content", "{d}"], "is a folder"),
        "scenario-dir": (["run", "{d}"], "{d}"),
        "out-is-file": (["run", "{d}/s.yaml", "--out", "{d}/s.yaml"], "s.yaml"),
        "out-under-file": (["run", "{d}/s.yaml", "--out", "{d}/s.yaml/run"], "s.yaml"),
        "play-players-5": (["play", "--players", "5"], "--players"),
        "play-players-0": (["play", "--players", "0"], "--players"),
        "play-players-text": (["play", "--players", "x"], "--players"),
        "play-seed-neg": (["play", "--seed", "-1"], "--seed"),
        "play-seed-huge": (["play", "--seed", str(2**64)], "--seed"),
        "play-game-index": (["play", "--game-index", "-3"], "--game-index"),
        "play-side": (["play", "--side", "moon"], "--side"),
        "play-record-dir": (["play", "--record", "{d}"], "--record"),
        "play-record-under-file": (["play", "--record", "{d}/s.yaml/r.json"], "--record"),
        "play-record-no-folder": (["play", "--record", "{d}/no/r.json"], "--record"),
        "play-bots-count": (["play", "--players", "3", "--bots", "greedy,greedy"], "--bots"),
        "play-bots-unknown": (["play", "--players", "2", "--bots", "greedy,nope"], "nope"),
        "play-adventurer": (["play", "--players", "2", "--adventurers", "pocana,nobody"], "nobody"),
        "play-adventurer-twice": (["play", "--players", "2", "--adventurers", "pocana,pocana"], "pocana"),
        "play-tom-not-solo": (["play", "--players", "2", "--tom-colors", "red,blue"], "--tom-colors"),
        "play-content-missing": (["play", "--content", "{d}/nowhere.yaml"], "nowhere.yaml"),
        "cards-format": (["cards", "--format", "xml"], "--format"),
        "cards-content-dir": (["cards", "--content", "{d}"], "{d}"),
        "verify-games-0": (["verify", "--games", "0"], "--games"),
        "verify-save-dir": (["verify", "--games", "1", "--save", "{d}"], "--save"),
        "verify-save-no-folder": (["verify", "{d}", "--save", "{d}/no/x.json"], "--save"),
        "verify-missing-dir": (["verify", "{d}/nowhere"], "nowhere"),
        "verify-not-run": (["verify", "{d}"], "manifest.json"),
        "verify-dir-seed": (["verify", "{d}", "--seed", "3"], "--seed"),
        "report-missing": (["report", "{d}/nowhere"], "nowhere"),
        "report-not-run": (["report", "{d}"], "{d}"),
        "tune-seat": (["tune", "{d}/s.yaml", "--seat", "4"], "--seat"),
        "tune-budget": (["tune", "{d}/s.yaml", "--budget", "1"], "--budget"),
        "tune-games-nan": (["tune", "{d}/s.yaml", "--games", "nan"], "--games"),
        "tune-params": (["tune", "{d}/s.yaml", "--params", "bogus"], "bogus"),
        "tune-start-missing": (["tune", "{d}/s.yaml", "--start", "{d}/nope.yaml"], "nope.yaml"),
        "tune-start-nan": (["tune", "{d}/s.yaml", "--start", "{d}/nan.yaml"], "nan.yaml"),
        "tune-start-huge": (["tune", "{d}/s.yaml", "--start", "{d}/huge.yaml"], "huge.yaml"),
        "rebalance-tolerance": (["rebalance", "{d}/s.yaml", "--tolerance", "30"], "--tolerance"),
        "rebalance-tolerance-nan": (["rebalance", "{d}/s.yaml", "--tolerance", "nan"], "--tolerance"),
        "rebalance-games": (["rebalance", "{d}/s.yaml", "--games", "5"], "--games"),
        "bench-workers": (["bench", "--workers", "0"], "--workers"),
        "bench-bot": (["bench", "--bot", "nope", "--games", "2", "--reference-games", "2"], "--bot"),
        "unknown-command": (["fly"], "fly"),
        "unknown-option": (["run", "{d}/s.yaml", "--fast"], "--fast"),
    }
    files = {"s.yaml": sc, "p.yaml": prec, "nan.yaml": "preset: heuristic\nparams: {w_token: .nan}\n",
             "huge.yaml": "w_future: 1.0e+308\n"}
    return [(f"cli-{k}", files, argv, (name,)) for k, (argv, name) in lines.items()]
