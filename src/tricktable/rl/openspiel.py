"""Every tricktable game as an OpenSpiel Python game: ``tricktable_<game>``.

Importing this module registers them (``pyspiel.register_game``), after which
``pyspiel.load_game("tricktable_euchre(preset=british,max_deals=2)")`` loads one and
OpenSpiel's algorithms run on it. Parameters: ``players``, ``preset``, ``max_deals`` (the
deals of an episode, default 1; the episode ends sooner when the match is decided) and
``rules``, any rule options that change the preset as ``name:value`` pairs joined by ``;``
(``rules=target:5;stick_the_dealer:true``). Chance: the first dealer, then each card of each deal
(each seat's hand in seat order, the turned card, the stock top first), uniformly among the
cards not yet dealt. Actions are the game's action space (docs/rl.md); the information-state
and observation tensors and strings are its encoding's. Returns, at the end of the episode:
+1 to the sole winner's seats, 0 to the seats of a shared win, -1 to the others: the match's
winners once it is decided, else the sides whose score gained most over the episode.

>>> import pyspiel
>>> import tricktable.rl.openspiel
>>> game = pyspiel.load_game("tricktable_euchre(preset=british)")
>>> game.num_players(), game.num_distinct_actions(), game.information_state_tensor_size()
(4, 131, 7612)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from tricktable.cards import card_name
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, game_class, load_game, player_counts, spec_of
from tricktable.games.encoding import Encoder
from tricktable.rl.match import encoder_for
from tricktable.rules import parse_rule_string

PREFIX = "tricktable_"


def short_name(game: str) -> str:
    """The OpenSpiel name of a game.

    >>> [short_name(name) for name in GAME_NAMES[:2]]
    ['tricktable_euchre', 'tricktable_all_fours']
    """
    return f"{PREFIX}{game}"


def parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game with their defaults."""
    return {
        "players": load_game(name).players,
        "preset": next(iter(game_class(name).presets)),
        "max_deals": 1,
        "rules": "",
    }


def rule_options(text: str) -> dict[str, Any]:
    """The options of a ``rules`` parameter, ``name:value`` pairs joined by ``;`` (OpenSpiel
    keeps ``,`` and ``=`` for its own parameters).

    >>> rule_options("target:5;stick_the_dealer:true;packets:2-3")
    {'target': 5, 'stick_the_dealer': True, 'packets': '2-3'}
    """
    if not text.strip():
        return {}
    pairs = [pair.partition(":") for pair in text.split(";")]
    bad = [f"{name}{sep}{value}" for name, sep, value in pairs if not sep or not name.strip()]
    if bad:
        raise RuleError(f"rules are name:value pairs joined by ';', not {', '.join(bad)!r}")
    spec = "x(" + ", ".join(f"{name.strip()}={value.strip()}" for name, _, value in pairs) + ")"
    return parse_rule_string(spec)[1]


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of a game."""
    counts = player_counts(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"tricktable {spec_of(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(name),
    )


@dataclass(frozen=True)
class Setup:
    """What a loaded game stands for: the tricktable game, its encoding, the episode."""

    name: str
    params: tuple[tuple[str, Any], ...]
    game: Game[Any]
    encoder: Encoder
    max_deals: int
    side_of: dict[int, int]

    # OpenSpiel deep-copies a state's fields to clone it and pickles them to serialize it:
    # the setup is shared, and pickled as the game's name and parameters.
    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (setup_of, (self.name, dict(self.params)))


class Engine:
    """The engine's match inside an OpenSpiel state: cloned by ``State.clone``, pickled as
    its deals and decisions."""

    __slots__ = ("setup", "state")

    def __init__(self, setup: Setup, state: State | None) -> None:
        self.setup = setup
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.setup, None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        state = self.state
        if state is None:
            return (Engine, (self.setup, None))
        played = (state.first_dealer, list(state.deals), [list(deal) for deal in state.actions])
        return (replayed, (self.setup, *played))


def replayed(
    setup: Setup, first_dealer: int, deals: list[Deal], actions: list[list[int]]
) -> Engine:
    """The engine's match rebuilt from its deals and decisions."""
    state = setup.game.new_state(first_dealer)
    for deal, decisions in zip(deals, actions, strict=True):
        state.deal(deal)
        for action in decisions:
            state.apply(action)
    return Engine(setup, state)


_SETUPS: dict[str, Setup] = {}


def setup_of(name: str, params: dict[str, Any] | None) -> Setup:
    """The setup of game ``name`` with OpenSpiel parameters ``params`` (made once)."""
    given = {**parameters(name), **(params or {})}
    key = repr(sorted(given.items()))
    setup = _SETUPS.get(f"{name}{key}")
    if setup is None:
        max_deals = int(given["max_deals"])
        if max_deals < 1:
            raise RuleError(f"max_deals must be at least 1, not {max_deals}")
        options = {"preset": given["preset"], **rule_options(given["rules"])}
        try:
            game = load_game(name, options, int(given["players"]))
        except RuleError as error:
            raise RuleError(
                f"{error} (OpenSpiel parameter rules: name:value pairs joined by ';',"
                " as rules=target:5;stick_the_dealer:true)"
            ) from error
        side_of = {seat: n for n, side in enumerate(game.sides) for seat in side}
        every = tuple(sorted(given.items()))
        setup = Setup(name, every, game, encoder_for(game), max_deals, side_of)
        _SETUPS[f"{name}{key}"] = setup
    return setup


def _setup(game: Any) -> Setup:
    """The setup of a loaded game (OpenSpiel copies games without their Python fields)."""
    name = game.get_type().short_name.removeprefix(PREFIX)
    return setup_of(name, game.get_parameters())


class TricktableGame(pyspiel.Game):  # type: ignore[misc]
    """One tricktable game with its rules, as OpenSpiel sees it."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        setup = setup_of(name, params)
        encoder = setup.encoder
        info = pyspiel.GameInfo(
            num_distinct_actions=encoder.num_actions,
            max_chance_outcomes=max(len(encoder.cards), setup.game.players),
            num_players=setup.game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=setup.max_deals * encoder.encoding.max_decisions,
        )
        super().__init__(game_type(name), info, params or {})

    def new_initial_state(self) -> TricktableState:
        return TricktableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(_setup(self), perfect_recall)


class TricktableState(pyspiel.State):  # type: ignore[misc]
    """A match in progress; chance deals the first dealer, then each card."""

    def __init__(self, game: TricktableGame) -> None:
        super().__init__(game)
        self.setup = _setup(game)
        self.engine = Engine(self.setup, None)
        self.dealt: list[int] = []
        """The cards of the deal being dealt so far, slot by slot."""
        self.slots: tuple[tuple[int, ...], bool, int] = ((), False, 0)
        """The shape of the deal being dealt: hand sizes, a turned card, the stock's size."""
        self.deck: list[int] = []

    @property
    def state(self) -> State | None:
        """The engine's match (``None`` until the first dealer is chosen)."""
        return self.engine.state

    # -- the state ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.state is None or self.state.is_chance():
            return int(pyspiel.PlayerId.CHANCE) if not self._over() else self._terminal()
        if self.state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.current_player

    def _terminal(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL)

    def _over(self) -> bool:
        state = self.state
        if state is None:
            return False
        if state.is_terminal():
            return True
        return state.is_chance() and len(state.deals) >= self.setup.max_deals

    def is_terminal(self) -> bool:
        return self._over()

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        index = self.setup.encoder.action_index
        return sorted(index[action] for action in self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.state is None:
            players = self.setup.game.players
            return [(seat, 1.0 / players) for seat in range(players)]
        if not self.deck:
            self._shape_next_deal()
        chosen = set(self.dealt)
        left = [card for card in self.deck if card not in chosen]
        index = self.setup.encoder.card_index
        return sorted((index[card], 1.0 / len(left)) for card in left)

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.engine.state = self.setup.game.new_state(action)
            return
        state = self.state
        if not state.is_chance():
            state.apply(self.setup.encoder.actions[action])
            return
        if not self.deck:
            self._shape_next_deal()
        self.dealt.append(self.setup.encoder.cards[action])
        sizes, turned, stock = self.slots
        if len(self.dealt) == sum(sizes) + int(turned) + stock:
            hands, start = [], 0
            for size in sizes:
                hands.append(tuple(self.dealt[start : start + size]))
                start += size
            up = self.dealt[start] if turned else None
            state.deal(Deal(tuple(hands), up, tuple(self.dealt[start + int(turned) :])))
            self.dealt, self.deck = [], []

    def _shape_next_deal(self) -> None:
        """The shape and cards of the next deal, from a deal the engine draws (the same
        shape and deck whatever the generator)."""
        assert self.state is not None
        sample = self.state.random_deal(random.Random(0))
        sizes = tuple(len(hand) for hand in sample.hands)
        self.slots = (sizes, sample.turned is not None, len(sample.stock))
        cards = [card for hand in sample.hands for card in hand]
        cards += [] if sample.turned is None else [sample.turned]
        self.deck = sorted(cards + list(sample.stock))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.state is None:
                return f"first dealer {action}"
            return f"deal {card_name(self.setup.encoder.cards[action])}"
        return self.setup.encoder.action_text(action)

    def returns(self) -> list[float]:
        players = self.setup.game.players
        if not self._over():
            return [0.0] * players
        assert self.state is not None
        winners = self._winning_sides(self.state)
        won = 1.0 if len(winners) == 1 else 0.0
        side_of = self.setup.side_of
        return [won if side_of[seat] in winners else -1.0 for seat in range(players)]

    def _winning_sides(self, state: State) -> list[int]:
        if state.is_terminal():
            winner = state.winner()
            return [winner] if isinstance(winner, int) else list(winner or [])
        start = self.setup.game.new_state(state.first_dealer).scores()
        sign = -1 if self.setup.game.scores_count_down else 1
        gains = [sign * (now - then) for now, then in zip(state.scores(), start, strict=True)]
        best = max(gains)
        return [side for side, gain in enumerate(gains) if gain == best]

    def __str__(self) -> str:
        if self.state is None:
            return "no dealer yet"
        deals = "; ".join(str(deal) for deal in self.state.deals)
        history = " | ".join(" ".join(texts) for texts in self.state.history_texts())
        return f"first dealer {self.state.first_dealer}; {deals}; {history}"


class Observer:
    """OpenSpiel's Python observer: the encoding's information state or observation."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.encoder = setup.encoder
        self.perfect_recall = perfect_recall
        size = (
            self.encoder.information_state_size if perfect_recall else self.encoder.observation_size
        )
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TricktableState, player: int) -> None:
        self.tensor.fill(0)
        if state.state is None:
            return
        now = state.state
        self.encoder.write_observation(now.present_view(player), self.tensor)
        if self.perfect_recall:
            self.encoder.write_history(player, now.seat_history(player), self.tensor)

    def string_from(self, state: TricktableState, player: int) -> str:
        if state.state is None:
            return "no dealer yet"
        view = state.state.view(player)
        if self.perfect_recall:
            return self.encoder.information_state_string(view)
        return self.encoder.observation_string(view)


def _game_class(name: str) -> type[TricktableGame]:
    """The game's own subclass, registered as its factory (OpenSpiel keeps classes)."""

    def __init__(self: TricktableGame, params: dict[str, Any] | None = None) -> None:
        TricktableGame.__init__(self, name, params)

    camel = "".join(word.title() for word in name.split("_"))
    return type(f"Tricktable{camel}Game", (TricktableGame,), {"__init__": __init__})


GAME_CLASSES = {name: _game_class(name) for name in GAME_NAMES}
"""Each game's OpenSpiel game class, by game name."""

for _name, _class in GAME_CLASSES.items():
    pyspiel.register_game(game_type(_name), _class)
