"""All Fours' search adapter: follow or trump, the points its side still wins among Jack,
Low (when it scores to its capturer) and Game (High, and Low held, are fixed by the deal),
and with two sides the chance of winning the match from its score (``odds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.cards import JACK, Card, make_card, rank_of
from tricktable.core import Game, SeatView
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.search.adapter import PLAIN_VALUE, PlayValue, SearchAdapter
from tricktable.search.play_facts import FOLLOW_OR_TRUMP, FOLLOW_OR_TRUMP_MUST, PlayFacts
from tricktable.search.solver import MODE_ALL_FOURS, UTILITY_SCALE, Position
from tricktable.tricks import plain_rules

if TYPE_CHECKING:
    from tricktable.games.all_fours.odds import PointScale
    from tricktable.search.resample import World

GAME_COUNT_POINTS = {10: 10, 14: 4, 13: 3, 12: 2, 11: 1}
"""Game-count points by rank."""
SWING = 8.0
"""Points worth a deal of two-sided All Fours can swing (High, Low, Jack and Game each
way): ``ismcts``'s values are scaled by it to about 0..1."""


class MatchChance(PlayValue):
    """A deal in play valued by the side's chance of winning the match, in points worth at
    the match's score (``odds.PointScale``); the solver maximizes that chance."""

    def __init__(self, scale: PointScale, game: Game[Any], view: SeatView) -> None:
        self.scale = scale
        self.game = game
        self.view = view

    def worth(self, value: int) -> float:
        return self.scale.points(value / UTILITY_SCALE)

    def share(self, value: int, pos: Position) -> float:
        return 0.5 + self.scale.points(value / UTILITY_SCALE) / SWING

    def prepare(self, pos: Position) -> None:
        from tricktable.games.all_fours.odds import play_utilities

        pos.utilities = play_utilities(self.game, self.view, pos)


class AllFoursSearch(SearchAdapter):
    read_phases = frozenset({"STAND_BEG", "GIVE_RUN"})
    rebuilt_at_score = True

    def play_facts(self, game: Game[Any], view: SeatView) -> PlayFacts | None:
        trump = view.facts(AllFoursFacts).trump
        if trump is None:
            return None
        rules: Any = game.rules
        table = plain_rules(trump)
        follow = FOLLOW_OR_TRUMP_MUST if rules.void_rule == "must_trump" else FOLLOW_OR_TRUMP
        next_seat: tuple[int, ...] = tuple(getattr(game, "next_seat"))  # noqa: B009
        return PlayFacts(table, follow, next_seat, infer_voids=True)

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return 6

    def known_hand_sizes(self, view: SeatView) -> list[int] | None:
        return list(view.facts(AllFoursFacts).hand_sizes)

    def turned_card(self, view: SeatView) -> Card | None:
        return view.facts(AllFoursFacts).turned

    def points_this_deal(self, view: SeatView) -> tuple[int, ...]:
        return view.facts(AllFoursFacts).deal_points

    def value_position(self, game: Game[Any], view: SeatView, world: World, pos: Position) -> None:
        rules: Any = game.rules
        side_of = list(getattr(game, "side_of"))  # noqa: B009
        me = view.seat
        pos.mode = MODE_ALL_FOURS
        pos.side_of = side_of
        pos.team_side = side_of[me]
        pos.team = sum(1 << s for s in range(game.players) if side_of[s] == side_of[me])
        facts = view.facts(AllFoursFacts)
        pos.game_counts = list(facts.game_points)
        if not pos.game_counts:
            pos.game_counts = [0] * (max(side_of) + 1)
        pos.card_points = [GAME_COUNT_POINTS.get(rank_of(card), 0) for card in range(64)]
        pos.dealer_side = side_of[view.dealer]
        pos.tie_to_non_dealer = rules.game_tie == "non_dealer"
        if facts.trump is None:
            raise ValueError("no trump in this all_fours view to value a position with")
        trump = facts.trump
        completed = 0
        for trick in view.tricks:
            for _, card in trick:
                completed |= 1 << card
        open_cards = 0
        for hand in pos.hands:
            open_cards |= hand
        for card in pos.trick_cards:
            open_cards |= 1 << card
        in_play = open_cards | completed
        jack = make_card(trump, JACK)
        pos.jack = jack if open_cards >> jack & 1 else -1
        trumps = in_play & pos.suit_masks[trump]
        if rules.low_point == "captured" and trumps:
            low = (trumps & -trumps).bit_length() - 1
            pos.low = low if open_cards >> low & 1 else -1

    def play_value(self, game: Game[Any], view: SeatView) -> PlayValue:
        from tricktable.games.all_fours.odds import play_scale

        scale = play_scale(game, view)
        return PLAIN_VALUE if scale is None else MatchChance(scale, game, view)


SEARCH = AllFoursSearch()
