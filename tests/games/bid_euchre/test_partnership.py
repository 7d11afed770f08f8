"""Partnership bid euchre (RULES.md 1.10, preset ``partnership``): its options and refusals,
the bidding, the shoot's passed card and discard, what each seat sees, the conformance suite
over option mixes, and hypothesis properties checked against a slow reference of the
bullet's bidding, play and scoring."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.actions import parse_action
from tricktable.cards import card_name, parse_card
from tricktable.errors import IllegalActionError, RuleError
from tricktable.games import load_game
from tricktable.games.bid_euchre.facts import PartnershipFacts
from tricktable.games.bid_euchre.partnership import PartnershipBidEuchre, PartnershipState
from tricktable.record import record_of, replay_json, replay_record
from tricktable.testing import check_state_invariants, random_playout

from ..test_conformance import check_conformance, seed_of
from .test_conformance import ref_tricks

P = ["JS JC AS KS QS AH", "9S TS AD KD QD JD", "9H TH JH QH KH 9D", "9C TC QC KC AC TD"]
"""A deal (dealer 3): seat 0 holds five spades with both bowers."""


def game(**options: Any) -> PartnershipBidEuchre:
    made = load_game("bid_euchre", {"preset": "partnership", **options})
    assert isinstance(made, PartnershipBidEuchre)
    return made


def dealt(hands: list[str] = P, dealer: int = 3, **options: Any) -> PartnershipState:
    from tricktable.core import Deal

    state = game(**options).new_state(dealer)
    state.deal(Deal(tuple(tuple(parse_card(c) for c in h.split()) for h in hands), None, ()))
    return state


def apply(state: PartnershipState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


# -- options ----------------------------------------------------------------------------------


def test_defaults_and_sides() -> None:
    made = game()
    rules = made.rules
    assert (made.players, made.sides, made.hand_size) == (4, [[0, 2], [1, 3]], 6)
    assert (rules.min_bid, rules.lone_bids, rules.all_pass, rules.no_trump) == (
        3, "both", "stick", True,
    )  # fmt: skip
    assert (rules.makers_score, rules.defenders_score) == ("tricks", True)
    assert (rules.shoot_points, rules.alone_points, rules.target) == (12, 24, 32)
    assert not made.scores_count_down
    assert made.rules_dict() == {"preset": "partnership"}
    again = load_game("bid_euchre(preset=partnership,lone_bids=none,target=null,min_bid=1)")
    assert again.rule_string() == (
        "bid_euchre(preset=partnership,min_bid=1,lone_bids=none,target=null)"
    )


@pytest.mark.parametrize(
    ("options", "players", "needle"),
    [
        ({"start_score": 30}, 4, "'start_score' belongs only to bid_euchre's individual form"),
        ({"set_points": 2}, 4, "'set_points' belongs only"),
        ({"stick_the_dealer": True}, 4, "unknown option 'stick_the_dealer'.*min_bid, lone_bids"),
        ({"min_bid": 0}, 4, "'min_bid' cannot be 0; allowed: one of 1, 2, 3, 4, 5, 6"),
        ({"min_bid": 7}, 4, "'min_bid' cannot be 7"),
        ({"lone_bids": "smudge"}, 4, "one of both, shoot, alone, none"),
        ({"all_pass": "again"}, 4, "one of stick, redeal"),
        ({"makers_score": "points"}, 4, "one of tricks, bid"),
        ({"target": 0}, 4, "'target' cannot be 0"),
        ({"shoot_points": 0}, 4, "'shoot_points' cannot be 0"),
        ({}, 3, "played by 4 players, not 3"),
    ],
)
def test_refused_options(options: dict[str, Any], players: int, needle: str) -> None:
    with pytest.raises(RuleError, match=needle):
        load_game("bid_euchre", {"preset": "partnership", **options}, players=players)


def test_the_individual_form_refuses_partnership_options() -> None:
    with pytest.raises(RuleError, match="'min_bid' belongs only to bid_euchre's partnership"):
        load_game("bid_euchre", {"min_bid": 2})
    with pytest.raises(RuleError, match="'lone_bids' belongs only"):
        load_game("bid_euchre(preset=indiana,lone_bids=none)")


# -- the bidding ------------------------------------------------------------------------------


def test_one_round_each_seat_asked_once_and_lone_bids_rank_above_six() -> None:
    state = dealt()
    assert state.current_player == 0
    apply(state, "bid 6")
    assert state.legal_texts() == ["bid alone", "bid shoot", "pass"]
    apply(state, "bid shoot")  # outbids seat 0 with a lone bid
    assert state.legal_texts() == ["bid alone", "pass"]
    apply(state, "bid alone")  # outbidding one's partner is allowed
    assert state.legal_texts() == ["pass"]  # the highest bid is made: only pass
    apply(state, "pass")
    assert state.phase.name == "NAME" and state.current_player == 2
    assert state.out_mask == 1 << 0  # seat 2's partner sits out at once
    with pytest.raises(IllegalActionError, match="only pass is left"):
        fresh = dealt()
        apply(fresh, "bid alone")
        fresh.apply_text("bid 6")


@pytest.mark.parametrize(
    ("lone_bids", "lone"),
    [("both", ["bid alone", "bid shoot"]), ("shoot", ["bid shoot"]),
     ("alone", ["bid alone"]), ("none", [])],
)  # fmt: skip
def test_lone_bids_option(lone_bids: str, lone: list[str]) -> None:
    state = dealt(lone_bids=lone_bids, min_bid=5)
    assert state.legal_texts() == ["bid 5", "bid 6", *lone, "pass"]


def test_stick_and_redeal() -> None:
    stuck = dealt()
    apply(stuck, "pass", "pass", "pass")
    assert "pass" not in stuck.legal_texts() and stuck.current_player == 3
    with pytest.raises(IllegalActionError, match="the dealer must bid"):
        stuck.apply_text("pass")
    redeal = dealt(all_pass="redeal")
    apply(redeal, "pass", "pass", "pass", "pass")
    assert redeal.is_chance() and redeal.dealer == 0
    assert replay_json(redeal)["deals"][0]["thrown_in"] is True


def test_shoot_partner_gives_maker_discards_partner_sits_out() -> None:
    state = dealt()
    apply(state, "pass", "pass", "bid shoot", "pass", "name H")
    assert state.current_player == 0 and state.legal_texts()[0].startswith("give ")
    apply(state, "give AH")
    assert state.current_player == 2 and "discard AH" in state.legal_texts()
    assert len(state.legal_texts()) == 7
    apply(state, "discard 9D")
    assert state.phase.name == "PLAY" and state.current_player == 2  # the maker leads
    assert state.out_mask == 1 << 0
    assert replay_json(state)["deals"][0]["bids"] == [None, None, "shoot", None]


def test_no_trump_option() -> None:
    state = dealt(no_trump=False)
    apply(state, "bid 3", "pass", "pass", "pass")
    assert state.legal_texts() == ["name C", "name D", "name H", "name S"]
    with pytest.raises(IllegalActionError, match="no_trump is off"):
        state.apply_text("low")


# -- what each seat sees ----------------------------------------------------------------------


def shoot_with_give() -> PartnershipState:
    state = dealt()
    apply(state, "bid shoot", "pass", "pass", "pass", "name S", "give KH", "discard AH")
    return state


def test_the_passed_card_is_seen_by_the_maker_and_the_giver_only() -> None:
    state = shoot_with_give()
    kh = parse_card("KH")
    for seat in range(4):
        view = state.view(seat)
        facts = view.facts(PartnershipFacts)
        history = dict(enumerate(text for _, text in view.history))
        if seat in (0, 2):
            assert facts.passed == kh and history[5] == "give KH"
        else:
            assert facts.passed is None and history[5] == "give"
            assert kh not in view.known_cards() and state.hidden_from(seat) >> kh & 1
        assert history[6] == ("discard AH" if seat == 0 else "discard")
        assert (parse_card("AH") in facts.own_discards) == (seat == 0)
        check_state_invariants(state)
    # the partner's hand is hidden from every other seat while it sits out
    partner_cards = state.hands[2]
    for seat in (0, 1, 3):
        assert state.hidden_from(seat) & partner_cards == partner_cards
    assert PartnershipFacts.from_json(state.view(0).public.to_json()) == state.view(0).public


def test_a_spectator_view_names_no_passed_card() -> None:
    from tricktable.search.resample import resample

    state = shoot_with_give()
    view = state.view(1)
    world = resample(state.game, view, random.Random(3))
    assert [hand.bit_count() for hand in world.hands] == [6, 6, 5, 6]
    assert world.pile.bit_count() == 1


# -- the conformance suite over option mixes ---------------------------------------------------

MIXES: dict[str, dict[str, Any]] = {
    "redeal_no_lone": {"all_pass": "redeal", "lone_bids": "none"},
    "shoot_only_min_1_bid_scores": {"lone_bids": "shoot", "min_bid": 1, "makers_score": "bid"},
    "alone_only_no_trump_off": {"lone_bids": "alone", "no_trump": False, "alone_points": 6},
    "defenders_silent_min_6": {"defenders_score": False, "min_bid": 6, "shoot_points": 3},
    "single_deal": {"target": None},
    "single_deal_redeal": {"target": None, "all_pass": "redeal"},
    "short_target": {"target": 8},
}


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_option_mix(name: str) -> None:
    made = game(**MIXES[name])
    target = made.rules.target
    short = target is None or target <= 8
    whole = check_conformance(made, seed_of(name), matches=6, whole=2 if short else 0)
    assert whole.finished == whole.matches


# -- a slow reference from the bullet, over random matches --------------------------------------

RANKS = {"shoot": 7, "alone": 8}


def reference_deals(state: PartnershipState) -> int:
    """Check every completed deal of ``state`` against RULES.md 1.10 read plainly: bidding,
    following, the passed card and discard, trick winners, points and the winner."""
    rules = state.rules
    entries = replay_json(state)["deals"]
    scores = [0, 0]
    checked = 0
    for index, (deal, actions) in enumerate(zip(state.deals, state.history_texts(), strict=True)):
        entry = entries[index]
        if not entry["complete"]:
            break
        dealer = (state.first_dealer + index) % 4
        hands = [{card_name(c) for c in hand} for hand in deal.hands]
        position, high, bidder = 0, 0, -1
        bids: list[Any] = [None] * 4
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            text = actions[position]
            position += 1
            if text == "pass":
                assert not (seat == dealer and bidder < 0 and rules.all_pass == "stick")
                continue
            word = text.split()[1]
            rank = RANKS.get(word) or int(word)
            assert rank > high and (rank > 6 or rank >= rules.min_bid)
            high, bidder, bids[seat] = rank, seat, (word if word in RANKS else rank)
        if bidder < 0:
            assert entry["thrown_in"] and rules.all_pass == "redeal"
            checked += 1
            continue
        assert entry["bids"] == bids and entry["makers"] == bidder % 2
        text = actions[position]
        position += 1
        contract = text if text in ("high", "low") else text[-1]
        assert entry["trump"] == contract
        partner = (bidder + 2) % 4
        active = [0, 1, 2, 3] if high <= 6 else [s for s in range(4) if s != partner]
        if high == RANKS["shoot"]:
            given = actions[position].split()[1]
            assert given in hands[partner]
            hands[partner].discard(given)
            hands[bidder].add(given)
            discarded = actions[position + 1].split()[1]
            assert discarded in hands[bidder]
            hands[bidder].discard(discarded)
            position += 2
        held = {seat: hands[seat] for seat in active}
        by_seat, position = ref_tricks(actions, position, held, active, bidder, contract, 4)
        tricks = [by_seat[0] + by_seat[2], by_seat[1] + by_seat[3]]
        assert entry["tricks"] == tricks
        makers = bidder % 2
        points = [0, 0]
        if high > 6:
            value = rules.shoot_points if high == RANKS["shoot"] else rules.alone_points
            points[makers] = value if tricks[makers] == 6 else -value
        elif tricks[makers] >= high:
            points[makers] = tricks[makers] if rules.makers_score == "tricks" else high
        else:
            points[makers] = -high
        if rules.defenders_score:
            points[1 - makers] = tricks[1 - makers]
        scores = [a + b for a, b in zip(scores, points, strict=True)]
        assert entry["points"] == points and entry["scores"] == scores
        checked += 1
    if state.is_terminal():
        if rules.target is None:
            last = entries[-1]["points"]
            expected: Any = [0, 1] if last[0] == last[1] else int(last[1] > last[0])
            if entries[-1].get("thrown_in"):
                expected = [0, 1]
        else:
            reached = [side for side in (0, 1) if scores[side] >= rules.target]
            expected = reached[0] if len(reached) == 1 else entries[-1]["makers"]
        assert state.winner() == expected
    return checked


OPTION_VALUES = st.fixed_dictionaries(
    {
        "min_bid": st.integers(1, 6),
        "lone_bids": st.sampled_from(["both", "shoot", "alone", "none"]),
        "all_pass": st.sampled_from(["stick", "redeal"]),
        "no_trump": st.booleans(),
        "makers_score": st.sampled_from(["tricks", "bid"]),
        "defenders_score": st.booleans(),
        "shoot_points": st.integers(1, 30),
        "alone_points": st.integers(1, 40),
        "target": st.one_of(st.none(), st.integers(1, 40)),
    }
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_VALUES, seed=st.integers(0, 10_000))
def test_random_matches_follow_the_bullet(options: dict[str, Any], seed: int) -> None:
    """Any option mix, random play: every deal as the reference says, the record replays."""
    state = random_playout(game(**options), random.Random(seed), max_deals=6)
    assert isinstance(state, PartnershipState)
    reference_deals(state)
    again = replay_record(record_of(state))
    assert replay_json(again) == replay_json(state)


# -- the bots ---------------------------------------------------------------------------------


def test_the_heuristic_bids_alone_with_a_lay_down_hand_and_gives_its_best_trump() -> None:
    from tricktable.bots import make_bot

    state = dealt()
    bot = make_bot("heuristic", state.game, 0)
    assert bot.choose(state.view(0), random.Random(1)) == "bid alone"
    shooting = dealt()
    apply(shooting, "pass", "pass", "bid shoot", "pass", "name D")
    giver = make_bot("heuristic", shooting.game, 0)
    # no diamond (JH, the left bower, is seat 2's own): an ace, the best plain card
    assert giver.choose(shooting.view(0), random.Random(1)) in ("give AS", "give AH")


def test_the_heuristic_passes_a_weak_hand() -> None:
    from tricktable.bots import make_bot

    weak = ["QS KH QD KC TS JD", "9S JS KS AS 9H TH", "JH QH AH 9D TD KD", "AD 9C TC JC QC AC"]
    state = dealt(weak)
    assert make_bot("heuristic", state.game, 0).choose(state.view(0), random.Random(1)) == "pass"


def test_bidding_values_the_plausible_bids() -> None:
    from tricktable.games.bid_euchre.bidding import evaluate

    state = dealt()
    values = evaluate(state.game, state.view(0), random.Random(2), 3)
    assert values is not None and set(values) <= set(state.legal_texts())
    assert {"pass", "bid 3"} <= set(values)


# -- perft: the bidding's sequences, counted by hand ---------------------------------------------
# Each of the first three seats passes or bids above the high bid; the dealer (stick) may not
# pass when they all passed. With the six bids 3 4 5 6 shoot alone: k of the first three seats
# bid (C(3, k) ways) an increasing k-tuple of bids, and the dealer then has 1 (pass) + the
# bids above the highest, or all 6 when k = 0:
#   k=0: 6; k=1: 3 * (6+5+4+3+2+1) = 63; k=2: 3 * 35 = 105; k=3: 35. In all 209.
# Every bidding ends with the maker naming one of 6 contracts (209 * 6), then either the
# maker leads one of its 6 cards or, after a shoot, the partner gives one of its 6 (x 6).
# With redeal the four passes end the deal at depth 4 (counted once from there on); without
# lone bids (3 4 5 6): 4 + 3 * 10 + 3 * 10 + 5 = 69.
@pytest.mark.parametrize(
    ("options", "depth", "count"),
    [
        ({}, 4, 209),
        ({}, 5, 209 * 6),
        ({}, 6, 209 * 36),
        ({"all_pass": "redeal"}, 4, 210),
        ({"all_pass": "redeal"}, 5, 209 * 6 + 1),
        ({"lone_bids": "none"}, 4, 69),
        ({"lone_bids": "none", "no_trump": False}, 5, 69 * 4),
    ],
)
def test_perft_of_the_bidding(options: dict[str, Any], depth: int, count: int) -> None:
    from tricktable.testing import perft

    assert perft(dealt(**options), depth) == count


def test_the_encoding_shows_the_passed_card_only_where_the_view_does() -> None:
    from tricktable.games.bid_euchre.observation import encoder

    state = shoot_with_give()
    coder = encoder(state.game)
    field = coder.encoding.extra_names.index("passed_KH")
    for seat in range(4):
        view = state.view(seat)
        vector = coder.information_state(view)  # the face-down give and discard are rows
        extras = vector[coder.slice("extras")]
        assert extras[field] == (1.0 if seat in (0, 2) else 0.0)
        hidden = {card_name(c) for c in coder.cards if state.hidden_from(seat) >> c & 1}
        assert not hidden & {card_name(c) for c in coder.named_cards(vector)}


def test_analyse_and_hints_value_the_bids_and_the_play() -> None:
    from tricktable.bots.tools.advice import advise
    from tricktable.bots.tools.analysis import analyse_record

    state = shoot_with_give()
    decisions = analyse_record(record_of(state), seat=0, worlds=2)
    bid = next(d for d in decisions if d.phase == "bid")
    assert bid.taken == "bid shoot" and bid.values and not bid.unanalysed
    assert {d.phase for d in decisions} >= {"bid", "name", "discard"}
    opening = dealt()
    advice = advise(opening.game, opening.view(0), random.Random(1), worlds=2)
    assert advice.recommended in opening.legal_texts() and "pass" in advice.values
    assert advice.unit == bid.unit == "points"


def test_a_view_crosses_the_wire_typed() -> None:
    """The engine protocol reads a partnership view back with the game's ``facts_type``."""
    from tricktable.core import SeatView

    state = shoot_with_give()
    assert state.game.facts_type is PartnershipFacts
    for seat in range(4):
        view = state.view(seat)
        assert SeatView.from_json(view.to_json(), state.game.facts_type) == view


def test_the_passed_card_is_face_down_in_every_other_seats_typed_history() -> None:
    """``seat_history`` (the research interfaces' typed path) hides the passed card as
    ``masked_history`` does: only the maker and the giver see it."""
    from tricktable.core import FACE_DOWN

    state = load_game("bid_euchre(preset=partnership)").new_state(first_dealer=3)
    state.deal_random(random.Random(11))
    state.replay_actions(["bid shoot", "pass", "pass", "pass", "name S"])
    maker, partner = 0, 2
    give = next(a for a in state.legal_texts() if a.startswith("give"))
    state.apply_text(give)
    for seat in range(4):
        typed = state.seat_history(seat)[-1]
        texts = state.masked_history(seat)[-1]
        if seat in (maker, partner):
            assert typed == (partner, parse_action(give)) and texts == (partner, give)
        else:
            assert typed == (partner, FACE_DOWN) and texts == (partner, "give")
