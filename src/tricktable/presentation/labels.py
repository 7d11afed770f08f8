"""Names for people of what the programs know by an internal name: a match's rules and a bot.

The rules are described as people say them (the game's title, its preset, the options that
differ from it), never as a rule string; a rule string stays where it is typed or kept
(``--rules``, records).

>>> from tricktable.games import load_game
>>> rules_description(load_game("romanian_whist(preset=romanian_whist)"))
'Romanian Whist'
>>> rules_description(load_game("euchre(preset=british,target=11,stick_the_dealer=true)"))
'Euchre, British rules; Stick the dealer: yes; Target: 11'

A bot is named by the level people choose (``Medium bot``); the engine behind a level is
named as that level, so that the same bot reads the same everywhere:

>>> bot_label("medium"), bot_label("heuristic"), bot_label("pimc(worlds=30)")
('Medium bot', 'Medium bot', 'PIMC bot (worlds=30)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.core import Game
from tricktable.games import spec_of
from tricktable.rules import OptionValue, option_infos


@dataclass(frozen=True, slots=True)
class BotWords:
    """A kind of bot as people read it (``bots.registry`` gives each kind its words)."""

    title: str
    """Its name before "bot" (``Medium``); an engine that plays as a level is titled as
    that level, so that the same bot reads the same everywhere."""
    description: str
    """One line about it (the lobby's list)."""


BOT_WORDS = {
    "random": BotWords("Random", "Plays any legal move at random (for testing)."),
    "heuristic": BotWords("Medium", "The game's rules of thumb (what medium plays)."),
    "pimc": BotWords(
        "PIMC", "Perfect-information Monte Carlo search with the default number of guesses."
    ),
    "ismcts": BotWords("ISMCTS", "Information-set Monte Carlo tree search."),
    "easy": BotWords("Easy", "Plays sensibly but makes a mistake about one move in four."),
    "medium": BotWords("Medium", "Plays by rules of thumb, as a steady club player would."),
    "hard": BotWords("Hard", "Thinks ahead over many guesses of the hidden cards."),
    "expert": BotWords(
        "Expert", "Thinks ahead over the most guesses; the strongest, and the slowest."
    ),
    "policy": BotWords("Policy", "A network trained on the batched euchre, from its weights."),
    "cmd": BotWords("Engine", "A program speaking the engine protocol, run on this machine."),
}
"""Every kind of bot's words, by its registered name."""


def bot_label(name: str) -> str:
    """A bot as people read it, from the name it was chosen by (``--bots``, the lobby, a
    record's ``bot:NAME``).

    >>> bot_label("expert"), bot_label("random"), bot_label("cmd:python examples/engine.py")
    ('Expert bot', 'Random bot', 'Engine bot (python examples/engine.py)')
    """
    from tricktable.bots.registry import read_bot_name
    from tricktable.errors import RuleError

    if name.startswith("engine:"):  # one the server's operator named (web/engines.py)
        return f"Engine bot {name.partition(':')[2].strip()}"
    try:
        spec = read_bot_name(name)
    except RuleError:  # a name no bot has: shown as it is
        return f"{name.strip()} bot"
    words = BOT_WORDS.get(spec.kind)
    label = f"{words.title if words else spec.kind} bot"
    if spec.command is not None:
        return f"{label} ({spec.command})"
    settings = ", ".join(f"{key}={value}" for key, value in spec.settings.items())
    return f"{label} ({settings})" if settings else label


def remote_bot_label(name: str, owner: str) -> str:
    """A remote bot (a bot account playing over the websocket) as people read it.

    >>> remote_bot_label("alpha", "Ann")
    'Remote bot alpha (of Ann)'
    """
    return f"Remote bot {name} (of {owner})"


def engine_fault_words(player: str, reason: str, stand_in: str) -> str:
    """What a seat of the web table shows after the program playing it (``player``, as
    people read it) lost it to a level (web/engines.py, web/remote_bots.py).

    >>> engine_fault_words(bot_label("engine:alpha"), "engine 'x' at seat 1 crashed", "medium")
    "Engine bot alpha lost this seat: engine 'x' at seat 1 crashed. A Medium bot plays it now."
    """
    return f"{player} lost this seat: {reason}. A {bot_label(stand_in)} plays it now."


def preset_words(preset: str) -> str:
    """A preset's name as words.

    >>> preset_words("north_american"), preset_words("mathews_1844")
    ('North American', 'Mathews 1844')
    """
    return " ".join(word[:1].upper() + word[1:] for word in preset.split("_"))


def value_words(value: OptionValue) -> str:
    """An option's value as people read it.

    >>> [value_words(value) for value in (True, False, None, 11, "left_of_loner")]
    ['yes', 'no', 'none', '11', 'left of loner']
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def rules_description(game: Game[Any]) -> str:
    """A match's rules for people: the game's title; its preset where the game has several
    and it is not the default one the title names; each option that differs from the preset, by its
    label, in the order the game lists its options."""
    title = spec_of(game).title
    options = game.rules_dict()
    preset = str(options.pop("preset", ""))
    text = title
    default = next(iter(game.presets), "")
    said = _letters(preset) in _letters(title) and preset == default
    if preset and len(game.presets) > 1 and not said:
        text += f", {preset_words(preset)} rules"
    labels = {info.name: info.label for info in option_infos(type(game.rules))}
    changes = [
        f"{labels.get(name, name)}: {value_words(options[name])}"
        for name in labels
        if name in options
    ]
    return "; ".join([text, *changes])


def _letters(text: str) -> str:
    return "".join(char for char in text.lower() if char.isalpha())
