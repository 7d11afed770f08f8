"""``SubprocessBot``: engines play whole matches, and a failing engine forfeits with the reason."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tricktable import load_game
from tricktable.bots import make_bot
from tricktable.engine import EngineError, SubprocessBot, TimeControl
from tricktable.errors import RuleError
from tricktable.sim import simulate
from tricktable.sim.arena import play_planned

from . import EXAMPLE, FAULTY, OURS


def first_decision(game_text: str = "euchre") -> tuple[object, int]:
    game = load_game(game_text)
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    return state, state.current_player


def test_the_example_engine_plays_whole_matches() -> None:
    game = load_game("euchre(preset=north_american,target=3)")
    result = simulate(game, ["medium", f"cmd:{EXAMPLE}"], 2, seed=3, duplicate=True)
    assert result.matches == 4 and not result.forfeits
    assert sum(result.wins) == 4
    again = simulate(game, ["medium", f"cmd:{EXAMPLE}"], 2, seed=3, duplicate=True)
    assert again.to_json() == result.to_json()


def test_our_hard_bot_served_as_an_engine() -> None:
    game = load_game("all_fours(preset=seven_up,target=3)", players=2)
    result = simulate(game, [f"cmd:{OURS} --bot hard", "random"], 1, seed=1)
    assert result.matches == 1 and not result.forfeits
    assert result.deals >= 1


def test_options_reach_the_engine_and_unknown_ones_are_refused() -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(4))
    state.deal_random(random.Random(4))
    seat = state.current_player
    view = state.view(seat)
    with make_bot(f"cmd(greedy=true):{EXAMPLE}", game, seat, trusted=True) as bot:  # type: ignore[attr-defined]
        assert bot.choose(view, random.Random(0)) == view.legal[0]
        assert bot.engine_name == "example"
    with (
        SubprocessBot(game, seat, EXAMPLE, options={"depth": 3}) as bot,
        pytest.raises(EngineError, match="has no option depth; its options: greedy"),
    ):
        bot.choose(view, random.Random(0))


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", r"exited before answering decide \(exit status 3\): segmentation fault"),
        ("hang", "no answer to decide within 300 ms"),
        ("illegal", "illegal action 'play 2Z' in phase 'bid1'; legal: order, order alone, pass"),
        ("garbage", "broke the protocol: not a JSON line: 'play AS'"),
        ("refuse", "refused game: I only play chess"),
        ("old", "speaks protocol 0; tricktable speaks 1"),
    ],
)
def test_a_failing_engine_raises_with_its_reason(mode: str, reason: str) -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    seat = state.current_player
    control = TimeControl(move_ms=200, startup_ms=5000)
    bot = SubprocessBot(game, seat, f"{FAULTY} {mode}", control)
    with pytest.raises(EngineError, match=reason) as caught:
        bot.choose(state.view(seat), random.Random(0))
    assert f"at seat {seat + 1} (protocol seat {seat}) " in caught.value.reason
    assert bot._process is None  # the program is gone: nothing left running


def test_a_match_clock_runs_out() -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    seat = state.current_player
    control = TimeControl(move_ms=None, match_ms=150, startup_ms=5000, grace_ms=50)
    with (
        SubprocessBot(game, seat, f"{FAULTY} hang", control) as bot,
        pytest.raises(EngineError, match="no answer to decide within 200 ms"),
    ):
        bot.choose(state.view(seat), random.Random(0))


def test_a_command_that_does_not_exist() -> None:
    game = load_game("euchre")
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    bot = make_bot("cmd:/nonexistent/engine", game, trusted=True)
    with pytest.raises(EngineError, match="cannot start '/nonexistent/engine'"):
        bot.choose(state.view(state.current_player), random.Random(0))


def test_a_forfeit_loses_the_match_and_keeps_the_record() -> None:
    game = load_game("euchre")
    entries = ["random", f"cmd(move_ms=200):{FAULTY} illegal 3"]
    outcome, state = play_planned(game, entries, 0, 7, [0, 1, 0, 1], want_record=True)
    assert outcome.forfeit is not None
    seat, reason = outcome.forfeit
    assert seat in (1, 3) and "illegal action 'play 2Z'" in reason
    assert outcome.winner == 0  # the other side wins
    assert outcome.record is not None and outcome.record["deals"]
    assert not state.is_terminal()


def test_sim_goes_on_after_forfeits() -> None:
    game = load_game("euchre(preset=north_american,target=3)")
    result = simulate(game, ["random", f"cmd:{FAULTY} crash 2"], 3, seed=2)
    assert result.matches == 3 and result.wins == [3, 0]
    assert [f["bot"] for f in result.forfeits] == [f"cmd:{FAULTY} crash 2"] * 3
    assert "exit status 3" in result.forfeits[0]["reason"]


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("cmd:", "write cmd:COMMAND"),
        ("cmd(move_ms=0):x", "move_ms must be >= 1"),
        ("cmd(move_ms=fast):x", "move_ms must be an integer"),
        ("pimc(worlds=many)", "worlds must be an integer"),
        ("pimc(speed=3)", "pimc has no setting speed; settings: worlds, depth, bidding"),
        ("hard(worlds=3)", "only pimc, ismcts, policy and cmd take settings"),
        ("ismcts(rollout=smart)", "rollout must be one of random, heuristic"),
        ("ismcts(speed=3)", "ismcts has no setting speed; settings: iterations"),
        ("pimc(worlds=0)", "worlds must be >= 1"),
        ("pimc(sampled_share=half)", "sampled_share must be a number, not 'half'"),
        ("pimc(sampled_share=1.5)", "sampled_share must be from 0 to 1, not 1.5"),
        ("pimc(each_for_itself=-1)", "each_for_itself must be >= 0, not -1"),
        ("pimc(each_for_itself=all)", "each_for_itself must be an integer, not 'all'"),
    ],
)
def test_bad_bot_names_say_what_is_allowed(name: str, says: str) -> None:
    with pytest.raises(RuleError, match=says):
        make_bot(name, load_game("euchre"), trusted=True)


def test_sim_command_with_an_engine_reports_its_forfeits() -> None:
    bots = f"medium,cmd(move_ms=300):{FAULTY} illegal 2"
    args = ["sim", "euchre", "--rules", "target=2", "--bots", bots, "--games", "2"]
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "forfeits (2 matches):" in result.stdout
    assert "chose the illegal action 'play 2Z'" in result.stdout
    rows = {line.split()[0]: line.split()[1] for line in result.stdout.splitlines()[2:4]}
    assert rows["medium"] == "2"  # the engine forfeited both matches


@pytest.mark.parametrize("name", ["cmd:python mybot.py", "pimc(worlds=100000)", "cmd(x=1):ls"])
def test_untrusted_names_start_no_program_and_set_nothing(name: str) -> None:
    """The web table's players name bots too: they may not run programs or set settings."""
    with pytest.raises(RuleError, match="not allowed here: settings and cmd: programs"):
        make_bot(name, load_game("euchre"))
