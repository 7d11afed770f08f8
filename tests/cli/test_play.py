"""``tricktable play`` driven through standard input."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

from tricktable.cards import parse_card, parse_cards
from tricktable.cli.play import InputError, TerminalGame, interpret
from tricktable.events import Event
from tricktable.games import load_game
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.presentation.events import event_text
from tricktable.presentation.hands import sort_hand

from . import assert_in_order, one_line, tricktable

CARD = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9JQKA])[SHDC]|JO)(?![A-Za-z0-9])")
PLAY_LINE = re.compile(r"^  \w+: (?:(?:10|[2-9JQKA])[SHDC]|JO)$")
ANSWERS = "XYZ\nplay 2C\n99\nhand\nscore\n" + "1\n" * 3000


def _replay(path: Path) -> dict[str, object]:
    result = tricktable(["replay", "--json", str(path)])
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_whole_game_through_stdin_with_bad_answers(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = tricktable(["play", "euchre", "--seed", "7", "--save", str(save)], ANSWERS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "'XYZ' is not an action" in out
    assert "you do not hold 2C" in out
    assert "99 is not a listed number" in out
    assert "win the match" in out
    assert "End of deal 1" in out and "Makers:" in out and "Score:" in out
    assert "wins trick 1" in out or "win trick 1" in out
    assert _replay(save)["finished"] is True
    record = json.loads(save.read_text())
    assert record["names"][0] == "You" and record["names"][1] == "bot:heuristic"  # was "human"
    assert record["seed"] == 7


def test_same_seed_and_answers_same_game(tmp_path: Path) -> None:
    args = ["play", "euchre", "--seed", "11", "--bots", "random", "--seat", "2"]
    first = tricktable(args, ANSWERS)
    second = tricktable(args, ANSWERS)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert "you sit at seat 2 of 4" in first.stdout  # --seat counts from 1


def test_never_shows_another_seats_cards(tmp_path: Path) -> None:
    """Before the first card of each deal, only the person's own cards and the up-card appear."""
    save = tmp_path / "game.json"
    result = tricktable(
        ["play", "euchre", "--seed", "3", "--bots", "random", "--save", str(save)], "1\n" * 3000
    )
    assert result.returncode == 0, result.stderr
    record = json.loads(save.read_text())
    lines = result.stdout.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("=== Deal ")]
    assert len(starts) == len(record["deals"])
    for start, deal in zip(starts, record["deals"], strict=True):
        allowed = {parse_card(c) for c in deal["hands"][0]} | {parse_card(deal["turned"])}
        for line in lines[start:]:
            if PLAY_LINE.match(line):
                break
            shown = {parse_card(c) for c in CARD.findall(line)}
            assert shown <= allowed, line
    assert "discards a card face down" in result.stdout


def test_short_forms_and_words(tmp_path: Path) -> None:
    # the first decision of seed 5 is a card to play; a card alone plays it
    probe = tricktable(["play", "euchre", "--seed", "5", "--bots", "random"], "")
    options = re.search(r"Your options: 1\) play (\S+)", probe.stdout)
    assert options is not None, probe.stdout
    card = options.group(1)
    short = card[:-1] + card[-1].lower()
    result = tricktable(["play", "euchre", "--seed", "5", "--bots", "random"], f"{short}\nquit\n")
    assert result.returncode == 0
    assert f"  You: {card}" in result.stdout
    assert "You leave the game." in result.stdout


def test_end_of_input_saves_and_exits_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    result = tricktable(["play", "euchre", "--seed", "2", "--save", str(save)], "")
    assert result.returncode == 0, result.stderr
    assert "End of input" in result.stdout
    assert _replay(save)["finished"] is False


def test_quit_saves(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = tricktable(["play", "euchre", "--rules", "british", "--save", str(save)], "quit\n")
    assert result.returncode == 0
    record = json.loads(save.read_text())
    assert record["rules"]["preset"] == "british"


def test_errors() -> None:
    cases = {
        ("play", "whist"): "games: euchre",
        ("play", "euchre", "--seat", "7"): "'7' is not a seat: seats are 1-4 (counted from 1)",
        ("play", "euchre", "--seat", "0"): "'0' is not a seat: seats are 1-4",
        ("play", "euchre", "--bots", "oracle"): "bots: random, heuristic",
        ("play", "euchre", "--bots", "random,random"): "one name or 3",
        ("play", "euchre", "--rules", "nonesuch"): "presets: north_american",
        ("play", "euchre", "--seed", "x"): "--seed must be an integer",
    }
    for args, message in cases.items():
        result = tricktable(args)
        assert result.returncode == 2, args
        assert message in one_line(result.stderr)
        assert result.stdout == ""


def test_interpret() -> None:
    legal = ["play JS", "play TH", "discard 9C", "call H", "pass"]
    assert interpret("js", legal, []) == "play JS"
    assert interpret("10h", legal, []) == "play TH"
    assert interpret("9c", legal, []) == "discard 9C"
    assert interpret("hearts", legal, []) == "call H"
    assert interpret("PASS", legal, []) == "pass"
    assert interpret("5", legal, []) == "pass"
    for bad in ("XYZ", "6", "0", "play 2C", "call S", "AS", ""):
        try:
            interpret(bad, legal, [])
        except InputError as error:
            assert "allowed now: 1) play JS" in str(error)
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_hand_sorted_with_trumps_together() -> None:
    hand = parse_cards("9H JD AS JH KH QC")
    groups = sort_hand(hand, trump=1, benny=None)  # hearts
    assert groups[0] == parse_cards("JH JD KH 9H")
    flat = [c for g in groups for c in g]
    assert sorted(flat) == sorted(hand)
    benny_groups = sort_hand(parse_cards("JO 9S AS JC"), trump=0, benny=15)
    assert benny_groups[0] == parse_cards("JO JC AS 9S")


def test_deal_events_name_the_seats_and_sides_with_the_verb_agreeing() -> None:
    """Every four-player All Fours match ends with a side of two reaching the target: the
    verb agrees with the side's name ("You & North reach 7", which once read "reache")."""
    result = tricktable(
        ["play", "all_fours", "--players", "4", "--seed", "2", "--bots", "random"], "1\n" * 3000
    )
    assert result.returncode == 0, result.stderr
    ending = re.compile(r"^  (You & North|West & East) reach 7: the match is won$", re.MULTILINE)
    assert ending.search(result.stdout), result.stdout[-2000:]
    assert "reache" not in result.stdout


def test_deal_events_name_every_seat_of_a_tie() -> None:
    """A tie names its seats from the person's point of view, not as ``seats 0 and 1``."""
    game = load_game("setback_euchre")
    terminal = TerminalGame(game, 2, [None] * 4, 1, ["random"] * 4, io.StringIO(), io.StringIO())
    tie = Event(SetbackEvent.SHARE_THE_POOL, seats=(0, 1), counts=(0, 5))
    assert event_text(tie, terminal.tell.names) == (
        "North and East tie at 0: they share the pool (5 stakes)"
    )
    pool = Event(SetbackEvent.WINS_THE_POOL, seat=2, counts=(5,))
    assert event_text(pool, terminal.tell.names) == "You win the game and the pool (5 stakes)"


# -- issue 21: what a person sees ------------------------------------------------------------
EUCHRE_4 = ["play", "euchre", "--seed", "4"]
"""North American euchre, seed 4: West deals 10S up and the person holds JC, the left bower."""
EUCHRE_4_ANSWERS = "order\nQD\nJC\nlast\nAS\nKC\n10D\nquit\n"


def _first_deal(out: str) -> str:
    return out.split("=== Deal 2")[0]


def test_tens_read_10_and_the_left_bower_is_marked() -> None:
    result = tricktable(EUCHRE_4, EUCHRE_4_ANSWERS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Up-card: 10S" in out
    assert "Your hand: JC (left bower) AS | KC | QD 10D" in out
    assert not re.search(r"(?<![A-Za-z0-9])T[SHDC](?![A-Za-z0-9])", out), "a ten read T"


def test_the_hand_is_shown_once_at_the_start_of_a_deal() -> None:
    out = tricktable(EUCHRE_4, EUCHRE_4_ANSWERS).stdout
    start = out.split("=== Deal 1")[1].split("Your move")[0]
    assert start.count("Your hand:") == 1, start


def test_the_trick_marks_its_winning_card_and_last_shows_the_last_trick() -> None:
    out = tricktable(EUCHRE_4, EUCHRE_4_ANSWERS).stdout
    assert "This trick: North AD (winning), East JD" in out
    assert "This trick: West AH, North QS (winning), East 9H" in out
    assert "Last trick: West AH, North QS, East 9H, You JC; You won it." in out


def test_auto_plays_a_forced_move_without_asking() -> None:
    asked = tricktable(EUCHRE_4, EUCHRE_4_ANSWERS).stdout
    auto = tricktable([*EUCHRE_4, "--auto"], EUCHRE_4_ANSWERS.replace("10D\n", "")).stdout
    assert "Your only move: play 10D (--auto)." in auto
    assert "Your only move" not in asked
    assert _first_deal(auto).count("Your move [") == _first_deal(asked).count("Your move [") - 1


def test_ordering_up_reads_as_english() -> None:
    """Once "order up TH (hearts trump, You picks it up)" and "You order up TH to You"."""
    game = load_game("euchre")
    terminal = TerminalGame(game, 0, [None] * 4, 1, ["random"] * 4, io.StringIO(), io.StringIO())
    state = game.new_state(first_dealer=0)
    state.deal_random(random.Random(4))
    terminal.state = state
    up = terminal.tell.card(state.view(0).public.upcard)
    suit = terminal.tell.view().public.upcard_suit
    assert suit is not None
    trump = ("spades", "hearts", "diamonds", "clubs")[suit]
    west = state.view(1)
    assert terminal.tell.describe(1, "order", west) == f"West orders up {up} to you."
    for _ in range(3):
        state.apply_text("pass")
    asked = terminal.tell.situation(terminal.tell.view())
    assert asked == f"Pick up {up} ({trump} trump), or pass?"
    assert terminal.tell.describe(0, "order", terminal.tell.view()) == f"You pick up {up}."
    north = TerminalGame(game, 2, [None] * 4, 1, ["random"] * 4, io.StringIO(), io.StringIO())
    fresh = game.new_state(first_dealer=0)
    fresh.deal_random(random.Random(4))
    north.state = fresh
    fresh.apply_text("pass")
    assert north.tell.situation(north.tell.view()) == (
        f"Order up {up} ({trump} trump; North picks it up), or pass?"
    )


ALL_FOURS_0 = ["play", "all_fours", "--seed", "0"]
"""Seven Up, seed 0: the person begs and the dealer runs the cards (5H: run again; 3C)."""


def test_all_fours_shows_the_run_and_the_new_trump_before_the_discards() -> None:
    out = tricktable(ALL_FOURS_0, "beg\n" + "1\n" * 6 + "quit\n").stdout
    order = [
        "Turned: 6H",
        "Stand (hearts trump), or beg?",
        "You beg.",
        "Seat 2 runs the cards.",
        "5H turned: same suit, run again.",
        "Run: 3C turned, trump.",
        "Clubs are trump.",
        "Discard 6 more cards, down to 6 (clubs are trump).",
        "Discard 5 more cards, down to 6 (clubs are trump).",
        "Discard 1 more card, down to 6 (clubs are trump).",
        "Seat 2 discards 6 cards face down.",
    ]
    assert_in_order(out, order)
    assert "Decision:" not in out


def test_all_fours_help_is_its_own() -> None:
    out = tricktable(ALL_FOURS_0, "help\nquit\n").stdout
    assert "e.g. stand, beg, give, run" in out
    assert "order alone" not in out and "call H" not in out


def test_long_option_lists_break_between_items() -> None:
    out = tricktable(ALL_FOURS_0, "beg\nquit\n").stdout
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("Your options: 1) discard"))
    block = [lines[first]]
    for line in lines[first + 1 :]:
        if not line.startswith("  "):
            break
        block.append(line)
    assert len(block) > 1
    assert all(len(line) < 80 for line in block), block
    items = re.findall(r"\d+\) discard \S+", " ".join(block))
    assert len(items) == 12, block
    assert all(
        re.fullmatch(r"  (\d+\) discard \S+  )*\d+\) discard \S+", line) for line in block[1:]
    )


def test_whist_bids_are_typed_as_numbers() -> None:
    """``1`` bids 1 (it once meant the first of a numbered list: bid 0)."""
    args = ["play", "romanian_whist", "--players", "3", "--seed", "4", "--bots", "random"]
    out = tricktable(args, "1\nquit\n").stdout
    assert "Your bid (type the number): 0  1" in out
    assert "1) bid 0" not in out
    assert "You bid 1." in out


def test_whist_says_why_the_hook_bars_a_bid() -> None:
    game = load_game("romanian_whist", players=3)
    state = game.new_state(first_dealer=0)
    state.deal_random(random.Random(1))
    state.apply_text("bid 0")
    state.apply_text("bid 0")
    last = state.current_player
    terminal = TerminalGame(game, last, [None] * 3, 1, ["random"] * 3, io.StringIO(), io.StringIO())
    terminal.state = state
    assert terminal.tell.situation(terminal.tell.view()) == (
        "How many tricks do you bid (0-1)? Not 1: the others bid 0, and the bids may not add"
        " up to the 1 card dealt (the hook)."
    )
    assert terminal.tell.options_lines(terminal.tell.ordered_legal(terminal.tell.view())) == [
        "Your bid (type the number): 0"
    ]


def test_a_forehead_card_is_never_shown_to_its_holder_before_it_is_played() -> None:
    """Once the options listed "1) play 9D" in a deal played on the forehead."""
    args = ["play", "romanian_whist", "--players", "3", "--seed", "4", "--bots", "random"]
    out = tricktable([*args, "--rules", "forehead=first_and_last"], "0\nquit\n").stdout
    deal = _first_deal(out)
    assert "Your hand: on your forehead (the others see it; you do not)" in deal
    assert "On the others' foreheads: Seat 2 KS, Seat 3 QS." in deal
    before, played = deal.split("Your card is on your forehead: it is played for you.\n")
    card = re.match(r"  You: (\S+)", played)
    assert card is not None, played
    assert card.group(1) not in before


def test_draw_for_partners_seats_the_players_and_the_record_keeps_it(tmp_path: Path) -> None:
    save = tmp_path / "drawn.json"
    args = ["play", "euchre", "--seed", "4", "--bots", "random,heuristic,random"]
    result = tricktable([*args, "--draw-partners", "high", "--save", str(save)], "quit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Drawing for partners: the two highest cards play together (aces high)."
    assert any(re.fullmatch(r"You draw \S+\.", line) for line in lines)
    drawn = re.compile(r"(West|North|East) draws \S+(, then after a tie .+)?\.")
    assert sum(1 for line in lines if drawn.fullmatch(line)) == 3
    record = json.loads(save.read_text())
    draw = record["partner_draw"]
    assert draw["rule"] == "high" and len(draw["cards"]) == 4
    you = record["names"].index("You")
    partner = record["names"][(you + 2) % 4]
    assert f"you sit at seat {you + 1} of 4" in result.stdout
    # the seats' first cards decide: the two highest sit on side 0 (seats 0 and 2)
    from tricktable.seating import draw_value

    first = [draw_value(parse_card(cards[0]), "high") for cards in draw["cards"]]
    assert min(first[0], first[2]) >= max(first[1], first[3])
    assert partner.startswith("bot:")
    assert sorted(record["names"]) == sorted(["You", "bot:random", "bot:heuristic", "bot:random"])
    assert _replay(save)["finished"] is False
    again = tricktable([*args, "--draw-partners", "high"], "quit\n")
    assert again.stdout.splitlines()[:7] == lines[:7]


def test_draw_for_partners_refusals() -> None:
    cases = {
        ("play", "euchre", "--draw-partners", "low", "--seat", "1"): "exclude each other",
        ("play", "three_handed_euchre", "--draw-partners", "low"): "needs a partnership game",
        ("play", "euchre", "--draw-partners", "middle"): "invalid choice: 'middle'",
    }
    for args, message in cases.items():
        result = tricktable(args)
        assert result.returncode == 2, args
        assert message in result.stderr
        assert result.stdout == ""


def _match_record(tmp_path: Path, seed: int = 3) -> Path:
    """A finished euchre match of heuristic bots named Ann, Bob, Cid and Dee, as a file."""
    from tricktable.bots import make_bot
    from tricktable.record import record_of
    from tricktable.sim import play_match

    game = load_game("euchre(target=5)")
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    state = play_match(game, bots, random.Random(seed))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record_of(state, names=["Ann", "Bob", "Cid", "Dee"])), "utf-8")
    return path


def test_play_on_from_a_record_is_a_record_of_its_own(tmp_path: Path) -> None:
    source = _match_record(tmp_path)
    record = json.loads(source.read_text())
    kept = len(record["deals"][0]["actions"]) + 1  # deal 2's first decision is kept
    save = tmp_path / "branch.json"
    args = ["play", "--from", str(source), "--at", "2:2", "--bots", "random", "--seed", "9"]
    result = tricktable([*args, "--save", str(save)], "1\n" * 3000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert f"playing on from decision {kept + 1} (deal 2, decision 2) of the record" in out
    assert f"The record's decisions 1-{kept} are kept" in out
    assert "=== Deal 2:" in out and "=== Deal 1:" not in out
    branch = json.loads(save.read_text())
    assert branch["branch"] == {"decisions": kept, "names": ["Ann", "Bob", "Cid", "Dee"]}
    assert branch["deals"][0] == record["deals"][0]
    assert branch["deals"][1]["hands"] == record["deals"][1]["hands"]
    assert branch["deals"][1]["actions"][:1] == record["deals"][1]["actions"][:1]
    assert branch["seed"] == 9 and branch["names"].count("bot:random") == 3
    assert _replay(save)["finished"] is True
    again = tricktable([*args, "--save", str(tmp_path / "again.json")], "1\n" * 3000)
    assert again.stdout == out.replace(str(save), str(tmp_path / "again.json"))


def test_play_on_takes_the_seat_to_act_or_the_one_named(tmp_path: Path) -> None:
    source = _match_record(tmp_path)
    first = (json.loads(source.read_text())["first_dealer"] + 1) % 4  # eldest hand bids first
    by_default = tricktable(["play", "--from", str(source), "--at", "1"], "quit\n").stdout
    name = ["Ann", "Bob", "Cid", "Dee"][first]
    assert f"you take over seat {first + 1} of 4 ({name} in the record)" in by_default
    named = tricktable(["play", "--from", str(source), "--at", "1", "--seat", "cid"], "quit\n")
    assert "you take over seat 3 of 4 (Cid in the record)" in named.stdout
    numbered = tricktable(["play", "--from", str(source), "--at", "1", "--seat", "2"], "quit\n")
    assert "you take over seat 2 of 4 (Bob in the record)" in numbered.stdout
    assert "None of the record's decisions are kept; from here on" in numbered.stdout


def test_play_on_refuses_what_it_cannot_play_on_and_says_what_is_allowed(tmp_path: Path) -> None:
    source = _match_record(tmp_path)
    total = sum(len(d["actions"]) for d in json.loads(source.read_text())["deals"])
    (tmp_path / "broken.json").write_text("{", "utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    cases = {
        ("--from", str(tmp_path / "nowhere.json")): "--from: cannot read",
        ("--from", str(tmp_path / "broken.json"), "--at", "1"): "is not a record to play on:"
        " not valid JSON",
        ("--from", str(tmp_path / "binary.json")): "is not a text file",
        ("--from", str(source)): "the record's match is over: choose the decision to take"
        f" over (decisions 1-{total})",
        ("--from", str(source), "--at", "0"): f"--at: no decision 0 here: decisions 1-{total}",
        ("--from", str(source), "--at", "1:99"): "--at: deal 1 has decisions 1-",
        ("--from", str(source), "--at", "next"): "'next' is not a point: give N",
        ("--from", str(source), "--at", "1", "--seat", "5"): "'5' is not a seat: seats are 1-4"
        " (counted from 1) or South, West, North, East, Ann, Bob, Cid, Dee",
        ("euchre", "--from", str(source), "--at", "1"): "leave out GAME",
        ("--from", str(source), "--at", "1", "--rules", "british"): "leave out --rules",
        ("euchre", "--at", "3"): "--at goes with --from RECORD",
        (): "play needs a GAME (e.g. euchre), or --from RECORD",
    }
    for args, message in cases.items():
        result = tricktable(["play", *args], "quit\n")
        assert result.returncode == 2, (args, result.stdout)
        assert message in one_line(result.stderr), (args, result.stderr)
        assert result.stdout == ""


def test_pitch_asks_for_a_bid_and_says_what_the_first_lead_does() -> None:
    out = tricktable(["play", "pitch", "--seed", "3"], "help\n2\n1\nquit\n").stdout
    order = [
        "No bid yet: bid 2 to 4, or pass?",
        "e.g. bid 2, bid smudge, pass, play 10H",
        "You bid 2.",
        "The suit of the card you lead is trump for this deal.",
        "Spades are trump.",
    ]
    assert_in_order(out, order)


def test_a_no_trump_contract_reads_once_at_the_end_of_the_deal() -> None:
    """Bid euchre's high and low: "no trump (high)", not "no trump (high) trump"."""
    answers = "pass\n1\n" * 2000
    out = tricktable(["play", "bid_euchre", "--seed", "2"], answers).stdout
    assert "Makers: North, no trump (high)." in out
    assert "no trump (high) trump" not in out and "no trump (low) trump" not in out


def test_header_describes_rules_and_bots_for_people() -> None:
    """The rules as people say them (not ``romanian_whist(preset=romanian_whist)``) and each
    bot by its level, the heuristic as the level that plays it (``Medium bot``)."""
    args = ["play", "romanian_whist", "--players", "3", "--seed", "1", "--bots", "easy,heuristic"]
    out = tricktable(args, stdin="quit\n").stdout
    assert "Romanian Whist — you sit at seat 1 of 3." in out
    assert "Bots: Seat 2 (Easy bot), Seat 3 (Medium bot)" in out
    assert "bot:" not in out and "romanian_whist(" not in out


def test_bots_with_settings_from_the_command_line_take_their_seats() -> None:
    """--bots names come from the command line: settings are allowed, as in sim."""
    args = ["play", "euchre", "--rules", "openspiel", "--seed", "3", "--bots", "pimc(worlds=2)"]
    result = tricktable(args, "1\n" * 60)
    assert result.returncode == 0, result.stderr
    assert "End of deal 1" in result.stdout


def test_a_card_passed_face_down_reads_as_one() -> None:
    """At partnership bid euchre a defender sees the shooter's partner's ``give`` without its
    card: the terminal tells a card passed face down, not All Fours' gift of a point."""
    game = load_game("bid_euchre(preset=partnership)")
    terminal = TerminalGame(game, 0, [None] * 4, 1, ["random"] * 4, io.StringIO(), io.StringIO())
    state = game.new_state(first_dealer=0)
    state.deal_random(random.Random(4))
    terminal.state = state
    state.apply_text("bid shoot")
    for _ in range(3):
        state.apply_text("pass")
    state.apply_text("name H")
    given = state.legal_texts()[0]
    giver = state.current_player
    state.apply_text(given)
    view = terminal.tell.view()
    assert view.history[-1] == (giver, "give")
    said = terminal.tell.describe(giver, "give", view)
    assert said == f"{terminal.tell.labels[giver]} gives a card face down to the shooter."
    shooter = TerminalGame(game, 1, [None] * 4, 1, ["random"] * 4, io.StringIO(), io.StringIO())
    shooter.state = state
    card = shooter.tell.card(parse_card(given.split()[1]))
    told = shooter.tell.describe(giver, given, shooter.tell.view())
    assert told == f"{shooter.tell.labels[giver]} gives {card} to the shooter."
    assert terminal.tell.describe(1, "discard", view) == "West discards a card face down."
    assert terminal.tell.describe(0, "discard 9H", view) == (
        f"You discard {terminal.tell.card(parse_card('9H'))}."
    )
