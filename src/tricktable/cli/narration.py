"""What a person playing at the terminal is told (``tricktable play``): the seats as they
see the table (``seat_labels``: "You" and the compass turned), each decision as a sentence,
the tricks, the ends of deals and the score, and the situation of their turn. Reading their
answers is ``cli.answers``; playing the match, ``cli.play``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.actions import (
    CORE_VERBS,
    Action,
    ActionKind,
    Argument,
    face_down_text,
    make_action,
    parse_action,
)
from tricktable.cards import SUIT_LETTERS, SUIT_NAMES, Card, card_name, parse_card
from tricktable.cli.answers import option_items, prompts_of
from tricktable.cli.terminal import Screen, item_lines
from tricktable.core import Game, SeatView, State
from tricktable.errors import ActionParseError
from tricktable.games import spec_of, spec_verbs
from tricktable.presentation.events import Names, event_text, plural_verb, told_by_decision
from tricktable.presentation.hands import card_marks, hand_groups
from tricktable.presentation.names import COMPASS, place_name
from tricktable.presentation.verbs import verb_text
from tricktable.public_facts import (
    alone_of,
    games_won_of,
    maker_of,
    sitting_out_of,
    turned_of,
    upcard_of,
    upcard_suit_of,
)
from tricktable.record import score_sheet
from tricktable.search.adapter import search_adapter
from tricktable.tricks import trick_winner


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


class Narrator:
    """What the person at ``human`` is told of a match at the terminal, from their seat's view
    only: the deals, each decision and trick as it happens, the ends of deals and the score,
    and their turn's situation and options (``TerminalGame`` asks and drives the bots).

    >>> import io, random
    >>> from tricktable.cli.terminal import Screen
    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> tell = Narrator(state.game, 0, state, Screen.for_stream(io.StringIO()))
    >>> tell.labels, tell.side_labels
    (['You', 'West', 'North', 'East'], ['You & North', 'West & East'])
    """

    def __init__(self, game: Game[Any], human: int, state: State, screen: Screen) -> None:
        self.game = game
        self.human = human
        self.state = state
        """The match told (the one ``TerminalGame`` plays: changed in place)."""
        self.screen = screen
        self.labels = seat_labels(game.players, human)
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
            plural_sides=frozenset(i for i in range(len(game.sides)) if self.plural_side(i)),
            card=self.screen.card,
        )
        """How the deal events name seats and sides here ("You take", "North & South win")."""
        self.wording = TableWording(self.labels, human, self.screen)
        self.prompts = prompts_of(game)
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
        self.face_down_kinds: dict[str, ActionKind] = {
            face_down_text(make_action(verb.kind)): verb.kind
            for verb in (*CORE_VERBS, *spec_verbs(spec_of(game)))
            if verb.argument == Argument.CARD
        }
        """The game's card actions by their words as a seat reads another's that it sees
        face down (``discard``; partnership bid euchre's ``give``: not All Fours' ``give``)."""
        self.last_trick: tuple[tuple[tuple[int, Card], ...], int] | None = None
        """The last trick completed (this deal or the one before) and its winner."""

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
        games = games_won_of(self.view().public)
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
        words = text.split()
        if words[0] == "play" and len(words) == 2:
            return f"  {who}: {self.card(parse_card(words[1]))}"
        face_down = self.face_down_kinds.get(text)
        try:
            action = parse_action(text) if face_down is None else make_action(face_down)
        except ActionParseError:
            return f"{who}: {text}."
        up = upcard_of(view.public)
        told = verb_text(
            action,
            "told",
            you=seat == self.human,
            by_dealer=seat == view.dealer,
            card=self.card if face_down is None else lambda _: "a card face down",
            turned=upcard_suit_of(view.public),
            up=self.card(up) if up is not None else "",
            dealer=self.wording.seat(view.dealer),
        )
        return f"{who}: {text}." if told is None else f"{who} {told}."

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
        up, turned = upcard_of(view.public), turned_of(view.public)
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
                out = [self.labels[s] for s in sitting_out_of(view.public)]
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
            maker = maker_of(view.public)
            trump = summary.trump
            if maker is not None and trump is not None:
                contract = _trump_name(trump)
                if trump not in ("high", "low"):
                    contract += " trump"
                alone = " (alone)" if alone_of(view.public) else ""
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

    def plural_side(self, side: int) -> bool:
        """Whether a side's name takes a plural verb ("You & North win", "You win")."""
        seats = self.game.sides[side]
        return len(seats) > 1 or seats == [self.human]
