"""The search bots: ``pimc`` and the levels easy / medium / hard / expert."""

from __future__ import annotations

import random

import pytest

from tests.search.helpers import SPECS, conceding_euchre, random_states
from tricktable.bots import BOT_NAMES, make_bot
from tricktable.bots.levels import LEVELS, MistakenBot, NamedBot, level_worlds, make_level
from tricktable.bots.search.pimc import BID_WORLDS, PimcBot
from tricktable.games import GAMES, load_game
from tricktable.sim import simulate
from tricktable.testing import dealt_match


def test_every_level_is_a_bot_name_in_every_game() -> None:
    for name in (*LEVELS, "pimc", "ismcts"):
        assert name in BOT_NAMES
        for game_name in GAMES:
            bot = make_bot(name, load_game(game_name))
            assert bot.name == name


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_pimc_plays_legal_actions_in_every_game(spec: str, players: int | None) -> None:
    game = load_game(spec, players=players)
    bot = PimcBot(game, worlds=3)
    asked = 0
    for state in random_states(game, 5, 120):
        view = state.view(state.current_player)
        choice = bot.choose(view, random.Random(asked))
        assert choice in view.legal
        asked += 1
    assert asked > 20


def test_levels_choose_legal_actions() -> None:
    game = load_game("euchre")
    bots = [make_bot(level, game) for level in LEVELS]
    for index, state in enumerate(random_states(game, 2, 12)):
        view = state.view(state.current_player)
        for bot in bots:
            assert bot.choose(view, random.Random(index)) in view.legal


def test_expert_samples_more_worlds_than_hard_where_they_help() -> None:
    for game_name in GAMES:
        game = load_game(game_name)
        hard, expert = make_level("hard", game), make_level("expert", game)
        assert isinstance(hard, NamedBot) and isinstance(expert, NamedBot)
        assert isinstance(hard.inner, PimcBot) and isinstance(expert.inner, PimcBot)
        assert hard.inner.worlds == level_worlds("hard", game)
        if game_name == "romanian_whist":  # more worlds gain nothing there, and cost time
            assert expert.inner.worlds == hard.inner.worlds
        else:
            assert expert.inner.worlds > hard.inner.worlds
        assert hard.inner.bid_worlds <= expert.inner.bid_worlds <= BID_WORLDS
    assert level_worlds("hard", load_game("euchre")) > level_worlds("hard", load_game("bid_euchre"))
    with pytest.raises(ValueError, match="only hard and expert"):
        level_worlds("medium", load_game("euchre"))


def test_pimc_is_reproducible_and_plays_its_best_mean() -> None:
    game = load_game("euchre")
    bot = PimcBot(game, worlds=6)
    checked = 0
    for state in random_states(game, 9, 200, play_only=True):
        view = state.view(state.current_player)
        if len(view.legal) < 2:
            continue
        first = bot.choose(view, random.Random(4))
        assert bot.choose(view, random.Random(4)) == first
        values = bot.card_values(view, random.Random(4))
        assert values[first] == max(values.values())
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_easy_makes_mistakes_medium_does_not() -> None:
    game = load_game("all_fours")
    heuristic = make_bot("heuristic", game)
    easy = MistakenBot(make_bot("heuristic", game), 0.5)
    medium = make_bot("medium", game)
    differ = 0
    for index, state in enumerate(random_states(game, 1, 300)):
        view = state.view(state.current_player)
        expected = heuristic.choose(view, random.Random(index))
        assert medium.choose(view, random.Random(index)) == expected
        differ += easy.choose(view, random.Random(index)) != expected
    assert differ > 0


def test_hard_beats_random_in_two_handed_euchre() -> None:
    result = simulate(load_game("two_handed_euchre"), ["hard", "random"], 4, seed=3, duplicate=True)
    assert result.matches == 8
    assert result.wins[0] >= 6


def test_sampled_bidding_values_every_legal_choice() -> None:
    from tricktable.games.all_fours.bidding import stand_beg_values
    from tricktable.games.euchre.bidding import bidding_values
    from tricktable.games.romanian_whist.bidding import bid_values

    cases = (
        ("euchre", bidding_values),
        ("all_fours", stand_beg_values),
        ("romanian_whist", bid_values),
    )
    for spec, values_of in cases:
        game = load_game(spec)
        state = next(
            s
            for s in random_states(game, 3, 80)
            if s.phase.name in ("BID1", "BID2", "STAND_BEG", "BID") and len(s.legal_actions()) > 1
        )
        view = state.view(state.current_player)
        values = values_of(game, view, random.Random(2), 4)
        assert sorted(values) == sorted(view.legal)
        assert values == values_of(game, view, random.Random(2), 4)
        choice = make_bot("hard", game).choose(view, random.Random(1))
        assert choice in view.legal


def test_pimc_values_a_concession_as_the_make() -> None:
    """Euchre's ``concede`` (maker_may_concede) is valued beside the cards: what taking no
    more tricks is worth, the make; with no march left it ties the cards and pimc, like
    the heuristic, concedes."""
    # side 0 holds 3 tricks, side 1 one: seat 0 leads the last
    game, view = conceding_euchre(["JH JD QH 9H", "QC AC TC KC", "KS KH TH AS", "AD KD AH TD"])
    assert view.legal == ("concede", "play 9C")
    bot = PimcBot(game, worlds=4)
    values = bot.card_values(view, random.Random(2))
    assert set(values) == set(view.legal)
    assert values["concede"] == max(values.values())
    assert bot.choose(view, random.Random(2)) == "concede"


def test_hard_bids_whist_by_the_learned_model() -> None:
    """Where the game's spec names a learned part, ``pimc`` bids its best value (ties to the
    heuristic); ``learned=false`` turns the model off."""
    from tricktable.games.romanian_whist.learned import LEARNED

    game = load_game("romanian_whist(schedule=8-1-8)", players=4)
    state = game.new_match(random.Random(6))
    state.deal_random(random.Random(6))
    learned = make_bot("hard", game)
    for _ in range(3):
        view = state.view(state.current_player)
        values = LEARNED.values(game, view)
        assert values is not None
        choice = learned.choose(view, random.Random(1))
        assert values[choice] == max(values.values())
        state.apply_text(choice)
    sampled = make_bot("pimc(learned=false)", game, trusted=True)
    assert isinstance(sampled, PimcBot) and not sampled.learned


def test_euchre_bids_weigh_the_learned_model_with_the_sampled_worlds() -> None:
    """``sampled_share`` 0 bids by the learned model alone, 1 by the sampled worlds alone
    (as ``learned=false``); ``hard`` takes the learned part's own share."""
    from tricktable.games.euchre.learned import LEARNED

    for seed in range(6):
        state = dealt_match("euchre", seed)
        game, view = state.game, state.view(state.current_player)
        values = LEARNED.values(game, view)
        assert values is not None
        alone = make_bot("pimc(worlds=8,sampled_share=0)", game, trusted=True)
        choice = alone.choose(view, random.Random(seed))
        assert values[choice] == max(values.values())
        sampled = make_bot("pimc(worlds=8,sampled_share=1)", game, trusted=True)
        unlearned = make_bot("pimc(worlds=8,learned=false)", game, trusted=True)
        chosen = sampled.choose(view, random.Random(seed))
        assert chosen == unlearned.choose(view, random.Random(seed))
    hard = make_bot("hard", load_game("euchre"))
    assert isinstance(hard, NamedBot) and isinstance(hard.inner, PimcBot)
    assert hard.inner.sampled_share is None
    assert 0 < LEARNED.sampled_share < 1


def test_whist_card_play_values_each_seat_for_itself_up_to_the_limit() -> None:
    """``each_for_itself`` sets which worlds the solver values with every seat playing for
    its own bid: none at 0 (paranoid), all at a limit above the cards in play; never less
    than the paranoid value of a card (what the seat can force against everyone)."""
    import tricktable.bots.search.pimc as pimc_module
    from tricktable.search import solver as solver_module

    game = load_game("romanian_whist", players=4)
    seen: list[bool] = []

    def watching(pos: solver_module.Position) -> solver_module.Solver:
        seen.append(pos.each_for_itself)
        return solver_module.Solver(pos)

    compared = 0
    for index, state in enumerate(random_states(game, 9, 200)):
        view = state.view(state.current_player)
        if view.phase != "play" or len(view.legal) < 2 or len(view.hand) > 5:
            continue
        values = {}
        for limit in (0, 64):
            bot = make_bot(f"pimc(worlds=4,each_for_itself={limit})", game, trusted=True)
            assert isinstance(bot, PimcBot)
            seen.clear()
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(pimc_module, "Solver", watching)
                values[limit] = bot.card_values(view, random.Random(index))
            assert seen == [limit > 0] * 4
        assert all(values[64][card] >= values[0][card] for card in values[0])
        compared += 1
        if compared == 8:
            break
    assert compared == 8
