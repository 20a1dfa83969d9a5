"""Fuzzing the inputs a user writes: scenario files and content patches.

Whatever the YAML, the outcome is a valid scenario (or content) or a ScenarioError /
ContentError whose every line names the file it is about: never another exception, never
a hang. At the command line a bad scenario is one message on stderr, exit code 2, no
traceback.
"""
import string
import subprocess
import sys

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glowsim.cli.main import main
from glowsim.content import ContentError, GameContent, load_game
from glowsim.content.loader import BASE_NAME
from glowsim.content.model import Adventurer, Companion, Content, Effect, Setup, Spell, Trigger
from glowsim.scenarios import ScenarioError, ScenarioSpec, expand, parse_scenario
from glowsim.content.yamlio import load_yaml
from glowsim.runner.chunks import play_chunk
from glowsim.scenarios.expand import SWEEPABLE, game_for
from glowsim.scenarios.schema import BotSpec, SeatSpec, SweepAxis

SOURCE = "s.yaml"
PATCH = "p.yaml"
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

_BASE = load_game()
CARD_IDS = list(_BASE.catalog.companion_ids) + list(_BASE.catalog.adventurer_ids) + list(_BASE.catalog.spell_ids)
FIELD_NAMES = sorted(set(ScenarioSpec.model_fields) | set(SeatSpec.model_fields) | set(BotSpec.model_fields)
                     | set(SweepAxis.model_fields) | set(Content.model_fields) | set(Companion.model_fields)
                     | set(Adventurer.model_fields) | set(Spell.model_fields) | set(Trigger.model_fields)
                     | set(Effect.model_fields) | set(Setup.model_fields) | {"from", "to", "step"})
WORDS = ["province", "archipelago", "fast", "reference", "random", "greedy", "heuristic", "draft",
         "pocana", "orium", "leaf", "fire", "rock", "red", "black", "any", "A", "B", "w_token",
         "content.companions.A11.bursts", "content.setup.rounds", "seats.0.bot", "seat.adventurer",
         "players", "side", "remove", "content_files", "seats[1].start_rerolls", *CARD_IDS[:12]]


def scalars():
    return st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(),
                     st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
                     st.sampled_from(WORDS), st.sampled_from(CARD_IDS))


def keys():
    return st.one_of(st.sampled_from(FIELD_NAMES), st.sampled_from(CARD_IDS), st.text(max_size=5),
                     st.integers(-2, 5), st.booleans())


def anything(leaves=10):
    return st.recursive(scalars(), lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                           st.dictionaries(keys(), inner, max_size=4)),
                        max_leaves=leaves)


def content_patch():
    """Mostly-plausible patches: known sections, card ids and fields, values in and out of range."""
    field_values = st.dictionaries(st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=4)),
                                   st.one_of(scalars(), anything(4)), max_size=4)
    entries = st.dictionaries(st.one_of(st.sampled_from(CARD_IDS), st.sampled_from(["A30", "B99", "zed"]),
                                        st.text(max_size=4)),
                              st.one_of(st.none(), field_values, scalars()), max_size=3)
    sections = st.sampled_from(["companions", "adventurers", "spells", "setup", "dice", "boards", "solo",
                                "score_track_rerolls", "symbols", "die_faces", "solo_tiles"])
    return st.dictionaries(st.one_of(sections, st.text(max_size=4)),
                           st.one_of(entries, scalars(), anything(4)), max_size=3)


def seat():
    return st.fixed_dictionaries({}, optional={
        "adventurer": st.one_of(st.sampled_from(CARD_IDS + ["random", "draft"]), scalars()),
        "bot": st.one_of(st.sampled_from(["random", "greedy", "heuristic", "nope"]),
                         st.fixed_dictionaries({}, optional={"preset": st.sampled_from(["random", "greedy"]),
                                                             "params": anything(3), "label": scalars()}),
                         scalars()),
        "start_rerolls": st.one_of(st.integers(-1, 25), scalars())})


def sweep_axis():
    return st.fixed_dictionaries({"field": st.one_of(st.sampled_from(WORDS), st.sampled_from(SWEEPABLE),
                                                     st.text(max_size=8))},
                                 optional={"values": st.one_of(st.lists(scalars(), max_size=3), scalars()),
                                           "range": st.dictionaries(st.sampled_from(["from", "to", "step", "x"]),
                                                                    st.integers(-3, 6) | scalars(), max_size=3),
                                           "label": scalars()})


def scenario_doc():
    """Scenario-shaped mappings: known fields with plausible values, misspelt ones, and junk."""
    match = {"players": st.one_of(st.integers(0, 5), scalars()),
             "side": st.one_of(st.sampled_from(["province", "archipelago", "provnce"]), scalars()),
             "seat": st.one_of(seat(), scalars()),
             "seats": st.one_of(st.lists(seat(), max_size=5), scalars()),
             "content": st.one_of(content_patch(), scalars()),
             "remove": st.one_of(st.lists(st.sampled_from(CARD_IDS) | st.text(max_size=4), max_size=3), scalars()),
             "content_files": st.one_of(st.lists(st.text(max_size=6), max_size=2), scalars())}
    variant = st.fixed_dictionaries({"name": st.one_of(st.sampled_from(["a", "b"]), scalars())},
                                    optional={**match, "description": scalars()})
    top = {**match, "name": scalars(), "description": scalars(),
           "games": st.one_of(st.integers(-1, 3), scalars()), "seed": st.one_of(st.integers(-1, 2**64), scalars()),
           "chunk_games": scalars(), "precision": scalars(), "max_games": scalars(),
           "variants": st.one_of(st.lists(variant, max_size=3), scalars()),
           "sweep": st.one_of(st.lists(sweep_axis(), max_size=2), scalars()),
           "bogus": anything(3)}
    engine = st.one_of(st.just("reference"), st.just("reference"), st.sampled_from(["fast", "fastest"]), scalars())
    return st.fixed_dictionaries({"engine": engine}, optional=top)


def yaml_texts():
    """Raw text: YAML punctuation, indentation, anchors, aliases, tags and flow collections."""
    pieces = st.sampled_from([":", ": ", "- ", "\n", "  ", "{", "}", "[", "]", ",", "&a ", "*a", "!!str ",
                              "!!python/object:os.system ", "? ", "|", ">", "#", "'", '"', "\t", "%YAML 1.1\n",
                              "---\n", "...", "~", "0x1F", "1e9", ".nan", "-.inf", "2021-01-01", "yes",
                              "players", "seats", "content", "companions", "A11", "bursts", "sweep",
                              "values", "field", "remove", "games"])
    return st.one_of(st.lists(pieces, max_size=30).map("".join),
                     st.text(alphabet=string.printable, max_size=80))


def check_clear(err: Exception, sources=(SOURCE, BASE_NAME)) -> None:
    """A user error: non-empty, and every line names the file it is about."""
    msg = str(err)
    assert msg.strip(), "empty error message"
    for line in msg.split("\n"):
        assert line.startswith(sources), f"a message line that names no file: {line!r}"


def load_or_error(text: str):
    try:
        return expand(parse_scenario(text, SOURCE))
    except (ScenarioError, ContentError) as e:
        check_clear(e)
        return None


@FUZZ
@given(yaml_texts())
def test_any_text_is_a_scenario_or_a_clear_error(text):
    runs = load_or_error(text)
    assert runs is None or len(runs) >= 1


@FUZZ
@given(anything(16))
def test_any_yaml_document_is_a_scenario_or_a_clear_error(doc):
    runs = load_or_error(yaml.safe_dump(doc))
    assert runs is None or len(runs) >= 1


@FUZZ
@given(scenario_doc())
def test_scenario_shaped_documents_are_valid_or_a_clear_error(doc):
    runs = load_or_error(yaml.safe_dump(doc, sort_keys=False))
    if runs is not None:   # a valid scenario: every run is playable as resolved
        for r in runs[:2]:
            game = r.game()
            assert game.hash == r.content_hash
            # one game of the run, by the runner's own adapter of its engine: one row per game
            # and per seat, whatever content patch, seats and bots the document resolved to
            rows = play_chunk(r.engine, game, r.match_json(), r.seed, 0, 1)
            assert list(rows["games"]["game_index"]) == [0]
            assert sorted(rows["players"]["seat"]) == list(range(r.players))


@FUZZ
@given(content_patch())
def test_content_patches_are_valid_content_or_a_clear_error(patch):
    text = yaml.safe_dump(patch)
    try:
        data, lines = load_yaml(text, PATCH)
        game = game_for(((data, PATCH, lines),))   # the shipped content (parsed once) + the patch
    except ContentError as e:
        check_clear(e, (PATCH, BASE_NAME))
        return
    assert isinstance(game, GameContent) and game.tables is not None


def test_recursive_unhashable_and_deep_yaml_are_clear_errors():
    cases = {"a: &x [*x]\n": "s.yaml, line 1: an alias refers to a value that contains it",
             "? [a]: 1\n": "s.yaml, line 1: a mapping key must be a plain value",
             "a: " + "[" * 3000 + "]" * 3000 + "\n": "s.yaml: the data is nested too deeply",
             "a: " + "[" * 150 + "]" * 150 + "\n": "s.yaml, line 1: the data is nested more than 100 levels",
             "sweep: [{field: players, range: {from: 1, to: 1000000000}}]\n":
                 "s.yaml, line 1: sweep.0: 'range' gives 1000000000 values; a sweep axis takes at most 10000",
             "sweep: [{field: players, range: {from: 4, to: 2}}]\n":
                 "s.yaml, line 1: sweep.0: 'range' from 4 to 2 with step 1 gives no value",
             "engine: reference\nsweep: [{field: content.companions.A11.bursts, values: [.nan]}]\n":
                 "s.yaml, line 2: companions.A11.bursts: Input should be a valid integer",
             "engine: reference\nsweep:\n  - {field: seed, values: [1]}\n":
                 "s.yaml, line 3: sweep.0.field: cannot sweep 'seed'"}
    for text, start in cases.items():
        try:
            expand(parse_scenario(text, SOURCE))
            raise AssertionError(f"{text[:40]!r} was accepted")
        except (ScenarioError, ContentError) as e:
            assert str(e).startswith(start), (text[:40], str(e))


def test_a_scenario_expanding_into_too_many_runs_is_refused():
    text = ("engine: reference\nsweep:\n  - {field: content.companions.A11.bursts, range: {from: 0, to: 40}}\n"
            "  - {field: content.companions.A12.bursts, range: {from: 0, to: 40}}\n"
            "  - {field: content.setup.start_bursts, range: {from: 0, to: 9}}\n")
    try:
        expand(parse_scenario(text, SOURCE))
        raise AssertionError("accepted")
    except ScenarioError as e:
        assert str(e) == ("s.yaml, line 3: sweep: the variants and sweep axes make 16810 runs; a scenario "
                          "may have at most 10000")


BAD_FILES = {
    "syntax": "players: [2, 3\n",
    "recursive": "a: &x [*x]\n",
    "unhashable": "? {a: 1}\n: 2\n",
    "field": "engine: reference\nplyers: 3\n",
    "content": "engine: reference\ncontent: {companions: {A11: {bursts: many}}}\n",
    "not_a_mapping": "- players\n- side\n",
    "tag": "!!python/object/apply:os.system [echo hi]\n",
}


def test_glowsim_run_on_bad_files_prints_one_message_exit_2_no_traceback(tmp_path):
    for name, text in BAD_FILES.items():
        f = tmp_path / f"{name}.yaml"
        f.write_text(text)
        p = subprocess.run([sys.executable, "-m", "glowsim", "run", str(f), "--out", str(tmp_path / "out")],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 2, (name, p.returncode, p.stderr)
        assert p.stdout == "" and "Traceback" not in p.stderr, (name, p.stderr)
        assert p.stderr.startswith(f"glowsim run: error: {f}"), (name, p.stderr)
        assert p.stderr.count("glowsim run: error:") == 1
    assert not (tmp_path / "out").exists()   # nothing was written for a bad scenario


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.one_of(scenario_doc(), anything(10)))
def test_glowsim_run_cli_never_shows_a_traceback(tmp_path_factory, capsys, doc):
    d = tmp_path_factory.mktemp("cli")
    f = d / "s.yaml"
    if isinstance(doc, dict) and doc.get("engine", "fast") == "fast":
        doc["engine"] = "reference"    # a valid scenario is played: 1 game a variant, no compilation
    f.write_text(yaml.safe_dump(doc, sort_keys=False))
    code = main(["run", str(f), "--games", "1", "--out", str(d / "out"), "--workers", "1", "--quiet"])
    err = capsys.readouterr().err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.startswith(f"glowsim run: error: {f}") and "Traceback" not in err, err
    else:
        assert (d / "out" / "games.parquet").exists()
