"""Drawing for partners: who sits in which seat, decided before the match (RULES.md 1.2).

The table (the terminal game, the web server) does this, not the rules engine: the engine
only ever sees seats. Each player draws a card from the game's deck; with ``high`` (the
1844 rules: "i giocatori con due carte più alte diventano partner") the two highest play
together, with ``low`` (North American) the two lowest. Suits do not count; ranks count as
printed, jacks between ten and queen (no bowers: there is no trump yet), aces high for
``high`` and low for ``low`` (the North American text: "gli assi sono di rango basso"), a
Joker above every ace. Players who tie draw again among themselves, until every player's
place in the draw is settled (docs/rules/euchre.md).

The pair whose cards win the draw sits on the game's first side (seats 0 and 2 of a
four-handed table), the player with the winning card in seat 0; the next pair on the next
side, and so on. Only partnership games draw: games whose every side has two seats.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("euchre(preset=north_american)")
>>> draw = draw_for_partners(game, "low", random.Random(2))
>>> draw.seated(["Ann", "Bob", "Cid", "Dee"])
['Dee', 'Bob', 'Ann', 'Cid']
>>> draw.to_json()
{'rule': 'low', 'cards': [['AH'], ['JS'], ['TS'], ['KC']]}

Dee's ace is the lowest card and Ann's ten the next: they play together, Dee in seat 0.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from tricktable.cards import ACE, Card, cards_text, parse_card, rank_of
from tricktable.core import Game
from tricktable.errors import TricktableError

DRAW_RULES = ("high", "low")
"""``high``: the two highest cards play together (1844); ``low``: the two lowest (North
American)."""

_ACE_LOW = 1
"""An ace's drawing value with ``low``: below the 2s."""

T = TypeVar("T")


def partners_seed(table_seed: str) -> str:
    """The seed of a table's draw for partners, from the table's seed (the web table's, see
    ``web.fairness``: secret until the record reveals it).

    >>> partners_seed("abc")
    'abc:partners'
    """
    return f"{table_seed}:partners"


class SeatingError(TricktableError):
    """A draw for partners that cannot be made: a game without partnerships, an unknown
    rule, or a recorded draw that is malformed."""


@dataclass(frozen=True, slots=True)
class PartnerDraw:
    """The outcome of a draw for partners.

    ``player_at[seat]`` is the place, in the order the players were given, of the player
    who sits at ``seat``; ``cards[seat]`` the cards that player drew, first the draw and
    then any redraws after a tie.
    """

    rule: str
    player_at: tuple[int, ...]
    cards: tuple[tuple[Card, ...], ...]

    def seated(self, players: Sequence[T]) -> list[T]:
        """``players`` (in the order they drew) rearranged in seat order."""
        if len(players) != len(self.player_at):
            raise SeatingError(f"the draw seats {len(self.player_at)} players, not {len(players)}")
        return [players[index] for index in self.player_at]

    def seat_of(self, player: int) -> int:
        """The seat the draw gave the player drawn at place ``player``."""
        return self.player_at.index(player)

    def to_json(self) -> dict[str, Any]:
        """The record's ``partner_draw`` field: the rule and each seat's cards, in seat order
        (as the record's ``names``; docs/records.md)."""
        return {"rule": self.rule, "cards": [cards_text(cards).split() for cards in self.cards]}

    @classmethod
    def from_json(cls, data: object, players: int) -> PartnerDraw:
        """A record's ``partner_draw`` read back (the players' places are the seats).

        >>> draw = PartnerDraw.from_json({"rule": "high", "cards": [["KH"], ["9S", "AD"]]}, 2)
        >>> draw.rule, [cards_text(cards) for cards in draw.cards]
        ('high', ['KH', '9S AD'])
        """
        if not isinstance(data, Mapping):
            raise SeatingError("'partner_draw' must be an object with 'rule' and 'cards'")
        rule = data.get("rule")
        if rule not in DRAW_RULES:
            raise SeatingError(f"'partner_draw' rule must be one of {', '.join(DRAW_RULES)}")
        cards = data.get("cards")
        if not isinstance(cards, list) or len(cards) != players:
            raise SeatingError(f"'partner_draw' cards must list {players} seats' cards")
        drawn: list[tuple[Card, ...]] = []
        for seat, seat_cards in enumerate(cards):
            if not isinstance(seat_cards, list) or not seat_cards:
                raise SeatingError(f"'partner_draw' cards of seat {seat} must be a list of cards")
            drawn.append(tuple(parse_card(str(card)) for card in seat_cards))
        return cls(str(rule), tuple(range(players)), tuple(drawn))


def is_partnership(game: Game[Any]) -> bool:
    """Whether ``game`` is played in partnerships: every side has two seats.

    >>> from tricktable.games import load_game
    >>> game = load_game("all_fours(target=7)", players=4)
    >>> is_partnership(game), is_partnership(load_game("all_fours(target=7)", players=3))
    (True, False)
    """
    sides = game.sides
    return len(sides) > 1 and all(len(side) == 2 for side in sides)


def draw_value(card: Card, rule: str) -> int:
    """A card's value in the draw (higher is higher): its rank, an ace low with ``low``, the
    Joker above the aces.

    >>> [draw_value(parse_card(c), "low") for c in ("AS", "9S", "JS", "QS", "JO")]
    [1, 9, 11, 12, 15]
    >>> draw_value(parse_card("AS"), "high")
    14
    """
    rank = rank_of(card)
    return _ACE_LOW if rank == ACE and rule == "low" else rank


def game_deck(game: Game[Any]) -> list[Card]:
    """Every card of ``game``'s deck under its rules (the cards of one deal, sorted)."""
    deal = game.new_state(0).random_deal(random.Random(0))
    cards = [card for hand in deal.hands for card in hand]
    cards.extend(deal.stock)
    if deal.turned is not None:
        cards.append(deal.turned)
    return sorted(cards)


def draw_for_partners(game: Game[Any], rule: str, rng: random.Random) -> PartnerDraw:
    """Draw for partners at ``game``'s table from ``rng``: each player, in the order given
    (places 0, 1, ...), draws a card from a pack shuffled from ``rng``; tied players draw
    again; ``rule`` (``high`` or ``low``) pairs the two best cards, then the next two.

    >>> from tricktable.games import load_game
    >>> draw_for_partners(load_game("all_fours(target=7)", players=3), "high", random.Random(1))
    Traceback (most recent call last):
    ...
    tricktable.seating.SeatingError: drawing for partners needs a partnership game ...
    """
    if rule not in DRAW_RULES:
        raise SeatingError(f"the draw for partners is 'high' or 'low', not {rule!r}")
    if not is_partnership(game):
        sizes = sorted({len(side) for side in game.sides})
        raise SeatingError(
            "drawing for partners needs a partnership game (every side of two seats);"
            f" {game.name} with {game.players} players has sides of"
            f" {' and '.join(str(size) for size in sizes)}"
        )
    deck = game_deck(game)
    pack: list[Card] = []
    drawn: list[list[Card]] = [[] for _ in range(game.players)]

    def draw(player: int) -> int:
        nonlocal pack
        if not pack:  # the pack ran out in the redraws: a fresh one
            pack = list(deck)
            rng.shuffle(pack)
        card = pack.pop()
        drawn[player].append(card)
        return draw_value(card, rule)

    def ranked(group: list[int]) -> list[int]:
        """``group`` best first, each tie settled by the tied players drawing again."""
        values = {player: draw(player) for player in group}
        order: list[int] = []
        for value in sorted(set(values.values()), reverse=rule == "high"):
            tied = [player for player in group if values[player] == value]
            order.extend(tied if len(tied) == 1 else ranked(tied))
        return order

    order = ranked(list(range(game.players)))
    player_at = [0] * game.players
    for pair, side in enumerate(game.sides):
        for place, seat in enumerate(side):
            player_at[seat] = order[2 * pair + place]
    return PartnerDraw(
        rule,
        tuple(player_at),
        tuple(tuple(drawn[player]) for player in player_at),
    )
