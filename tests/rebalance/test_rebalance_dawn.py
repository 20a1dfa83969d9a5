"""The rebalancer on a Dawn scenario (docs/rules.md D1): it plays the Dawn content, edits of
Dawn's cards (D18) load in it, and the patch it writes reads back as the content it played."""
from glowsim.rebalance.edits import CardKey, Edit, edits_patch
from glowsim.rebalance.evaluate import content_for, play_games
from glowsim.rebalance.patch import check_patch, write_patch
from glowsim.scenarios import expand, load_scenario

DAWN = "players: 4\nseat: {bot: greedy}\ngames: 10\ndawn: {sets: [draconic]}\n"


def dawn_run(tmp_path, extra=""):
    (tmp_path / "sc.yaml").write_text(DAWN + extra)
    return expand(load_scenario(tmp_path / "sc.yaml"))[0]


def test_the_searched_content_is_the_dawn_content_with_the_edit(tmp_path):
    run = dawn_run(tmp_path)
    game = content_for(run, edits_patch([Edit(CardKey("companion", "A301"), "bursts", -4, -1)]))
    assert game.dawn is not None                       # D1: Dawn's tables are built
    assert game.content.companions["A301"].bursts == -1
    assert content_for(run, None).hash == run.content_hash


def test_a_written_patch_of_a_dawn_card_reads_back_in_the_scenario(tmp_path):
    edits = [Edit(CardKey("companion", "A301"), "bursts", -4, -2),
             Edit(CardKey("adventurer", "hulios"), "bursts", 3, 2)]
    write_patch(tmp_path / "patch.yaml", edits, ["a header"])
    patched = dawn_run(tmp_path, "content_files: [patch.yaml]\n")
    assert check_patch(dawn_run(tmp_path), tmp_path / "patch.yaml", edits) == patched.content_hash


def test_the_search_plays_dawn_games(tmp_path):
    g = play_games(dawn_run(tmp_path), None, seed=1, games=4)
    # the Draconic's companions (A301..B308) are dealt and recruited in Dawn games only
    draconic = [k for k, c in enumerate(g.companion_ids) if c.startswith(("A30", "B30"))]
    assert len(draconic) == 8 and g.rec[:, :, draconic].sum() > 0
