"""Romanian whist's search adapter: follow (and, by the rules, trump when void), only the
active seats play (forehead deals and sitting-out seats), and a deal is valued by the seat's
deal score given its bid (streak bonuses are not counted): with few cards left in play every
seat plays for its own bid (``each_for_itself_cards``, max^n), with more every other seat
plays against it (paranoid). Its solver tables are large, so ``pimc``'s lookahead is not
used."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.cards import Card
from tricktable.core import Game, SeatView
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.romanian_whist.valuation import ExactBidScore
from tricktable.search.adapter import SearchAdapter
from tricktable.search.play_facts import FOLLOW, FOLLOW_ELSE_TRUMP, PlayFacts, cyclic_in_order
from tricktable.search.solver import Position
from tricktable.tricks import NO_TRUMP, plain_rules

if TYPE_CHECKING:
    from tricktable.search.resample import World


class RomanianWhistSearch(SearchAdapter):
    lookahead = False
    decision_unit = "score"
    each_for_itself_cards = 20
    """From this many cards in play down, every seat plays for its own bid in the sampled
    worlds (docs/bots.md has the measurements that chose it)."""

    def play_facts(self, game: Game[Any], view: SeatView) -> PlayFacts | None:
        if not view.history and view.phase == "deal":
            return None
        rules: Any = game.rules
        facts = view.facts(WhistFacts)
        trump = NO_TRUMP if facts.trump is None else facts.trump
        follow = FOLLOW_ELSE_TRUMP if rules.void_rule == "must_trump" else FOLLOW
        return PlayFacts(
            plain_rules(trump),
            follow,
            cyclic_in_order(list(facts.active), game.players),
            infer_voids=True,
        )

    def value_position(self, game: Game[Any], view: SeatView, world: World, pos: Position) -> None:
        rules: Any = game.rules
        me = view.seat
        pos.team = 1 << me
        facts = view.facts(WhistFacts)
        bids = [0 if bid is None else bid for bid in facts.bids]
        bids += [0] * (game.players - len(bids))
        miss_tricks = rules.miss_scoring == "tricks"
        pos.valuation = ExactBidScore(bids, int(rules.exact_bonus), miss_tricks)
        pos.taken = facts.tricks_won[me]
        pos.takens = list(facts.tricks_won)

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return view.facts(WhistFacts).hand_size

    def hand_sizes(
        self, game: Game[Any], view: SeatView, dealt: int, played_by: list[int], own_hidden: bool
    ) -> list[int]:
        active = view.facts(WhistFacts).active
        return [dealt - played_by[s] if s in active else 0 for s in range(game.players)]

    def seen_in_hands(self, view: SeatView) -> tuple[tuple[int, Card], ...]:
        return view.facts(WhistFacts).forehead


SEARCH = RomanianWhistSearch()
