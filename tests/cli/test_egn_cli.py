"""``tricktable import egn``, ``tricktable export egn`` and ``analyse`` on an imported game."""

from __future__ import annotations

import json
from pathlib import Path

from . import one_line, tricktable

GAMES = Path(__file__).parents[1] / "interop" / "egn"


def test_import_then_replay_and_export(tmp_path: Path) -> None:
    record = tmp_path / "vwec.json"
    result = tricktable(["import", "egn", str(GAMES / "vwec_finals.egn"), "--out", str(record)])
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    replay = tricktable(["replay", str(record), "--json"])
    assert replay.returncode == 0, replay.stderr
    assert json.loads(one_line(replay.stdout))["scores"] == [8, 10]
    text = tricktable(["replay", str(record)]).stdout
    assert "?? ?? ?? ?? ??" in text and "discard ??" in text
    exported = tricktable(["export", "egn", str(record)])
    assert exported.returncode == 0, exported.stderr
    egn = json.loads(exported.stdout)
    assert egn["fileType"] == "Euchre Game Notation" and egn["metadata"]["finalScore"] == [8, 10]
    again = tricktable(["import", "egn", "-"], stdin=exported.stdout)
    assert json.loads(again.stdout) == json.loads(record.read_text("utf-8"))


def test_refusals_and_bad_files_exit_2(tmp_path: Path) -> None:
    refused = tricktable(["import", "egn", str(GAMES / "refused" / "farmers.egn")])
    assert refused.returncode == 2 and refused.stdout == ""
    assert "ruleset farmers: tricktable does not play EGN's farmer's hand" in refused.stderr
    missing = tricktable(["import", "egn", str(tmp_path / "none.egn")])
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    record = tmp_path / "british.json"
    record.write_text(
        json.dumps(
            {"game": "euchre", "rules": {"preset": "british"}, "players": 4,
             "first_dealer": 0, "deals": []}
        ),
        encoding="utf-8",
    )  # fmt: skip
    british = tricktable(["export", "egn", str(record)])
    assert british.returncode == 2 and "have no EGN form: partner_may_take_over" in british.stderr


def test_analyse_an_imported_game_seat_by_seat(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    egn = json.loads((GAMES / "vwec_finals.egn").read_text("utf-8"))
    egn["deals"] = egn["deals"][7:8]  # the loner: the dealer's discard and partner unseen
    egn["deals"][0]["dealNumber"] = 0
    source = tmp_path / "loner.egn"
    source.write_text(json.dumps(egn), encoding="utf-8")
    assert tricktable(["import", "egn", str(source), "--out", str(record)]).returncode == 0
    result = tricktable(["analyse", str(record), "--seat", "all", "--worlds", "2", "--json"])
    assert result.returncode == 0, result.stderr
    seats = json.loads(one_line(result.stdout))["seats"]
    assert [entry["seat"] for entry in seats] == [0, 1, 2, 3]
    # Seat 1 dealt and went alone with a discard never recorded; seat 3 sat out unseen.
    for entry in seats:
        unanalysed = [d for d in entry["decisions"] if "unanalysed" in d]
        if entry["seat"] in (1, 3):
            assert unanalysed == entry["decisions"] and entry["mistakes"] == 0
        else:
            assert entry["decisions"] and not unanalysed
            assert all(d["values"] for d in entry["decisions"])
    seat_one = seats[1]["decisions"]
    assert "discard" in [d["taken"] for d in seat_one]  # never the stand-in's name
    text = tricktable(["analyse", str(record), "--seat", "2", "--level", "hard"]).stdout
    assert "not analysed: the seat's hand is not wholly known" in text


def test_bytes_not_utf8_and_egn_binary_files_are_named(tmp_path: Path) -> None:
    latin = tmp_path / "latin.egn"
    latin.write_bytes((GAMES / "one_deal.egn").read_bytes().replace(b"Ann", b"An\xe9"))
    result = tricktable(["import", "egn", str(latin)])
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not UTF-8 text: byte 0xe9 at offset" in result.stderr
    binary = tmp_path / "game.egnb"
    binary.write_bytes(b"\x01\n\x14Euchre Game Notation")
    named = tricktable(["import", "egn", str(binary)])
    assert named.returncode == 2 and "an EGN binary file (.egnb, condensed form)" in named.stderr
    assert "egn-convert" in named.stderr
    binary.write_bytes(b"garbage")  # named by its file name, whatever it holds
    assert "an EGN binary file (.egnb" in tricktable(["import", "egn", str(binary)]).stderr


def test_a_match_file_imports_to_records_and_exports_back(tmp_path: Path) -> None:
    record = tmp_path / "vwec.json"
    for name, out in (("vwec_finals", record), ("one_deal", one := tmp_path / "one.json")):
        made = tricktable(["import", "egn", str(GAMES / f"{name}.egn"), "--out", str(out)])
        assert made.returncode == 0, made.stderr
    match = tmp_path / "finals.emn"
    made = tricktable(["export", "egn", str(record), str(one), "--out", str(match)])
    assert made.returncode == 0, made.stderr
    emn = json.loads(match.read_text("utf-8"))
    assert emn["fileType"] == "Euchre Match Notation" and len(emn["games"]) == 2
    games = tmp_path / "game.json"
    again = tricktable(["import", "egn", str(match), "--out", str(games)])
    assert again.returncode == 0, again.stderr
    first, second = tmp_path / "game-1.json", tmp_path / "game-2.json"
    replay = tricktable(["replay", str(first), "--json"])
    assert json.loads(one_line(replay.stdout))["scores"] == [8, 10]
    assert json.loads(second.read_text("utf-8"))["names"] == ["Ann", "Bob", "Cid", "Dee"]
    back = tricktable(["export", "egn", str(first), str(second)])
    assert back.returncode == 0, back.stderr
    assert json.loads(back.stdout) == emn
    listed = tricktable(["import", "egn", str(match)])
    assert [r["names"][0] for r in json.loads(listed.stdout)] == ["WWMM", "Ann"]
