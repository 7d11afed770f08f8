"""The conformance suite every game and preset must pass.

It uses only the ``Game`` / ``State`` API of :mod:`tricktable.core`, so it runs on any
game; the one game-specific part, *where every card is now*, is named by each game's spec
(``GameSpec.card_places``, in the game's own package). Every check raises
:class:`ConformanceError` (an ``AssertionError``) with a message that says what broke,
where, and how to reproduce it.

What is checked, at every step of seeded random matches:

- the legal set is non-empty at every decision and empty at chance and terminal points;
  every legal action's text parses back to it;
- an illegal action raises ``IllegalActionError`` whose message lists every legal action,
  and leaves the state unchanged (every seat's view, legal actions, scores, history ...);
- ``clone()`` is equal and independent; ``push`` then ``pop`` restores the state exactly;
- replaying the record (``new_state(first_dealer)``, each ``deal``, each action) reproduces
  the state;
- cards are conserved: every card of the deal is in exactly one place;
- ``view(seat).known_cards()`` never meets ``hidden_from(seat)``, and together they
  account for every card of the deal;
- the same seed gives the same match.

>>> from tricktable.games import load_game
>>> game = load_game("euchre(preset=north_american)")
>>> report = run_conformance(game, matches=1, seed=3, max_steps=60)
>>> report.matches, report.decisions > 0
(1, True)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable.actions import (
    Action,
    Argument,
    CoreKind,
    action_text,
    make_action,
    parse_action,
    verbs,
)
from tricktable.cards import SUIT_LETTERS, Card, CardMask, card_name, cards_of, cards_text, mask_of
from tricktable.core import CHANCE, TERMINAL, Deal, Game, State
from tricktable.errors import IllegalActionError, TricktableError
from tricktable.games import load_game, spec_of
from tricktable.games.spec import PlainWording, Prompts

CardPlaces = Callable[[State], list[tuple[str, CardMask]]]
"""A game's hook: every place a card of the current deal can be, as ``(name, mask)``."""

Snapshot = tuple[Any, ...]
"""Everything observable about a state through the public API (see :func:`snapshot`)."""


class ConformanceError(AssertionError):
    """A game broke the ``State`` contract."""


@dataclass(slots=True)
class ConformanceReport:
    """What :func:`run_conformance` exercised."""

    game: str
    """The game's rule string."""
    matches: int = 0
    finished: int = 0
    """Matches that reached a terminal state within ``max_steps``."""
    deals: int = 0
    decisions: int = 0
    illegal_tried: int = 0
    push_pops: int = 0
    clones: int = 0
    replays: int = 0
    conservation_checked: bool = False
    """Whether cards were checked to be conserved (every game's spec names where its cards
    lie, so they always are once a match is played)."""
    results: list[tuple[int, ...]] = field(default_factory=list)
    """The final scores of each match."""


# -- snapshots ---------------------------------------------------------------------------------


def dealt_match(rules: str, seed: int) -> State:
    """A match of ``rules`` (a game's name or a rule string) with its first deal dealt: the
    first dealer drawn from ``random.Random(seed)``, the cards from another one (the
    examples of the docs start here).

    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> len(state.deals), state.is_chance(), state.current_player in range(4)
    (1, False, True)
    """
    state = load_game(rules).new_match(random.Random(seed))
    state.deal_random(random.Random(seed))
    return state


def dealt_later(rules: str, seed: int, deals: int, players: int | None = None) -> State:
    """A match of ``rules`` for ``players`` seats (the game's default unless given) after
    ``deals`` deals in which every decision was the first legal one, its next deal dealt
    (the cards of each deal from ``random.Random(seed)``, as ``dealt_match``).

    >>> state = dealt_later("euchre(preset=north_american)", 3, 2)
    >>> len(state.deals), state.is_chance()
    (3, False)
    """
    state = load_game(rules, players=players).new_match(random.Random(seed))
    for _ in range(deals):
        state.deal_random(random.Random(seed))
        while not state.is_chance():
            state.apply(state.legal_actions()[0])
    state.deal_random(random.Random(seed))
    return state


def first_trick(rules: str, seed: int) -> State:
    """``dealt_match``, then every decision before the play taken as the first legal one.

    >>> first_trick("euchre(preset=north_american)", 8).phase.name
    'PLAY'
    """
    state = dealt_match(rules, seed)
    while state.phase is not state.play_phase:
        state.apply(state.legal_actions()[0])
    return state


def question_now(prompts: Prompts, state: State) -> str | None:
    """What ``prompts`` ask the seat to act in ``state``, in plain words (the examples of the
    games' prompts start here).

    >>> state = dealt_match("all_fours(preset=seven_up)", 3)
    >>> question_now(spec_of(state.game).prompts.load(), state)
    'Stand (spades trump), or beg?'
    """
    return prompts.question(state.view(state.current_player), PlainWording())


def snapshot(state: State) -> Snapshot:
    """Everything the public API shows about ``state``: the seat to act, legal actions,
    scores, winner, deals, history, score sheet, and every seat's view and hidden set.

    Mutable parts are captured as ``repr`` text, so later changes cannot alias them."""
    players = state.game.players
    return (
        state.current_player,
        state.is_chance(),
        state.is_terminal(),
        tuple(state.legal_actions()),
        tuple(state.legal_texts()),
        tuple(state.scores()),
        repr(state.winner()),
        tuple(state.deals),
        tuple(tuple(actions) for actions in state.actions),
        repr([summary.to_json() for summary in state.summaries()]),
        tuple(repr(state.view(seat)) for seat in range(players)),
        tuple(state.hidden_from(seat) for seat in range(players)),
    )


def _describe(state: State) -> str:
    deals = len(state.deals)
    steps = len(state.actions[-1]) if state.actions else 0
    last = state.history_texts()[-1][-6:] if state.actions else []
    return (
        f"{state.game!r}, first dealer {state.first_dealer}, deal {deals}, step {steps}, "
        f"player {state.current_player}, recent actions {last}"
    )


def _fail(state: State, message: str) -> ConformanceError:
    return ConformanceError(f"{message} [{_describe(state)}]")


def _diff(before: Snapshot, after: Snapshot) -> str:
    names = (
        "current_player",
        "is_chance",
        "is_terminal",
        "legal_actions",
        "legal_texts",
        "scores",
        "winner",
        "deals",
        "history",
        "summaries",
        "views",
        "hidden_from",
    )
    changed = [name for name, a, b in zip(names, before, after, strict=True) if a != b]
    return ", ".join(changed) or "nothing"


# -- card conservation -------------------------------------------------------------------------


def trick_places(state: State) -> list[tuple[str, CardMask]]:
    """The places every trick-taking deal has, one place per card (so a card twice in one
    list is caught too): each hand, the trick in progress and the completed tricks. A
    game's ``card_places`` adds its own (stock, discards, a turned card ...).

    >>> from tricktable.games import load_game
    >>> state = load_game("euchre(preset=north_american)").new_state(0)
    >>> state.deal_random(random.Random(1))
    >>> [label for label, _ in trick_places(state)]
    ['hand of seat 0', 'hand of seat 1', 'hand of seat 2', 'hand of seat 3']
    """
    places: list[tuple[str, CardMask]] = [
        (f"hand of seat {seat}", int(hand)) for seat, hand in enumerate(state.hands)
    ]
    places.extend(("trick in progress", 1 << card) for card in state.trick)
    places.extend(
        (f"completed trick {index + 1}", 1 << card)
        for index, trick in enumerate(state.completed)
        for _, card in trick
    )
    return places


def check_card_conservation(state: State) -> bool:
    """Every card of the current deal is in exactly one place (hands, tricks, stock,
    kitty, discards ...), as the game's spec's ``card_places`` tells. Returns ``True``."""
    places_of: CardPlaces = spec_of(state.game).part("card_places")
    if not state.deals:
        return True
    deal = state.deals[-1]
    expected = _deal_mask(deal)
    if expected.bit_count() != sum(map(len, deal.hands)) + (deal.turned is not None) + len(
        deal.stock
    ):
        raise _fail(state, "the deal holds a card twice")
    seen = 0
    for name, mask in places_of(state):
        overlap = seen & mask
        if overlap:
            raise _fail(state, f"cards {_names(overlap)} are in two places (again in {name})")
        seen |= mask
    if seen != expected:
        missing, extra = expected & ~seen, seen & ~expected
        raise _fail(
            state, f"cards not conserved: missing {_names(missing)}, not dealt {_names(extra)}"
        )
    return True


def _names(mask: CardMask) -> str:
    return " ".join(card_name(card) for card in cards_of(mask)) or "-"


# -- single checks -----------------------------------------------------------------------------


def check_state_invariants(state: State, *, complete_views: bool = True) -> None:
    """The checks that need no action: the seat to act and the legal set agree, legal
    texts round-trip, views are consistent, no seat sees a hidden card, cards are
    conserved. With ``complete_views``, at every decision, every card of the deal is, for
    every seat, either shown by its view or listed by ``hidden_from`` (nothing is
    unaccounted for; between deals a game may put the cards back in the pack)."""
    players = state.game.players
    player = state.current_player
    legal = state.legal_actions()
    if player not in (CHANCE, TERMINAL) and player not in range(players):
        raise _fail(state, f"current_player {player} is not a seat, CHANCE or TERMINAL")
    if state.is_chance() != (player == CHANCE) or state.is_terminal() != (player == TERMINAL):
        raise _fail(state, "is_chance/is_terminal disagree with current_player")
    if player in (CHANCE, TERMINAL):
        if legal:
            raise _fail(state, f"legal actions at a chance or terminal point: {legal}")
    elif not legal:
        raise _fail(state, f"no legal action for seat {player} before the match is over")
    if len(set(legal)) != len(legal):
        raise _fail(state, f"duplicate legal actions {legal}")
    texts = state.legal_texts()
    if texts != sorted(action_text(action) for action in legal):
        raise _fail(state, f"legal_texts {texts} do not match legal_actions")
    for action in legal:
        if parse_action(action_text(action)) != action:
            raise _fail(state, f"action text {action_text(action)!r} does not parse back")
    if state.is_terminal() and state.winner() is None:
        raise _fail(state, "the match is over but has no winner")
    if not state.is_terminal() and state.winner() is not None:
        raise _fail(state, "a winner before the match is over")
    if len(state.scores()) != len(state.game.sides):
        raise _fail(state, "scores() does not hold one score per side")
    if len(state.actions) != len(state.deals):
        raise _fail(state, "actions and deals disagree in length")
    for seat in range(players):
        view = state.view(seat)
        if view.seat != seat or view.to_act != player or view.players != players:
            raise _fail(state, f"view({seat}) has wrong seat, to_act or players")
        expected_legal = tuple(texts) if seat == player else ()
        if tuple(view.legal) != expected_legal:
            raise _fail(state, f"view({seat}).legal {view.legal} != {expected_legal}")
        if tuple(view.scores) != tuple(state.scores()):
            raise _fail(state, f"view({seat}).scores differ from scores()")
        hidden = state.hidden_from(seat)
        if hidden & mask_of(view.hand):
            raise _fail(
                state,
                f"seat {seat}'s own cards {_names(hidden & mask_of(view.hand))} are hidden from it",
            )
        known = mask_of(view.known_cards())
        leaked = known & hidden
        if leaked:
            raise _fail(state, f"view({seat}) shows hidden cards {_names(leaked)}")
        if complete_views and state.deals and player >= 0:
            unaccounted = _deal_mask(state.deals[-1]) & ~(known | hidden)
            if unaccounted:
                raise _fail(
                    state,
                    f"cards {_names(unaccounted)} are neither in view({seat}) nor in "
                    f"hidden_from({seat})",
                )
    check_card_conservation(state)


def _deal_mask(deal: Deal) -> CardMask:
    cards = [card for hand in deal.hands for card in hand]
    if deal.turned is not None:
        cards.append(deal.turned)
    cards.extend(deal.stock)
    return mask_of(cards)


def _candidate_actions(game: Game[Any]) -> list[Action]:
    """Every action of every registered verb a game could be offered (the cards of its deck,
    the four suits, bids up to 13)."""
    deck: Sequence[Card] = getattr(game, "deck", range(64))
    cards = [card for card in deck if _is_card(card)]
    arguments = {
        Argument.NONE: [0],
        Argument.CARD: cards,
        Argument.SUIT: list(range(4)),
        Argument.NUMBER: list(range(14)),
    }
    return [make_action(verb.kind, value) for verb in verbs() for value in arguments[verb.argument]]


def _is_card(card: int) -> bool:
    try:
        return card_name(card) != "?"
    except TricktableError:
        return False


def check_illegal_actions(
    state: State, rng: random.Random, tries: int = 3, before: Snapshot | None = None
) -> int:
    """A few illegal actions (and a text that is no action at all) are refused with
    ``IllegalActionError`` listing every legal action; the state is unchanged.
    Returns how many were tried."""
    legal = set(state.legal_actions())
    illegal = [action for action in _candidate_actions(state.game) if action not in legal]
    chosen = rng.sample(illegal, min(tries, len(illegal)))
    # a play of a card the seat holds but may not play is the most telling case
    to_act = state.current_player
    if to_act >= 0:
        held = state.view(to_act).hand
        unplayable = [card for card in held if make_action(CoreKind.PLAY, card) not in legal]
        if unplayable:
            chosen.append(make_action(CoreKind.PLAY, rng.choice(unplayable)))
    before = snapshot(state) if before is None else before
    texts = state.legal_texts()
    quick = _quick(state)
    attempts: list[tuple[str, Action | None]] = [(_text(action), action) for action in chosen]
    attempts.append(("frobnicate 7", None))
    for text, action in attempts:
        try:
            if action is None:
                state.apply_text(text)
            else:
                state.apply(action)
        except IllegalActionError as error:
            message = str(error)
            if list(error.legal) != texts:
                raise _fail(
                    state, f"refusing {text!r}: error.legal {error.legal} != {texts}"
                ) from error
            missing = [legal_text for legal_text in texts if legal_text not in message]
            if missing or "legal" not in message:
                raise _fail(
                    state, f"refusing {text!r}: message {message!r} omits {missing}"
                ) from error
        except Exception as error:
            raise _fail(
                state, f"{text!r} raised {type(error).__name__}: {error}, not IllegalActionError"
            ) from error
        else:
            raise _fail(state, f"illegal action {text!r} was accepted (legal: {texts})")
        if _quick(state) != quick:
            raise _fail(state, f"refusing {text!r} changed the state")
    after = snapshot(state)
    if after != before:
        tried = [text for text, _ in attempts]
        raise _fail(state, f"refusing {tried} changed the state: {_diff(before, after)}")
    return len(attempts)


def _quick(state: State) -> tuple[Any, ...]:
    """A cheap fingerprint: seat to act, legal actions, decisions so far, scores."""
    return (
        state.current_player,
        tuple(state.legal_actions()),
        len(state.deals),
        tuple(state.actions[-1]) if state.actions else (),
        tuple(state.scores()),
    )


def check_clone(state: State, rng: random.Random, before: Snapshot | None = None) -> None:
    """``clone()`` equals the state, and stepping either one leaves the other unchanged."""
    before = snapshot(state) if before is None else before
    copy = state.clone()
    if type(copy) is not type(state):
        raise _fail(state, f"clone() returned a {type(copy).__name__}")
    if snapshot(copy) != before:
        raise _fail(state, f"clone differs: {_diff(before, snapshot(copy))}")
    if not _step_once(copy, rng):
        return
    if snapshot(state) != before:
        raise _fail(
            state, f"stepping a clone changed the original: {_diff(before, snapshot(state))}"
        )
    # the other direction, on a clone of the clone, so the checked state is not stepped
    second = copy.clone()
    second_before = snapshot(second)
    _step_once(copy, rng)
    if snapshot(second) != second_before:
        raise _fail(state, "stepping a state changed its clone")


def _step_once(state: State, rng: random.Random) -> bool:
    if state.is_terminal():
        return False
    if state.is_chance():
        state.deal_random(rng)
    else:
        state.apply(rng.choice(state.legal_actions()))
    return True


def check_push_pop(
    state: State, rng: random.Random, depth: int = 1, before: Snapshot | None = None
) -> int:
    """``push`` of up to ``depth`` random legal actions then as many ``pop`` restores the
    state exactly, each ``pop`` returning its action. Returns the number pushed."""
    before = snapshot(state) if before is None else before
    pushed: list[Action] = []
    while len(pushed) < depth and not state.is_chance() and not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.push(action)
        pushed.append(action)
    for action in reversed(pushed):
        popped = state.pop()
        if popped != action:
            raise _fail(state, f"pop() returned {_text(popped)}, pushed {_text(action)}")
    after = snapshot(state)
    if after != before:
        raise _fail(
            state,
            f"push/pop of {[_text(a) for a in pushed]} changed the state: {_diff(before, after)}",
        )
    return len(pushed)


def check_pop_at_deal_start(state: State) -> None:
    """With no decision yet in the current deal, ``pop`` raises ``IndexError`` and
    changes nothing."""
    if not state.actions or state.actions[-1]:
        return
    accepted = "pop() at the start of a deal did not raise IndexError"
    _check_refused(state, state.pop, IndexError, "pop()", accepted, snapshot(state))


def _check_refused(
    state: State,
    attempt: Callable[[], object],
    refusal: type[Exception],
    call: str,
    accepted: str,
    before: Snapshot,
) -> None:
    """``attempt()`` must raise ``refusal`` (else ``accepted`` is the failure) and leave the
    state as ``before``."""
    try:
        attempt()
    except refusal:
        pass
    else:
        raise _fail(state, accepted)
    if snapshot(state) != before:
        raise _fail(state, f"a refused {call} changed the state")


def _text(action: Action) -> str:
    try:
        return action_text(action)
    except TricktableError:
        return repr(action)


def replay(state: State) -> State:
    """A new state built from ``state``'s record: first dealer, deals and actions."""
    copy = state.game.new_state(state.first_dealer)
    for deal, actions in zip(state.deals, state.actions, strict=True):
        copy.deal(deal)
        for action in actions:
            copy.apply(action)
    return copy


def check_replay(state: State) -> None:
    """Replaying the record reproduces the state exactly."""
    try:
        copy = replay(state)
    except TricktableError as error:
        raise _fail(state, f"replaying the record failed: {error}") from error
    before, after = snapshot(state), snapshot(copy)
    if before != after:
        raise _fail(state, f"replaying the record differs in: {_diff(before, after)}")


def check_deal_refused(state: State, before: Snapshot | None = None) -> None:
    """A deal when none is due raises a ``TricktableError`` and changes nothing."""
    if state.is_chance():
        return
    before = snapshot(state) if before is None else before
    if not state.deals:
        return
    deal = state.deals[-1]
    accepted = "deal() was accepted when no deal was due"
    _check_refused(state, lambda: state.deal(deal), TricktableError, "deal()", accepted, before)


# -- perft -------------------------------------------------------------------------------------


def perft(state: State, depth: int) -> int:
    """The number of distinct sequences of ``depth`` legal decisions from ``state``; a
    sequence that reaches a deal or the end of the match sooner counts once. Counted by
    ``push`` and ``pop`` on ``state`` itself, which comes back as it was.

    >>> from tricktable.games import load_game
    >>> state = load_game("euchre(preset=north_american)").new_state(3)
    >>> state.deal_random(random.Random(1))
    >>> state.legal_texts()
    ['order', 'order alone', 'pass']
    >>> perft(state, 0), perft(state, 1), state.legal_texts()
    (1, 3, ['order', 'order alone', 'pass'])
    """
    if depth == 0 or state.current_player < 0:
        return 1
    total = 0
    for action in state.legal_actions():
        state.push(action)
        total += perft(state, depth - 1)
        state.pop()
    return total


PERFT_SEED = 1
"""The seed of the matches the recorded perft positions are taken from."""

OPENING_DEPTH = 6
"""How many decisions deep the opening position's perft counts."""


def seeded_position(rules: str, stop: Callable[[State], bool]) -> State:
    """The match of ``rules`` from ``PERFT_SEED``, dealt and played on by seeded random legal
    actions until ``stop`` holds at a decision."""
    rng = random.Random(PERFT_SEED)
    state = load_game(rules).new_match(rng)
    for _ in range(100_000):
        if state.is_chance():
            state.deal_random(rng)
            continue
        if state.is_terminal():
            raise ConformanceError(f"{rules}: the match ended before the position")
        if stop(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise ConformanceError(f"{rules}: no position in 100,000 decisions")


def opening_position(rules: str) -> State:
    """The first decision of the first deal in which the seat to act holds at least five
    cards (Romanian whist starts with one-card deals)."""
    return seeded_position(
        rules, lambda s: not s.actions[-1] and len(s.view(s.current_player).hand) >= 5
    )


def late_position(rules: str) -> State:
    """The start of a trick once each seat to act holds three cards."""

    def stop(state: State) -> bool:
        view = state.view(state.current_player)
        return bool(view.tricks) and not view.trick and len(view.hand) == 3

    return seeded_position(rules, stop)


def late_depth(state: State) -> int:
    """Decisions to the end of the deal from a late position: three tricks."""
    return 3 * state.game.players


def describe(state: State) -> str:
    """Where a perft position is: deal, decisions so far, phase, and the cards of the seat to
    act (a change of dealing or of the seeded play shows here first)."""
    view = state.view(state.current_player)
    return (
        f"deal {len(state.deals)} step {len(state.actions[-1])} {view.phase}: "
        f"seat {view.seat} holds {cards_text(view.hand)}"
    )


def record_perft(rules: str) -> str:
    """The ``opening`` and ``late`` lines of a game's ``Conformance`` (its ``testdata.py``),
    counted by ``perft``; ``python -m tricktable.testing perft GAME`` prints them."""
    opening = opening_position(rules)
    late = late_position(rules)
    return (
        f'    opening=Perft("{describe(opening)}", {perft(opening, OPENING_DEPTH):_}),\n'
        f'    late=Perft("{describe(late)}", {perft(late, late_depth(late)):_}),'
    )


# -- facts references --------------------------------------------------------------------------


def card_or_none(card: Card) -> str | None:
    """A card's name in a facts reference, ``None`` for no card (-1)."""
    return card_name(card) if card >= 0 else None


def suit_or_none(suit: int) -> str | None:
    """A suit's letter in a facts reference, ``None`` for no suit (-1)."""
    return SUIT_LETTERS[suit] if suit >= 0 else None


def seats_in(mask: int, seats: int) -> list[int]:
    """The seats of a mask of seats (bit ``seat`` set), in order."""
    return [seat for seat in range(seats) if mask >> seat & 1]


def card_names(cards: Sequence[Card]) -> list[str]:
    """Cards' names in a facts reference, in their order."""
    return [card_name(card) for card in cards]


# -- playouts ----------------------------------------------------------------------------------

StepHook = Callable[[State, random.Random], None]


def random_playout(
    game: Game[Any],
    rng: random.Random,
    max_steps: int = 100_000,
    *,
    max_deals: int | None = None,
    on_step: StepHook | None = None,
) -> State:
    """A match played with uniformly random legal actions and deals, all from ``rng``.

    Stops when the match is over, after ``max_steps`` decisions, or when ``max_deals``
    deals are complete. ``on_step`` is called before every event (deal or decision).
    """
    state = game.new_match(rng)
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if on_step is not None:
            on_step(state, rng)
        if state.is_chance():
            if max_deals is not None and len(state.deals) >= max_deals:
                break
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    if on_step is not None:
        on_step(state, rng)
    return state


def match_signature(state: State) -> tuple[Any, ...]:
    """What must be identical when a match is played again with the same seed."""
    return (
        state.first_dealer,
        tuple(state.deals),
        tuple(tuple(actions) for actions in state.actions),
        tuple(state.scores()),
        repr(state.winner()),
        repr([summary.to_json() for summary in state.summaries()]),
    )


def run_conformance(
    game: Game[Any],
    matches: int = 10,
    seed: int = 0,
    *,
    max_steps: int = 2_000,
    max_deals: int | None = None,
    check_rate: float = 1.0,
    pushpop_depth: int = 3,
    complete_views: bool = True,
) -> ConformanceReport:
    """Play ``matches`` seeded random matches of ``game`` checking the whole contract.

    The invariants (legal set, views, hidden cards, card conservation) are checked at
    every event; the costlier checks (illegal actions, clone, push/pop) at a random
    ``check_rate`` share of decisions; the replay of the record at the end of every
    deal and of the match. ``complete_views=False`` skips the check that every card is
    either seen or listed as hidden. Raises :class:`ConformanceError` on the first
    violation.
    """
    report = ConformanceReport(game=game.rule_string())
    report.conservation_checked = True
    for index in range(matches):
        match_seed = seed * 1_000_003 + index
        deals_seen = [0]
        check_rng = random.Random(f"checks {match_seed}")

        def on_step(
            state: State,
            rng: random.Random,
            deals_seen: list[int] = deals_seen,
            check_rng: random.Random = check_rng,
        ) -> None:
            check_state_invariants(state, complete_views=complete_views)
            completed = len(state.deals) - (0 if state.is_chance() or state.is_terminal() else 1)
            if completed > deals_seen[0]:
                deals_seen[0] = completed
                check_replay(state)
                report.replays += 1
            if state.is_chance() or state.is_terminal():
                report.illegal_tried += check_illegal_actions(state, check_rng, tries=1)
                check_deal_refused(state)
                return
            report.decisions += 1
            check_pop_at_deal_start(state)
            if check_rng.random() < check_rate:
                before = snapshot(state)
                report.illegal_tried += check_illegal_actions(state, check_rng, before=before)
                check_deal_refused(state, before=before)
                check_clone(state, check_rng, before=before)
                report.clones += 1
                depth = check_rng.randint(1, pushpop_depth)
                report.push_pops += check_push_pop(state, check_rng, depth, before=before)

        state = random_playout(
            game, random.Random(match_seed), max_steps, max_deals=max_deals, on_step=on_step
        )
        check_replay(state)
        report.replays += 1
        again = random_playout(game, random.Random(match_seed), max_steps, max_deals=max_deals)
        if match_signature(again) != match_signature(state):
            raise _fail(state, f"the same seed ({match_seed}) gave a different match")
        report.matches += 1
        report.finished += state.is_terminal()
        report.deals += len(state.deals)
        report.results.append(tuple(state.scores()))
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tricktable.testing perft GAME``: print the perft lines to record in the
    game's ``testdata.py``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "perft":
        print("usage: python -m tricktable.testing perft GAME", file=sys.stderr)
        return 2
    print(record_perft(args[1]))
    return 0


__all__ = [
    "CardPlaces",
    "ConformanceError",
    "ConformanceReport",
    "check_card_conservation",
    "check_clone",
    "check_deal_refused",
    "check_illegal_actions",
    "check_pop_at_deal_start",
    "check_push_pop",
    "check_replay",
    "check_state_invariants",
    "describe",
    "late_depth",
    "late_position",
    "match_signature",
    "opening_position",
    "perft",
    "random_playout",
    "replay",
    "run_conformance",
    "snapshot",
]

if __name__ == "__main__":
    sys.exit(main())
