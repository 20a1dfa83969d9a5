"""R3 Morning: each player recruits a companion with the dice and footprints of its space."""
from __future__ import annotations

from ..content import codes as C
from ..spec import decisions as D
from .state import BLACK_ON_TRACK


def black_space(st) -> int:
    for s in range(len(st.track.companion)):
        if any(d.color == C.BLACK for d in st.track.dice[s]):
            return s
    return -1


def has_kaar(game, p) -> bool:
    return any(game.t.item_black_die[r] for r in p.companions)


def recruit_options(game, p) -> list[tuple]:
    st = game.state
    n_spaces = len(st.track.companion)
    spaces = [s for s in range(n_spaces) if st.track.companion[s] >= 0]
    legal = [D.pad(s, -1) for s in spaces]
    bs = black_space(st)
    if bs in spaces and has_kaar(game, p):   # R3/E5: Kaar's player may first move the black die
        if n_spaces > 5:     # D5: to a space still holding a companion
            legal += [D.pad(bs, t) for t in spaces if t != bs]
        else:
            legal += [D.pad(bs, t) for t in range(5) if t != bs]
    return legal


def morning(game, first_pick: int = 0) -> None:
    """The recruit picks of the round from pick `first_pick` on (a game started at a position
    may begin in the middle of a morning; the earlier picks were made)."""
    st = game.state
    t = game.t
    order = st.turn_order()
    for pick, seat in enumerate(order):
        if pick < first_pick:
            continue
        p = st.players[seat]
        offered = [st.track.companion[s] for s in range(len(st.track.companion))
                   if st.track.companion[s] >= 0]
        space, move_to = game.ask(seat, D.RECRUIT, recruit_options(game, p))[:2]
        if move_to >= 0:
            die = next(d for d in st.track.dice[space] if d.color == C.BLACK)
            st.track.dice[space].remove(die)
            st.track.dice[move_to].append(die)
            game.say(f"  P{seat} (Kaar) moves the black die from space {space} to {move_to}")
        row = st.track.companion[space]
        st.track.companion[space] = -1
        p.companions.append(row)
        p.small_dice = list(st.track.dice[space])
        st.track.dice[space] = []
        fp = st.track.footprints[space]
        st.track.footprints[space] = 0
        p.footprints += fp
        if any(d.color == C.BLACK for d in p.small_dice):
            st.black_state = seat
        dice_txt = ", ".join(C.COLORS[d.color] for d in sorted(p.small_dice, key=lambda d: d.color))
        game.say(f"  P{seat} recruits {game.name(row)} from space {space}"
                 f"{' with ' + dice_txt if dice_txt else ''}{f' and {fp} footprints' if fp else ''}")
        game.recruit_index[(seat, row)] = len(game.recruits)
        game.recruits.append(dict(round=st.round, pick=pick, seat=seat, companion=row,
                                  offered=offered, left_round=-1, effect_bursts=0))
        if t.item_sketal[row] >= 0:
            game.take_sketal_die(p, row)
        if t.item_black_die[row]:
            game.bring_black_die(seat, from_track=True)
        if game.n_players == 2 and pick == 0:
            left = [s for s in range(5) if st.track.companion[s] >= 0]
            if left:
                s = game.ask(seat, D.DISCARD_2P, [D.pad(x) for x in left])[0]
                gone = st.track.companion[s]
                st.track.companion[s] = -1
                st.cemetery.append(gone)
                game.say(f"  P{seat} sends {game.name(gone)} to the cemetery (2 players)")
    for s in range(len(st.track.companion)):
        if st.track.companion[s] >= 0:
            st.cemetery.append(st.track.companion[s])
            st.track.companion[s] = -1
    if black_space(st) >= 0:
        st.black_state = BLACK_ON_TRACK
