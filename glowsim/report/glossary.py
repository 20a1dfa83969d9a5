"""The words the report uses, defined once (shown at the end of report.html and summary.md)."""
from __future__ import annotations

GLOSSARY: list[tuple[str, str]] = [
    ("bursts", "Bursts of light, the game's score unit: final scores, score parts, margins, "
               "what a card or a reroll brings and what a score-track reroll costs are all "
               "counted in bursts."),
    ("points", "Percentage points of a win rate, and nothing else: 27% against 25% is +2 "
               "points."),
    ("win rate", "Share of games won. A shared win (tie after the tie-break, E9) counts as "
                 "1/k for each of the k winners, so the rates of one game always add up to 1."),
    ("field average", "The win rate of an average player: 1/n in n-player games (50%, 33.3%, "
                      "25%). A card or adventurer whose whole 95% interval lies above it is "
                      "flagged 'above', wholly below it 'below'."),
    ("95% interval", "Range that holds the true value in 95% of repeated runs. Rates use the "
                     "Wilson score interval, differences of two rates Newcombe's hybrid score "
                     "interval, means and paired differences a Student-t interval."),
    ("pick rate", "How often a companion was taken when it lay on the meeting track at a "
                  "player's pick: picks that took it / picks at which it was offered."),
    ("taken at", "Average position in the round's turn order at which the companion was taken "
                 "(1 = first pick of the round). Lower = taken earlier."),
    ("win rate when recruited", "Win rate of the players who recruited the companion in that "
                                "game (each player-game counted once)."),
    ("win rate when passed", "Win rate of the players to whom the companion was offered and who "
                             "never recruited it in that game."),
    ("improvement when recruited", "For each player who recruited the companion: their win "
                                   "share minus the average win share of the other players "
                                   "of the same game; averaged over those player-games. A "
                                   "paired, within-game comparison: 0 = as good as the average "
                                   "opponent, +10 points = wins 10 points more often than "
                                   "the others at the table. Interval from the paired "
                                   "differences (t). It measures the card together with the "
                                   "bot's choice to take it, not the card alone."),
    ("pick value", "What taking a companion is worth, measured rather than observed: at "
                   "sampled recruit picks (scenario field `counterfactual`) the game is forked "
                   "and every offered card is played to the end on the same dice; the pick "
                   "value is the deciding seat's win share when taking the card minus the mean "
                   "win share over the other cards offered at that pick, in percentage points, "
                   "averaged over the picks where it was offered with another card (95% paired "
                   "interval). Verdict against ±T points (default 2): above or below when the "
                   "interval lies wholly beyond +T or -T, within when it lies inside ±T, else "
                   "unclear. It is relative to the cards offered beside: at every pick the "
                   "values of the cards offered sum to 0, so the pick values weighted by the "
                   "picks that offered each card average exactly 0, while their plain mean "
                   "over the companions is above 0 (+0.7 points over the 46 published "
                   "companions at 4 players on the province, scenarios/pick-value.yaml): the "
                   "cards the bots leave on the track, often "
                   "weak ones, are offered at more picks."),
    ("pick regret", "For a bot, at its forked recruit picks: the win share of the best card "
                    "offered minus that of the card it took (percentage points, 95% interval), "
                    "over all picks and by stage of the game (early, middle, late thirds of "
                    "the rounds). What the bot loses at the draft; 0 = always the best card."),
    ("adventurer draft", "Seats given `adventurer: draft` (E19) choose their adventurer before "
                         "setup, in seat order, among those not fixed to a seat, not dealt at "
                         "random (E13 deals the random seats first) and not taken by an earlier "
                         "drafting seat. 'dealt' = no seat of the variant drafts (random or "
                         "fixed adventurers); adventurer tables keep the two apart."),
    ("offered (adventurer)", "A drafting seat is offered every adventurer still free at its "
                             "pick. The tables do not store offers; they are rebuilt from the "
                             "variant's adventurers, the seats' settings and who played which "
                             "adventurer (checked against the engine's choices in the tests)."),
    ("pick rate (adventurer)", "Drafts that took the adventurer / drafts at which it was "
                               "offered (Wilson interval). With bots that rank adventurers in a "
                               "fixed order it says how often the ones ranked above were gone."),
    ("taken at (adventurer)", "Average position in the draft of the seats that took the "
                              "adventurer: 1 = first drafting seat, 2 = second, ... (t "
                              "interval)."),
    ("win rate when drafted", "Win rate of the drafting seats that took the adventurer."),
    ("win rate when passed (adventurer)", "Win rate of the drafting seats that were offered the "
                                          "adventurer and took another one."),
    ("improvement when drafted", "Win rate when drafted minus win rate when passed, in "
                                 "percentage points. Not paired: a seat either takes or passes "
                                 "an adventurer, so no player-game gives both sides. Both groups "
                                 "can share a game (one seat passes it, a later one takes it), so "
                                 "the 95% interval is a delta-method interval with each game one "
                                 "cluster (Newcombe's when a rate is 0 or 1). It compares taking "
                                 "the adventurer with taking what the bot preferred or settled "
                                 "for instead, not the adventurer alone."),
    ("improvement (adventurer)", "For each player of the adventurer: their win share minus the "
                                 "average win share of the other players of the same game, "
                                 "averaged (paired within the game, t interval); 0 = as good as "
                                 "the average opponent."),
    ("bursts produced", "Bursts of light a recruited companion brought: bursts from its "
                        "triggered effects plus its printed bursts if it was still in play at "
                        "the end (mean per recruit)."),
    ("left early", "Share of recruits that left play before the end of the game (their own "
                   "discard, a spell, the journey or Cromaug)."),
    ("reroll sources", "Lumipili power (one reroll per round while in play), reroll tokens "
                       "(spent), score track (move the score back to the next reroll space), "
                       "R4. Three rerolls can set one die to any face ('set face')."),
    ("paired comparison", "Variants of a scenario play the same game indices on the same seeds "
                          "(common random numbers). A difference between variants is computed "
                          "game by game and its interval comes from those per-game "
                          "differences, which removes most of the luck of the deal."),
    ("bursts per extra reroll", "Paired score gain of the focal seats divided by the extra "
                                "rerolls they actually spent from that source (ratio of "
                                "means, delta-method interval)."),
    ("track break-even", "Bursts gained per extra token reroll actually spent (paired, "
                         "fewest extra tokens): a score-track reroll that costs fewer bursts "
                         "of score than this is worth taking, on average."),
    ("bursts per extra token", "Paired score gain per extra starting reroll token, pooled over "
                               "the token variants (per game a least-squares slope through 0, "
                               "then averaged over games). Lower than the value per reroll "
                               "spent: not every token held gets spent."),
    ("seat", "Position in the first round's turn order (1 = first player). The first-player "
             "token moves left every round (R7)."),
    ("seat balance", "Largest difference in win rate between two seats; its interval is the "
                     "Newcombe interval of best-minus-worst (optimistic, as the pair is chosen "
                     "after looking)."),
    ("first-player advantage", "The first player's win rate minus the fair share 1/n."),
    ("tie rate", "Share of games whose two highest final scores are equal (before the "
                 "reroll-token tie-break). 'Shared win' = still tied after it."),
    ("score spread", "Average difference between the highest and the lowest final score of a "
                     "game."),
    ("win margin", "Winner's final score minus the runner-up's."),
    ("paired side comparison", "At one player count, a province and an archipelago variant "
                               "that differ in nothing else play the same game indices on the "
                               "same seeds. Each balance figure is compared as province minus "
                               "archipelago: per-game figures (first-player advantage, tie "
                               "rate, score spread, mean score) by the t interval of the "
                               "per-game differences; seat gap and adventurer spread, which "
                               "exist only over many games, by a bootstrap that resamples "
                               "blocks of consecutive game indices, the same blocks on both "
                               "sides (1,000 replicates from the bootstrap's own stream of "
                               "glowsim/seeding.py, 95% percentile interval). A side is more "
                               "balanced on a figure when its value is smaller (first-player "
                               "advantage: closer to 0, both sides on one side of 0) and the "
                               "interval excludes no difference."),
    ("journey share", "Journey bursts (encampment village or boats' islands) as a share of the "
                      "final score, per game."),
    ("between-game share", "Share of the variance of final scores that lies between games "
                           "(variance of the game means / variance of all scores). High means "
                           "the deal moves everybody's score together."),
    ("sweep", "Variants that differ only in one field (e.g. a card's printed bursts), played "
              "on the same seeds. With forked recruit picks a swept companion's answer is the "
              "value where a line through its pick values crosses 0 (an average pick), with a "
              "95% interval; without them, the observational crossing is where a line through "
              "its win rate when recruited reaches the field average 1/n."),
    ("win rate against Tom", "Solo (R9): share of games in which the player's final score is "
                             "strictly above Tom's (a tie is Tom's). Per adventurer and side a "
                             "Wilson interval; a side's 'all' row pools its variants (see "
                             "'game-index clusters')."),
    ("margin against Tom", "The player's final score minus Tom's, per solo game."),
    ("tile bursts to Tom", "What one of Tom's tiles gives him when the player takes it: its "
                           "printed bursts plus its meeples times the number of tiles taken from "
                           "it to the end of the game, itself included (each meeple moves the "
                           "band token one space, and the band's position is added to Tom's "
                           "score at every tile from then on). Over a game these add up to "
                           "Tom's bursts from tiles; the journey step (village or boat) is not "
                           "included. Per take: mean over the times it was taken; per game: "
                           "mean over all games, 0 where it was not taken. 'immediate' = what "
                           "Tom's score moved at that moment (band after it + printed bursts)."),
    ("tile taken more/less", "Per side and tile, the times it was taken in each game; m = the "
                             "median of that count over games (rounded down). 'More' = games "
                             "with a count above m, 'less' = below m (when no game lies below "
                             "m: at most m; when none lies above: at least m); games at m are "
                             "left out. The figure shows the player's win rate in 'more' games "
                             "minus 'less' games with a delta-method interval over game-index "
                             "clusters (Newcombe's when a rate is 0 or 1). Observational: the "
                             "random and greedy bots pick companions without looking at the "
                             "tiles, so which tile is taken is close to random (the heuristic "
                             "bot avoids tiles that give Tom much), and a tile taken more "
                             "often leaves fewer takes for the others."),
    ("game-index clusters", "Variants of a scenario play the same game indices on the same "
                            "seeds (same decks, same tiles), so games of different variants "
                            "with one index are not independent. Pooled means and rates over "
                            "several variants are ratios of per-index sums with delta-method "
                            "95% intervals, treating each game index as one cluster."),
    ("duel", "Two variants that seat two bots in complementary seats on the same seeds (A B A B "
             "and B A B A): every seat, turn position and adventurer goes to each bot once per "
             "seed."),
    ("head-to-head win rate", "A bot's win share summed over its seats in both games of a "
                              "duel seed, halved, averaged over seeds: exactly 50% for two bots "
                              "that decide alike, whatever the seat advantage. 95% t interval "
                              "over seeds (several duels of the same two bots pooled per seed)."),
    ("bot ladder", "The bots ordered by head-to-head wins; each rung is shown against the one "
                   "below it. 'random < greedy < heuristic < expert' holds when every rung's "
                   "interval lies above 50%."),
    ("self-play", "A variant where every seat plays the same bot. The card metric of each bot "
                  "comes from its self-play games of the published game."),
    ("improvement (card by bot)", "Per bot: over the player-games that recruited the companion "
                                  "(or played the adventurer), the player's win share minus "
                                  "the mean of the other players of the game (t interval). "
                                  "Field average: the same pooled over every card of the kind "
                                  "(0 for adventurers). Verdict: above / below when the "
                                  "interval lies wholly above / below it, else neutral."),
    ("rank correlation", "How alike two bots rank the cards by their metric: Spearman (the "
                         "correlation of the ranks) and Kendall tau-b (concordant minus "
                         "discordant pairs, ties corrected); 1 = same order, 0 = unrelated. "
                         "95% basic bootstrap interval: game indices grouped into at most 2000 "
                         "clusters, resampled together for every bot, the replicates reflected "
                         "around the estimate (noise pulls a correlation of estimates towards "
                         "0; the reflection corrects for it)."),
    ("rank uncertainty", "A companion's (adventurer's) rank by win rate when recruited "
                         "(win rate) among the cards of its player count and side with 30 or "
                         "more player-games, 1 = strongest; its 95% interval and the chance "
                         "of being the strongest or the weakest come from a bootstrap of 1000 "
                         "draws over 200 blocks of game indices (every variant's game of one "
                         "index in the same block)."),
    ("verdict flip", "A card that one bot calls above (or below) the field and another bot "
                     "calls neutral or the other way; a reversal is above under one bot and "
                     "below under another."),
]


def as_markdown(glossary=GLOSSARY) -> str:
    return "\n".join(f"- **{t}**: {d}" for t, d in glossary) + "\n"
