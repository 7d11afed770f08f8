"""A policy trained on the batched euchre, played at the engine's tables as a bot.

``PolicyBot`` (the bot spec ``policy(path=FILE)``, from the command line) reads a network's
weights from a ``.npz`` file, builds from the engine's view of its seat the observation the
batched env gives at the same point (``view_observation``: ``OBSERVATION_FIELDS``, 250
booleans), and plays the legal action the network scores highest. The network
(``forward``) is written once over any array module: NumPy at the table (a decision costs
microseconds and needs no compiled program), ``jax.numpy`` in training
(examples/batched_ppo.py), so that both run the same function on the same weights.

>>> import random
>>> import numpy as np
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=openspiel)", 3)
>>> params = init_params(np.random.default_rng(0))
>>> bot = PolicyBot(state.game, params=params)
>>> bot.choose(state.view(state.current_player), random.Random(0)) in state.legal_texts()
True
>>> view_observation(state.view(state.current_player)).shape
(250,)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from tricktable.batched.euchre_layout import (
    ACTION_NAMES,
    CARDS,
    OBSERVATION_FIELDS,
    OBSERVATION_SIZE,
    SEATS,
    TO_GO,
    TRICKS,
    Phase,
    batched_rules,
    engine_card,
)
from tricktable.bots.base import Bot, require_legal
from tricktable.cards import Card
from tricktable.core import Game, SeatView
from tricktable.errors import RuleError
from tricktable.games.euchre.engine import Euchre
from tricktable.games.euchre.facts import EuchreFacts

HIDDEN = (128, 128)
"""The default widths of the network's hidden layers."""
PHASES = {
    "bid1": Phase.BID1,
    "dealer_discard": Phase.DISCARD,
    "bid2": Phase.BID2,
    "alone": Phase.ALONE,
    "play": Phase.PLAY,
}
"""The engine's phase (``SeatView.phase``) of each phase of the batched hand."""
CARD_INDEX: dict[Card, int] = {engine_card(card): card for card in range(CARDS)}
"""The index in the 24-card deck of each of the engine's cards."""
ACTION_INDEX: dict[str, int] = {name: index for index, name in enumerate(ACTION_NAMES)}
"""The index in the action space of each of the engine's action texts."""


def _field_starts() -> dict[str, int]:
    starts, start = {}, 0
    for name, size in OBSERVATION_FIELDS:
        starts[name] = start
        start += size
    return starts


FIELD_START = _field_starts()
"""Where each field of the observation starts."""


def view_observation(view: SeatView) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """The batched env's observation (``OBSERVATION_FIELDS``) for the seat of ``view`` while
    it is to act, built from what the view shows.

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> observation = view_observation(state.view(state.current_player))
    >>> int(observation[:24].sum()), int(observation[FIELD_START["to_go_mine"] + 9])
    (5, 1)
    """
    facts = view.facts(EuchreFacts)
    phase = PHASES.get(view.phase)
    if phase is None:
        raise RuleError(
            f"the batched euchre has no phase {view.phase!r}; it plays {', '.join(PHASES)}"
        )
    seat = view.seat
    observation = np.zeros(OBSERVATION_SIZE, np.bool_)

    def seat_hot(name: str, other: int | None) -> None:
        if other is not None:
            observation[FIELD_START[name] + (other - seat) % SEATS] = True

    def card_hot(name: str, card: Card, offset: int = 0) -> None:
        observation[FIELD_START[name] + offset + CARD_INDEX[card]] = True

    for card in view.hand:
        card_hot("hand", card)
    if facts.upcard is not None:
        card_hot("upcard", facts.upcard)
    observation[FIELD_START["phase"] + phase] = True
    seat_hot("dealer", view.dealer)
    seat_hot("maker", facts.maker)
    if facts.trump is not None:
        observation[FIELD_START["trump"] + facts.trump] = True
    observation[FIELD_START["alone"]] = facts.alone
    for other in facts.sitting_out:
        seat_hot("sitting_out", other)
    for card in facts.own_discards:
        card_hot("own_discard", card)
    for other, card in view.trick:
        card_hot("trick", card, CARDS * ((other - seat) % SEATS))
    for trick in view.tricks:
        for _, card in trick:
            card_hot("played", card)
    if phase == Phase.PLAY:  # the trick's leader, or the seat to lead it
        seat_hot("leader", view.trick[0][0] if view.trick else view.to_act)
    won = facts.tricks_won
    mine = sum(won[other] for other in range(seat % 2, SEATS, 2))
    theirs = sum(won[other] for other in range(1 - seat % 2, SEATS, 2))
    observation[FIELD_START["tricks_mine"] + min(mine, TRICKS)] = True
    observation[FIELD_START["tricks_theirs"] + min(theirs, TRICKS)] = True
    if facts.target is not None:
        for name, side in (("to_go_mine", seat % 2), ("to_go_theirs", 1 - seat % 2)):
            to_go = min(max(facts.target - view.scores[side], 1), TO_GO)
            observation[FIELD_START[name] + to_go - 1] = True
    return observation


def legal_mask(view: SeatView) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """The legal actions of ``view`` as a mask over the batched action space."""
    mask = np.zeros(len(ACTION_NAMES), np.bool_)
    for text in view.legal:
        index = ACTION_INDEX.get(text)
        if index is None:
            raise RuleError(f"the batched euchre has no action {text!r}")
        mask[index] = True
    return mask


def init_params(rng: np.random.Generator, hidden: tuple[int, ...] = HIDDEN) -> dict[str, Any]:
    """Fresh weights for ``forward`` (scaled normal, zero biases; the policy head small, so
    the first policy is near uniform).

    >>> params = init_params(np.random.default_rng(0), hidden=(8,))
    >>> sorted((name, value.shape) for name, value in params.items())[:2]
    [('b0', (8,)), ('policy_b', (60,))]
    """
    params: dict[str, Any] = {}
    width = OBSERVATION_SIZE
    for layer, size in enumerate(hidden):
        params[f"w{layer}"] = rng.normal(0, np.sqrt(1 / width), (width, size)).astype(np.float32)
        params[f"b{layer}"] = np.zeros(size, np.float32)
        width = size
    params["policy_w"] = rng.normal(0, 0.01 / np.sqrt(width), (width, len(ACTION_NAMES)))
    params["policy_w"] = params["policy_w"].astype(np.float32)
    params["policy_b"] = np.zeros(len(ACTION_NAMES), np.float32)
    params["value_w"] = rng.normal(0, np.sqrt(1 / width), (width, 1)).astype(np.float32)
    params["value_b"] = np.zeros(1, np.float32)
    return params


def forward(params: Mapping[str, Any], observation: Any, xp: Any = np) -> tuple[Any, Any]:
    """The network's action logits and value for ``observation`` (one, or a batch along the
    first axis), computed with the array module ``xp`` (``numpy`` or ``jax.numpy``): hidden
    ``tanh`` layers ``w0``, ``w1`` ..., then a policy head and a value head.

    >>> params = init_params(np.random.default_rng(0), hidden=(8, 8))
    >>> logits, value = forward(params, np.zeros((3, OBSERVATION_SIZE), np.bool_))
    >>> logits.shape, value.shape
    ((3, 60), (3,))
    """
    x = observation.astype(xp.float32)
    layer = 0
    while f"w{layer}" in params:
        x = xp.tanh(x @ params[f"w{layer}"] + params[f"b{layer}"])
        layer += 1
    logits = x @ params["policy_w"] + params["policy_b"]
    value = (x @ params["value_w"] + params["value_b"])[..., 0]
    return logits, value


def save_params(path: str | Path, params: Mapping[str, Any]) -> None:
    """Write ``params`` to the ``.npz`` file ``path``."""
    arrays: dict[str, Any] = {name: np.asarray(value) for name, value in params.items()}
    np.savez(path, **arrays)


def load_params(path: str | Path) -> dict[str, np.ndarray[Any, Any]]:
    """The weights in the ``.npz`` file ``path``, checked against ``forward``'s shapes."""
    try:
        with np.load(path) as data:
            params = {name: np.asarray(data[name], np.float32) for name in data.files}
    except (OSError, ValueError) as error:
        raise RuleError(f"cannot read policy weights from {str(path)!r}: {error}") from None
    needed = {"policy_w", "policy_b", "value_w", "value_b"}
    missing = sorted(needed - set(params))
    if missing:
        raise RuleError(f"{str(path)!r} holds no {', '.join(missing)}: not a policy's weights")
    width, layer = OBSERVATION_SIZE, 0
    while f"w{layer}" in params:
        if params[f"w{layer}"].shape[0] != width:
            raise RuleError(f"{str(path)!r}: layer w{layer} takes {width} inputs, not so here")
        width = params[f"w{layer}"].shape[1]
        layer += 1
    if params["policy_w"].shape != (width, len(ACTION_NAMES)):
        raise RuleError(f"{str(path)!r}: the policy head is not {width} x {len(ACTION_NAMES)}")
    return params


class PolicyBot(Bot):
    """Plays the legal action that a network trained on the batched euchre scores highest
    (the weights from ``path``, or ``params``), for any euchre rules the batched env plays.
    """

    name = "policy"

    def __init__(
        self,
        game: Game[Any],
        seat: int | None = None,
        path: str | Path | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(game, seat)
        if not isinstance(game, Euchre):
            raise RuleError(f"the policy bot plays the batched euchre, not {game.name}")
        batched_rules(game.rule_string())  # refuses any game or option the batched env lacks
        if params is None:
            if path is None:
                raise RuleError("the policy bot needs its weights: policy(path=FILE.npz)")
            params = load_params(path)
        self.params = {name: np.asarray(value, np.float32) for name, value in params.items()}
        """The network's weights (``forward``)."""

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        logits, _ = forward(self.params, view_observation(view))
        best = int(np.argmax(np.where(legal_mask(view), logits, -np.inf)))
        return ACTION_NAMES[best]


def make_policy_bot(game: Game[Any], seat: int | None, settings: Mapping[str, str]) -> Bot:
    """The bot of the spec ``policy(path=FILE)``."""
    unknown = sorted(set(settings) - {"path"})
    if unknown or "path" not in settings:
        raise RuleError(
            "the policy bot takes one setting, its weights: policy(path=FILE.npz)"
            + (f", not {', '.join(unknown)}" if unknown else "")
        )
    bot = PolicyBot(game, seat, path=settings["path"])
    bot.name = f"policy(path={settings['path']})"
    return bot
