"""Every tricktable game as an OpenSpiel Python game: ``tricktable_<game>``.

Importing this module registers them (``pyspiel.register_game``), after which
``pyspiel.load_game("tricktable_euchre(preset=british,max_deals=2)")`` loads one and
OpenSpiel's algorithms run on it. Parameters: ``players``, ``preset``, ``max_deals`` (the
deals of an episode, default 1; the episode ends sooner when the match is decided) and
``rules``, any rule options that change the preset as ``name:value`` pairs joined by ``;``
(``rules=target:5;stick_the_dealer:true``). Chance: the first dealer, then each card of each deal
(each seat's hand in seat order, the turned card, the stock top first), uniformly among the
cards not yet dealt. Actions are the game's action space (docs/rl.md); the information-state
and observation tensors and strings are its encoding's. Returns, at the end of the episode,
as the ``returns`` parameter says (``RETURNS``): ``match`` (the default) +1 to the sole
winner's seats, 0 to the seats of a shared win, -1 to the others: the match's winners once it
is decided, else the sides whose score gained most over the episode; ``points`` each seat its
side's score gain over the episode; ``margin`` that gain less the mean gain of the other
sides. A loaded game declares its utility and bounds for its returns (``utility``).

>>> import pyspiel
>>> import tricktable.rl.openspiel
>>> game = pyspiel.load_game("tricktable_euchre(preset=british)")
>>> game.num_players(), game.num_distinct_actions(), game.information_state_tensor_size()
(4, 131, 7612)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from tricktable.actions import Action, argument_of, is_card_action, kind_of, make_action
from tricktable.cards import card_name, cards_of, mask_of, parse_card, shuffled
from tricktable.core import Deal, Game, State
from tricktable.errors import CardError, RuleError, TricktableError
from tricktable.games import GAME_NAMES, game_class, load_game, player_counts, spec_of
from tricktable.games.encoding import Encoder
from tricktable.rl.match import encoder_for
from tricktable.rules import parse_rule_string
from tricktable.search.adapter import search_adapter
from tricktable.search.resample import World, resample

PREFIX = "tricktable_"
RETURNS = ("match", "points", "margin")
"""What the ``returns`` parameter may name: the match's outcome (+1 / 0 / -1), each side's
points (its score's gain over the episode, counted up), or those points less the mean of the
other sides'."""
RESAMPLE_ATTEMPTS = 20
"""Worlds ``resample_from_infostate`` draws before it gives up on finding one that
rebuilds to the same information state."""


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
        "returns": RETURNS[0],
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


def zero_sum(game: Game[Any], returns: str = "match") -> bool:
    """Whether the returns always sum to 0 over the seats: the match's (+1 to the winning
    side's seats, -1 to the others', 0 to all of a shared win) with two sides of as many
    seats each; the margins with sides all of one size (each side's margin is its gain less
    the mean of the others', and these sum to 0); the points never (a deal's points are
    not shared out of a fixed sum)."""
    sizes = {len(side) for side in game.sides}
    if returns == "margin":
        return len(sizes) == 1
    return returns == "match" and len(game.sides) == 2 and len(sizes) == 1


@dataclass(frozen=True)
class Utility:
    """What a loaded game declares of its returns: the least and greatest, and whether they
    always sum to 0."""

    least: float
    greatest: float
    zero_sum: bool


def utility(game: Game[Any], returns: str, max_deals: int) -> Utility:
    """The bounds of the returns: -1 and +1 for the match's; for points, ``max_deals``
    times the least and the greatest change a deal makes to a side's score as the game's
    rules set them (``Game.deal_points``); for the margin, ``max_deals`` times the
    greatest gain less the least, either way. A ``RuleError`` where the game states no
    bounds of a deal's points.

    >>> from tricktable.games import load_game
    >>> euchre = load_game(GAME_NAMES[0])
    >>> euchre.deal_points(), utility(euchre, "margin", 2)
    ((0, 4), Utility(least=-8.0, greatest=8.0, zero_sum=True))
    """
    if returns == "match":
        return Utility(-1.0, 1.0, zero_sum(game))
    bounds = game.deal_points()
    if bounds is None:
        raise RuleError(
            f"{short_name(game.name)} with these rules states no bounds of a deal's points:"
            f" returns={returns} is not offered; returns=match is"
        )
    least, greatest = bounds
    if returns == "margin":
        least, greatest = least - greatest, greatest - least
    return Utility(float(max_deals * least), float(max_deals * greatest), zero_sum(game, returns))


def game_type(name: str, game: Game[Any] | None = None, returns: str = "match") -> Any:
    """The ``pyspiel.GameType`` of a game; with ``game`` (a loaded game, its player count)
    its utility is declared for it and its ``returns``: zero-sum where the returns always sum
    to 0 (``zero_sum``), else general-sum (the registered type, for every player count)."""
    counts = player_counts(name)
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM
        if game is not None and zero_sum(game, returns)
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"tricktable {spec_of(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
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
    returns: str
    utility: Utility

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
        returns = str(given["returns"])
        if returns not in RETURNS:
            raise RuleError(f"returns cannot be {returns!r}; allowed: {', '.join(RETURNS)}")
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
        bounds = utility(game, returns, max_deals)
        setup = Setup(name, every, game, encoder_for(game), max_deals, side_of, returns, bounds)
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
            min_utility=setup.utility.least,
            max_utility=setup.utility.greatest,
            utility_sum=0.0 if setup.utility.zero_sum else None,
            max_game_length=setup.max_deals * encoder.encoding.max_decisions,
        )
        super().__init__(game_type(name, setup.game, setup.returns), info, params or {})

    def new_initial_state(self) -> TricktableState:
        return TricktableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(_setup(self), iig_obs_type)


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
        side_of = self.setup.side_of
        if self.setup.returns != "match":
            gains: list[float] = list(self._gains(self.state))
            if self.setup.returns == "margin":
                others, total = len(gains) - 1, sum(gains)
                gains = [gain - (total - gain) / others for gain in gains]
            return [float(gains[side_of[seat]]) + 0.0 for seat in range(players)]
        winners = self._winning_sides(self.state)
        won = 1.0 if len(winners) == 1 else 0.0
        return [won if side_of[seat] in winners else -1.0 for seat in range(players)]

    def _gains(self, state: State) -> list[int]:
        """Each side's score gain over the episode, counted up."""
        start = self.setup.game.new_state(state.first_dealer).scores()
        sign = -1 if self.setup.game.scores_count_down else 1
        return [sign * (now - then) for now, then in zip(state.scores(), start, strict=True)]

    def _winning_sides(self, state: State) -> list[int]:
        if state.is_terminal():
            winner = state.winner()
            return [winner] if isinstance(winner, int) else list(winner or [])
        gains = self._gains(state)
        best = max(gains)
        return [side for side, gain in enumerate(gains) if gain == best]

    def resample_from_infostate(self, player: int, sampler: Any) -> TricktableState:
        """A state ``player`` cannot tell from this one: the same information state, this
        deal's cards it has not seen placed as ``tricktable.search.resample`` draws them
        (uniformly among the placements that fit everything it knows: hand sizes, shown
        voids, the up-card ...), and the deal replayed with the same decisions.

        The world's placement becomes a relabelling of the unseen cards, group by group
        (each hand now, and the cards in no hand), applied to the deal as dealt and to
        its decisions (an unseen discard becomes a discard of the world's card; the
        stock's order and a run's cards follow). Where the world moves a card the seat
        has seen (a dealer the world has keep the up-card it discarded), the game's
        search adapter rebuilds the deal instead. Earlier deals of the episode stay as
        they were (no decision to come depends on their unseen cards); the result is
        checked to give the seat the same information state. ``sampler()`` gives numbers
        in [0, 1) (OpenSpiel's ``UniformProbabilitySampler``); the draw is seeded from one.
        At a seat's decision only (where OpenSpiel's searches call it)."""
        state = self.state
        if state is None or state.is_chance() or state.is_terminal():
            raise RuleError("resample_from_infostate needs a state at a seat's decision")
        rng = random.Random(int(float(sampler()) * 2**53))
        game = self.setup.game
        view = state.view(player)
        target = self.information_state_string(player)
        for _ in range(RESAMPLE_ATTEMPTS):
            world = resample(game, view, rng)
            try:
                other = self._relabelled(world, player, rng) or self._rebuilt(world, player)
            except (TricktableError, ValueError):
                continue  # a world the deal cannot be replayed in
            if other.information_state_string(player) == target:
                return other
        raise RuleError(
            f"no world drawn for seat {player} rebuilt its information state in"
            f" {RESAMPLE_ATTEMPTS} tries: {self}"
        )

    def _relabelled(self, world: World, player: int, rng: random.Random) -> TricktableState | None:
        """This episode with the last deal's unseen cards relabelled to sit where
        ``world`` has them (``None`` where the world places a seen card elsewhere)."""
        state = self.state
        assert state is not None
        deal = state.deals[-1]
        dealt = [card for hand in deal.hands for card in hand] + list(deal.stock)
        dealt += [] if deal.turned is None else [deal.turned]
        unseen = mask_of(dealt) & ~mask_of(state.view(player).known_cards())
        hands: list[int] = list(state.hands)
        true_groups = [hand & unseen for hand in hands]
        true_groups.append(unseen & ~reduce(or_, hands, 0))
        world_groups = [hand & unseen for hand in world.hands] + [world.pile & unseen]
        relabel: dict[int, int] = {}
        for truly, drawn in zip(true_groups, world_groups, strict=True):
            if truly.bit_count() != drawn.bit_count():
                return None
            relabel.update(zip(cards_of(truly), shuffled(cards_of(drawn), rng), strict=True))

        def moved(action: Action) -> Action:
            if not is_card_action(action) or argument_of(action) not in relabel:
                return action
            return make_action(kind_of(action), relabel[argument_of(action)])

        last = Deal(
            tuple(tuple(relabel.get(card, card) for card in hand) for hand in deal.hands),
            None if deal.turned is None else relabel.get(deal.turned, deal.turned),
            tuple(relabel.get(card, card) for card in deal.stock),
        )
        return self._replayed(last, lambda engine, actor, action: moved(action))

    def _rebuilt(self, world: World, player: int) -> TricktableState:
        """This episode with the last deal rebuilt from ``world`` by the game's search
        adapter, an unseen discard or pass replayed as one of the world's cards."""
        state = self.state
        assert state is not None
        game = self.setup.game
        view = state.view(player)
        deal = search_adapter(game).rebuild_deal(game, view, world)
        return self._replayed(
            deal,
            lambda engine, actor, action: (
                unseen_choice(engine, actor, action, world)
                if state.face_down(player, actor, action)
                else action
            ),
        )

    def _replayed(
        self, last: Deal, decide: Callable[[State, int, Action], Action]
    ) -> TricktableState:
        """This episode with its last deal dealt as ``last`` and its decisions as
        ``decide(engine, actor, action)`` makes them, every step through OpenSpiel's
        ``apply_action`` (so its history is a history of the game)."""
        state = self.state
        assert state is not None
        encoder = self.setup.encoder
        other = TricktableState(self.get_game())
        other.apply_action(state.first_dealer)
        final = len(state.deals) - 1
        for index, deal in enumerate(state.deals):
            dealt = last if index == final else deal
            cards = [card for hand in dealt.hands for card in hand]
            cards += [] if dealt.turned is None else [dealt.turned]
            for card in cards + list(dealt.stock):
                other.apply_action(encoder.card_index[card])
            engine = other.state
            assert engine is not None
            for actor, action in zip(state.actors[index], state.actions[index], strict=True):
                if index == final:
                    action = decide(engine, actor, action)
                other.apply_action(encoder.action_index[action])
        return other

    def public_observation_string(self) -> str:
        """What every seat knows now, the same for all (no seat's hand): the string of the
        public-information observer."""
        return "no dealer yet" if self.state is None else public_string(self.state)

    def private_observation_string(self, player: int) -> str:
        """What ``player`` alone knows now (its hand, what only it sees): the string of the
        private-information observer."""
        return "no dealer yet" if self.state is None else private_string(self.state, player)

    def __str__(self) -> str:
        if self.state is None:
            return "no dealer yet"
        deals = "; ".join(str(deal) for deal in self.state.deals)
        history = " | ".join(" ".join(texts) for texts in self.state.history_texts())
        return f"first dealer {self.state.first_dealer}; {deals}; {history}"


def unseen_choice(state: State, actor: int, action: Action, world: World) -> Action:
    """The action of ``action``'s kind (a discard, a card passed face down) that ``actor``
    takes in ``world`` in its place: a legal one of a card the world leaves out of every
    hand, else of a card not in ``actor``'s hand now."""
    kind = kind_of(action)
    options = [
        other for other in state.legal_actions() if is_card_action(other) and kind_of(other) == kind
    ]
    in_pile = [other for other in options if world.pile >> argument_of(other) & 1]
    not_held = [other for other in options if not world.hands[actor] >> argument_of(other) & 1]
    if in_pile or not_held:
        return (in_pile or not_held)[0]
    return options[0] if options else action


OBSERVATION_KINDS = ("seat", "public", "private", "nothing")
"""What an observer shows: the seat's view (public and private information), the public
information alone, the seat's private information alone, or nothing."""


class Observer:
    """OpenSpiel's Python observer, as the observation type asks (``IIGObservationType``):

    * public and the seat's private information (the default): the encoding's observation
      tensor and string, or with ``perfect_recall`` its information state;
    * public information only (``private_info=NONE``): the observation tensor without the
      seat's hand, its ``public_cards`` and card-named extras only the cards every seat's
      view names, and the public string (``public_observation_string``);
    * private information only (``public_info=False``): the cards this seat sees that not
      every seat sees (its hand, its own discards, the others' forehead cards) over the
      game's cards, and their string (``private_observation_string``).

    Perfect recall is offered with both kinds of information together; ``ALL_PLAYERS``
    (every seat's private information) is not offered: a ``RuleError`` says so."""

    def __init__(self, setup: Setup, iig_obs_type: Any = None) -> None:
        self.encoder = encoder = setup.encoder
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.kind = observation_kind(iig_obs_type)
        if self.perfect_recall and self.kind != "seat":
            raise RuleError(
                "perfect recall (the information state) is offered with public and private"
                " information together only"
            )
        size = {
            "seat": encoder.observation_size,
            "public": encoder.observation_size,
            "private": len(encoder.cards),
            "nothing": 0,
        }[self.kind]
        if self.perfect_recall:
            size = encoder.information_state_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TricktableState, player: int) -> None:
        self.tensor.fill(0)
        if state.state is None or self.kind == "nothing":
            return
        now, encoder = state.state, self.encoder
        if self.kind == "private":
            for card in private_cards(now, player):
                self.tensor[encoder.card_index[card]] = 1.0
            return
        encoder.write_observation(now.present_view(player), self.tensor)
        if self.perfect_recall:
            encoder.write_history(player, now.seat_history(player), self.tensor)
        if self.kind == "public":
            hidden = mask_of(private_cards(now, player))
            self.tensor[encoder.slice("hand")] = 0.0
            start, _ = encoder.fields["public_cards"]
            for card in cards_of(hidden):
                self.tensor[start + encoder.card_index[card]] = 0.0
            start, _ = encoder.fields["extras"]
            for i, name in enumerate(encoder.encoding.extra_names):
                named = card_of_extra(name)
                if named is not None and hidden >> named & 1:
                    self.tensor[start + i] = 0.0

    def string_from(self, state: TricktableState, player: int) -> str:
        if state.state is None:
            return "no dealer yet"
        now = state.state
        if self.kind == "public":
            return public_string(now)
        if self.kind == "private":
            return private_string(now, player)
        if self.kind == "nothing":
            return ""
        view = now.view(player)
        if self.perfect_recall:
            return self.encoder.information_state_string(view)
        return self.encoder.observation_string(view)


def card_of_extra(name: str) -> int | None:
    """The card an extra field of the encoding is named after (``forehead_1_AS``), or
    ``None``."""
    try:
        return parse_card(name.rpartition("_")[2])
    except CardError:
        return None


def observation_kind(iig_obs_type: Any) -> str:
    """Which of ``OBSERVATION_KINDS`` an ``IIGObservationType`` asks for."""
    if iig_obs_type is None:
        return "seat"
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise RuleError(
            "an observer sees one seat: private_info can be SINGLE_PLAYER or NONE, not ALL_PLAYERS"
        )
    single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
    if iig_obs_type.public_info:
        return "seat" if single else "public"
    return "private" if single else "nothing"


def common_cards(state: State) -> int:
    """The cards every seat's view names now (as a mask): the public ones."""
    seats = range(state.game.players)
    return reduce(lambda mask, seat: mask & mask_of(state.view(seat).known_cards()), seats, -1)


def private_cards(state: State, player: int) -> list[int]:
    """The cards ``player``'s view names that not every seat's does: its hand, its own
    discards, what it alone sees."""
    return cards_of(mask_of(state.view(player).known_cards()) & ~common_cards(state))


def public_string(state: State) -> str:
    """What every seat knows now, the same for all: the table (dealer, seat to act, phase),
    the public facts every seat's view holds alike, the trick, who won each trick and the
    scores."""
    views = [state.view(seat) for seat in range(state.game.players)]
    view = views[0]
    facts = [other.public.to_json() for other in views]
    shown = ", ".join(
        f"{key} {value}"
        for key, value in facts[0].items()
        if value not in (None, [], {}, False) and all(other.get(key) == value for other in facts)
    )
    trick = " ".join(f"{seat}:{card_name(card)}" for seat, card in view.trick)
    return "\n".join(
        (
            f"{view.players} seats, dealer {view.dealer}, to act {view.to_act}",
            f"phase {view.phase}",
            f"facts {shown or '-'}",
            f"trick {trick or '-'}",
            f"tricks won by {' '.join(map(str, view.trick_winners)) or '-'}",
            f"scores {' '.join(map(str, view.scores))}",
        )
    )


def private_string(state: State, player: int) -> str:
    """What ``player`` alone knows now: its hand and the other cards only it sees."""
    view = state.view(player)
    others = [card for card in private_cards(state, player) if card not in view.hand]
    hand = " ".join(card_name(card) for card in view.hand) or "-"
    seen = " ".join(card_name(card) for card in others) or "-"
    return f"seat {player}\nhand {hand}\nseen alone {seen}"


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
