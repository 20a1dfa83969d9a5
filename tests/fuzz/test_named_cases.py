"""The malformed inputs named when this suite was written, each with its exact message."""
import pytest

from glowsim.content import ContentError, load_game
from glowsim.errors import UserError
from glowsim.fast import Match, bot_preset, play_block
from glowsim.scenarios import ScenarioError, expand, parse_scenario


def _expand(text):
    return expand(parse_scenario(text, "s.yaml"))


def test_players_true_is_not_one_player():
    with pytest.raises(ScenarioError) as e:
        _expand("engine: reference\nplayers: true\n")
    assert str(e.value) == "s.yaml, line 2: players: Input should be a valid integer, got True"


def test_sweeping_a_field_twice_is_refused():
    with pytest.raises(ScenarioError) as e:
        _expand("engine: reference\nsweep:\n  - {field: players, values: [2, 3]}\n"
                "  - {field: players, values: [3, 4]}\n")
    assert str(e.value) == ("s.yaml, line 4: sweep.1.field: sweeps 'players', and sweep axis 0 sweeps "
                            "'players': the same field; sweep a field once (list all its values in one axis)")


def test_max_games_below_games_in_the_scenario():
    with pytest.raises(ScenarioError, match=r"s.yaml, line 1: max_games \(10\) is below games \(100\)"):
        _expand("engine: reference\ngames: 100\nprecision: 0.1\nmax_games: 10\n")


def test_content_checks_name_the_patch_and_what_is_wrong():
    cases = {
        "special_faces: {purple: banana}":
            "p.yaml, line 1: special_faces.purple: 'banana' is not a symbol; allowed: footprint, burst, curse "
            "(Dawn, D8: joker, reroll_now, swap)",
        "adventurers: {draft: {name: D, color: red, dice: 1}}":
            "p.yaml, line 1: adventurers.draft: adventurer id 'draft' is a reserved word (a seat's adventurer "
            "may be random or draft); choose another id",
        "boards: {province_of_shadows: {spaces: {61: {village: 3}}}}":
            "p.yaml, line 1: boards.province_of_shadows: space(s) 61 cannot be reached from the start space 0; "
            "add edges or remove them",
    }
    for text, want in cases.items():
        from glowsim.content.yamlio import load_yaml
        data, lines = load_yaml(text, "p.yaml")
        with pytest.raises(ContentError) as e:
            load_game([(data, "p.yaml", lines)])
        assert str(e.value).splitlines()[0] == want
    with pytest.raises(ContentError, match=r"companions.A20.black_die: Kaar brings the small black die"):
        load_game([{"dice": {"black": None}}])


def test_a_trigger_no_player_can_fire_is_a_warning(tmp_path, capsys):
    from glowsim.cli.main import main
    (tmp_path / "s.yaml").write_text("engine: reference\nplayers: 2\nside: archipelago\nseat: {bot: random}\n"
                                     "games: 2\ncontent: {companions: {A11: {trigger: {symbols: [%s]}}}}\n"
                                     % ", ".join(["leaf"] * 30))
    assert main(["run", str(tmp_path / "s.yaml"), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    err = capsys.readouterr().err
    assert f"glowsim run: warning: {tmp_path / 's.yaml'}, line 6: companions.A11.trigger: needs 30 dice but " \
           f"a player can hold at most 18: it can never trigger" in err


@pytest.mark.parametrize("start,count,why", [(0, 10**12, "at most 100000000 games"),
                                             (2**63 - 5, 10, r"indices below 2\*\*63"),
                                             (0.5, 2, "start must be a whole number"),
                                             (0, True, "count must be a whole number")])
def test_play_block_refuses_blocks_it_cannot_play(start, count, why):
    m = Match(2, "archipelago", [-1, -1], [bot_preset("greedy")] * 2)
    with pytest.raises(UserError, match=why):
        play_block(load_game(), m, 1, start, count)
