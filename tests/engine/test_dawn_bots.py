"""The hand-made bots' rules for Dawn's decisions (glowsim/engine/dawnbots.py, docs/bots.md),
each shown choosing in a constructed state: a swap (D10), a reroll bought with bursts (D12),
the discard token (D14) and a loss (D13)."""
from glowsim.engine import dawnbots
from glowsim.engine.botnames import make_bot
from glowsim.engine.butterflies import action_options
from glowsim.engine.rerolls import reroll_options

from .dawn_situations import C, D, hold, row, table


def swap_choice(g, p):
    legal = [D.pad(-1)] + [D.pad(r) for r in p.companions]
    return make_bot("greedy", 0, 0, p.seat).decide(g, p.seat, D.SWAP, legal)[0]


def test_D10_a_swap_keeps_a_sketal_and_its_die():
    # Sketal A15 (0 bursts, +2 once on two rocks) holds its green die; Thoape A02 (0 bursts,
    # +2 bursts +1 firefly on water and rock). Neither applies with these dice. Valued as a
    # card alone the Sketal is worth less (2 against 3.5); with its die it is kept
    g = table(3)
    g.state.round = 7
    p = g.state.players[0]
    p.sketal_dice = {row("A15"): C.GREEN}
    p = hold(g, 0, "hulios", ["A15", "A02"], ["swap", "leaf", "leaf"])
    g.state.dawn.swap_deck[0] = row("B04")     # Torkos: 2 bursts, +6 on three of a kind
    assert swap_choice(g, p) == row("A02")


def test_D10_a_swap_early_takes_an_effect_late_only_what_pays_now():
    # Brikix B01: 4 bursts and a firefly printed, no gain from its effect; the top card
    # Mindaroo A07: nothing printed, +6 bursts when no cloud and no fire shows
    def choice(rnd, second):
        g = table(3)
        g.state.round = rnd
        p = hold(g, 0, "hulios", ["B01"], ["swap", second])
        g.state.dawn.swap_deck[0] = row("A07")
        return swap_choice(g, p)
    assert choice(2, "cloud") == row("B01")     # six noons to come: the effect is worth more
    assert choice(8, "cloud") == -1             # the last noon, a cloud shows: keep the bursts
    assert choice(8, "leaf") == row("B01")      # the last noon, and A07 applies at once: +6


def reroll_choice(companions, faces):
    g = table(3)
    p = hold(g, 0, "pocana", companions, faces, score=20, tokens=0)
    p.lumipili_left = 0
    legal = reroll_options(g, p)
    assert any(o[:2] == (D.OP_REROLL, D.SRC_BURSTS) for o in legal)   # Crolos B107 (D12)
    return make_bot("greedy", 0, 0, 0).decide(g, 0, D.REROLL, legal), p


def test_D12_a_reroll_is_bought_with_bursts_when_it_gains_more_than_its_price():
    # Mindaroo A07 gives 6 bursts when no cloud and no fire shows: the die showing a cloud is
    # worth rerolling for 2 bursts (most of its faces let A07 apply)
    opt, p = reroll_choice(["B107", "A07"], ["cloud", "leaf", "water"])
    assert opt[:3] == (D.OP_REROLL, D.SRC_BURSTS, 0)
    # Tamnuca A04 gives 1 burst on a rock: a reroll gains less than the 2 bursts it costs
    opt, p = reroll_choice(["B107", "A04"], ["cloud", "leaf", "water"])
    assert opt[0] == D.OP_STOP


def discard_token(g):
    return next(i for i, t in enumerate(g.dawn.bag.tokens) if t.name == "bf_discard")


def test_D14_the_discard_token_drops_a_card_worth_less_than_nothing():
    # Knif A301 prints -4 bursts and gives 4 bursts and a firefly on cloud with fire; at the
    # last noon without those dice it only costs its 4 bursts: the discard token drops it
    def choice(companions):
        g = table(3)
        g.state.round = 8
        p = hold(g, 0, "pocana", companions, ["leaf", "water", "rock"])
        p.butterflies[discard_token(g)] = 1
        g.at_noon = True
        legal = action_options(g, p)
        return make_bot("greedy", 0, 0, 0).decide(g, 0, D.ACTION, legal)[0], g
    code, g = choice(["A301", "B04"])
    assert code == discard_token(g)
    assert choice(["B04"])[0] == -1            # Torkos is worth keeping: the token is kept


def test_D13_a_loss_gives_up_the_companion_worth_least_to_keep():
    # the last noon: Sketal A15 and Thoape A02 print nothing and apply on none of these dice;
    # the Sketal holds its green die, so Thoape goes (printed worth alone ties them)
    g = table(3)
    g.state.round = 8
    p = g.state.players[0]
    p.sketal_dice = {row("A15"): C.GREEN}
    p = hold(g, 0, "pocana", ["A15", "A02"], ["leaf", "leaf", "leaf", "leaf"])
    legal = [D.pad(D.LOSE_COMPANION, row("A15")), D.pad(D.LOSE_COMPANION, row("A02"))]
    assert dawnbots.keep_worth(g, p, row("A15")) == dawnbots.DIE_WORTH
    assert dawnbots.keep_worth(g, p, row("A02")) == 0.0
    bot = make_bot("greedy", 0, 0, 0)
    assert bot.decide(g, 0, D.LOSE, legal)[1] == row("A02")
    # a spell is given up first: every spell costs (S1-S10)
    assert bot.decide(g, 0, D.LOSE, [D.pad(D.LOSE_SPELL, 0)] + legal)[0] == D.LOSE_SPELL
