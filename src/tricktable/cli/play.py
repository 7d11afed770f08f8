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
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from tricktable.branch import Branch, BranchError, branch_record, start_branch
from tricktable.cards import Card, card_name
from tricktable.cli.answers import InputError, card_list, help_text, interpret, option_items
from tricktable.cli.arguments import add_game_arguments, add_seed, seat_from_text
from tricktable.cli.narration import Narrator
from tricktable.cli.sim import (
    UsageError,
    bot_names_from_args,
    game_from_args,
    reporting_usage_errors,
    seed_from,
)
from tricktable.cli.terminal import Screen
from tricktable.core import Game, State
from tricktable.errors import TricktableError
from tricktable.presentation.labels import bot_label, rules_description
from tricktable.presentation.names import seat_names
from tricktable.presentation.seating import partner_draw_lines
from tricktable.record import record_of, score_sheet
from tricktable.seating import (
    DRAW_RULES,
    PartnerDraw,
    SeatingError,
    draw_for_partners,
    partners_seed,
)
from tricktable.sim import Chooser


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
        self.bot_names = list(bot_names)
        """The name each bot seat was chosen by (``--bots``)."""
        state = (
            branch.state
            if branch is not None
            else game.new_state(game.choose_first_dealer(self.deal_rng))
        )
        self.tell = Narrator(game, human, state, self.screen)
        """What the person is told of the match (``cli.narration``)."""
        self.labels = self.tell.labels
        self.record_names = [  # the person as the terminal names them; bots as RECORDS.md
            self.labels[seat] if seat == human else f"bot:{bot_names[seat]}"
            for seat in range(game.players)
        ]
        self.queued: list[str] = []
        """Discards the person listed in one answer, still to be made in turn."""

    @property
    def state(self) -> State:
        """The match played (the one the person is told of)."""
        return self.tell.state

    @state.setter
    def state(self, state: State) -> None:
        self.tell.state = state

    # -- the person's turn --------------------------------------------------------------------

    def ask(self) -> str | None:
        """The person's action (canonical text), or ``None`` to leave (quit or end of input)."""
        view = self.tell.view()
        if self.queued:  # the rest of a list of discards, while the seat is still discarding
            action = self.queued.pop(0)
            if action in view.legal:
                return action
            self.queued = []
        legal = self.tell.ordered_legal(view)
        if view.public.own_hand_hidden:  # never learn a hidden card from the options
            legal = [action for action in legal if action.split()[0] not in ("play", "discard")]
            if not legal:
                self.tell.say("Your card is on your forehead: it is played for you.")
                return view.legal[0]
        if self.auto and len(legal) == 1:
            self.tell.say(f"Your only move: {option_items(legal, self.tell.card)[0][3:]} (--auto).")
            return legal[0]
        self.tell.say()
        self.tell.say(self.tell.situation(view))
        if self.tell.hand_seen != (view.hand, view.phase == "play"):
            self.tell.say(self.tell.hand_line(view))
        for line in self.tell.options_lines(legal):
            self.tell.say(line)
        while True:
            if any(a.startswith("bid ") for a in legal):
                numbers = "a number"
            else:
                numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            self.screen.write(f"Your move [{numbers}, or help]: ", end="")
            self.screen.flush()
            line = self.stdin.readline()
            if line == "":
                self.tell.say()
                self.tell.say("End of input: leaving the game.")
                return None
            answer = line.strip()
            if self.echo:
                self.tell.say(answer)
            command = answer.lower()
            if not command:
                continue
            if command in ("quit", "exit"):
                self.tell.say("You leave the game.")
                return None
            if command in ("help", "?"):
                self.tell.say(help_text(self.game))
                for text in self.tell.options_lines(legal):
                    self.tell.say(text)
                continue
            if command == "hand":
                self.tell.say(self.tell.hand_line(view))
                continue
            if command == "last":
                self.tell.show_last_trick()
                continue
            if command == "hint":
                if not self.hints:
                    self.tell.say("Hints are off; start the game with --hints to ask for them.")
                    continue
                from tricktable.bots.tools.advice import advice_lines, advise

                hint_rng = random.Random(self.seed ^ len(self.state.actions[-1]))
                for text in advice_lines(advise(self.game, view, hint_rng)):
                    self.tell.say(text)
                continue
            if command == "score":
                sheet = self.state.summaries()
                if any(summary.bids is not None for summary in sheet):
                    for line in score_sheet(sheet, self.tell.side_labels):
                        self.tell.say(line)
                self.tell.say(self.tell.score_line())
                self.tell.say(self.tell.tricks_line(view))
                continue
            try:
                cards = card_list(answer)
                if cards is not None:
                    first, *self.queued = self.discards_in_turn(cards)
                    return first
                return interpret(answer, legal, view.hand, self.tell.card)
            except InputError as error:
                self.tell.say(f"Not allowed: {error}")

    def discards_in_turn(self, cards: Sequence[Card]) -> list[str]:
        """The discards of ``cards``, one after another, when the person may make them all in
        turn now; else ``InputError`` saying which card cannot go and what is allowed."""
        trial = self.state.clone()
        actions: list[str] = []
        for index, card in enumerate(cards):
            shown = self.tell.card(card)
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
            for line in partner_draw_lines(self.partner_draw, self.game.sides, self.tell.names):
                self.tell.say(line)
        if self.branch is not None:
            self.tell.say(self._branch_text())
        else:
            place = f"seat {self.human + 1} of {self.game.players}"
            self.tell.say(
                f"{rules_description(self.game)} — you sit at {place}" + self._partner_text()
            )
        self.tell.say(
            "Bots: "
            + ", ".join(
                f"{self.labels[s]} ({bot_label(self.bot_names[s])})"
                for s in range(self.game.players)
                if s != self.human
            )
        )
        self.tell.say(f"Seed: {self.seed} (play the same game again with --seed {self.seed})")
        self.tell.say("Type help at any prompt.")
        if self.screen.note:
            self.tell.say(self.screen.note)
        state = self.state
        if self.branch is not None and state.deals and not state.is_chance():
            self.tell.recap_deal()
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(self.deal_rng)
                self.tell.announce_deal()
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
            self.tell.report()
        self.tell.say()
        winner = state.winner()
        if isinstance(winner, int):
            verb = "win" if self.tell.plural_side(winner) else "wins"
            self.tell.say(f"=== {self.tell.side_labels[winner]} {verb} the match. ===")
        elif isinstance(winner, list):
            self.tell.say("=== The match is a tie. ===")
        self.tell.say(self.tell.score_line())
        return True

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
                session.tell.say(f"Record saved to {path}.")
            except OSError as error:
                session.tell.say()
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
