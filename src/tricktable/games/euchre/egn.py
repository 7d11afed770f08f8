"""Euchre and the Euchre Game Notation (EGN): the rules and deals of one in the other.

``tricktable.interop.egn`` reads and writes the files; this module knows what EGN's fields
mean in four-handed euchre (docs/egn.md has the whole mapping):

* ``metadata.ruleset`` <-> the rule options (``std``: ``stick_the_dealer``, ``canadian``:
  ``dealer_partner_must_go_alone``, ``loner_lead``: ``lone_lead``, ``winning_score``:
  ``target``, ``num_deals: 1``: a single hand, ``loner_march_score`` /
  ``loner_euchred_score``: the lone points, ``min_rank`` and ``joker``: ``deck``); any other
  EGN feature, and any option EGN cannot say, is refused with ``EgnError`` naming it.
* a deal's calls, discard and tricks <-> its actions; the hands as dealt are rebuilt from
  the play (who played each card follows from the trick winners) and the pickup. Cards
  never seen (a lone partner's hand, an unrecorded discard) are the record's ``unseen``.
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
from tricktable.games.euchre.engine import Euchre, EuchreRules
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
    "defend_alone": "a defender defending alone against a loner",
    "farmers": "farmer's hands",
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
"""EGN's card never seen."""

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
                    "type": "EUCHRE_BIDDING",
                    "calls": ["Pass", "Pass", "Pass", "Order"],
                    "discard": "9s",
                },
                {
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
    }


def ruleset_of(rules: EuchreRules) -> dict[str, Any]:
    """The EGN ``ruleset`` of tricktable's rules; ``EgnError`` names each option EGN cannot
    say (they would change the game an EGN reader replays).

    >>> ruleset_of(Euchre.from_spec("euchre(preset=tournament)").rules)["std"]
    True
    >>> ruleset_of(Euchre.from_spec("euchre(preset=british)").rules)
    Traceback (most recent call last):
    ...
    tricktable.interop.egn.EgnError: these rules have no EGN form: partner_may_take_over=True, ...
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
        raise EgnError("deal 0 is in EGN's binary form; tricktable reads the JSON form")
    first_dealer = first["initialState"]["dealer"]
    start = [int(score) for score in metadata.get("initialScore", [0, 0])]
    if len(start) != 2:
        raise EgnError(f"initialScore must give the two teams' scores, not {start!r}")
    entries = [
        _record_deal(game.rules, index, (first_dealer + index) % SEATS, deal)
        for index, deal in enumerate(deals)
    ]
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
    final = metadata.get("finalScore")
    if final is not None and list(final) != scores:
        raise EgnError(f"finalScore is {list(final)}, but the deals score {scores}")
    return record


_METADATA_READ = ("players", "initialScore", "finalScore", "ruleset")
"""The metadata fields the record holds elsewhere; the rest is kept as its ``metadata``."""


def _replayed(record: Mapping[str, Any]) -> State:
    try:
        return walk_record(record, RecordVisitor())
    except RecordError as error:
        raise EgnError(f"the game does not replay under its rules: {error}") from None


def _record_deal(rules: EuchreRules, index: int, dealer: int, deal: Any) -> dict[str, Any]:
    """Deal ``index``, dealt by ``dealer``, as a record's deal entry."""
    where = f"deal {index}"
    if isinstance(deal, str):
        raise EgnError(f"{where} is in EGN's binary form; tricktable reads the JSON form")
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
    if bidding:
        for field in ("cardExchanges",):
            if bidding.get(field):
                raise EgnError(f"{where}: {field}: tricktable does not play card exchanges")
        if bidding.get("aloneDefender", -1) != -1:
            raise EgnError(f"{where}: aloneDefender: {REFUSED_FLAGS['defend_alone']}")
    if play is not None and "isAlone" in play and bool(play["isAlone"]) != alone:
        raise EgnError(f"{where}: the play's isAlone differs from the bidding's")
    actions, maker, trump = _bidding_actions(where, calls, alone, dealer, upcard)
    ordered = maker is not None and len(calls) <= SEATS
    out = (maker + 2) % SEATS if maker is not None and alone else None
    hands_given = _given_hands(where, initial.get("playerCards"), trump)
    tricks: list[list[Any]] = play.get("tricks", []) if play else []
    if tricks and trump is None:
        raise EgnError(f"{where}: tricks are played, but no trump was made")
    played, leads = _seats_of_play(where, tricks, trump, rules, dealer, maker, out)
    complete = (
        trump is not None
        and len(tricks) == HAND
        and all(len(t) == SEATS - (out is not None) for t in tricks)
    )
    if any(len(trick) != SEATS - (out is not None) for trick in tricks[:-1]):
        raise EgnError(f"{where}: a trick before the last is not whole")
    if trump is not None and not complete and hands_given is None:
        raise EgnError(
            f"{where} stops before its play is complete, and its hands (playerCards) are not"
            " given: the cards still held were never seen, and a replay cannot go on from them"
        )
    if play is not None and "initialLead" in play and tricks and play["initialLead"] != leads[0]:
        raise EgnError(
            f"{where}: initialLead is seat {play['initialLead']}, but the rules give seat"
            f" {leads[0]} the first lead"
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
    notes = _annotations_in(where, bidding, play, len(calls), offset)
    if notes:
        entry["annotations"] = notes
    if deal.get("alternativeLines"):
        entry["alternative_lines"] = deal["alternativeLines"]
    return entry


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
            raise EgnError(f"{where}: call {index} {call!r} comes after trump was made")
        if call == "Pass":
            actions.append("pass")
            continue
        if call == "n":
            raise EgnError(
                f"{where}: call {index} is no trump ('n'): tricktable does not play"
                f" {REFUSED_FLAGS['allow_no_trump']}"
            )
        if call == "x":
            raise EgnError(f"{where}: call {index} is not known ('x'); a replay needs it")
        maker = (dealer + 1 + index) % SEATS
        suffix = " alone" if alone else ""
        if call == "Order":
            if index >= SEATS:
                raise EgnError(f"{where}: call {index} orders the up-card in the second round")
            trump = suit_of(upcard)
            actions.append("order" + suffix)
        else:
            if index < SEATS:
                raise EgnError(f"{where}: call {index} names suit {call!r} in the first round")
            trump = SUIT_LETTERS.index(call.upper())
            actions.append(f"call {call.upper()}{suffix}")
    if alone and maker is None:
        raise EgnError(f"{where}: isAlone, but nobody made trump")
    return actions, maker, trump


def _given_hands(where: str, given: Any, trump: int | None) -> list[list[Card | None]] | None:
    """The hands ``playerCards`` gives (``None`` for each ``Xx``), or ``None`` without them."""
    if not given or not any(given):
        return None
    if len(given) != SEATS:
        raise EgnError(f"{where}: playerCards must give 4 hands, not {len(given)}")
    out: list[list[Card | None]] = []
    for seat, texts in enumerate(given):
        cards = [parse_egn_card(text, f"{where} playerCards {seat}", trump) for text in texts]
        if len(cards) not in (0, HAND):
            raise EgnError(f"{where}: playerCards {seat} holds {len(cards)} cards, not 5")
        out.append(cards or [None] * HAND)
    return out


def _cards_of(where: str, tricks: Sequence[Sequence[Any]], trump: int | None) -> list[list[Card]]:
    out = []
    for number, trick in enumerate(tricks):
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
    out: int | None,
) -> tuple[list[list[Card]], list[int]]:
    """Each seat's played cards, and each trick's leader: the first lead by the rules, then
    each trick's winner (EGN lists the cards as they fell, not who played them)."""
    played: list[list[Card]] = [[] for _ in range(SEATS)]
    if trump is None or not tricks:
        return played, []
    table: TrickRules = euchre_rules(trump, rules.benny_card)
    active = [seat for seat in range(SEATS) if seat != out]
    if out is not None and rules.lone_lead == "left_of_loner" and maker is not None:
        leader = (maker + 1) % SEATS
    else:
        leader = next(s for s in ((dealer + k) % SEATS for k in range(1, 5)) if s in active)
    leads = []
    for number, cards in enumerate(_cards_of(where, tricks, trump)):
        if len(cards) > len(active):
            raise EgnError(f"{where} trick {number}: {len(cards)} cards, but {len(active)} play")
        leads.append(leader)
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
    return played, leads


def _annotations_in(
    where: str, bidding: Any, play: Any, calls: int, offset: int
) -> dict[str, list[str]]:
    """The deal's annotations keyed by the index of the action they are about."""
    notes: dict[str, list[str]] = {}
    for phase, start, limit in ((bidding, 0, calls), (play, offset, None)):
        if not phase:
            continue
        field = "callAnnotations" if phase is bidding else "playAnnotations"
        for key, texts in phase.get(field, {}).items():
            if limit is not None and int(key) >= limit:
                raise EgnError(f"{where}: {field} {key} is past the last call")
            notes[str(start + int(key))] = list(texts)
    return notes


# -- record -> EGN -------------------------------------------------------------------------------
class _Deals(RecordVisitor):
    """Each deal's dealer and decisions, with the trick each card was played to."""

    def __init__(self) -> None:
        self.dealers: list[int] = []
        self.steps: list[list[tuple[Step, int]]] = []

    def begin_deal(self, index: int, deal: Any, state: State) -> None:
        self.dealers.append(state.dealer)
        self.steps.append([])

    def before_action(self, step: Step, state: State) -> None:
        self.steps[-1].append((step, len(state.completed)))


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


def _egn_deal(
    index: int, entry: Mapping[str, Any], dealer: int, steps: Sequence[tuple[Step, int]]
) -> dict[str, Any]:
    where = f"deal {index}"
    unseen = unseen_counts(index, entry) or [0] * SEATS
    calls: list[str] = []
    alone = False
    discard: str | None = None
    tricks: list[list[str]] = []
    first_play: int | None = None
    texts = entry["actions"]
    for (step, trick), text in zip(steps, texts, strict=True):
        kind, argument = step.action >> 7, step.action & 127
        word = step.text.split()[0]
        if word == "pass" and discard is None and first_play is None:
            calls.append("Pass")
        elif word == "order":
            calls.append("Order")
            alone = step.text.endswith("alone")
        elif word == "call":
            calls.append(step.text.split()[1].lower())
            alone = step.text.endswith("alone")
        elif word == "discard":
            if not is_hidden_discard(text):
                discard = egn_card_text(argument)
        elif kind == 0:
            if first_play is None:
                first_play = step.index
            while len(tricks) <= trick:
                tricks.append([])
            tricks[trick].append(egn_card_text(argument))
        else:
            raise EgnError(f"{where}: action {step.index} {step.text!r} has no EGN form")
    upcard = parse_card(entry["turned"])
    bidding: dict[str, Any] = {"type": "EUCHRE_BIDDING", "calls": calls, "isAlone": alone}
    if discard is not None:
        bidding["discard"] = discard
    phases: list[dict[str, Any]] = [bidding]
    if tricks:
        phases.append({"type": "TRICK_PLAY", "tricks": tricks})
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
    hands = [
        [egn_card_text(parse_card(card)) for card in hand] + [UNKNOWN] * count
        for hand, count in zip(entry["hands"], unseen, strict=True)
    ]
    deal: dict[str, Any] = {
        "dealNumber": index,
        "initialState": {"dealer": dealer, "upCard": egn_card_text(upcard), "playerCards": hands},
        "phases": phases,
    }
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
