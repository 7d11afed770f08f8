"""Euchre and the Euchre Game Notation (EGN): the rules and deals of one in the other.

``tricktable.interop.egn`` reads and writes the files; this module knows what EGN's fields
mean in four-handed euchre (docs/egn.md has the whole mapping):

* ``metadata.ruleset`` <-> the rule options (``std``: ``stick_the_dealer``, ``canadian``:
  ``dealer_partner_must_go_alone``, ``loner_lead``: ``lone_lead``, ``winning_score``:
  ``target``, ``num_deals: 1``: a single hand, ``loner_march_score`` /
  ``loner_euchred_score``: the lone points, ``min_rank`` and ``joker``: ``deck``,
  ``defend_alone``: ``defend_alone``); any other EGN feature, and any option EGN cannot
  say, is refused with ``EgnError`` naming it.
* a deal's calls, discard, ``aloneDefender`` and tricks <-> its actions; the hands as dealt
  are rebuilt from the play (who played each card follows from the trick winners) and the
  pickup. Cards never seen (a lone partner's hand, an unrecorded discard) are the record's
  ``unseen``, and are left out of ``playerCards`` when written.
* ``alternativeLines`` are kept, once each replays from its branch under the rules.
* ``callAnnotations`` / ``playAnnotations`` <-> each deal's ``annotations``, keyed by the
  index of the action in the deal.

>>> record = egn_to_record(EXAMPLE)
>>> record["rules"], record["first_dealer"]
({'preset': 'north_american', 'stick_the_dealer': True}, 3)
>>> record["deals"][0]["actions"][:6]
['pass', 'pass', 'pass', 'order', 'discard 9S', 'play AC']
>>> record["deals"][0]["hands"][3]
['KC', 'QD', 'JH', 'QC', '9S']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from math import comb
from typing import Any

from tricktable.cards import (
    JOKER,
    SUIT_LETTERS,
    Card,
    card_name,
    make_card,
    parse_card,
    same_colour_suit,
    suit_of,
)
from tricktable.core import State
from tricktable.errors import RecordError, TricktableError
from tricktable.games.euchre.engine import Euchre, EuchreRules, EuchreState, Phase
from tricktable.interop.egn import FILE_TYPE, VERSION, EgnError, Translation
from tricktable.record import (
    HIDDEN_DISCARD,
    RecordVisitor,
    Step,
    is_hidden_discard,
    parse_record,
    record_of,
    replay_json,
    unseen_counts,
    walk_record,
)
from tricktable.tricks import TrickRules, euchre_rules

SEATS = 4
HAND = 5

REFUSED_FLAGS = {
    "farmers": (
        "EGN's farmer's hand (three or more 9s and 10s, then a misdeal or an exchange by house"
        " rule); its farmers_hand is five 9s and 10s exchanging three cards with the stock"
    ),
    "partners_best": "partner's best (a card passed to the loner)",
    "go_under": "going under (exchanging with the kitty)",
    "allow_no_trump": "no-trump calls",
    "fast_break": "the fast break scoring rule",
    "four_trick_tokens": "four-trick tokens",
}
"""EGN's rule flags tricktable does not play, with what each means (refused when true)."""

BASE_DECKS = {9: 24, 8: 28, 7: 32}
"""EGN's ``min_rank`` -> tricktable's ``deck`` without the Joker."""
LONE_LEADS = {"LEFT_OF_DEALER": "eldest_skip", "LEFT_OF_LONER": "left_of_loner"}
UNSPOKEN = ("preset", "first_dealer", "packets")
"""Options a record keeps that decide nothing in a replay (how the first dealer is chosen,
the dealing pattern): an EGN file cannot say them and needs not."""

UNKNOWN = "Xx"
"""EGN's card never seen (read; tricktable writes only the cards known)."""

EXAMPLE: dict[str, Any] = {
    "fileType": FILE_TYPE,
    "version": VERSION,
    "metadata": {"players": ["A", "B", "C", "D"], "initialScore": [0, 0]},
    "deals": [
        {
            "dealNumber": 0,
            "initialState": {"dealer": 3, "upCard": "Jd"},
            "phases": [
                {
                    "phaseNumber": 0,
                    "type": "EUCHRE_BIDDING",
                    "calls": ["Pass", "Pass", "Pass", "Order"],
                    "discard": "9s",
                },
                {
                    "phaseNumber": 1,
                    "type": "TRICK_PLAY",
                    "tricks": [
                        ["Ac", "Tc", "9c", "Kc"],
                        ["Ah", "Kh", "Th", "Qd"],
                        ["Jd", "9d", "Ad", "Kd"],
                        ["Jh", "Td", "Ks", "Ts"],
                        ["Qc", "Qs", "Js", "Jc"],
                    ],
                },
            ],
        }
    ],
}
"""A one-deal game: the dealer, seat 3, takes up the JD, discards the 9S and makes 4 tricks."""


# -- cards ---------------------------------------------------------------------------------------
def egn_card_text(card: Card) -> str:
    """A card as EGN writes it: rank letter, lower-case suit; ``B`` for the Joker.

    >>> egn_card_text(parse_card("TH")), egn_card_text(JOKER)
    ('Th', 'B')
    """
    if card == JOKER:
        return "B"
    name = card_name(card)
    return name[0] + name[1].lower()


def parse_egn_card(text: object, where: str, trump: int | None = None) -> Card | None:
    """The card of an EGN card text (``None`` for ``Xx``, a card never seen).

    ``N`` is a nine; ``R`` and ``L`` are the bowers of ``trump``; ``B`` the Joker.
    Partly known cards (``Xc``, ``Jx``) and the generic suits ``t n g h`` are refused.

    >>> card_name(parse_egn_card("Nd", "here")), card_name(parse_egn_card("L", "here", 0))
    ('9D', 'JC')
    """
    if not isinstance(text, str):
        raise EgnError(f"{where}: {text!r} is not an EGN card text")
    if text == UNKNOWN:
        return None
    if text in ("R", "L"):
        if trump is None:
            raise EgnError(f"{where}: bower {text!r} needs a trump suit, and there is none here")
        suit = trump if text == "R" else same_colour_suit(trump)
        return make_card(suit, 11)
    if text == "B":
        return JOKER
    if len(text) == 2 and (text[0] == "X" or text[1] == "x"):
        raise EgnError(
            f"{where}: partly known card {text!r}; tricktable records a card as known or as"
            " never seen (Xx)"
        )
    if len(text) == 2 and text[1] in "tng":
        raise EgnError(
            f"{where}: generic suit in {text!r} (t, n, g, h stand for no real suit); a"
            " replay needs the real cards"
        )
    rank = "9" if text[:1] == "N" else text[:1]
    try:
        return parse_card(rank + text[1:].upper())
    except TricktableError:
        raise EgnError(f"{where}: {text!r} is not an EGN card") from None


# -- rules ---------------------------------------------------------------------------------------
def rules_of_ruleset(ruleset: Mapping[str, Any]) -> dict[str, Any]:
    """tricktable's rule options for an EGN ``ruleset`` (EGN's defaults where it is silent).

    >>> options = rules_of_ruleset({"std": False, "canadian": True, "winning_score": 11})
    >>> options["stick_the_dealer"], options["dealer_partner_must_go_alone"], options["target"]
    (False, True, 11)
    >>> rules_of_ruleset({"defend_alone": True})["defend_alone"]
    True
    """
    for flag, meaning in REFUSED_FLAGS.items():
        if ruleset.get(flag, False):
            raise EgnError(f"ruleset {flag}: tricktable does not play {meaning}")
    players = ruleset.get("num_players", SEATS)
    if players != SEATS:
        raise EgnError(f"ruleset num_players {players}: tricktable's EGN games are 4-handed")
    min_rank = ruleset.get("min_rank", 9)
    if min_rank not in BASE_DECKS:
        raise EgnError(f"ruleset min_rank {min_rank!r}: tricktable's decks go down to 9, 8 or 7")
    deck = BASE_DECKS[min_rank]
    if ruleset.get("joker", False):
        if deck == 28:
            raise EgnError("ruleset joker with min_rank 8: tricktable has no 29-card deck")
        deck += 1
    winning = ruleset.get("winning_score")
    deals = ruleset.get("num_deals", 0)
    target: int | None
    if deals:
        if deals != 1 or winning:
            raise EgnError(
                f"ruleset num_deals {deals}: tricktable plays to a winning score or a single"
                " hand (num_deals 1 without winning_score)"
            )
        target = None
    else:
        target = 10 if winning is None else winning
        if not target:
            raise EgnError("ruleset winning_score 0 without num_deals: the game never ends")
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if lead not in LONE_LEADS:
        raise EgnError(f"ruleset loner_lead {lead!r}: allowed {', '.join(LONE_LEADS)}")
    return {
        "stick_the_dealer": bool(ruleset.get("std", True)),
        "deck": deck,
        "target": target,
        "dealer_partner_must_go_alone": bool(ruleset.get("canadian", False)),
        "lone_lead": LONE_LEADS[lead],
        "lone_march_points": ruleset.get("loner_march_score", 4),
        "lone_euchre_points": ruleset.get("loner_euchred_score", 2),
        "defend_alone": bool(ruleset.get("defend_alone", False)),
    }


def ruleset_of(rules: EuchreRules) -> dict[str, Any]:
    """The EGN ``ruleset`` of tricktable's rules; ``EgnError`` names each option EGN cannot
    say (they would change the game an EGN reader replays).

    >>> ruleset_of(Euchre.from_spec("euchre(preset=tournament)").rules)["std"]
    True
    >>> ruleset_of(Euchre.from_spec("euchre(preset=british)").rules)
    Traceback (most recent call last):
    ...
    tricktable.interop.egn.EgnError: these rules have no EGN form: partner_may_take_over=True
    """
    min_rank = {24: 9, 25: 9, 28: 8, 32: 7, 33: 7}[rules.deck]
    ruleset: dict[str, Any] = {"std": rules.stick_the_dealer, "min_rank": min_rank}
    if rules.target is None:
        ruleset["num_deals"] = 1
    else:
        ruleset["winning_score"] = rules.target
    ruleset.update(
        {
            "canadian": rules.dealer_partner_must_go_alone,
            "loner_lead": {v: k for k, v in LONE_LEADS.items()}[rules.lone_lead],
            "loner_march_score": rules.lone_march_points,
            "loner_euchred_score": rules.lone_euchre_points,
            "joker": rules.deck in (25, 33),
            "defend_alone": rules.defend_alone,
        }
    )
    said = Euchre.from_spec(rules_of_ruleset(ruleset)).rules
    unsaid = [
        f"{item.name}={getattr(rules, item.name)!r}"
        for item in fields(rules)
        if item.name not in UNSPOKEN and getattr(rules, item.name) != getattr(said, item.name)
    ]
    if unsaid:
        raise EgnError("these rules have no EGN form: " + ", ".join(unsaid))
    return ruleset


# -- EGN -> record -------------------------------------------------------------------------------
def egn_to_record(egn: Mapping[str, Any]) -> dict[str, Any]:
    """The tricktable record of an EGN game (already checked against the schema)."""
    metadata = egn["metadata"]
    options = rules_of_ruleset(metadata.get("ruleset", {}))
    game = Euchre.from_spec(options)
    deals = egn["deals"]
    if not deals:
        raise EgnError("the EGN game has no deal; a record needs its first dealer")
    first = deals[0]
    if isinstance(first, str):
        raise EgnError(f"deal 1 {_BINARY_DEAL}")
    first_dealer = first["initialState"]["dealer"]
    start = [int(score) for score in metadata.get("initialScore", [0, 0])]
    if len(start) != 2:
        raise EgnError(f"initialScore must give the two teams' scores, not {start!r}")
    if min(start) < 0:
        raise EgnError(f"initialScore {start}: a team's score is never below 0")
    entries = [
        _record_deal(game.rules, index, (first_dealer + index) % SEATS, deal)
        for index, deal in enumerate(deals)
    ]
    _check_deck(metadata.get("ruleset", {}), game.rules, entries)
    players = metadata["players"]
    if len(players) != SEATS:
        raise EgnError(f"metadata players: EGN's euchre has 4 players, not {len(players)}")
    record = record_of(
        game.new_state(first_dealer),
        names=[p if isinstance(p, str) else p["name"] for p in players],
        start_scores=start if start != [0, 0] else None,
    )
    record["deals"] = entries
    about = {k: v for k, v in metadata.items() if k not in _METADATA_READ}
    if not all(isinstance(p, str) for p in players):
        about["players"] = list(players)
    if about:
        record["metadata"] = about
    scores = replay_json(_replayed(record))["scores"]
    for index, entry in enumerate(entries):
        for number, line in enumerate(entry.get("alternative_lines", []), 1):
            _check_line(record, index, number, line, deals[index], game.rules)
    final = metadata.get("finalScore")
    if final is not None and list(final) != scores:
        raise EgnError(f"finalScore is {list(final)}, but the deals score {scores}")
    return record


_METADATA_READ = ("players", "initialScore", "finalScore", "ruleset")
"""The metadata fields the record holds elsewhere; the rest is kept as its ``metadata``."""


_BINARY_DEAL = (
    "is in EGN's condensed binary form (a string); tricktable reads the JSON form: unpack it"
    " with EGN's own tool first (egn-convert, docs/egn.md)"
)


class _DealCounter(RecordVisitor):
    """Which deal a replay has reached: the one after those it has finished."""

    def __init__(self) -> None:
        self.index = 0

    def end_deal(self, index: int, summary: Any, state: State) -> None:
        self.index = index + 1


def _replayed(record: Mapping[str, Any], what: str = "the game", first: int = 0) -> State:
    """The replayed record; ``EgnError`` names the deal as ``replay`` counts it (from 1;
    the record's first deal is the game's deal ``first``, counted from 0)."""
    counter = _DealCounter()
    try:
        return walk_record(record, counter)
    except RecordError as error:
        text = str(error)
        for prefix in (f"deal {counter.index}, ", f"deal {counter.index}: "):
            text = text.removeprefix(prefix)
        raise EgnError(
            f"deal {first + counter.index + 1}: {what} does not replay under its rules: {text}"
        ) from None


def _check_line(
    record: Mapping[str, Any],
    index: int,
    number: int,
    line: Mapping[str, Any],
    deal: Mapping[str, Any],
    rules: EuchreRules,
) -> None:
    """Refuse alternative line ``number`` of deal ``index`` unless it replays from its
    ``branchIndex`` (a decision: the calls, then the cards played) under the rules."""
    where = f"deal {index + 1} alternative line {number}"
    entry = record["deals"][index]
    bidding, play = _phases(f"deal {index + 1}", deal["phases"])
    calls: list[str] = bidding.get("calls", []) if bidding else []
    tricks = play.get("tricks", []) if play else []
    plays = sum(len(trick) for trick in tricks)
    branch = line["branchIndex"]
    if branch > len(calls) + plays:
        raise EgnError(
            f"{where}: branchIndex {branch} is past the deal's last decision ({len(calls)}"
            f" calls and {plays} cards played, counted from 0)"
        )
    dealer = deal["initialState"]["dealer"]
    upcard = parse_egn_card(deal["initialState"]["upCard"], where)
    assert upcard is not None
    line_phases = line["phases"]
    if line_phases[0]["type"] == "EUCHRE_BIDDING":
        if branch > len(calls):
            raise EgnError(f"{where}: a bidding branch at {branch}, after the bidding")
        line_bidding, line_play = _phases(where, line_phases)
        line_calls = [*calls[:branch], *line_bidding.get("calls", [])]
        alone = bool(line_bidding.get("isAlone", False))
        actions, maker, trump = _bidding_actions(where, line_calls, alone, dealer, upcard)
        ordered = maker is not None and len(line_calls) <= SEATS
        if ordered:
            discard = line_bidding.get("discard")
            card = None if discard is None else parse_egn_card(discard, f"{where} discard")
            actions.append(HIDDEN_DISCARD if card is None else f"discard {card_name(card)}")
        out = (maker + 2) % SEATS if maker is not None and alone else None
        defender = _lone_defender(where, rules, line_bidding, maker, out, dealer, ordered)
        actions.extend(_defence_actions(rules, maker, out, dealer, ordered, defender))
        line_tricks = line_play.get("tricks", []) if line_play else []
    else:
        if branch < len(calls) or len(line_phases) != 1:
            raise EgnError(f"{where}: a branch inside the bidding must begin with EUCHRE_BIDDING")
        trump = _trump_of(calls, upcard)
        actions = entry["actions"][: len(entry["actions"]) - plays + branch - len(calls)]
        line_tricks = line_phases[0].get("tricks", [])
    actions = actions + [
        f"play {card_name(card)}"
        for trick in _cards_of(where, line_tricks, trump)
        for card in trick
    ]
    variant = {k: v for k, v in entry.items() if k not in ("annotations", "alternative_lines")}
    variant["actions"] = actions
    alone_deal = {k: v for k, v in record.items() if k != "start_scores"}
    alone_deal.update(first_dealer=dealer, deals=[variant])
    _replayed(alone_deal, f"alternative line {number}", index)


def _trump_of(calls: Sequence[str], upcard: Card) -> int | None:
    """The trump suit a complete bidding made (``None`` when nobody made it)."""
    for index, call in enumerate(calls):
        if call == "Order":
            return suit_of(upcard)
        if call not in ("Pass", "n", "x") and index >= SEATS:
            return SUIT_LETTERS.index(call.upper())
    return None


def _check_deck(ruleset: Mapping[str, Any], rules: EuchreRules, deals: Sequence[Any]) -> None:
    """Refuse a ruleset whose deck the deals belie: its extra cards (the Joker, the 8s and 7s)
    never seen, where a deck of that size would almost surely have shown one."""
    extra = [card for card in rules.deck_cards() if card not in set(euchre_24_deck())]
    if not extra:
        return
    chance = 1.0
    seen_count = 0
    for entry in deals:
        seen = {parse_card(entry["turned"])} | {
            parse_card(card) for hand in entry["hands"] for card in hand
        }
        if seen & set(extra):
            return
        seen_count += len(seen)
        chance *= comb(len(rules.deck_cards()) - len(extra), len(seen)) / comb(
            len(rules.deck_cards()), len(seen)
        )
    if chance < UNLIKELY:
        said = ", ".join(f"{key} {ruleset[key]}" for key in ("min_rank", "joker") if key in ruleset)
        raise EgnError(
            f"ruleset {said} says a {len(rules.deck_cards())}-card deck, but none of the"
            f" {seen_count} cards seen in its {len(deals)} deals is one of its"
            f" {' '.join(egn_card_text(card) for card in extra)} (a chance below one in a"
            " million): the game was played with 24 cards (min_rank 9, no joker)"
        )


UNLIKELY = 1e-6
"""How unlikely the deals' cards must be under the ruleset's deck for ``_check_deck`` to
refuse it."""


def euchre_24_deck() -> list[Card]:
    """The 24 cards from the 9 up."""
    cards: list[Card] = Euchre.from_spec({"deck": 24}).rules.deck_cards()
    return cards


def _record_deal(rules: EuchreRules, index: int, dealer: int, deal: Any) -> dict[str, Any]:
    """Deal ``index`` (counted from 0, named from 1 as ``replay`` does), dealt by
    ``dealer``, as a record's deal entry."""
    where = f"deal {index + 1}"
    if isinstance(deal, str):
        raise EgnError(f"{where} {_BINARY_DEAL}")
    initial = deal["initialState"]
    if initial["dealer"] != dealer:
        raise EgnError(
            f"{where}: the dealer is seat {initial['dealer']}, but the deal passes to the left:"
            f" seat {dealer} deals it"
        )
    upcard = parse_egn_card(initial["upCard"], f"{where} upCard")
    if upcard is None:
        raise EgnError(f"{where}: the up-card is not known (Xx); a replay needs it")
    if upcard == JOKER:
        raise EgnError(f"{where}: a Joker up-card; EGN does not say how its suit is named")
    bidding, play = _phases(where, deal["phases"])
    calls: list[str] = bidding.get("calls", []) if bidding else []
    alone = bool(bidding.get("isAlone", False)) if bidding else False
    if bidding and bidding.get("cardExchanges"):
        raise EgnError(f"{where}: cardExchanges: tricktable does not play card exchanges")
    if play is not None and "isAlone" in play and bool(play["isAlone"]) != alone:
        raise EgnError(f"{where}: the play's isAlone differs from the bidding's")
    actions, maker, trump = _bidding_actions(where, calls, alone, dealer, upcard)
    ordered = maker is not None and len(calls) <= SEATS
    out = (maker + 2) % SEATS if maker is not None and alone else None
    defender = _lone_defender(where, rules, bidding, maker, out, dealer, ordered)
    sitting_out = {out} if out is not None else set()
    if defender is not None:
        sitting_out.add((defender + 2) % SEATS)
    playing = SEATS - len(sitting_out)
    hands_given = _given_hands(where, initial.get("playerCards"), trump)
    tricks: list[list[Any]] = play.get("tricks", []) if play else []
    if tricks and trump is None:
        raise EgnError(f"{where}: tricks are played, but no trump was made")
    if len(tricks) > HAND:
        raise EgnError(f"{where}: {len(tricks)} tricks, but a deal has {HAND}")
    played = _seats_of_play(where, tricks, trump, rules, dealer, maker, sitting_out, defender)
    complete = trump is not None and len(tricks) == HAND and all(len(t) == playing for t in tricks)
    if any(len(trick) != playing for trick in tricks[:-1]):
        raise EgnError(f"{where}: a trick before the last is not whole ({playing} cards)")
    if trump is not None and not complete and hands_given is None:
        raise EgnError(
            f"{where} stops before its play is complete, and its hands (playerCards) are not"
            " given: the cards still held were never seen, and a replay cannot go on from them"
        )
    discard_text = bidding.get("discard") if bidding else None
    discard = None if discard_text is None else parse_egn_card(discard_text, f"{where} discard")
    if discard is not None and not ordered:
        raise EgnError(f"{where}: a discard, but nobody ordered the up-card")
    hands: list[list[Card]] = [list(cards) for cards in played]
    discard_action: str | None = None
    if ordered:
        dealer_plays = dealer != out
        given_dealer = hands_given[dealer] if hands_given is not None else None
        if discard is None and dealer_plays and complete and given_dealer is not None:
            # The dealer's hand is given: its discard is what it held and did not play.
            kept = [c for c in [*given_dealer, upcard] if c is not None and c not in played[dealer]]
            if len(kept) == 1:
                discard = kept[0]
        if discard == upcard and upcard in played[dealer]:
            raise EgnError(
                f"{where}: the discard is the up-card {egn_card_text(upcard)}, but the dealer"
                f" (seat {dealer}) plays it afterwards; a discarded card is out of the deal"
            )
        if dealer_plays and upcard not in played[dealer] and complete:
            if discard not in (None, upcard):
                raise EgnError(
                    f"{where}: the dealer never played the up-card, so it was the discard, not"
                    f" {egn_card_text(discard)}"
                )
            discard = upcard
        if dealer_plays:
            hands[dealer] = [card for card in played[dealer] if card != upcard]
        if discard is not None and discard != upcard:
            hands[dealer].append(discard)
        discard_action = HIDDEN_DISCARD if discard is None else f"discard {card_name(discard)}"
    unseen = [0] * SEATS
    for seat in range(SEATS):
        if hands_given is not None:
            # What playerCards names, in its order, then what the seat showed in the play.
            known = [card for card in hands_given[seat] if card is not None]
            shown = [card for card in hands[seat] if card not in known]
            if len(known) + len(shown) > HAND:
                raise EgnError(
                    f"{where}: seat {seat} played or discarded"
                    f" {' '.join(egn_card_text(c) for c in shown)}, not in its playerCards"
                )
            hands[seat] = known + shown
        unseen[seat] = HAND - len(hands[seat])
        if unseen[seat] < 0:
            raise EgnError(f"{where}: seat {seat} would hold {len(hands[seat])} cards, not 5")
    if discard_action == HIDDEN_DISCARD and unseen[dealer] == 0:
        raise EgnError(
            f"{where}: the dealer's discard is not given, and its hand is known: tricktable"
            " cannot leave the discard unseen"
        )
    if discard_action is not None:
        actions.append(discard_action)
    actions.extend(_defence_actions(rules, maker, out, dealer, ordered, defender))
    offset = len(actions)
    actions.extend(
        f"play {card_name(card)}" for trick in _cards_of(where, tricks, trump) for card in trick
    )
    entry: dict[str, Any] = {
        "hands": [[card_name(card) for card in hand] for hand in hands],
        "turned": card_name(upcard),
        "stock": [],
        "actions": actions,
    }
    if any(unseen):
        entry["unseen"] = unseen
    plays = sum(len(trick) for trick in tricks)
    notes = _annotations_in(where, bidding, play, len(calls), offset, plays)
    if notes:
        entry["annotations"] = notes
    if deal.get("alternativeLines"):
        entry["alternative_lines"] = deal["alternativeLines"]
    return entry


def _lone_defender(
    where: str,
    rules: EuchreRules,
    bidding: Any,
    maker: int | None,
    out: int | None,
    dealer: int,
    ordered: bool,
) -> int | None:
    """The seat a deal's ``aloneDefender`` names (``None`` for none, or ``-1``), checked
    against the rules: ``defend_alone`` on, a lone maker, a defender the rules may ask."""
    seat = bidding.get("aloneDefender", -1) if bidding else -1
    if seat == -1:
        return None
    if not rules.defend_alone:
        raise EgnError(
            f"{where}: aloneDefender {seat}, but the ruleset does not allow defend_alone"
        )
    if maker is None or out is None:
        raise EgnError(f"{where}: aloneDefender {seat}, but nobody plays alone to defend against")
    eligible = _defence_eligible(maker, dealer, ordered)
    if seat not in eligible:
        allowed = " or ".join(f"seat {s}" for s in eligible) or "no seat"
        raise EgnError(
            f"{where}: aloneDefender {seat} is not a defender who may defend alone here"
            f" ({allowed}: not the dealer's partner once the dealer has taken the up-card)"
        )
    return int(seat)


def _defence_eligible(maker: int, dealer: int, ordered: bool) -> list[int]:
    """The defenders asked to defend alone, in the rules' order (clockwise from the maker),
    but for the dealer's partner once the dealer has taken up the up-card (RULES.md 1.4)."""
    seats = [(maker + 1) % SEATS, (maker + 3) % SEATS]
    return [s for s in seats if not ((s + 2) % SEATS == dealer and ordered)]


def _defence_actions(
    rules: EuchreRules,
    maker: int | None,
    out: int | None,
    dealer: int,
    ordered: bool,
    defender: int | None,
) -> list[str]:
    """The defenders' answers to ``defend alone?`` after a lone call: ``pass`` until the lone
    defender's ``defend alone`` (every eligible defender passes when there is none)."""
    if not rules.defend_alone or maker is None or out is None:
        return []
    answers: list[str] = []
    for seat in _defence_eligible(maker, dealer, ordered):
        if seat == defender:
            return [*answers, "defend alone"]
        answers.append("pass")
    return answers


def _phases(where: str, phases: Sequence[Mapping[str, Any]]) -> tuple[Any, Any]:
    bidding = play = None
    for phase in phases:
        if phase["type"] == "EUCHRE_BIDDING" and bidding is None and play is None:
            bidding = phase
        elif phase["type"] == "TRICK_PLAY" and play is None and bidding is not None:
            play = phase
        else:
            raise EgnError(f"{where}: phases must be one EUCHRE_BIDDING, then one TRICK_PLAY")
    return bidding, play


def _bidding_actions(
    where: str, calls: Sequence[str], alone: bool, dealer: int, upcard: Card
) -> tuple[list[str], int | None, int | None]:
    """The bidding as actions, the maker's seat and the trump suit (``None`` before one)."""
    actions: list[str] = []
    maker: int | None = None
    trump: int | None = None
    for index, call in enumerate(calls):
        if maker is not None:
            raise EgnError(f"{where}: calls[{index}] {call!r} comes after trump was made")
        if call == "Pass":
            actions.append("pass")
            continue
        if call == "n":
            raise EgnError(
                f"{where}: calls[{index}] is no trump ('n'): tricktable does not play"
                f" {REFUSED_FLAGS['allow_no_trump']}"
            )
        if call == "x":
            raise EgnError(f"{where}: calls[{index}] is not known ('x'); a replay needs it")
        maker = (dealer + 1 + index) % SEATS
        suffix = " alone" if alone else ""
        if call == "Order":
            if index >= SEATS:
                raise EgnError(f"{where}: calls[{index}] orders the up-card in the second round")
            trump = suit_of(upcard)
            actions.append("order" + suffix)
        else:
            if index < SEATS:
                raise EgnError(f"{where}: calls[{index}] names suit {call!r} in the first round")
            trump = SUIT_LETTERS.index(call.upper())
            actions.append(f"call {call.upper()}{suffix}")
    if alone and maker is None:
        raise EgnError(f"{where}: isAlone, but nobody made trump")
    return actions, maker, trump


def _given_hands(where: str, given: Any, trump: int | None) -> list[list[Card | None]] | None:
    """The hands ``playerCards`` gives (``None`` for each ``Xx``), or ``None`` without them.

    A hand of fewer than 5 cards gives the cards known (tricktable writes a seat's unseen
    cards so); the rest were never seen."""
    if not given or not any(given):
        return None
    if len(given) != SEATS:
        raise EgnError(f"{where}: playerCards must give 4 hands, not {len(given)}")
    out: list[list[Card | None]] = []
    for seat, texts in enumerate(given):
        cards = [parse_egn_card(text, f"{where} playerCards {seat}", trump) for text in texts]
        if len(cards) > HAND:
            raise EgnError(f"{where}: playerCards {seat} holds {len(cards)} cards, not 5")
        out.append(cards + [None] * (HAND - len(cards)))
    return out


def _cards_of(where: str, tricks: Sequence[Sequence[Any]], trump: int | None) -> list[list[Card]]:
    out = []
    for number, trick in enumerate(tricks, 1):
        cards = []
        for text in trick:
            card = parse_egn_card(text, f"{where} trick {number}", trump)
            if card is None:
                raise EgnError(f"{where} trick {number}: a card played but not recorded (Xx)")
            cards.append(card)
        out.append(cards)
    return out


def _seats_of_play(
    where: str,
    tricks: Sequence[Sequence[Any]],
    trump: int | None,
    rules: EuchreRules,
    dealer: int,
    maker: int | None,
    sitting_out: set[int],
    defender: int | None,
) -> list[list[Card]]:
    """Each seat's played cards: the first lead by the rules, then each trick's winner leads
    (EGN lists the cards as they fell, not who played them)."""
    played: list[list[Card]] = [[] for _ in range(SEATS)]
    if trump is None or not tricks:
        return played
    table: TrickRules = euchre_rules(trump, rules.benny_card)
    active = [seat for seat in range(SEATS) if seat not in sitting_out]
    if sitting_out and rules.lone_lead == "left_of_loner" and maker is not None:
        # RULES.md 1.5: a lone defender leads; else the seat on the loner's left.
        leader = defender if defender is not None else (maker + 1) % SEATS
    else:
        leader = next(s for s in ((dealer + k) % SEATS for k in range(1, 5)) if s in active)
    for number, cards in enumerate(_cards_of(where, tricks, trump), 1):
        if len(cards) > len(active):
            raise EgnError(f"{where} trick {number}: {len(cards)} cards, but {len(active)} play")
        order = [active[(active.index(leader) + k) % len(active)] for k in range(len(cards))]
        led = table.eff_suit[cards[0]]
        best = max(
            range(len(cards)),
            key=lambda i: (
                table.power[cards[i]] if table.eff_suit[cards[i]] in (led, table.trump) else -1
            ),
        )
        for seat, card in zip(order, cards, strict=True):
            played[seat].append(card)
        leader = order[best]
    return played


def _annotations_in(
    where: str, bidding: Any, play: Any, calls: int, offset: int, plays: int
) -> dict[str, list[str]]:
    """The deal's annotations keyed by the index of the action they are about."""
    notes: dict[str, list[str]] = {}
    for phase, start, limit, what in (
        (bidding, 0, calls, "call"),
        (play, offset, plays, "card played"),
    ):
        if not phase:
            continue
        field = "callAnnotations" if phase is bidding else "playAnnotations"
        for key, texts in phase.get(field, {}).items():
            if int(key) >= limit:
                raise EgnError(
                    f"{where}: {field} {key} is past the last {what} (the deal has {limit},"
                    " counted from 0)"
                )
            notes[str(start + int(key))] = list(texts)
    return notes


# -- record -> EGN -------------------------------------------------------------------------------
class _Deals(RecordVisitor):
    """Each deal's dealer and decisions, with the phase each was taken in and the trick each
    card was played to."""

    def __init__(self) -> None:
        self.dealers: list[int] = []
        self.steps: list[list[tuple[Step, Phase, int]]] = []

    def begin_deal(self, index: int, deal: Any, state: State) -> None:
        self.dealers.append(state.dealer)
        self.steps.append([])

    def before_action(self, step: Step, state: State) -> None:
        phase = state.phase if isinstance(state, EuchreState) else Phase.OVER
        self.steps[-1].append((step, phase, len(state.completed)))


def record_to_egn(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The EGN game of a euchre record; ``EgnError`` names what EGN cannot say."""
    data = parse_record(source)
    walked = _Deals()
    state = walk_record(data, walked)
    if not isinstance(state.game, Euchre):
        raise EgnError(f"EGN records euchre, not {state.game.name}")
    ruleset = ruleset_of(state.game.rules)
    about = dict(data.get("metadata") or {})
    names = data.get("names") or [f"Seat {seat}" for seat in range(SEATS)]
    players = about.pop("players", None) or list(names)
    metadata: dict[str, Any] = {
        **about,
        "players": players,
        "initialScore": list(data.get("start_scores", [0, 0])),
    }
    if state.is_terminal():
        metadata["finalScore"] = state.scores()
    metadata["ruleset"] = ruleset
    deals = [
        _egn_deal(index, entry, walked.dealers[index], walked.steps[index])
        for index, entry in enumerate(data["deals"])
    ]
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": metadata, "deals": deals}


_CALLS = (Phase.BID1, Phase.BID2)
"""The phases whose decisions are EGN's calls."""


def _egn_deal(
    index: int, entry: Mapping[str, Any], dealer: int, steps: Sequence[tuple[Step, Phase, int]]
) -> dict[str, Any]:
    where = f"deal {index + 1}"
    unseen = unseen_counts(index, entry) or [0] * SEATS
    calls: list[str] = []
    alone = False
    defender: int | None = None
    discard: str | None = None
    tricks: list[list[str]] = []
    first_play: int | None = None
    texts = entry["actions"]
    for (step, phase, trick), text in zip(steps, texts, strict=True):
        kind, argument = step.action >> 7, step.action & 127
        word = step.text.split()[0]
        if phase in _CALLS and word == "pass":
            calls.append("Pass")
        elif phase in _CALLS and word == "order":
            calls.append("Order")
            alone = step.text.endswith("alone")
        elif phase in _CALLS and word == "call":
            calls.append(step.text.split()[1].lower())
            alone = step.text.endswith("alone")
        elif phase == Phase.DEALER_DISCARD:
            if not is_hidden_discard(text):
                discard = egn_card_text(argument)
        elif phase == Phase.DEFEND:
            if word != "pass":
                defender = step.seat
        elif phase == Phase.PLAY and kind == 0:
            if first_play is None:
                first_play = step.index
            while len(tricks) <= trick:
                tricks.append([])
            tricks[trick].append(egn_card_text(argument))
        else:
            raise EgnError(f"{where}: action {step.index} {step.text!r} has no EGN form")
    upcard = parse_card(entry["turned"])
    bidding: dict[str, Any] = {
        "phaseNumber": 0,
        "type": "EUCHRE_BIDDING",
        "calls": calls,
        "isAlone": alone,
    }
    if defender is not None:
        bidding["aloneDefender"] = defender
    if discard is not None:
        bidding["discard"] = discard
    phases: list[dict[str, Any]] = [bidding]
    if tricks:
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    notes = entry.get("annotations") or {}
    for key, annotation in notes.items():
        action = int(key)
        if action < len(calls):
            bidding.setdefault("callAnnotations", {})[key] = list(annotation)
        elif first_play is not None and action >= first_play:
            phases[1].setdefault("playAnnotations", {})[str(action - first_play)] = list(annotation)
        else:
            raise EgnError(
                f"{where}: annotation of action {key} (not a call or a play) has no EGN place"
            )
    # Only the cards known: a seat's unseen cards are left out, not written as Xx (EGN's
    # converter packs a hand of any length, and no placeholder card).
    hands = [
        [egn_card_text(parse_card(card)) for card in hand][: HAND - count]
        for hand, count in zip(entry["hands"], unseen, strict=True)
    ]
    initial: dict[str, Any] = {"dealer": dealer, "upCard": egn_card_text(upcard)}
    if any(hands):
        initial["playerCards"] = hands
    deal: dict[str, Any] = {"dealNumber": index, "initialState": initial, "phases": phases}
    if entry.get("alternative_lines"):
        deal["alternativeLines"] = entry["alternative_lines"]
    return deal


class EuchreEgn(Translation):
    """EGN's games are this game's."""

    def to_record(self, egn: Mapping[str, Any]) -> dict[str, Any]:
        return egn_to_record(egn)

    def to_egn(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return record_to_egn(record)


TRANSLATION = EuchreEgn()
