"""Euchre Game Notation: round trips over generated matches of every euchre preset EGN can
say, the schema, real games replayed to their points, and every refusal."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.errors import RecordError
from tricktable.games import load_game
from tricktable.games.euchre.egn import UNSPOKEN
from tricktable.interop.egn import EgnError, read_egn, read_emn, validate_egn, write_egn, write_emn
from tricktable.record import record_of, replay_json, replay_record
from tricktable.sim import play_match

FILES = Path(__file__).parent / "egn"

EXPRESSIBLE = [
    "euchre(preset=north_american)",
    "euchre(preset=tournament)",
    "euchre(preset=canadian)",
    "euchre(preset=mathews_1844)",
    "euchre(preset=tournament,target=null)",
    "euchre(preset=north_american,lone_lead=left_of_loner,lone_march_points=5)",
    "euchre(preset=canadian,lone_euchre_points=3,target=7,deck=28)",
    "euchre(preset=tournament,deck=25)",
    "euchre(preset=north_american,deck=33,target=5)",
    "euchre(preset=tournament,defend_alone=true)",
]
"""Every euchre preset EGN can say, and the rule options it maps, with other values."""

NOT_EXPRESSIBLE = {
    "british": "partner_may_take_over",
    "british_tournament": "partner_may_take_over",
    "cornish": "defend_alone",
    "openspiel": "alone_timing",
}
"""The presets EGN cannot say, with an option each refusal names."""


def _match(rules: str, seed: int) -> dict[str, Any]:
    """A generated match: heuristic and random seats (random ones go alone and pass more)."""
    game = load_game(rules)
    bots = [make_bot("heuristic", game), make_bot("random", game)] * 2
    state = play_match(game, bots, random.Random(seed))
    return record_of(state, names=["Ann", "Bob", "Cid", "Dee"], seed=seed)


def _joker_turned(record: dict[str, Any]) -> bool:
    return any(deal["turned"] == "JO" for deal in record["deals"])


def _said_rules(rules: Any) -> Any:
    """The rules but for the options that decide nothing in a replay."""
    return replace(rules, **{name: getattr(rules.__class__(), name) for name in UNSPOKEN})


@pytest.mark.parametrize("rules", EXPRESSIBLE)
@pytest.mark.parametrize("seed", range(3))
def test_record_to_egn_to_record(rules: str, seed: int) -> None:
    record = _match(rules, seed)
    if _joker_turned(record):
        with pytest.raises(EgnError, match="has no EGN form"):
            write_egn(record)
        return
    again = read_egn(write_egn(record))
    before, after = replay_record(record), replay_record(again)
    assert _said_rules(after.game.rules) == _said_rules(before.game.rules)
    assert replay_json(after) == replay_json(before)
    assert again["names"] == record["names"]
    assert again["first_dealer"] == record["first_dealer"]
    for old, new in zip(record["deals"], again["deals"], strict=True):
        # EGN keeps no stock (the kitty below the up-card); the rest comes back as it was.
        assert {**old, "stock": []} == new


@pytest.mark.parametrize("rules", EXPRESSIBLE)
def test_egn_to_record_to_egn(rules: str) -> None:
    record = _match(rules, 11)
    if _joker_turned(record):
        pytest.skip("a Joker up-card has no EGN form")
    egn = write_egn(record)
    assert write_egn(read_egn(egn)) == egn
    assert egn["metadata"]["ruleset"]["std"] == load_game(rules).rules.stick_the_dealer


def test_round_trips_keep_unseen_cards_start_scores_and_annotations() -> None:
    egn = json.loads((FILES / "vwec_finals.egn").read_text("utf-8"))
    egn["metadata"]["initialScore"] = [2, 3]
    egn["deals"] = egn["deals"][:8]
    bidding, play = egn["deals"][7]["phases"]
    bidding["callAnnotations"] = {"3": ["[!]Alone on the right bower and trumps"]}
    play["playAnnotations"] = {"0": ["[?]A low lead"], "14": ["last card"]}
    record = read_egn(egn)
    loner = record["deals"][7]
    assert loner["unseen"] == [0, 1, 0, 5] and "discard" in loner["actions"]
    assert loner["annotations"] == {
        "3": ["[!]Alone on the right bower and trumps"],
        "5": ["[?]A low lead"],
        "19": ["last card"],
    }
    assert record["start_scores"] == [2, 3]
    out = write_egn(record)
    assert out["metadata"]["initialScore"] == [2, 3]
    # Only what the game showed: the partner's hand is left empty, the dealer's four cards.
    assert out["deals"][7]["initialState"]["playerCards"][3] == []
    assert len(out["deals"][7]["initialState"]["playerCards"][1]) == 4
    assert "Xx" not in json.dumps(out)
    assert out["deals"][7]["phases"][0]["callAnnotations"] == bidding["callAnnotations"]
    assert out["deals"][7]["phases"][1]["playAnnotations"] == play["playAnnotations"]
    assert "discard" not in out["deals"][7]["phases"][0]
    assert read_egn(out) == record


def test_metadata_and_player_objects_are_kept() -> None:
    egn = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    egn["metadata"]["title"] = "A test"
    egn["metadata"]["players"][0] = {"name": "Ann", "id": "a1"}
    record = read_egn(egn)
    assert record["names"][0] == "Ann"
    assert record["metadata"]["title"] == "A test"
    assert write_egn(record)["metadata"]["players"][0] == {"name": "Ann", "id": "a1"}


@pytest.mark.parametrize("preset", sorted(NOT_EXPRESSIBLE))
def test_presets_egn_cannot_say_are_refused_by_name(preset: str) -> None:
    record = _match(f"euchre(preset={preset})", 0)
    with pytest.raises(EgnError, match=NOT_EXPRESSIBLE[preset]):
        write_egn(record)


def test_other_games_are_refused() -> None:
    game = load_game("all_fours(preset=seven_up)", players=2)
    state = play_match(game, [make_bot("random", game)] * 2, random.Random(1))
    with pytest.raises(EgnError, match="EGN records euchre"):
        write_egn(record_of(state))


def test_a_faulty_record_is_refused() -> None:
    with pytest.raises(EgnError, match="not a record"):
        write_egn("{}")
    record = _match("euchre(preset=tournament)", 1)
    record["deals"][0]["actions"][0] = "play 2C"
    with pytest.raises(RecordError):
        write_egn(record)


# -- the schema ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(FILES.glob("*.egn")), ids=lambda p: p.stem)
def test_the_games_here_meet_the_schema(path: Path) -> None:
    validate_egn(json.loads(path.read_text("utf-8")))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda g: g.pop("metadata"), "'metadata' is a required property"),
        (lambda g: g["metadata"].update(initialScore=[1, 2, 3]), "is too long"),
        (lambda g: g["deals"][0]["initialState"].update(upCard="Zz"), "does not match"),
        (lambda g: g["deals"][0]["phases"][0].update(calls=["Bid"]), "is not one of"),
        (lambda g: g["deals"][0].update(kitty=["9h"]), "Additional properties"),
        (lambda g: g["metadata"]["ruleset"].update(loner_lead="LEFT"), "is not one of"),
    ],
)
def test_the_schema_refuses_what_egn_does_not_allow(change: Any, message: str) -> None:
    egn = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    egn["metadata"]["ruleset"] = {"std": True}
    change(egn)
    with pytest.raises(EgnError, match=message):
        validate_egn(egn)
    with pytest.raises(EgnError, match="not an EGN game this tricktable reads"):
        read_egn(egn)


# -- real games ------------------------------------------------------------------------------
def test_vwec_finals_replays_to_its_points() -> None:
    """The final of the Virtual World Euchre Championship (EGN's examples). Deal 1 checked by
    hand: the dealer (seat 2) takes up the KC; seat 3 leads AD, seat 2 trumps with the 9C,
    seat 1 wins the spade trick with the left bower (JS), seat 0 trumps hearts with the TC,
    seat 2 wins the last two with the KC and JC: 4 tricks, 1 point to seats 0 and 2."""
    record = read_egn((FILES / "vwec_finals.egn").read_text("utf-8"))
    result = replay_json(replay_record(record))
    points = [deal["points"] for deal in result["deals"]]
    assert points[0] == [1, 0] and result["deals"][0]["tricks"] == [4, 1]
    assert points == [
        [1, 0], [1, 0], [0, 2], [2, 0], [1, 0], [0, 1], [1, 0],
        [0, 1], [1, 0], [0, 2], [1, 0], [0, 2], [0, 2],
    ]  # fmt: skip
    assert result["scores"] == [8, 10] and result["finished"] and result["winner"] == 1
    assert record["rules"]["lone_lead"] == "left_of_loner"


def test_epic_comeback_counts_from_its_initial_score() -> None:
    """A game taken up at 0-7 (EGN's "Epic 0-7 Comeback"): seats 0 and 2 win 11-9."""
    record = read_egn((FILES / "epic_comeback.egn").read_text("utf-8"))
    assert record["start_scores"] == [0, 7]
    result = replay_json(replay_record(record))
    assert result["deals"][0]["scores"] == [1, 7]
    assert result["scores"] == [11, 9] and result["winner"] == 0


def test_the_one_deal_game_rebuilds_the_hands_as_dealt() -> None:
    record = read_egn((FILES / "one_deal.egn").read_text("utf-8"))
    deal = record["deals"][0]
    assert deal["hands"] == [
        ["AC", "AH", "9D", "TD", "QS"],
        ["TC", "KH", "AD", "KS", "JS"],
        ["9C", "TH", "KD", "TS", "JC"],
        ["KC", "QD", "JH", "QC", "9S"],
    ]
    assert deal["actions"][4] == "discard 9S" and "unseen" not in deal


def test_bowers_and_nines_may_be_written_r_l_and_n() -> None:
    egn = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    tricks = egn["deals"][0]["phases"][1]["tricks"]
    tricks[0][2] = "Nc"
    tricks[2][0] = "R"
    tricks[3][0] = "L"
    assert read_egn(egn) == read_egn((FILES / "one_deal.egn").read_text("utf-8"))


def test_a_dealer_who_kept_the_up_card_discarded_it() -> None:
    egn = json.loads((FILES / "vwec_finals.egn").read_text("utf-8"))
    egn["deals"] = egn["deals"][:1]
    first = read_egn(copy.deepcopy(egn))["deals"][0]
    assert first["actions"][4] == "discard"  # the dealer played the KC: its discard unseen
    bidding = egn["deals"][0]["phases"][0]
    bidding["discard"] = "Kc"
    with pytest.raises(EgnError, match="the discard is the up-card Kc, but the dealer"):
        read_egn(egn)


# -- refusals --------------------------------------------------------------------------------
REFUSALS = {
    "allow_no_trump": "ruleset allow_no_trump: tricktable does not play no-trump calls",
    "alone_defender": "deal 1: aloneDefender 0, but the ruleset does not allow defend_alone",
    "bad_card": "'1c' does not match",
    "binary_deal": "deal 1 is in EGN's condensed binary form",
    "card_exchanges": "cardExchanges: tricktable does not play card exchanges",
    "farmers": "ruleset farmers: tricktable does not play EGN's farmer's hand",
    "fast_break": "ruleset fast_break",
    "final_score": r"finalScore is \[2, 0\], but the deals score \[0, 1\]",
    "four_trick_tokens": "ruleset four_trick_tokens",
    "generic_suit": "generic suit in 'At'",
    "go_under": "ruleset go_under",
    "incomplete_play": "deal 1 stops before its play is complete",
    "joker_up_card": "a Joker up-card",
    "joker_with_eights": "no 29-card deck",
    "min_rank": "ruleset min_rank 2",
    "no_end": "winning_score 0 without num_deals",
    "no_trump_call": r"calls\[4\] is no trump \('n'\)",
    "num_deals": "ruleset num_deals 8",
    "num_players": "ruleset num_players 6",
    "partly_known_card": "partly known card 'Xc'",
    "partners_best": "ruleset partners_best",
    "unknown_call": r"calls\[1\] is not known \('x'\)",
    "unknown_up_card": r"the up-card is not known \(Xx\)",
    "unrecorded_play": r"a card played but not recorded \(Xx\)",
    "wrong_dealer": "deal 2: the dealer is seat 3, but the deal passes to the left",
    "wrong_seat_count": "EGN's euchre has 4 players, not 3",
}


def test_every_refusal_file_is_tested() -> None:
    assert {path.stem for path in (FILES / "refused").glob("*.egn")} == set(REFUSALS)


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusals_name_the_feature(name: str) -> None:
    text = (FILES / "refused" / f"{name}.egn").read_text("utf-8")
    with pytest.raises(EgnError, match=REFUSALS[name]):
        read_egn(text)


def test_a_single_hand_is_num_deals_1() -> None:
    egn = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    egn["metadata"]["ruleset"] = {"num_deals": 1}
    record = read_egn(egn)
    assert load_game("euchre", record["rules"]).rules.target is None
    assert replay_json(replay_record(record))["finished"]
    assert write_egn(record)["metadata"]["ruleset"]["num_deals"] == 1


def test_given_hands_are_used_and_a_discard_deduced_from_them() -> None:
    egn = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    del egn["deals"][0]["phases"][0]["discard"]
    egn["deals"][0]["initialState"]["playerCards"] = [
        ["9d", "Ac", "Ah", "Td", "Qs"],
        ["Xx", "Xx", "Xx", "Xx", "Xx"],
        ["Jc", "Xx", "9c", "Th", "Kd"],
        ["Qc", "Kc", "Qd", "Jh", "9s"],
    ]
    deal = read_egn(egn)["deals"][0]
    assert deal["hands"][0] == ["9D", "AC", "AH", "TD", "QS"]  # in the order given
    assert deal["hands"][2] == ["JC", "9C", "TH", "KD", "TS"]  # the Xx was the TS it played
    assert "discard 9S" in deal["actions"] and "unseen" not in deal
    egn["deals"][0]["initialState"]["playerCards"][0][0] = "Kh"
    with pytest.raises(EgnError, match="seat 0 played or discarded 9d, not in its playerCards"):
        read_egn(egn)


def test_a_trick_before_the_last_must_be_whole() -> None:
    egn = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    egn["deals"][0]["phases"][1]["tricks"][1].pop()
    with pytest.raises(EgnError, match="a trick before the last is not whole"):
        read_egn(egn)


@pytest.mark.parametrize("stop", [2, 5, 9, 14])
def test_a_record_that_stops_inside_a_deal_goes_both_ways(stop: int) -> None:
    record = _match("euchre(preset=tournament)", 4)
    record["deals"] = record["deals"][:2]
    record["deals"][1]["actions"] = record["deals"][1]["actions"][:stop]
    egn = write_egn(record)
    again = read_egn(egn)
    assert replay_json(replay_record(again)) == replay_json(replay_record(record))
    assert write_egn(again) == egn


# -- what EGN's own tools take (issue 42) ------------------------------------------------------
def _every_phase_numbered(egn: dict[str, Any]) -> bool:
    return all(
        phase.get("phaseNumber") == number
        for deal in egn["deals"]
        for number, phase in enumerate(deal["phases"])
    )


@pytest.mark.parametrize("path", sorted(FILES.glob("*.egn")), ids=lambda p: p.stem)
def test_written_games_say_an_egn_version_and_number_their_phases(path: Path) -> None:
    egn = write_egn(read_egn(path.read_text("utf-8")))
    assert egn["version"] == "1.4"  # EGN's validator takes 1.2 to 1.4
    assert _every_phase_numbered(egn)


def test_unseen_cards_are_left_out_not_written_as_placeholders() -> None:
    record = read_egn((FILES / "vwec_finals.egn").read_text("utf-8"))
    egn = write_egn(record)
    assert "Xx" not in json.dumps(egn)
    hands = [deal["initialState"].get("playerCards") for deal in egn["deals"]]
    assert all(hand is None or len(hand) == 4 for hand in hands)
    assert read_egn(egn) == record  # a short hand reads back as its cards and the unseen


def _annotated() -> dict[str, Any]:
    """The one-deal game with annotations and two alternative lines (one from the bidding,
    one inside a trick)."""
    egn = _one_deal()
    bidding, play = egn["deals"][0]["phases"]
    bidding["callAnnotations"] = {"3": ["takes it up"]}
    play["playAnnotations"] = {"0": ["[!] a good lead"], "19": ["the last card"]}
    egn["deals"][0]["alternativeLines"] = [
        {
            "branchIndex": 0,
            "phases": [
                {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "discard": "9s"}
            ],
        },
        {
            "branchIndex": 18,
            "phases": [
                {
                    "phaseNumber": 0,
                    "type": "TRICK_PLAY",
                    "tricks": [["Js", "Ts"], ["Qc", "Qs", "Ks", "Jc"]],
                }
            ],
        },
    ]
    return read_egn(egn)


def _lines(record: dict[str, Any]) -> list[Any]:
    """What each alternative line says (EGN's converter renumbers their phases)."""
    return [
        [
            line["branchIndex"],
            [[p.get("calls"), p.get("discard"), p.get("tricks")] for p in line["phases"]],
        ]
        for deal in record["deals"]
        for line in deal.get("alternative_lines", [])
    ]


def _same_game(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """The same record, the alternative lines compared by what they say."""
    deals = [
        [{k: v for k, v in deal.items() if k != "alternative_lines"} for deal in r["deals"]]
        for r in (one, other)
    ]
    rest = [{k: v for k, v in r.items() if k != "deals"} for r in (one, other)]
    return deals[0] == deals[1] and rest[0] == rest[1] and _lines(one) == _lines(other)


def _real_and_generated(tmp_path: Path) -> list[Path]:
    """The real games here, an annotated game with alternative lines, and generated matches
    of every preset EGN can say, exported."""
    paths = []
    sources = [read_egn(path.read_text("utf-8")) for path in sorted(FILES.glob("*.egn"))]
    sources += [_annotated()]
    sources += [_match(rules, seed) for rules in EXPRESSIBLE for seed in range(2)]
    for number, record in enumerate(sources):
        if _joker_turned(record):
            continue
        path = tmp_path / f"export-{number}.egn"
        path.write_text(json.dumps(write_egn(record)), encoding="utf-8")
        paths.append(path)
    return paths


def test_egns_own_validator_and_converter_take_every_export(egn_tools: Any, tmp_path: Path) -> None:
    paths = _real_and_generated(tmp_path)
    results = egn_tools.check(paths)
    assert [r["file"] for r in results] == [str(p) for p in paths]
    for path, result in zip(paths, results, strict=True):
        assert result["valid"], (path.name, result["errors"])
        egn = json.loads(path.read_text("utf-8"))
        assert result["expanded"]["ok"], result["expanded"]
        assert _same_game(read_egn(result["expanded"]["back"]), read_egn(egn))
        if '"B"' in path.read_text("utf-8"):
            # EGN's condensed form knows no Joker: its converter says so, by name.
            assert "Card B not found" in result["condensed"]["error"]
            continue
        assert result["condensed"]["ok"], (path.name, result["condensed"])
        assert _same_game(read_egn(result["condensed"]["back"]), read_egn(egn))


def test_egns_own_validator_takes_the_games_here(egn_tools: Any) -> None:
    paths = sorted(FILES.glob("*.egn"))
    assert all(result["valid"] for result in egn_tools.check(paths))


# -- clear errors (issue 42) -------------------------------------------------------------------
def _one_deal() -> dict[str, Any]:
    egn: dict[str, Any] = json.loads((FILES / "one_deal.egn").read_text("utf-8"))
    return egn


def test_a_byte_order_mark_is_no_fault() -> None:
    data = (FILES / "one_deal.egn").read_bytes()
    assert read_egn(b"\xef\xbb\xbf" + data) == read_egn(data)


def test_bytes_that_are_not_utf8_are_named() -> None:
    data = (FILES / "one_deal.egn").read_bytes().replace(b"Ann", b"An\xe9")
    with pytest.raises(EgnError, match="not UTF-8 text: byte 0xe9 at offset"):
        read_egn(data)


def test_a_sixth_trick_is_named() -> None:
    egn = _one_deal()
    egn["deals"][0]["phases"][1]["tricks"].append(["9h", "Th", "Jh", "Qh"])
    with pytest.raises(EgnError, match="deal 1: 6 tricks, but a deal has 5"):
        read_egn(egn)


def test_a_discarded_up_card_played_afterwards_is_named() -> None:
    egn = _one_deal()
    egn["deals"][0]["phases"][0]["discard"] = "Jd"  # the up-card, which the dealer plays
    with pytest.raises(EgnError, match="the discard is the up-card Jd, but the dealer"):
        read_egn(egn)


def test_a_wrong_type_names_its_field() -> None:
    egn = _one_deal()
    egn["deals"][0]["phases"][0]["isAlone"] = "yes"
    with pytest.raises(EgnError, match=r"'yes' is not of type 'boolean' \(at deals/0/phases/0/"):
        read_egn(egn)
    egn = _one_deal()
    del egn["deals"][0]["phases"][1]["phaseNumber"]
    with pytest.raises(EgnError, match="'phaseNumber' is a required property"):
        read_egn(egn)


@pytest.mark.parametrize("magic", [b"\x00", b"\x01", b"\x02"])
def test_egn_binary_is_named(magic: bytes) -> None:
    with pytest.raises(EgnError, match=r"an EGN binary file \(\.egnb, .* egn-convert"):
        read_egn(magic + b"\n\x14Euchre Game Notation")


def test_a_version_egn_does_not_have_is_named() -> None:
    egn = _one_deal()
    egn["version"] = "1.6"
    with pytest.raises(EgnError, match=r"version '1\.6' is no Euchre Game Notation version"):
        read_egn(egn)


def test_deals_are_counted_from_one_as_replay_counts_them() -> None:
    egn = json.loads((FILES / "vwec_finals.egn").read_text("utf-8"))
    egn["deals"][2]["phases"][1]["tricks"][0][0] = "9h"  # a card nobody held
    with pytest.raises(EgnError, match=r"^deal 3: the game does not replay under its rules"):
        read_egn(egn)


def test_annotations_past_the_plays_are_refused() -> None:
    egn = _one_deal()
    egn["deals"][0]["phases"][1]["playAnnotations"] = {"20": ["after the last card"]}
    with pytest.raises(EgnError, match="playAnnotations 20 is past the last card played"):
        read_egn(egn)


def test_alternative_lines_must_replay() -> None:
    egn = _one_deal()
    good = {  # eldest orders the JD up instead: the dealer discards the 9S
        "branchIndex": 0,
        "phases": [
            {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "discard": "9s"}
        ],
    }
    late = {  # the last trick led with the JH instead of the QC: not the seat's card to lead
        "branchIndex": 20,
        "phases": [{"phaseNumber": 0, "type": "TRICK_PLAY", "tricks": [["Jh"]]}],
    }
    egn["deals"][0]["alternativeLines"] = [good]
    assert read_egn(egn)["deals"][0]["alternative_lines"] == [good]
    egn["deals"][0]["alternativeLines"] = [good, late]
    with pytest.raises(EgnError, match="deal 1: alternative line 2 does not replay"):
        read_egn(egn)
    nonsense = {
        "branchIndex": 1,
        "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order", "Order"]}],
    }
    egn["deals"][0]["alternativeLines"] = [nonsense]
    with pytest.raises(EgnError, match=r"alternative line 1: calls\[2\] 'Order' comes after"):
        read_egn(egn)
    egn["deals"][0]["alternativeLines"] = [{**good, "branchIndex": 30}]
    with pytest.raises(EgnError, match="branchIndex 30 is past the deal's last decision"):
        read_egn(egn)


def test_a_negative_starting_score_is_refused() -> None:
    egn = _one_deal()
    egn["metadata"]["initialScore"] = [-2, 0]
    with pytest.raises(EgnError, match=r"initialScore \[-2, 0\]: a team's score is never below"):
        read_egn(egn)


@pytest.mark.parametrize(("ruleset", "cards"), [({"joker": True}, "B"), ({"min_rank": 7}, "8s")])
def test_a_deck_the_deals_belie_is_refused(ruleset: dict[str, Any], cards: str) -> None:
    egn = json.loads((FILES / "vwec_finals.egn").read_text("utf-8"))
    egn["metadata"]["ruleset"].update(ruleset)
    with pytest.raises(EgnError, match=f"none of the .* cards seen .* is one of its .*{cards}"):
        read_egn(egn)
    egn["deals"] = egn["deals"][:1]  # one deal of a few cards seen proves nothing
    assert read_egn(egn)["rules"]["deck"] in (25, 32)


# -- rule options and EMN match files (issue 42) ------------------------------------------------
def test_a_lone_defender_is_read_and_written() -> None:
    egn = json.loads((FILES / "vwec_finals.egn").read_text("utf-8"))
    loner = egn["deals"][7]  # seat 1 deals and goes alone on the TS; seat 3 sits out
    egn["deals"] = [loner]
    egn["metadata"]["ruleset"]["defend_alone"] = True
    loner["dealNumber"] = 0
    alone = read_egn(copy.deepcopy(egn))  # nobody defends alone: both defenders pass
    assert alone["rules"]["defend_alone"] is True
    assert alone["deals"][0]["actions"][4:7] == ["discard", "pass", "pass"]
    bidding = loner["phases"][0]
    bidding["aloneDefender"] = 2
    with pytest.raises(EgnError, match="deal 1 trick 1: 3 cards, but 2 play"):
        read_egn(egn)  # seat 0 would sit out: these are not the cards as they fell
    bidding["aloneDefender"] = 3
    with pytest.raises(EgnError, match="aloneDefender 3 is not a defender who may defend"):
        read_egn(egn)


def test_generated_lone_defences_go_both_ways() -> None:
    defences = 0
    for seed in range(4):
        record = _match("euchre(preset=tournament,defend_alone=true)", seed)
        egn = write_egn(record)
        assert egn["metadata"]["ruleset"]["defend_alone"] is True
        defences += sum("aloneDefender" in deal["phases"][0] for deal in egn["deals"])
        again = read_egn(egn)
        assert replay_json(replay_record(again)) == replay_json(replay_record(record))
        assert write_egn(again) == egn
    assert defences  # the random seats defend alone now and then


def _emn(games: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "fileType": "Euchre Match Notation",
        "version": "1.0",
        "metadata": {
            "matchId": "m-1",
            "title": "Two games",
            "players": [
                {"id": "p-01", "name": "Ann"},
                {"id": "p-02", "name": "Bob", "playerIds": [{"id": "b7", "source": "club"}]},
                {"id": "p-03", "name": "Cid"},
                {"id": "p-04", "name": "Dee"},
                {"id": "p-05", "name": "Eve"},
            ],
            "matchFormat": {"type": "FIXED_GAMES", "target": 2},
        },
        "games": games,
    }


def test_an_emn_match_reads_as_one_record_per_game_and_back() -> None:
    first = write_egn(_match("euchre(preset=tournament)", 1))
    second = write_egn(_match("euchre(preset=tournament)", 2))
    second["metadata"]["players"] = ["Ann", "Eve", "Cid", "Dee"]
    emn = _emn(
        [
            {"gameIndex": 0, "players": ["p-01", "p-02", "p-03", "p-04"], "gameData": first},
            {"gameIndex": 1, "players": ["p-01", "p-05", "p-03", "p-04"], "gameData": second},
        ]
    )
    records = read_emn(json.dumps(emn))
    assert [record["names"] for record in records] == [
        ["Ann", "Bob", "Cid", "Dee"],
        ["Ann", "Eve", "Cid", "Dee"],
    ]
    assert records[1]["metadata"]["emn"]["players"] == ["p-01", "p-05", "p-03", "p-04"]
    for record in records:
        replay_record(record)
    assert write_emn(records) == emn
    assert write_egn(records[0]) == first  # a game of the match is an EGN game alone


def test_records_make_a_new_emn_match() -> None:
    records = [_match("euchre(preset=canadian)", seed) for seed in range(2)]
    records[1]["names"] = ["Ann", "Zed", "Cid", "Dee"]
    emn = write_emn(records)
    assert [p["name"] for p in emn["metadata"]["players"]] == ["Ann", "Bob", "Cid", "Dee", "Zed"]
    assert [game["players"] for game in emn["games"]] == [
        ["p-01", "p-02", "p-03", "p-04"],
        ["p-01", "p-05", "p-03", "p-04"],
    ]
    again = read_emn(emn)
    assert [replay_json(replay_record(r)) for r in again] == [
        replay_json(replay_record(r)) for r in records
    ]


def test_emn_faults_are_named() -> None:
    game = write_egn(_match("euchre(preset=tournament)", 1))
    emn = _emn([{"gameIndex": 0, "players": ["p-01", "p-02", "p-03", "p-09"], "gameData": game}])
    with pytest.raises(EgnError, match="game 1: player 'p-09' is not in the match's metadata"):
        read_emn(emn)
    emn["games"][0]["players"][3] = "p-04"
    emn["games"][0]["gameData"] = {**game, "version": "1.6"}
    with pytest.raises(EgnError, match=r"game 1 \(gameIndex 0\): version '1.6' is no"):
        read_emn(emn)
    with pytest.raises(EgnError, match="an EMN match file, not an EGN game"):
        read_egn({**emn, "games": []})
    with pytest.raises(EgnError, match="the EMN match holds no game"):
        read_emn({**emn, "games": []})


def test_egns_own_emn_validator_takes_written_matches(egn_tools: Any, tmp_path: Path) -> None:
    records = [_match(rules, 3) for rules in EXPRESSIBLE[:4]]
    path = tmp_path / "match.emn"
    path.write_text(json.dumps(write_emn(records)), encoding="utf-8")
    (result,) = egn_tools.check([path])
    assert result["valid"], result["errors"]
    assert result["binary"] == {"ok": True, "games": 4}


ENGINE_PLAYS = [
    "euchre(preset=north_american)",
    "euchre(preset=tournament)",
    "euchre(preset=canadian)",
    "euchre(preset=tournament,target=null)",
    "euchre(preset=north_american,lone_lead=left_of_loner)",
]
"""The rule sets EGN's own rules engine plays: 24 cards, a loner's march 4 and euchre 2, no
lone defender (its scores are fixed, its deck the 24 cards)."""


def test_egns_own_rules_engine_scores_the_exports_as_tricktable(
    egn_tools: Any, tmp_path: Path
) -> None:
    records = [read_egn(path.read_text("utf-8")) for path in sorted(FILES.glob("*.egn"))]
    records += [_match(rules, seed) for rules in ENGINE_PLAYS for seed in range(2)]
    paths = []
    for number, record in enumerate(records):
        path = tmp_path / f"game-{number}.egn"
        path.write_text(json.dumps(write_egn(record)), encoding="utf-8")
        paths.append(path)
    compared = 0
    for record, result in zip(records, egn_tools.check(paths), strict=True):
        ours = replay_json(replay_record(record))["deals"]
        assert len(result["engine"]) == len(ours)
        for deal, theirs in zip(ours, result["engine"], strict=True):
            assert theirs == {"points": deal["points"], "tricks": deal["tricks"]}
            compared += 1
    assert compared  # every deal, thrown-in ones too
