"""The bot registry, the random bot and the Euchre heuristic.

Legality over random matches of every preset and of the house-rule options, the
heuristic's honesty under ``renege=callable``, chosen situations from fixed deals,
and its strength against the random bot.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

import pytest

from tricktable.actions import argument_of, parse_action
from tricktable.bots import BOT_NAMES, Bot, NoDecisionError, RandomBot, make_bot
from tricktable.cards import SUIT_LETTERS, mask_of, parse_card, parse_cards
from tricktable.core import Deal, Game, SeatView, State
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.euchre.engine import PRESETS
from tricktable.games.euchre.heuristic import EuchreHeuristic
from tricktable.tricks import euchre_rules, follow_mask

HOUSE_RULES: list[dict[str, Any]] = [
    {"renege": "callable"},
    {"robson": True, "super_euchre_points": 4},
    {"farmers_hand": True},
    {"ace_no_face": "exchange"},
    {"ace_no_face": "redeal"},
    {"minimum_trump": "all"},
    {"minimum_trump": "dealer", "stick_the_dealer": True},
    {"alone_timing": "after_discard"},
    {"preset": "canadian", "alone_timing": "after_discard"},
    {"preset": "canadian", "dealer_picks_up_when_partner_alone": False},
    {"point_on_partner": True, "dealer_may_discard_upcard": False},
    {"preset": "british", "benny": "2S", "farmers_hand": True},
    {"preset": "cornish", "robson": True, "renege": "callable"},
    {
        "preset": "british",
        "deck": 33,
        "ace_no_face": "exchange",
        "alone_timing": "after_discard",
        "renege": "callable",
    },
    {"maker_may_concede": True, "defend_alone": True, "defend_alone_any": True},
    {"preset": "british", "dealer_opens": True, "maker_may_concede": True},
    {"deck": 36, "minimum_trump": "all", "renege": "callable", "renege_penalty": "deduct"},
]


# -- helpers -------------------------------------------------------------------------------------
def play_match(game: Game[Any], bots: list[Bot], rng: random.Random) -> State:
    """One match; every choice must be one of ``view.legal``."""
    state = game.new_match(rng)
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
            continue
        seat = state.current_player
        view = state.view(seat)
        text = bots[seat].choose(view, rng)
        assert text in view.legal, (text, view.legal)
        state.apply_text(text)
    return state


def mixed_bots(game: Game[Any], match: int) -> list[Bot]:
    """Heuristic against random, heuristic against itself, sides alternating."""
    heuristic, other = make_bot("heuristic", game), make_bot("random", game)
    if match % 3 == 2:
        other = make_bot("heuristic", game)
    return [heuristic if seat % 2 == match % 2 else other for seat in range(4)]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def fixed_state(game: Game[Any], dealer: int, hands: list[str], upcard: str, stock: str) -> State:
    """A match whose first deal is exactly these cards."""
    state = game.new_state(dealer)
    state.deal(Deal(tuple(cards(hand) for hand in hands), parse_card(upcard), cards(stock)))
    return state


def choose(state: State, game: Game[Any] | None = None) -> str:
    """What the heuristic chooses for the seat to act."""
    bot = make_bot("heuristic", game or state.game)
    return bot.choose(state.view(state.current_player), random.Random(0))


def played(*texts: str) -> list[str]:
    return [f"play {text}" for text in texts]


NORTH_AMERICAN = load_game("euchre")

# Dealer 0, spades will be trump. Seat 0 holds no heart and a lone club.
PLAY_DEAL = {
    "dealer": 0,
    "hands": [
        "JS AD 9C QD KD",  # 0: dealer
        "9H QC KC 9D TD",  # 1: eldest
        "AH QS AC JC TC",  # 2: the dealer's partner
        "TH KH QH JD AS",  # 3
    ],
    "upcard": "TS",
    "stock": "9S KS JH",
}


def play_deal_state() -> State:
    state = fixed_state(NORTH_AMERICAN, **PLAY_DEAL)  # type: ignore[arg-type]
    state.replay_actions(["order"])  # eldest orders the dealer up: spades are trump
    return state


# -- the registry --------------------------------------------------------------------------------
def test_registry_names_and_errors() -> None:
    assert BOT_NAMES[:2] == ("random", "heuristic")
    assert {"pimc", "ismcts", "easy", "medium", "hard", "expert"} <= set(BOT_NAMES)
    assert isinstance(make_bot("random", NORTH_AMERICAN), RandomBot)
    assert isinstance(make_bot("Heuristic", NORTH_AMERICAN, seat=2), EuchreHeuristic)
    with pytest.raises(RuleError, match="bots: random, heuristic"):
        make_bot("minimax", NORTH_AMERICAN)
    with pytest.raises(RuleError, match=r"seats are 0\.\.3"):
        make_bot("random", NORTH_AMERICAN, seat=4)


def test_unknown_game_has_no_heuristic() -> None:
    class Other(Game[None]):
        name = "whist_of_nowhere"
        presets: ClassVar[dict[str, dict[str, Any]]] = {}

        @property
        def sides(self) -> list[list[int]]:
            return [[0], [1]]

        def new_state(self, first_dealer: int) -> State:
            raise NotImplementedError

        def choose_first_dealer(self, rng: random.Random) -> int:
            return 0

        def rules_dict(self) -> dict[str, Any]:
            return {}

        @classmethod
        def from_spec(cls, spec: Any = None, players: int | None = None) -> Other:
            return cls(None, players or 2)

    with pytest.raises(RuleError, match="unknown game 'whist_of_nowhere'; games"):
        make_bot("heuristic", Other(None, 2))
    assert make_bot("random", Other(None, 2)).name == "random"


def test_bots_refuse_a_view_without_decision() -> None:
    state = NORTH_AMERICAN.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    idle = (state.current_player + 1) % 4
    for name in BOT_NAMES:
        with pytest.raises(NoDecisionError, match=f"seat {idle} has no legal action"):
            make_bot(name, NORTH_AMERICAN).choose(state.view(idle), random.Random(0))


# -- legality ------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_play_legal_actions_in_every_preset(preset: str) -> None:
    game = load_game("euchre", {"preset": preset})
    matches = 2 if preset == "british_tournament" else 12
    rng = random.Random(f"legal {preset}")
    for match in range(matches):
        assert play_match(game, mixed_bots(game, match), rng).winner() is not None


@pytest.mark.parametrize("options", HOUSE_RULES, ids=lambda options: repr(options))
def test_bots_play_legal_actions_with_house_rules(options: dict[str, Any]) -> None:
    game = load_game("euchre", options)
    rng = random.Random(f"house {sorted(options.items())}")
    for match in range(8):
        play_match(game, mixed_bots(game, match), rng)


def test_random_bot_is_uniform_and_seeded() -> None:
    state = NORTH_AMERICAN.new_match(random.Random(4))
    state.deal_random(random.Random(4))
    view = state.view(state.current_player)
    bot = make_bot("random", NORTH_AMERICAN)
    picks = [bot.choose(view, random.Random(seed)) for seed in range(300)]
    assert set(picks) == set(view.legal)
    assert picks == [bot.choose(view, random.Random(seed)) for seed in range(300)]


@pytest.mark.parametrize("preset", ["north_american", "cornish"])
def test_heuristic_never_reneges_when_reneging_is_callable(preset: str) -> None:
    game = load_game("euchre", {"preset": preset, "renege": "callable"})
    heuristic, other = make_bot("heuristic", game), make_bot("random", game)
    rng = random.Random(11)
    offers = 0
    for match in range(10):
        bots = [heuristic if seat % 2 == match % 2 else other for seat in range(4)]
        state = game.new_match(rng)
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
                continue
            seat = state.current_player
            view = state.view(seat)
            text = bots[seat].choose(view, rng)
            if bots[seat] is heuristic and view.phase == "play" and view.trick:
                assert _follows_suit(view, game, text), (view, text)
            if bots[seat] is heuristic and "call renege" in view.legal:
                offers += 1
                assert text == "call renege"
            state.apply_text(text)
    assert offers > 0  # the random side reneges, and is always called


def _follows_suit(view: SeatView, game: Game[Any], text: str) -> bool:
    table = euchre_rules(SUIT_LETTERS.index(view.public.to_json()["trump"]), game.rules.benny_card)
    led = table.eff_suit[view.trick[0][1]]
    card = argument_of(parse_action(text))
    return bool(follow_mask(mask_of(view.hand), led, table) >> card & 1)


# -- bidding -------------------------------------------------------------------------------------
def test_orders_alone_with_both_bowers_ace_and_king() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=3,
        hands=["JH JD AH KH 9C", "9S TS QS KS AS", "TH QH 9D TD QD", "KD AD TC QC KC"],
        upcard="9H",
        stock="AC JS JC",
    )
    assert state.current_player == 0
    assert choose(state) == "order alone"


def test_passes_junk_and_dealer_takes_up_a_good_hand() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=3,
        hands=["9S TD 9C TC QD", "TS QS KS AS 9D", "TH QH 9H KD AD", "JH JD AH KH AC"],
        upcard="QC",
        stock="KC JS JC",
    )
    assert choose(state) == "pass"  # eldest, nothing in clubs
    state.replay_actions(["pass", "pass"])
    assert choose(state) == "pass"  # seat 2: the Q of clubs would go to the dealer
    state.replay_actions(["pass", "pass"])  # seat 2, then the dealer turns clubs down
    state.replay_actions(["pass", "pass", "pass"])
    assert state.current_player == 3
    assert choose(state) == "call H alone"  # the dealer turned clubs down; hearts is a lay-down


def test_dealer_partner_orders_alone_only_under_canadian_loner() -> None:
    canadian = load_game("euchre", {"preset": "canadian"})
    hands = ["9S TD 9C TC QD", "TS QS KS AS 9D", "JH JD AH KH AC", "TH QH AD KD 9H"]
    state = fixed_state(canadian, dealer=0, hands=hands, upcard="QC", stock="KC JS JC")
    state.replay_actions(["pass"])
    assert state.current_player == 2 and state.legal_texts() == ["order alone", "pass"]
    assert choose(state) == "pass"  # hearts, not clubs, is this hand's suit


def test_stuck_dealer_calls_its_best_suit() -> None:
    game = load_game("euchre", {"preset": "tournament"})
    hands = ["9S TS 9C TC QD", "QS KS AS 9D TD", "TH QH KH KD AD", "JC QC 9H AC KC"]
    state = fixed_state(game, dealer=3, hands=hands, upcard="JH", stock="AH JS JD")
    state.replay_actions(["pass"] * 7)
    assert state.current_player == 3 and "pass" not in state.legal_texts()
    assert choose(state) in ("call C", "call C alone")


def test_minimum_trump_leaves_only_legal_choices() -> None:
    game = load_game("euchre", {"minimum_trump": "all"})
    hands = ["JD AS KS AC KC", "TS QS 9S 9D TD", "TH QH KH KD AD", "JC QC 9H TC 9C"]
    state = fixed_state(game, dealer=3, hands=hands, upcard="AH", stock="JH JS QD")
    assert state.legal_texts() == ["pass"]  # only the left bower: may not order hearts
    assert choose(state) == "pass"


# -- discards ------------------------------------------------------------------------------------
def test_dealer_discard_voids_a_side_suit() -> None:
    state = play_deal_state()
    assert state.current_player == 0 and state.view(0).phase == "dealer_discard"
    assert choose(state) == "discard 9C"  # the lone club goes: clubs void, trumps kept


def test_dealer_discard_keeps_trumps_and_aces() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=0,
        hands=["AS AH KH 9H AD", "9S TS QS KS 9D", "TH QH JH QD KD", "JD TD 9C TC QC"],
        upcard="JS",
        stock="JC KC AC",
    )
    state.replay_actions(["pass", "pass", "pass", "order"])
    text = choose(state)
    assert text in ("discard 9H", "discard KH")  # never a trump or an ace
    assert text == "discard 9H"  # A-K of hearts guarded: the 9 goes


# -- play ----------------------------------------------------------------------------------------
def test_does_not_trump_partners_winning_ace_when_last() -> None:
    state = play_deal_state()
    state.replay_actions(["discard 9C", *played("9H", "AH", "TH")])
    assert state.current_player == 0  # void in hearts, holding trumps
    assert choose(state) == "play QD"  # the lowest card, not a trump


def test_does_not_overtake_partners_king_when_last() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=0,
        hands=["JS AH QH QD KD", "9H QC KC 9D TD", "KH QS AC JC TC", "TH 9S JH JD AS"],
        upcard="TS",
        stock="KS AD 9C",
    )
    state.replay_actions(["order", "discard QD", *played("9H", "KH", "TH")])
    assert choose(state) == "play QH"


def test_wins_with_the_cheapest_card_when_last() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=0,
        hands=["JS AH KH QD KD", "9H QC KC 9D TD", "TH QS AC JC TC", "QH 9S JH JD AS"],
        upcard="TS",
        stock="KS AD 9C",
    )
    state.replay_actions(["order", "discard QD", *played("9H", "TH", "QH")])
    assert choose(state) == "play KH"


def test_trumps_in_with_the_lowest_winning_trump_when_void() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=0,
        hands=["JS 9S QD KD AD", "9H QC KC 9D TD", "TH QS AC JC TC", "AH KH JH JD AS"],
        upcard="TS",
        stock="KS QH 9C",
    )
    state.replay_actions(["order", "discard QD", *played("9H", "TH", "AH")])
    assert choose(state) == "play 9S"


def test_maker_leads_the_right_bower() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=3,
        hands=["JH AH KH AS 9C", "9S TS QS KS JS", "TH QH 9D TD QD", "KD AD TC QC KC"],
        upcard="9H",
        stock="AC JD JC",
    )
    state.replay_actions(["order", "discard KD"])  # seat 0 orders, not quite alone
    assert state.current_player == 0
    assert choose(state) == "play JH"


def test_defender_cashes_an_ace_rather_than_leading_trump() -> None:
    state = fixed_state(
        NORTH_AMERICAN,
        dealer=2,
        hands=["JH AH KH 9D TS", "QS KS AS TD QD", "TH QH JC QC KC", "9H 9S AD TC 9C"],
        upcard="JD",
        stock="AC KD JS",
    )
    state.replay_actions(["pass"] * 4 + ["pass", "call H"])  # seat 0 calls hearts
    assert state.view(3).phase == "play" and state.current_player == 3
    assert choose(state) == "play AD"


# -- British and house-rule decisions ------------------------------------------------------------
def test_names_the_suit_the_joker_completes() -> None:
    british = load_game("euchre", {"preset": "british"})
    hands = ["9S TS QS KS 9D", "TD QD KD AD 9C", "AS TC QC KC AC", "JH JD AH 9H TH"]
    state = fixed_state(british, dealer=3, hands=hands, upcard="JO", stock="QH KH JS JC")
    assert state.view(3).phase == "name_suit"
    # RULES.md 1.8: the dealer names the suit before looking, so the view hides the hand
    assert state.view(3).hand == () and state.view(3).public.to_json()["own_hand_hidden"]
    assert choose(state) in {"name S", "name H", "name D", "name C"}
    # a dealer who could look (a view with the hand) names the suit the Joker completes
    bot = make_bot("heuristic", british, 3)
    seen = dataclasses.replace(state.view(3), hand=tuple(parse_cards(hands[3])))
    assert bot.choose(seen, random.Random(0)) == "name H"


def test_takes_the_farmers_exchange() -> None:
    game = load_game("euchre", {"farmers_hand": True})
    hands = ["9S TS 9H TH 9D", "QS KS AS JS TD", "QH KH AH JH QD", "KD AD JD 9C TC"]
    state = fixed_state(game, dealer=3, hands=hands, upcard="QC", stock="KC AC JC")
    assert state.legal_texts() == ["farmers hand", "pass"]
    assert choose(state) == "farmers hand"


def test_robson_sets_back_opponents_near_the_target() -> None:
    game = load_game("euchre", {"robson": True})
    bot = make_bot("heuristic", game)
    view = _march_view(game)
    assert bot.choose(dataclasses.replace(view, scores=(2, 3)), random.Random(0)) == "score"
    assert bot.choose(dataclasses.replace(view, scores=(2, 8)), random.Random(0)) == "set back"
    assert bot.choose(dataclasses.replace(view, scores=(8, 9)), random.Random(0)) == "score"


def _march_view(game: Game[Any]) -> SeatView:
    """A view of seat 0 asked ``score`` or ``set back`` after its side marched."""
    rng = random.Random(5)
    bot = make_bot("heuristic", game)
    for _ in range(200):
        state = game.new_match(rng)
        state.deal_random(rng)
        while state.current_player >= 0 and state.view(0).phase != "robson":
            seat = state.current_player
            state.apply_text(bot.choose(state.view(seat), rng))
        if state.current_player >= 0 and state.view(0).phase == "robson":
            seat = state.current_player
            view = state.view(seat)
            if seat % 2 == 0 and view.public.to_json()["maker"] % 2 == 0:
                return dataclasses.replace(view, seat=0)
    raise AssertionError("no march by side 0 found")


def test_ace_no_face_exchange_is_taken() -> None:
    game = load_game("euchre", {"ace_no_face": "exchange"})
    hands = ["AS 9H TH 9D TD", "TS QS KS JS 9C", "QH KH AH JH QD", "KD AD JD TC QC"]
    state = fixed_state(game, dealer=3, hands=hands, upcard="KC", stock="AC JC 9S")
    state.replay_actions(["pass", "order"])
    state.apply_text(choose(state))  # the dealer discards
    assert state.current_player == 0 and state.legal_texts() == ["ace no face", "pass"]
    assert choose(state) == "ace no face"
    state.apply_text("ace no face")
    assert choose(state) not in ("discard AS",)  # keeps its ace


# -- strength ------------------------------------------------------------------------------------
def test_heuristic_beats_random_decisively() -> None:
    game = load_game("euchre", {"preset": "north_american"})
    heuristic, randomly = make_bot("heuristic", game), make_bot("random", game)
    rng = random.Random(2024)
    matches = 200
    wins = 0
    for match in range(matches):
        side = match % 2
        bots = [heuristic if seat % 2 == side else randomly for seat in range(4)]
        wins += play_match(game, bots, rng).winner() == side
    assert wins / matches >= 0.85


# -- conceding (maker_may_concede) -----------------------------------------------------------
CONCEDE_HANDS = ["JH AH AS QC 9C", "JD KS QS AC TD", "KH QH AD 9D TC", "TH KD QD KC TS"]


def _concede_state(tricks: list[str]) -> State:
    """Seat 0 orders hearts (BASE's cards of the golden records) and the tricks are played."""
    game = load_game("euchre(maker_may_concede=true)")
    state = fixed_state(game, 3, CONCEDE_HANDS, "9H", "9S JS JC")
    for text in ["order", "discard TS", *(f"play {c}" for t in tricks for c in t.split())]:
        state.apply_text(text)
    return state


def test_heuristic_concedes_once_no_march_is_possible() -> None:
    # side 0 takes tricks 1, 3 and 4, side 1 trick 2: seat 0 leads the last trick
    state = _concede_state(["JH JD QH 9H", "QC AC TC KC", "KS KH TH AS", "AD KD AH TD"])
    view = state.view(0)
    assert view.legal == ("concede", "play 9C")
    bot = make_bot("heuristic", state.game)
    assert bot.choose(view, random.Random(1)) == "concede"


def test_heuristic_plays_on_while_a_march_is_possible() -> None:
    state = _concede_state(["JH JD QH 9H", "AH TD KH TH", "AS KS 9D QD"])
    view = state.view(0)
    assert "concede" in view.legal
    assert make_bot("heuristic", state.game).choose(view, random.Random(1)).startswith("play ")


def test_heuristic_defends_alone_against_two_makers_only_when_strong() -> None:
    game = load_game("euchre(defend_alone=true,defend_alone_any=true)")
    bot = make_bot("heuristic", game)
    # seat 0 orders hearts, the dealer (3) takes 9H up and is asked to defend alone
    strong = fixed_state(
        game,
        3,
        ["KH QH KS QS KC", "AD KD QD TD 9D", "TH 9S TS 9C TC", "JH JD AH AS AC"],
        "9H",
        "JS QC JC",
    )
    strong.apply_text("order")
    strong.apply_text("discard AC")
    assert bot.choose(strong.view(3), random.Random(1)) == "defend alone"
    weak = fixed_state(game, 3, CONCEDE_HANDS, "9H", "9S JS JC")
    weak.apply_text("order")
    weak.apply_text("discard TS")
    assert weak.view(3).legal == ("defend alone", "pass")
    assert bot.choose(weak.view(3), random.Random(1)) == "pass"
