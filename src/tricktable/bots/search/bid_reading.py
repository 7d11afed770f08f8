"""Reading the bidding: prefer sampled worlds in which the others' bids make sense.

The resampler (``tricktable.search.resample``) places the unseen cards uniformly among
the deals that fit the hand sizes and the voids shown; it knows nothing of the bids. A
seat that passed the up-card rarely holds the right bower and two more trumps, yet
uniform worlds give it such hands as often as any. ``read_worlds`` draws more worlds than
asked for and keeps first those in which the game's heuristic bot, holding that world's
cards, would have bid exactly as each other seat did this deal (the heuristic is the
model of a sensible bidder); worlds that contradict a bid only fill up the count when
too few agree within the draw budget. Four-handed euchre (the making rounds) and All
Fours (stand / beg, give / run) and partnership bid euchre (its bids) only; other games get
plain uniform worlds. Everything is
drawn from the ``rng`` passed in.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 3)
>>> game = state.game
>>> state.apply_text("pass")
>>> view = state.view(state.current_player)
>>> worlds = read_worlds(game, view, random.Random(1), 6)
>>> len(worlds), all(w.hands[view.seat] == state.hands[view.seat] for w in worlds)
(6, True)
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.search.inference import inferred_worlds
from tricktable.core import Deal, Game, SeatView, State
from tricktable.errors import TricktableError
from tricktable.search.adapter import search_adapter
from tricktable.search.resample import Resampler, World

DRAW_FACTOR = 4
"""At most this many candidate worlds are drawn per world asked for."""
READ_SEED = 0x8EAD
"""Seed of the ``rng`` the model bidders are asked with (they decide without it in
euchre; a fixed seed keeps a world's verdict independent of the draw)."""


def applies(game: Game[Any], view: SeatView) -> bool:
    """Whether the others' bids are read for this view: four-handed euchre, or All Fours
    before any running of the cards, once another seat has bid this deal.

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("all_fours(preset=seven_up)", 1)
    >>> game = state.game
    >>> applies(game, state.view(1 - state.current_player))
    False
    >>> state.apply_text("beg")
    >>> applies(game, state.view(state.current_player))
    True
    """
    phases = search_adapter(game).read_phases_of(game)
    if not phases or all(seat == view.seat for seat, _ in view.history):
        return False
    # After a run the hands were dealt anew (and discarded from): not rebuilt here.
    return not any(text == "run" for _, text in view.history)


def read_worlds(
    game: Game[Any],
    view: SeatView,
    rng: random.Random,
    count: int,
    bidders: list[Bot] | None = None,
    inference: bool = True,
) -> list[World]:
    """``count`` worlds for ``view``, those that agree with the others' bids first (see the
    module docstring); ``bidders`` are the model bots by seat (the heuristic by default).
    With ``inference`` and no ``bidders``, a game whose learned model reads the others'
    choices draws its worlds as likely as those choices make them instead
    (``inference.inferred_worlds``)."""
    if inference and bidders is None:
        inferred = inferred_worlds(game, view, rng, count)
        if inferred is not None:
            return inferred
    sampler = Resampler(game, view)
    if not applies(game, view):
        return [sampler.sample(rng) for _ in range(count)]
    if bidders is None:
        from tricktable.bots import make_bot

        bidders = [make_bot("heuristic", game, seat) for seat in range(game.players)]
    agreeing: list[World] = []
    others: list[World] = []
    for _ in range(count * DRAW_FACTOR):
        world = sampler.sample(rng)
        if bids_agree(game, view, world, bidders):
            agreeing.append(world)
            if len(agreeing) == count:
                return agreeing
        elif len(others) < count:
            others.append(world)
    return agreeing + others[: count - len(agreeing)]


def deal_start(game: Game[Any], view: SeatView) -> State:
    """A fresh state of ``game`` with ``view``'s dealer to deal, where the deal of ``view``
    is to be rebuilt, holding the match's score before this deal (``match_scores``) in the
    games whose search adapter says ``rebuilt_at_score`` (others start at their opening
    score):

    * All Fours: the view's score less the kick and gift of this deal, which the replay
      scores again. The score decides whether the dealer may give (a gift may not win the
      match unless ``gift_may_win``) and how the heuristic stands, begs, gives and runs
      near the target.
    * two-handed euchre: its heuristic bids more boldly or carefully near the target.
    * set-back euchre: the heuristic declares a march only above 5, and a failed march
      (option ``declare_march``) doubles the maker's score, so it costs what the score is.
      (The pool and the stakes paid stay at their opening values: neither the play nor a
      deal's score change depends on them.)

    The score is written to the state's ``match_scores`` directly: the engines have no public
    call to start a deal at a given score.

    >>> import random
    >>> from tricktable.games import load_game
    >>> game = load_game("all_fours(preset=seven_up)")
    >>> state = game.new_match(random.Random(3))
    >>> state.match_scores = [6, 2]
    >>> state.deal_random(random.Random(3))
    >>> view = state.view(state.current_player)
    >>> view.public.deal_points, deal_start(game, view).scores()
    ((0, 0), [6, 2])
    """
    state = game.new_state(view.dealer)
    adapter = search_adapter(game)
    if adapter.rebuilt_at_score:
        this_deal = list(adapter.points_this_deal(view)) or [0] * len(view.scores)
        before = [int(score) - points for score, points in zip(view.scores, this_deal, strict=True)]
        state.match_scores = before
    return state


def dealt_hands(game: Game[Any], view: SeatView, world: World) -> Deal:
    """The deal as it was made, rebuilt from ``world`` (hands now) and ``view`` (cards
    played, the dealer's pickup and discard): the cards each seat was dealt, the up-card
    (All Fours: the turned card) and the rest as the stock. An unseen discard of the
    dealer is taken to be the lowest card of the world's pile (which card it was changes
    no other seat's bid).

    >>> import random
    >>> from tricktable.testing import dealt_match
    >>> from tricktable.search.resample import resample
    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> game = state.game
    >>> view = state.view(state.current_player)
    >>> deal = dealt_hands(game, view, resample(game, view, random.Random(1)))
    >>> sorted(deal.hands[view.seat]) == sorted(state.deals[-1].hands[view.seat])
    True
    >>> len(deal.stock)
    3
    """
    return search_adapter(game).rebuild_deal(game, view, world)


def bids_agree(game: Game[Any], view: SeatView, world: World, bidders: list[Bot]) -> bool:
    """Whether every other seat's bid of this deal is the one ``bidders`` would have made
    with ``world``'s cards (a world that cannot be rebuilt agrees: nothing is read)."""
    adapter = search_adapter(game)
    phases = adapter.read_phases_of(game)
    took_up = adapter.dealer_took_up(view)
    rng = random.Random(READ_SEED)
    try:
        state = deal_start(game, view)
        state.deal(dealt_hands(game, view, world))
        for seat, text in view.history:
            if state.phase.name not in phases:
                break
            # A dealer who took the up-card holds a discard we only guessed: not read.
            read = seat != view.seat and not (took_up and seat == view.dealer)
            if read and bidders[seat].choose(state.view(seat), rng) != text:
                return False
            state.apply_text(text)
    except (TricktableError, ValueError, KeyError):
        return True
    return True
