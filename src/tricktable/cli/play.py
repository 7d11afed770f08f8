"""``tricktable play``: one person against bots at the terminal.

The person sees only their own seat's view: their hand (sorted with the trumps
together), the up-card, every bid and call, each trick card by card, and the score.
Bots act at once. With ``--seed`` the same answers give the same game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from tricktable.actions import action_text, parse_action
from tricktable.cards import SUIT_LETTERS, SUIT_NAMES, Card, card_name, parse_card, parse_suit
from tricktable.cli.sim import UsageError, bot_names_from_args, game_from_args
from tricktable.core import Game, SeatView, State
from tricktable.errors import ActionParseError, CardError
from tricktable.presentation.events import Names, event_text
from tricktable.presentation.hands import hand_groups
from tricktable.record import record_of, score_sheet
from tricktable.sim import Chooser

COMPASS = ("South", "West", "North", "East")
"""Seat names relative to the person, who sits South; play goes clockwise (to the left)."""

COMMANDS_HELP = """\
How to answer:
  a number from the list            e.g. 1
  an action                         e.g. pass, order, order alone, call H, play JS
  a card alone                      e.g. JS or 10h (plays or discards it when that is legal)
  a suit alone                      e.g. H (calls or names that suit when that is legal)
Commands: help (this text), hand (your cards), score (scores and tricks), quit (leave),
  hint (with --hints: each action's estimated value and the recommended one)."""


class InputError(Exception):
    """An answer that is not a legal action now; the message says what is allowed."""


def seat_labels(players: int, human: int) -> list[str]:
    """Names of the seats from the person's point of view ("You" for their own)."""
    labels = []
    for seat in range(players):
        offset = (seat - human) % players
        if offset == 0:
            labels.append("You")
        elif players == 4:
            labels.append(COMPASS[offset])
        else:
            labels.append(f"Seat {seat}")
    return labels


def hand_text(groups: Sequence[Sequence[Card]]) -> str:
    """Groups of cards as ``JH JD AH | AS 9S``."""
    return " | ".join(" ".join(card_name(c) for c in group) for group in groups) or "(no cards)"


def interpret(answer: str, legal: Sequence[str], hand: Sequence[Card]) -> str:
    """The canonical legal action an answer means, or ``InputError`` saying what is allowed.

    >>> interpret("2", ["order", "pass"], [])
    'pass'
    >>> interpret("10h", ["play TH", "play 9H"], [])
    'play TH'
    >>> interpret("Order", ["order", "pass"], [])
    'order'
    """
    text = answer.strip()
    allowed = "allowed now: " + ", ".join(f"{i}) {a}" for i, a in enumerate(legal, 1))
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
        raise InputError(f"{card_name(card)} cannot be played or discarded now{reason}; {allowed}")
    suit = _suit_word(text)
    if suit is not None:
        for form in (f"call {suit}", f"name {suit}"):
            if form in legal:
                return form
        raise InputError(f"no action with suit {suit} is legal now; {allowed}")
    raise InputError(
        f"{text!r} is not an action; type a number, an action, a card like JS, or help; {allowed}"
    )


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


def _suit_name_of(suit: int | None) -> str | None:
    """The name of a suit (``None`` stays ``None``)."""
    return None if suit is None else SUIT_NAMES[suit]


def _card_text(card: Card | None) -> str:
    """A card's name, as ``None`` reads when there is none."""
    return str(None) if card is None else card_name(card)


def _suit_name(letter: object) -> str | None:
    """The name of a suit letter (``H`` -> ``hearts``), ``None`` if it is not one."""
    if isinstance(letter, str) and len(letter) == 1 and letter in SUIT_LETTERS:
        return SUIT_NAMES[SUIT_LETTERS.index(letter)]
    return None


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
    ) -> None:
        self.game = game
        self.hints = hints
        """Whether the person may ask for hints (``hint``)."""
        self.human = human
        self.bots = list(bots)
        self.seed = seed
        self.stdin = stdin
        self.out = stdout
        self.echo = not stdin.isatty()
        self.deal_rng = random.Random(seed)
        self.bot_rng = random.Random(seed ^ 0x5EED)
        self.labels = seat_labels(game.players, human)
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
        )
        """How the deal events name seats and sides here ("You take", "North & South win")."""
        self.state: State = game.new_state(game.choose_first_dealer(self.deal_rng))
        self.seen = 0
        """History entries of this deal already shown."""
        self.tricks_seen = 0
        self.deal_number = 0

    # -- output -------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Write one line."""
        self.out.write(text + "\n")

    def view(self) -> SeatView:
        """What the person may see now."""
        return self.state.view(self.human)

    def hand_line(self, view: SeatView) -> str:
        return "Your hand: " + hand_text(hand_groups(self.game, view))

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
            suit = _suit_name_of(view.public.upcard_suit)
            alone = ", going alone" if text.endswith("alone") else ""
            up, dealer = _card_text(view.public.upcard), self.labels[view.dealer]
            return f"{who} order{s} up {up} to {dealer}{alone}: {suit} are trump."
        if words[0] == "call" and len(words) >= 2 and _suit_name(words[1]):
            suit = _suit_name(words[1])
            alone = ", going alone" if text.endswith("alone") else ""
            return f"{who} call{s} {suit}{alone}: {suit} are trump."
        if words[0] == "name" and len(words) == 2:
            return f"{who} name{s} {_suit_name(words[1])} as the Joker's suit."
        if words[0] == "discard":
            if len(words) == 2:
                return f"{who} discard {words[1]}."
            return f"{who} discard{s} a card face down."
        if words[0] == "play" and len(words) == 2:
            return f"  {who}: {words[1]}"
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
        }
        if text in phrases:
            return f"{who} {phrases[text][1 if s else 0]}."
        return f"{who}: {text}."

    def announce_deal(self) -> None:
        view = self.view()
        self.deal_number += 1
        self.seen = 0
        self.tricks_seen = 0
        self.say()
        self.say(
            f"=== Deal {self.deal_number}: {self.labels[view.dealer]} "
            f"deal{'' if view.dealer == self.human else 's'} ==="
        )
        up, turned = view.public.upcard, view.public.turned
        if up is not None:
            self.say(f"Up-card: {card_name(up)}")
        elif turned is not None:
            self.say(f"Turned: {card_name(turned)}")
        self.say(self.hand_line(view))

    def report(self) -> None:
        """Show what happened since the last report, from the person's view only."""
        view = self.view()
        for seat, text in view.history[self.seen :]:
            self.say(self.describe(seat, text, view))
            if text.endswith("alone") or text == "take over":
                out = [self.labels[s] for s in view.public.sitting_out]
                if out:
                    self.say(f"Sitting out this deal: {', '.join(out)}.")
        self.seen = len(view.history)
        while self.tricks_seen < len(view.tricks):
            winner = view.trick_winners[self.tricks_seen]
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
        self.say(f"--- End of deal {self.deal_number} ---")
        if summary.thrown_in:
            self.say("Thrown in: " + "; ".join(event_text(e, self.names) for e in summary.events))
        else:
            maker = view.public.maker
            trump = summary.trump
            if maker is not None and trump is not None:
                suit_name = _trump_name(trump)
                alone = " (alone)" if view.public.alone else ""
                self.say(f"Makers: {self.labels[maker]}{alone}, {suit_name} trump.")
            self.say(
                "Tricks: "
                + ", ".join(f"{self.side_labels[i]} {t}" for i, t in enumerate(summary.tricks))
            )
            for event in summary.events:
                self.say(f"  {event_text(event, self.names)}")
            self.say(
                "Points: "
                + ", ".join(f"{self.side_labels[i]} {p:+d}" for i, p in enumerate(summary.points))
            )
        if summary.bids is not None:  # bid games keep seed 003's score sheet
            for line in score_sheet(summaries, self.side_labels):
                self.say(line)
        self.say(self.score_line())

    # -- the person's turn --------------------------------------------------------------------
    def ordered_legal(self, view: SeatView) -> list[str]:
        """Legal actions as listed: cards in hand order, ``pass`` last."""
        groups = hand_groups(self.game, view)
        rank = {card_name(card): i for i, card in enumerate(c for g in groups for c in g)}

        def key(text: str) -> tuple[int, int, str]:
            words = text.split()
            if words[0] in ("play", "discard") and len(words) == 2:
                return (1, rank.get(words[1], 99), text)
            return (2 if text == "pass" else 0, 0, text)

        return sorted(view.legal, key=key)

    def situation(self, view: SeatView) -> str:
        public = view.public
        phase = view.phase
        if phase == "bid1":
            name = _suit_name_of(public.upcard_suit) or "?"
            return (
                f"Round 1: order up {_card_text(public.upcard)} ({name} trump, "
                f"{self.labels[view.dealer]} picks it up) or pass."
            )
        if phase == "bid2":
            suit = public.upcard_suit
            letter = None if suit is None else SUIT_LETTERS[suit]
            return f"Round 2: call a suit other than {letter}, or pass."
        if phase == "dealer_discard":
            return f"You picked up {_card_text(public.upcard)}: discard one card."
        if phase == "name_suit":
            return "The up-card is the Joker: name its suit."
        if phase == "play":
            summaries = self.state.summaries()
            trump = summaries[-1].trump if summaries else None
            lines = [f"Trump: {_trump_name(trump)}.  {self.tricks_line(view)}"]
            if view.trick:
                lines.append(
                    "This trick: "
                    + ", ".join(f"{self.labels[s]} {card_name(c)}" for s, c in view.trick)
                )
            else:
                lines.append("You lead.")
            return "\n".join(lines)
        maker = public.maker
        maker_name = self.labels[maker] if maker is not None else "the maker"
        hints = {
            "alone": "Trump is made: go alone, or pass to play with your partner.",
            "take_over": f"{maker_name} goes alone: take over and play alone instead, or pass.",
            "defend": f"{maker_name} plays alone: defend alone, or pass.",
            "blind_alone": "The up-card is a jack: go blind alone (dealer only), or pass.",
            "farmers": "Your hand is all 9s and 10s: exchange three cards (farmers hand), or pass.",
            "exchange_discard": "Discard a card for the exchange.",
            "ace_no_face": "One ace and no face cards: ace no face, or pass.",
            "renege": "An opponent reneged: call the renege, or pass.",
            "robson": "Your side took all five tricks: score the march, or set the opponents back.",
        }
        return hints.get(phase, f"Decision: {phase.replace('_', ' ')}.")

    def ask(self) -> str | None:
        """The person's action (canonical text), or ``None`` to leave (quit or end of input)."""
        view = self.view()
        legal = self.ordered_legal(view)
        self.say()
        self.say(self.situation(view))
        self.say(self.hand_line(view))
        self.say("Your options: " + "  ".join(f"{i}) {a}" for i, a in enumerate(legal, 1)))
        while True:
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            self.out.write(f"Your move [{numbers}, or help]: ")
            self.out.flush()
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
                self.say(COMMANDS_HELP)
                self.say("Your options: " + "  ".join(f"{i}) {a}" for i, a in enumerate(legal, 1)))
                continue
            if command == "hand":
                self.say(self.hand_line(view))
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
                return interpret(answer, legal, view.hand)
            except InputError as error:
                self.say(f"Not allowed: {error}")

    # -- the match ----------------------------------------------------------------------------
    def play(self) -> bool:
        """Play until the match is decided (True) or the person leaves (False)."""
        self.say(f"{self.game.rule_string()}: you sit at seat {self.human}" + self._partner_text())
        self.say(
            "Bots: "
            + ", ".join(
                f"{self.labels[s]} {self.record_names[s]}"
                for s in range(self.game.players)
                if s != self.human
            )
        )
        self.say(f"Seed: {self.seed} (play the same game again with --seed {self.seed})")
        self.say("Type help at any prompt.")
        state = self.state
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

    def _plural_side(self, side: int) -> bool:
        """Whether a side's name takes a plural verb ("You & North win", "You win")."""
        seats = self.game.sides[side]
        return len(seats) > 1 or seats == [self.human]

    def _partner_text(self) -> str:
        for side in self.game.sides:
            if self.human in side and len(side) > 1:
                partners = [self.labels[s] for s in side if s != self.human]
                return f"; your partner is {', '.join(partners)}."
        return "."

    def record(self) -> dict[str, Any]:
        """The match so far as a game record."""
        return record_of(self.state, names=self.record_names, seed=self.seed)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help="play against bots at the terminal",
        description="Play a match against bots. You see only your own cards; answer each"
        " prompt with a number, an action, or a card.",
    )
    parser.add_argument("game", help="the game, e.g. euchre")
    parser.add_argument(
        "--rules", metavar="R", help="a rule string, a preset name, or name=value,... options"
    )
    parser.add_argument(
        "--players", metavar="N", help="number of seats, for games that allow several"
    )
    parser.add_argument("--seat", default="0", metavar="N", help="your seat (default 0)")
    parser.add_argument(
        "--bots",
        default="heuristic",
        metavar="B,...",
        help="one bot name for every other seat, or one per other seat"
        " clockwise from your left (default heuristic)",
    )
    parser.add_argument("--seed", metavar="S", help="random seed (default: a fresh one)")
    parser.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="allow 'hint' at a prompt: each legal action's estimated value and the best",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        session = _setup(args)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
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

    game = game_from_args(args.game, args.rules, args.players)
    players = game.players
    try:
        human = int(args.seat)
    except ValueError:
        human = -1
    if human not in range(players):
        raise UsageError(f"--seat must be a seat 0..{players - 1}, not {args.seat!r}")
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
        try:
            seed = int(args.seed)
        except ValueError:
            raise UsageError(f"--seed must be an integer, not {args.seed!r}") from None
    if args.save is not None:
        parent = Path(args.save).resolve().parent
        if not parent.is_dir():
            raise UsageError(f"--save: directory {parent} does not exist")
    per_seat: list[str] = [""] * players
    for k, name in enumerate(names, 1):
        per_seat[(human + k) % players] = name
    bots = [
        None if seat == human else make_bot(per_seat[seat], game, seat) for seat in range(players)
    ]
    return TerminalGame(
        game, human, bots, seed, per_seat, sys.stdin, sys.stdout, hints=bool(args.hints)
    )
