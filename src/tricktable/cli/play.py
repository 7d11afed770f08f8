"""``tricktable play``: one person against bots at the terminal.

The person sees only their own seat's view: their hand (sorted with the trumps
together, the bowers and Benny marked), the up-card, every bid and call, every turn-up and
change of trump as it happens, each trick card by card with the card winning it marked, and
the score. Bots act at once; with ``--auto`` so does the person's only legal move. With
``--seed`` the same answers give the same game. On a terminal the cards are in colour with
their suits' symbols (``cli.terminal``); in a pipe or with ``NO_COLOR`` the text is plain.

``--from RECORD --at N`` plays on from decision N of a record (``tricktable.branch``): the
person takes over a seat, bots the others, and the branch is saved as a record of its own.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from tricktable.actions import Action, action_text, parse_action
from tricktable.branch import Branch, BranchError, branch_record, start_branch
from tricktable.cards import SUIT_LETTERS, SUIT_NAMES, Card, card_name, parse_card, parse_suit
from tricktable.cli.arguments import add_game_arguments, add_seed, seat_from_text
from tricktable.cli.sim import (
    UsageError,
    bot_names_from_args,
    game_from_args,
    reporting_usage_errors,
    seed_from,
)
from tricktable.cli.terminal import Screen, item_lines
from tricktable.core import Game, SeatView, State
from tricktable.errors import ActionParseError, CardError, TricktableError
from tricktable.games import spec_of
from tricktable.games.spec import Prompts
from tricktable.presentation.events import Names, event_text, plural_verb, told_by_decision
from tricktable.presentation.hands import card_marks, hand_groups
from tricktable.presentation.labels import bot_label, rules_description
from tricktable.presentation.names import COMPASS, place_name, seat_names
from tricktable.presentation.seating import partner_draw_lines
from tricktable.record import record_of, score_sheet
from tricktable.search.adapter import search_adapter
from tricktable.seating import (
    DRAW_RULES,
    PartnerDraw,
    SeatingError,
    draw_for_partners,
    partners_seed,
)
from tricktable.sim import Chooser
from tricktable.tricks import trick_winner

GENERAL_ANSWERS = """\
  an action                         e.g. pass, play JS
  a card alone                      e.g. JS or 10h (plays or discards it when that is legal)"""
"""How to answer in a game whose spec names no ``prompts``."""

COMMANDS = """\
Commands: help (this text), hand (your cards), last (the last trick), score (scores and
  tricks), quit (leave), hint (with --hints: each action's estimated value and the best)."""


def help_text(game: Game[Any]) -> str:
    """What ``help`` prints in ``game``: how to answer there (its spec's ``prompts``) and the
    commands."""
    prompts = _prompts(game)
    answers = GENERAL_ANSWERS if prompts is None else prompts.answers
    return f"How to answer:\n  a number from the list            e.g. 1\n{answers}\n{COMMANDS}"


def _prompts(game: Game[Any]) -> Prompts | None:
    part = spec_of(game).prompts
    if part is None:
        return None
    prompts: Prompts = part.load()
    return prompts


class InputError(Exception):
    """An answer that is not a legal action now; the message says what is allowed."""


def seat_labels(players: int, human: int) -> list[str]:
    """Names of the seats from the person's point of view ("You" for their own): at four,
    the person sits South and the others take the places to their left (``COMPASS``); else
    each other seat is named by its number, counted from 1.

    >>> seat_labels(4, 1), seat_labels(3, 0)
    (['East', 'You', 'West', 'North'], ['You', 'Seat 2', 'Seat 3'])
    """
    labels = []
    for seat in range(players):
        offset = (seat - human) % players
        if offset == 0:
            labels.append("You")
        elif players == len(COMPASS):
            labels.append(COMPASS[offset])
        else:
            labels.append(place_name(seat, players))
    return labels


def interpret(
    answer: str, legal: Sequence[str], hand: Sequence[Card], writer: CardWriter | None = None
) -> str:
    """The canonical legal action an answer means, or ``InputError`` saying what is allowed
    (its cards written by ``writer``; ``None``: as the records write them).

    >>> interpret("2", ["order", "pass"], [])
    'pass'
    >>> interpret("10h", ["play TH", "play 9H"], [])
    'play TH'
    >>> interpret("Order", ["order", "pass"], [])
    'order'

    Where bids are legal, a number is a bid, not a place in the list:

    >>> interpret("1", ["bid 0", "bid 1", "bid 2"], [])
    'bid 1'
    """
    text = answer.strip()
    bids = [action for action in legal if action.startswith("bid ")]
    allowed = "allowed now: " + ", ".join(option_items(legal, writer))
    if text.isdigit() and bids:
        if f"bid {int(text)}" in legal:
            return f"bid {int(text)}"
        numbers = ", ".join(bid.split()[1] for bid in bids)
        raise InputError(f"you may not bid {text} now; bids allowed: {numbers}")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise InputError(f"{text} is not a listed number (1-{len(legal)}); {allowed}")
    try:
        canonical = action_text(parse_action(text))
    except ActionParseError:
        canonical = None
    if canonical is not None:
        if canonical in legal:
            return canonical
        raise InputError(f"{canonical!r} is not legal now{_why(canonical, hand)}; {allowed}")
    try:
        card = parse_card(text)
    except CardError:
        card = None
    if card is not None:
        for kind in ("play", "discard"):
            if f"{kind} {card_name(card)}" in legal:
                return f"{kind} {card_name(card)}"
        reason = _why(f"play {card_name(card)}", hand)
        shown = card_name(card) if writer is None else writer(card)
        raise InputError(f"{shown} cannot be played or discarded now{reason}; {allowed}")
    suit = _suit_word(text)
    if suit is not None:
        for form in (f"call {suit}", f"name {suit}"):
            if form in legal:
                return form
        raise InputError(f"no action with suit {suit} is legal now; {allowed}")
    raise InputError(
        f"{text!r} is not an action; type a number, an action, a card like JS, or help; {allowed}"
    )


def card_list(answer: str) -> list[Card] | None:
    """The cards of an answer that lists several (to discard them in turn), else ``None``.

    >>> [card_name(card) for card in card_list("3s, 10H 7c") or []]
    ['3S', 'TH', '7C']
    >>> card_list("play JS"), card_list("JS")
    (None, None)
    """
    words = answer.replace(",", " ").split()
    if len(words) < 2:
        return None
    try:
        return [parse_card(word) for word in words]
    except CardError:
        return None


def options_text(legal: Sequence[str]) -> str:
    """The legal actions as the person's options: numbered, except where they bid (a number
    typed is then the bid).

    >>> options_text(["order", "pass"]), options_text(["bid 0", "bid 1"])
    ('1) order, 2) pass', '0, 1')
    """
    return ", ".join(option_items(legal))


CardWriter = Callable[[Card], str]
"""Writes a card for people (``Screen.card``)."""


def option_items(legal: Sequence[str], card: CardWriter | None = None) -> list[str]:
    """Each legal action as listed to the person, cards written by ``card`` (``None``: as
    the records write them); where they bid, a bid is its number.

    >>> option_items(["bid 0", "bid 1", "pass"]), option_items(["order", "pass"])
    (['0', '1', 'pass'], ['1) order', '2) pass'])
    """
    shown = [_action_label(action, card) for action in legal]
    if any(action.startswith("bid ") for action in legal):
        return [action.removeprefix("bid ") for action in shown]
    return [f"{number}) {action}" for number, action in enumerate(shown, 1)]


def _action_label(action: str, card: CardWriter | None) -> str:
    """An action's text with its card written for people (``play 10♥``)."""
    words = action.split()
    if len(words) == 2 and words[0] in ("play", "discard") and card is not None:
        return f"{words[0]} {card(parse_card(words[1]))}"
    return action


def _why(canonical: str, hand: Sequence[Card]) -> str:
    words = canonical.split()
    if words[0] in ("play", "discard") and len(words) == 2:
        if parse_card(words[1]) not in hand:
            return f" (you do not hold {words[1]})"
        if words[0] == "play":
            return " (you must follow the suit led)"
    return ""


def _suit_word(text: str) -> str | None:
    lowered = text.lower()
    for index, name in enumerate(SUIT_NAMES):
        if lowered in (name, name[:-1]):
            return SUIT_LETTERS[index]
    try:
        return SUIT_LETTERS[parse_suit(text)]
    except CardError:
        return None


def _trump_name(trump: object) -> str:
    """How a deal's trump reads: a suit's name, "high" / "low" (no trump), or "-"."""
    if trump in ("high", "low"):
        return f"no trump ({trump})"
    return _suit_name(trump) or "-"


def _suit_name(letter: object) -> str | None:
    """The name of a suit letter (``H`` -> ``hearts``), ``None`` if it is not one."""
    if isinstance(letter, str) and len(letter) == 1 and letter in SUIT_LETTERS:
        return SUIT_NAMES[SUIT_LETTERS.index(letter)]
    return None


class TableWording:
    """How the terminal names what a game's questions mention (``games.spec.Wording``):
    seats from the person's point of view ("you pick", "North picks"), cards as the screen
    writes them."""

    def __init__(self, labels: Sequence[str], human: int, screen: Screen) -> None:
        self.labels = labels
        self.human = human
        self.screen = screen

    def seat(self, seat: int, verb: str = "") -> str:
        name = "you" if seat == self.human else self.labels[seat]
        if not verb:
            return name
        return f"{name} {plural_verb(verb) if seat == self.human else verb}"

    def card(self, card: Card) -> str:
        return self.screen.card(card)

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[suit]


def _sentence(text: str) -> str:
    """``text`` with its first letter a capital."""
    return text[:1].upper() + text[1:]


class TerminalGame:
    """One match between a person at ``human`` and bots, played over two text streams."""

    def __init__(
        self,
        game: Game[Any],
        human: int,
        bots: Sequence[Chooser | None],
        seed: int,
        bot_names: Sequence[str],
        stdin: TextIO,
        stdout: TextIO,
        hints: bool = False,
        auto: bool = False,
        screen: Screen | None = None,
        partner_draw: PartnerDraw | None = None,
        branch: Branch | None = None,
        deal_rng: random.Random | None = None,
    ) -> None:
        self.game = game
        self.branch = branch
        """The record and point the match is played on from (``--from``), if any: the
        match starts from its state."""
        self.partner_draw = partner_draw
        """The draw for partners that seated the players (``--draw-partners``), if any."""
        self.hints = hints
        """Whether the person may ask for hints (``hint``)."""
        self.auto = auto
        """Whether the person's only legal move is played without asking (``--auto``)."""
        self.human = human
        self.bots = list(bots)
        self.seed = seed
        self.stdin = stdin
        self.out = stdout
        self.screen = screen if screen is not None else Screen.for_stream(stdout)
        self.echo = not stdin.isatty()
        self.deal_rng = deal_rng if deal_rng is not None else random.Random(seed)
        self.bot_rng = random.Random(seed ^ 0x5EED)
        self.labels = seat_labels(game.players, human)
        self.bot_names = list(bot_names)
        """The name each bot seat was chosen by (``--bots``)."""
        self.record_names = [  # the person as the terminal names them; bots as RECORDS.md
            self.labels[seat] if seat == human else f"bot:{bot_names[seat]}"
            for seat in range(game.players)
        ]
        self.side_labels = [
            " & ".join(
                self.labels[s] for s in sorted(side, key=lambda s: (s - human) % game.players)
            )
            for side in game.sides
        ]
        self.names = Names(
            seats=self.labels,
            sides=self.side_labels,
            plural_seats=frozenset({human}),
            plural_sides=frozenset(i for i in range(len(game.sides)) if self._plural_side(i)),
            card=self.screen.card,
        )
        """How the deal events name seats and sides here ("You take", "North & South win")."""
        self.wording = TableWording(self.labels, human, self.screen)
        self.prompts = _prompts(game)
        self.state: State = (
            branch.state
            if branch is not None
            else game.new_state(game.choose_first_dealer(self.deal_rng))
        )
        self.seen = 0
        """History entries of this deal already shown."""
        self.tricks_seen = 0
        self.deal_number = 0
        self.deal_index = 0
        """This deal's place in ``state.summaries()``."""
        self.events_seen = 0
        """Events of this deal already shown."""
        self.trump_seen: int | None = None
        """The trump last announced this deal."""
        self.hand_seen: tuple[tuple[Card, ...], bool] | None = None
        """The hand last shown, and whether it was shown for the play."""
        self.face_down = (-1, 0)
        """A seat discarding face down, and how many cards so far (said when it is done)."""
        self.last_trick: tuple[tuple[tuple[int, Card], ...], int] | None = None
        """The last trick completed (this deal or the one before) and its winner."""
        self.queued: list[str] = []
        """Discards the person listed in one answer, still to be made in turn."""

    # -- output -------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Write one line."""
        self.screen.write(text)

    def card(self, card: Card | None) -> str:
        """A card as the person reads it (``10♥``)."""
        return "-" if card is None else self.screen.card(card)

    def view(self) -> SeatView:
        """What the person may see now."""
        return self.state.view(self.human)

    def hand_line(self, view: SeatView) -> str:
        """The hand, trumps first, the bowers and Benny marked (remembered as shown)."""
        marks = card_marks(self.game, view)
        groups = [
            " ".join(self.card(c) + (f" ({marks[c]})" if c in marks else "") for c in group)
            for group in hand_groups(self.game, view)
        ]
        self.hand_seen = (view.hand, view.phase == "play")
        if view.public.own_hand_hidden:
            return "Your hand: on your forehead (the others see it; you do not)"
        return "Your hand: " + (" | ".join(groups) or "(no cards)")

    def score_line(self) -> str:
        scores = self.state.scores()
        parts = ", ".join(f"{self.side_labels[i]} {s}" for i, s in enumerate(scores))
        target = getattr(self.game.rules, "target", None)
        games = self.view().public.games_won
        extra = ""
        if target is not None:
            extra = f" (game to {target})"
        elif hasattr(self.game.rules, "target"):
            extra = " (a single hand)"
        if getattr(self.game.rules, "match", "single") == "best_of_3" and games:
            extra += "; games won: " + ", ".join(
                f"{self.side_labels[i]} {g}" for i, g in enumerate(games)
            )
        return f"Score: {parts}{extra}"

    def tricks_line(self, view: SeatView) -> str:
        won = [0] * len(self.game.sides)
        for winner in view.trick_winners:
            for index, side in enumerate(self.game.sides):
                if winner in side:
                    won[index] += 1
        return "Tricks this deal: " + ", ".join(
            f"{self.side_labels[i]} {w}" for i, w in enumerate(won)
        )

    def describe(self, seat: int, text: str, view: SeatView) -> str:
        """One history entry as a sentence (plain ``who: text`` for anything unusual)."""
        who = self.labels[seat]
        s = "" if seat == self.human else "s"
        words = text.split()
        if text == "pass":
            return f"{who} pass{'' if s == '' else 'es'}."
        if words[0] == "order":
            alone = ", going alone" if text.endswith("alone") else ""
            up = self.card(view.public.upcard)
            if seat == view.dealer:
                return f"{who} pick{s} up {up}{alone}."
            dealer = self.wording.seat(view.dealer)
            return f"{who} order{s} up {up} to {dealer}{alone}."
        if words[0] == "call" and len(words) >= 2 and _suit_name(words[1]):
            alone = ", going alone" if text.endswith("alone") else ""
            return f"{who} call{s} {_suit_name(words[1])}{alone}."
        if words[0] == "name" and len(words) == 2:
            return f"{who} name{s} {_suit_name(words[1])}."
        if words[0] == "bid" and len(words) == 2:
            return f"{who} bid{s} {words[1]}."
        if words[0] == "discard":
            if len(words) == 2:
                return f"{who} discard {self.card(parse_card(words[1]))}."
            return f"{who} discard{s} a card face down."
        if words[0] == "play" and len(words) == 2:
            return f"  {who}: {self.card(parse_card(words[1]))}"
        phrases = {
            "alone": ("go alone", "goes alone"),
            "take over": ("take over, playing alone", "takes over, playing alone"),
            "defend alone": ("defend alone", "defends alone"),
            "call renege": ("call a renege", "calls a renege"),
            "blind alone": ("go blind alone", "goes blind alone"),
            "farmers hand": ("show a farmer's hand", "shows a farmer's hand"),
            "ace no face": ("declare ace no face", "declares ace no face"),
            "score": ("score the march", "scores the march"),
            "set back": ("set the opponents back", "sets the opponents back"),
            "concede": ("concede the rest of the deal", "concedes the rest of the deal"),
            "stand": ("stand", "stands"),
            "beg": ("beg", "begs"),
            "give": ("give a point", "gives a point"),
            "run": ("run the cards", "runs the cards"),
            "stay": ("stay in", "stays in"),
            "drop": ("drop", "drops"),
            "throw in": ("throw in", "throws in"),
            "high": ("play high, no trump", "plays high, no trump"),
            "low": ("play low, no trump", "plays low, no trump"),
        }
        if text in phrases:
            return f"{who} {phrases[text][1 if s else 0]}."
        return f"{who}: {text}."

    def announce_deal(self) -> None:
        view = self.view()
        self.deal_number += 1
        self.deal_index = len(self.state.summaries()) - 1
        self.seen = 0
        self.tricks_seen = 0
        self.events_seen = 0
        self.trump_seen = None
        self.say()
        self.say(
            f"=== Deal {self.deal_number}: {self.labels[view.dealer]} "
            f"deal{'' if view.dealer == self.human else 's'} ==="
        )
        up, turned = view.public.upcard, view.public.turned
        if up is not None:
            self.say(f"Up-card: {self.card(up)}")
        elif turned is not None:
            self.say(f"Turned: {self.card(turned)}")
        self.say(self.hand_line(view))
        self.report_events(view)

    def report_events(self, view: SeatView) -> None:
        """Show, as they happen, the events of the deal so far (a kick, a run of the cards,
        a gift) and a change of trump; the scoring events wait for the end of the deal."""
        summaries = self.state.summaries()
        if self.deal_index < len(summaries) and not summaries[self.deal_index].complete:
            events = summaries[self.deal_index].events
            for event in events[self.events_seen :]:
                if not told_by_decision(event):
                    self.say(f"  {_sentence(event_text(event, self.names))}.")
            self.events_seen = len(events)
        trump = view.public.trump
        if trump is not None and trump != self.trump_seen and self.deal_index < len(summaries):
            self.trump_seen = trump
            self.say(f"{_sentence(SUIT_NAMES[trump])} are trump.")

    def say_face_down(self) -> None:
        """Say how many cards a seat discarded face down (once it is done)."""
        seat, count = self.face_down
        if count:
            cards = "a card" if count == 1 else f"{count} cards"
            self.say(
                f"{self.labels[seat]} discard{'' if seat == self.human else 's'} {cards} face down."
            )
        self.face_down = (-1, 0)

    def report(self) -> None:
        """Show what happened since the last report, from the person's view only."""
        view = self.view()
        for seat, text in view.history[self.seen :]:
            if text == "discard":  # face down: counted, said when the seat is done
                held, count = self.face_down
                self.face_down = (seat, count + 1 if held == seat else 1)
                continue
            self.say_face_down()
            self.say(self.describe(seat, text, view))
            if text.endswith("alone") or text == "take over":
                out = [self.labels[s] for s in view.public.sitting_out]
                if out:
                    self.say(f"Sitting out this deal: {', '.join(out)}.")
        self.seen = len(view.history)
        if self.state.is_chance() or self.state.current_player != self.face_down[0]:
            self.say_face_down()
        self.report_events(view)
        while self.tricks_seen < len(view.tricks):
            winner = view.trick_winners[self.tricks_seen]
            self.last_trick = (view.tricks[self.tricks_seen], winner)
            self.tricks_seen += 1
            self.say(
                f"  -> {self.labels[winner]} win{'' if winner == self.human else 's'}"
                f" trick {self.tricks_seen}.  {self.tricks_line(view)}"
            )
        if self.state.is_chance() or self.state.is_terminal():
            self.deal_over(view)

    def deal_over(self, view: SeatView) -> None:
        summaries = self.state.summaries()
        if not summaries:
            return
        summary = summaries[-1]
        # the events shown as they happened are not repeated
        events = summary.events[self.events_seen :]
        self.say(f"--- End of deal {self.deal_number} ---")
        if summary.thrown_in:
            self.say("Thrown in: " + "; ".join(event_text(e, self.names) for e in summary.events))
        else:
            maker = view.public.maker
            trump = summary.trump
            if maker is not None and trump is not None:
                contract = _trump_name(trump)
                if trump not in ("high", "low"):
                    contract += " trump"
                alone = " (alone)" if view.public.alone else ""
                self.say(f"Makers: {self.labels[maker]}{alone}, {contract}.")
            self.say(
                "Tricks: "
                + ", ".join(f"{self.side_labels[i]} {t}" for i, t in enumerate(summary.tricks))
            )
            for event in events:
                self.say(f"  {event_text(event, self.names)}")
            self.say(
                "Points: "
                + ", ".join(f"{self.side_labels[i]} {p:+d}" for i, p in enumerate(summary.points))
            )
        if summary.bids is not None:  # bid games keep seed 003's score sheet
            for line in score_sheet(summaries, self.side_labels):
                self.say(line)
        self.say(self.score_line())
        self.events_seen = len(summary.events)

    # -- the person's turn --------------------------------------------------------------------
    def ordered_legal(self, view: SeatView) -> list[str]:
        """Legal actions as listed: cards in hand order, ``pass`` last."""
        groups = hand_groups(self.game, view)
        rank = {card_name(card): i for i, card in enumerate(c for g in groups for c in g)}

        def key(text: str) -> tuple[int, int, str]:
            words = text.split()
            if words[0] in ("play", "discard") and len(words) == 2:
                return (1, rank.get(words[1], 99), text)
            if words[0] == "bid" and len(words) == 2 and words[1].isdigit():
                return (0, int(words[1]), text)
            return (2 if text == "pass" else 0, 0, text)

        return sorted(view.legal, key=key)

    def trick_line(self, view: SeatView) -> str:
        """The trick so far, the card winning it marked."""
        winning = -1
        facts = search_adapter(self.game).play_facts(self.game, view)
        if facts is not None and view.trick:
            winning = trick_winner([card for _, card in view.trick], facts.table)
        return "This trick: " + ", ".join(
            f"{self.labels[seat]} {self.card(card)}" + (" (winning)" if i == winning else "")
            for i, (seat, card) in enumerate(view.trick)
        )

    def situation(self, view: SeatView) -> str:
        if view.phase == "play":
            summaries = self.state.summaries()
            trump = summaries[-1].trump if summaries else None
            lines = [f"Trump: {_trump_name(trump)}.  {self.tricks_line(view)}"]
            lines.append(self.trick_line(view) if view.trick else "You lead.")
            question = None if self.prompts is None else self.prompts.question(view, self.wording)
            if question is not None:  # a lead that decides more than the trick (Pitch's)
                lines.append(_sentence(question))
            return "\n".join(lines)
        question = None if self.prompts is None else self.prompts.question(view, self.wording)
        if question is not None:
            return _sentence(question)
        return "Your turn to choose:"

    def options_lines(self, legal: Sequence[str]) -> list[str]:
        """The options, laid out so that no option is split at the screen's edge."""
        items = option_items(legal, self.card)
        bids = any(action.startswith("bid ") for action in legal)
        first = "Your bid (type the number): " if bids else "Your options: "
        return item_lines(items, self.screen.width - 1, first=first)

    def show_last_trick(self) -> None:
        if self.last_trick is None:
            self.say("No trick has been played yet.")
            return
        cards, winner = self.last_trick
        played = ", ".join(f"{self.labels[seat]} {self.card(card)}" for seat, card in cards)
        self.say(f"Last trick: {played}; {self.labels[winner]} won it.")

    def ask(self) -> str | None:
        """The person's action (canonical text), or ``None`` to leave (quit or end of input)."""
        view = self.view()
        if self.queued:  # the rest of a list of discards, while the seat is still discarding
            action = self.queued.pop(0)
            if action in view.legal:
                return action
            self.queued = []
        legal = self.ordered_legal(view)
        if view.public.own_hand_hidden:  # never learn a hidden card from the options
            legal = [action for action in legal if action.split()[0] not in ("play", "discard")]
            if not legal:
                self.say("Your card is on your forehead: it is played for you.")
                return view.legal[0]
        if self.auto and len(legal) == 1:
            self.say(f"Your only move: {option_items(legal, self.card)[0][3:]} (--auto).")
            return legal[0]
        self.say()
        self.say(self.situation(view))
        if self.hand_seen != (view.hand, view.phase == "play"):
            self.say(self.hand_line(view))
        for line in self.options_lines(legal):
            self.say(line)
        while True:
            if any(a.startswith("bid ") for a in legal):
                numbers = "a number"
            else:
                numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            self.screen.write(f"Your move [{numbers}, or help]: ", end="")
            self.screen.flush()
            line = self.stdin.readline()
            if line == "":
                self.say()
                self.say("End of input: leaving the game.")
                return None
            answer = line.strip()
            if self.echo:
                self.say(answer)
            command = answer.lower()
            if not command:
                continue
            if command in ("quit", "exit"):
                self.say("You leave the game.")
                return None
            if command in ("help", "?"):
                self.say(help_text(self.game))
                for text in self.options_lines(legal):
                    self.say(text)
                continue
            if command == "hand":
                self.say(self.hand_line(view))
                continue
            if command == "last":
                self.show_last_trick()
                continue
            if command == "hint":
                if not self.hints:
                    self.say("Hints are off; start the game with --hints to ask for them.")
                    continue
                from tricktable.bots.tools.advice import advice_lines, advise

                hint_rng = random.Random(self.seed ^ len(self.state.actions[-1]))
                for text in advice_lines(advise(self.game, view, hint_rng)):
                    self.say(text)
                continue
            if command == "score":
                sheet = self.state.summaries()
                if any(summary.bids is not None for summary in sheet):
                    for line in score_sheet(sheet, self.side_labels):
                        self.say(line)
                self.say(self.score_line())
                self.say(self.tricks_line(view))
                continue
            try:
                cards = card_list(answer)
                if cards is not None:
                    first, *self.queued = self.discards_in_turn(cards)
                    return first
                return interpret(answer, legal, view.hand, self.card)
            except InputError as error:
                self.say(f"Not allowed: {error}")

    def discards_in_turn(self, cards: Sequence[Card]) -> list[str]:
        """The discards of ``cards``, one after another, when the person may make them all in
        turn now; else ``InputError`` saying which card cannot go and what is allowed."""
        trial = self.state.clone()
        actions: list[str] = []
        for index, card in enumerate(cards):
            shown = self.card(card)
            if cards.index(card) < index:
                raise InputError(f"{shown} is listed twice")
            if trial.is_chance() or trial.is_terminal() or trial.current_player != self.human:
                more = "1 card" if index == 1 else f"{index} cards"
                raise InputError(f"you discard {more} now, not {len(cards)}")
            action = f"discard {card_name(card)}"
            if action not in trial.legal_texts():
                why = "" if card in trial.view(self.human).hand else f" (you do not hold {shown})"
                if index == 0 and not any(a.startswith("discard ") for a in trial.legal_texts()):
                    why = " (a list of cards is a list of discards, and no discard is legal now)"
                raise InputError(f"{shown} cannot be discarded now{why}")
            trial.apply_text(action)
            actions.append(action)
        return actions

    # -- the match ----------------------------------------------------------------------------
    def play(self) -> bool:
        """Play until the match is decided (True) or the person leaves (False)."""
        if self.partner_draw is not None:
            for line in partner_draw_lines(self.partner_draw, self.game.sides, self.names):
                self.say(line)
        if self.branch is not None:
            self.say(self._branch_text())
        else:
            place = f"seat {self.human + 1} of {self.game.players}"
            self.say(f"{rules_description(self.game)} — you sit at {place}" + self._partner_text())
        self.say(
            "Bots: "
            + ", ".join(
                f"{self.labels[s]} ({bot_label(self.bot_names[s])})"
                for s in range(self.game.players)
                if s != self.human
            )
        )
        self.say(f"Seed: {self.seed} (play the same game again with --seed {self.seed})")
        self.say("Type help at any prompt.")
        if self.screen.note:
            self.say(self.screen.note)
        state = self.state
        if self.branch is not None and state.deals and not state.is_chance():
            self.recap_deal()
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(self.deal_rng)
                self.announce_deal()
                continue
            seat = state.current_player
            if seat == self.human:
                answer = self.ask()
                if answer is None:
                    return False
                state.apply_text(answer)
            else:
                bot = self.bots[seat]
                assert bot is not None
                text = bot.choose(state.view(seat), self.bot_rng)
                state.apply_text(text)
            self.report()
        self.say()
        winner = state.winner()
        if isinstance(winner, int):
            verb = "win" if self._plural_side(winner) else "wins"
            self.say(f"=== {self.side_labels[winner]} {verb} the match. ===")
        elif isinstance(winner, list):
            self.say("=== The match is a tie. ===")
        self.say(self.score_line())
        return True

    def recap_deal(self) -> None:
        """The deal so far as the person's seat saw it, told as it happened: the hand as
        dealt under the deal's heading, then each decision kept, trick by trick."""
        state = self.state
        self.deal_number = len(state.deals) - 1
        kept: list[Action] = []
        while state.actions[-1]:
            kept.append(state.pop())
        self.announce_deal()
        for action in reversed(kept):
            state.push(action)
            self.report()

    def _plural_side(self, side: int) -> bool:
        """Whether a side's name takes a plural verb ("You & North win", "You win")."""
        seats = self.game.sides[side]
        return len(seats) > 1 or seats == [self.human]

    def _branch_text(self) -> str:
        """How a match played on from a record begins: the point, and whose seat it was."""
        assert self.branch is not None
        point = self.branch.point
        recorded = self.branch.record.get("names")
        before = seat_names(recorded if isinstance(recorded, list) else None, self.game.players)
        kept = (
            "None of the record's decisions are kept"
            if point.kept == 0
            else f"The record's decisions 1-{point.kept} are kept"
        )
        return (
            f"{rules_description(self.game)} — playing on from {point.text()} of the record;"
            f" you take over seat {self.human + 1} of {self.game.players}"
            f" ({before[self.human]} in the record){self._partner_text()}\n"
            f"{kept}; from here on the decisions are new, and so are the deals after this one."
        )

    def _partner_text(self) -> str:
        for side in self.game.sides:
            if self.human in side and len(side) > 1:
                partners = [self.labels[s] for s in side if s != self.human]
                return f"; your partner is {', '.join(partners)}."
        return "."

    def record(self) -> dict[str, Any]:
        """The match so far as a game record (with the draw for partners, if there was one:
        docs/records.md; a branch's record when played on from one: ``branch_record``)."""
        if self.branch is not None:
            return branch_record(self.branch, self.state, names=self.record_names, seed=self.seed)
        record = record_of(self.state, names=self.record_names, seed=self.seed)
        if self.partner_draw is not None:
            record["partner_draw"] = self.partner_draw.to_json()
        return record


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable play``."""
    add_game_arguments(parser, game_help="the game, e.g. euchre (not with --from: the record's)")
    parser.add_argument(
        "--seat",
        default=None,
        metavar="N",
        help="your seat, counted from 1, or its name (South, West, North, East at four; with"
        " --from also the record's player names); default 1, with --from the seat to act",
    )
    parser.add_argument(
        "--from",
        dest="from_record",
        metavar="RECORD",
        help="play on from a point of this game record (a JSON file): its rules, its deals"
        " up to the point and its decisions before it are kept, you take over a seat"
        " (--seat) and bots the others (--bots); later deals come from --seed",
    )
    parser.add_argument(
        "--at",
        metavar="N",
        help="with --from, the decision you take over: N, the match's Nth decision, every"
        " seat's decisions counted from 1 (`tricktable replay` heads each deal with its"
        " decisions' numbers; the record's decisions 1 to N-1 are kept), or D:K, the Kth"
        " decision of deal D (as `tricktable analyse` and the web replay viewer number"
        " them); default: where the record stops",
    )
    parser.add_argument(
        "--draw-partners",
        choices=DRAW_RULES,
        default=None,
        help="draw cards for seats before the match: the two highest (1844) or the two lowest"
        " (North American) play together (partnership games; decides your seat)",
    )
    parser.add_argument(
        "--bots",
        default="heuristic",
        metavar="B,...",
        help="one bot name for every other seat, or one per other seat"
        " clockwise from your left (default heuristic)",
    )
    add_seed(parser, default=None)
    parser.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="allow 'hint' at a prompt: each legal action's estimated value and the best",
    )
    parser.add_argument(
        "--auto",
        action="store_true",
        help="play your move at once when it is the only legal one (a forced card)",
    )


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    session = _setup(args)
    try:
        session.play()
    finally:
        if args.save is not None:
            path = Path(args.save)
            try:
                path.write_text(json.dumps(session.record(), indent=1) + "\n", encoding="utf-8")
                session.say(f"Record saved to {path}.")
            except OSError as error:
                session.say()
                print(f"error: cannot write {path}: {error.strerror}", file=sys.stderr)
        session.out.flush()
    return 0


def _setup(args: argparse.Namespace) -> TerminalGame:
    from tricktable.bots import make_bot

    branch = _branch_from_args(args) if args.from_record is not None else None
    if branch is None:
        if args.game is None:
            raise UsageError("play needs a GAME (e.g. euchre), or --from RECORD to play on")
        if args.at is not None:
            raise UsageError("--at goes with --from RECORD (the decision to take over)")
        game = game_from_args(args.game, args.rules, args.players)
    else:
        game = branch.state.game
    players = game.players
    if args.draw_partners is not None and args.seat is not None:
        raise UsageError(
            "--seat and --draw-partners exclude each other: the draw decides your seat"
        )
    names = bot_names_from_args(args.bots, game)
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise UsageError(
            f"--bots needs one name or {players - 1} (one per other seat), got {len(names)}"
        )
    if args.seed is None:
        seed = random.SystemRandom().randrange(2**31)
    else:
        seed = seed_from(args.seed)
    deal_rng = random.Random(seed)
    if branch is not None and branch.state.is_chance():
        branch.state.deal_random(deal_rng)  # the point is the first decision of a new deal
    human = _human_seat(args.seat, game, branch)
    if args.save is not None:
        parent = Path(args.save).resolve().parent
        if not parent.is_dir():
            raise UsageError(f"--save: directory {parent} does not exist")
    per_seat: list[str] = [""] * players
    for k, name in enumerate(names, 1):
        per_seat[(human + k) % players] = name
    draw = None
    if args.draw_partners is not None:
        # The person draws first, then the bots in --bots order; the draw seats them all.
        try:
            draw_rng = random.Random(partners_seed(str(seed)))
            draw = draw_for_partners(game, args.draw_partners, draw_rng)
        except SeatingError as error:
            raise UsageError(f"--draw-partners: {error}") from None
        human = draw.seat_of(0)
        per_seat = draw.seated(["", *names])
    bots = [
        None if seat == human else make_bot(per_seat[seat], game, seat, trusted=True)
        for seat in range(players)
    ]
    return TerminalGame(
        game,
        human,
        bots,
        seed,
        per_seat,
        sys.stdin,
        sys.stdout,
        hints=bool(args.hints),
        auto=bool(args.auto),
        partner_draw=draw,
        branch=branch,
        deal_rng=deal_rng,
    )


def _branch_from_args(args: argparse.Namespace) -> Branch:
    """The record and point of ``--from RECORD --at N``, or ``UsageError`` saying what is
    wrong and what is allowed."""
    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--rules", args.rules),
            ("--players", args.players),
            ("--draw-partners", args.draw_partners),
        )
        if value is not None
    ]
    if given:
        raise UsageError(
            f"--from plays on with the record's game, rules and seats: leave out {', '.join(given)}"
        )
    path = args.from_record
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"--from: cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"--from: {path} is not a text file (a JSON game record)") from None
    try:
        return start_branch(text, args.at)
    except BranchError as error:
        raise UsageError(f"--at: {error}") from None
    except TricktableError as error:
        raise UsageError(f"--from: {path} is not a record to play on: {error}") from None


def _human_seat(text: str | None, game: Game[Any], branch: Branch | None) -> int:
    """The person's seat from ``--seat`` (a number from 1 or a name); by default seat 1, or
    at a branch the seat to act there."""
    if text is None:
        return 0 if branch is None else branch.state.current_player
    also: list[str] = []
    if branch is not None:
        recorded = branch.record.get("names")
        if isinstance(recorded, list):
            also = seat_names(recorded, game.players)
    try:
        return seat_from_text(text, seat_names(None, game.players), also)
    except ValueError as error:
        raise UsageError(f"--seat: {error}") from None
