"""What the bots that value a decision over sampled worlds share (``pimc`` outside the play).

A world drawn by the resampler is rebuilt as an engine state at the seat's point of the deal
(``replay_world``); each legal action is applied to a copy and valued by a game-specific
rollout, and the means over the worlds are the values (``sampled_values``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.search.bid_reading import read_worlds
from tricktable.cards import Card, cards_of
from tricktable.core import Deal, Game, SeatView, State
from tricktable.errors import TricktableError
from tricktable.search.resample import Resampler, World

Rebuild = Callable[[Game[Any], SeatView, World, random.Random], State]
"""Makes the engine state of a world at the view's point (may raise to skip the world)."""

Rollout = Callable[[State, list[Bot], random.Random], float]
"""Values the state after one choice, for the seat whose view it is."""


BID_WORLDS = 50
"""At most this many worlds for a decision outside card play valued by playing each choice
out in every world (a euchre bid, an All Fours stand, beg, give or run, ...)."""

Evaluator = Callable[[Game[Any], SeatView, random.Random, int], "dict[str, float] | None"]
"""A game's evaluator of decisions outside card play (its spec's ``decisions`` part):
``evaluate(game, view, rng, worlds)`` gives each legal action's mean value over sampled
worlds, or ``None`` where it does not value this decision. ``worlds`` is what the bot samples
for a card play; each evaluator takes at most what its decisions can afford."""


def capped_evaluator(
    applies: Callable[[Game[Any], SeatView], bool],
    values: Callable[[Game[Any], SeatView, random.Random, int], dict[str, float]],
) -> Evaluator:
    """The evaluator that values the decisions where ``applies`` says so with ``values``,
    over at most ``BID_WORLDS`` worlds (each world plays out every legal choice).

    >>> evaluate = capped_evaluator(lambda game, view: True, lambda g, v, rng, n: {"pass": n})
    >>> evaluate(None, None, None, 200)  # type: ignore[arg-type]
    {'pass': 50}
    """

    def evaluate(
        game: Game[Any], view: SeatView, rng: random.Random, worlds: int
    ) -> dict[str, float] | None:
        if not applies(game, view):
            return None
        return values(game, view, rng, min(worlds, BID_WORLDS))

    return evaluate


def replay_world(
    game: Game[Any],
    view: SeatView,
    world: World,
    rng: random.Random,
    turned: Card | None,
    state: State | None = None,
) -> State:
    """``world`` dealt into ``state`` (a fresh match by default) with ``turned`` face up and the
    pile, shuffled from ``rng``, as the stock; then the view's history of this deal replayed."""
    pile = cards_of(world.pile)
    rng.shuffle(pile)
    hands = tuple(tuple(cards_of(hand)) for hand in world.hands)
    state = state if state is not None else game.new_state(view.dealer)
    state.deal(Deal(hands, turned, tuple(pile) if turned is not None else ()))
    for _, text in view.history:
        state.apply_text(text)
    return state


def sampled_values(
    game: Game[Any],
    view: SeatView,
    rng: random.Random,
    worlds: int,
    rebuild: Rebuild,
    rollout: Rollout,
    heuristic: list[Bot] | None = None,
    skip: tuple[type[Exception], ...] = (TricktableError,),
    read_bids: bool = False,
    actions: Sequence[str] | None = None,
) -> dict[str, float]:
    """The mean ``rollout`` value of each legal action of ``view`` (or of ``actions``, some
    of them) over ``worlds`` sampled worlds (the later decisions by ``heuristic``, the game's
    heuristic bot at every seat by default); ``{}`` if no world could be rebuilt (a world
    whose rebuild raises one of ``skip`` is left out). With ``read_bids`` the worlds come
    from ``bid_reading.read_worlds`` (worlds that agree with the others' bids first)."""
    from tricktable.bots import make_bot

    bots = heuristic or [make_bot("heuristic", game, seat) for seat in range(game.players)]
    if read_bids:
        drawn: Iterable[World] = read_worlds(game, view, rng, worlds, bots)
    else:
        sampler = Resampler(game, view)
        drawn = (sampler.sample(rng) for _ in range(worlds))
    chosen = list(view.legal if actions is None else actions)
    totals = {text: 0.0 for text in chosen}
    counted = 0
    for world in drawn:
        try:
            base = rebuild(game, view, world, rng)
        except skip:
            continue
        counted += 1
        for text in chosen:
            state = base.clone()
            state.apply_text(text)
            totals[text] += rollout(state, bots, rng)
    if not counted:
        return {}
    return {text: total / counted for text, total in totals.items()}


def bid_to_the_play(state: State, bots: list[Bot], rng: random.Random) -> None:
    """Let ``bots`` take every decision of ``state`` until the play starts (or the deal or
    match is over)."""
    while not state.is_terminal() and not state.is_chance() and state.phase.name != "PLAY":
        actor = state.current_player
        state.apply_text(bots[actor].choose(state.view(actor), rng))


def side_of_seat(game: Game[Any], seat: int) -> int:
    """The index of ``seat``'s side among ``game.sides``."""
    return next(i for i, side in enumerate(game.sides) if seat in side)


def score_change(state: State, before: Sequence[int], mine: int) -> float:
    """How much side ``mine``'s score gained since ``before`` less the mean gain of the
    other sides (with no other side, its own gain).

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> score_change(state, [s - 1 for s in state.scores()], 0)
    0.0
    """
    changes = [after - was for after, was in zip(state.scores(), before, strict=True)]
    others = [change for side, change in enumerate(changes) if side != mine]
    return changes[mine] - (sum(others) / len(others) if others else 0.0)


def match_swung_change(state: State, before: Sequence[int], mine: int, swing: float) -> float:
    """``score_change``, and ``swing`` more when side ``mine`` has won the match, less when
    another side has (a deal's worth where each side plays for itself).

    >>> import random
    >>> from tricktable.games import load_game
    >>> state = load_game("all_fours(preset=seven_up)", players=3).new_match(random.Random(3))
    >>> match_swung_change(state, [0, 1, -2], 0, 4.0)  # 0 points against a mean of (-1 + 2) / 2
    -0.5
    """
    value = score_change(state, before, mine)
    winner = state.winner()
    if winner is not None:
        value += swing if winner == mine else -swing
    return value
