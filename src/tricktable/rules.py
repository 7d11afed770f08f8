"""Rule options: frozen dataclasses, named presets and the rule-string form.

Every game keeps its options in one frozen, slotted, keyword-only dataclass whose
fields carry their help text and allowed values in ``metadata``. This module turns
such a class plus a preset table into validated rules, from a dict (as in a game
record) or from a rule string such as ``euchre(preset=british,target=11)``.

>>> parse_rule_string("somegame(preset=british, target=11, stick_the_dealer=true)")
('somegame', {'preset': 'british', 'target': 11, 'stick_the_dealer': True})
>>> parse_rule_string("somegame")
('somegame', {})
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from tricktable.errors import RuleError

OptionValue = bool | int | str | None
"""The value of one rule option."""

T = TypeVar("T")


def option(
    default: Any,
    help: str,
    choices: tuple[str, ...] | None = None,
    minimum: int | None = None,
    kind: type | None = None,
    nullable: bool = False,
    label: str | None = None,
) -> Any:
    """A dataclass field for a rule option, with its meaning and allowed values.

    ``label`` is the option's short name for people (a form field's label); by default it
    is made from the field's name (``option_label``).

    The value's type is ``kind`` (by default the type of ``default``), plus ``None``
    when ``nullable`` or when the default is ``None``. It is kept in the field's
    metadata, so validation never depends on annotations (which compiled modules
    erase).
    """
    base = kind if kind is not None else (type(default) if default is not None else None)
    allowed: tuple[type, ...] | None = None
    if base is not None:
        allowed = (base, type(None)) if nullable or default is None else (base,)
    return dataclasses.field(
        default=default,
        metadata={
            "help": help,
            "choices": choices,
            "minimum": minimum,
            "types": allowed,
            "label": label,
        },
    )


def option_label(name: str) -> str:
    """An option's default label for people: its name as words.

    >>> option_label("stick_the_dealer")
    'Stick the dealer'
    """
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def help_sentence(help: str) -> str:
    """An option's help text as a sentence: a capital first letter and a full stop.

    >>> help_sentence("if all pass twice the dealer must call a suit")
    'If all pass twice the dealer must call a suit.'
    """
    text = help.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _type_hints(rules_class: type[Any]) -> dict[str, Any]:
    """``typing.get_type_hints`` of a rules class, worked out once per class (it evaluates
    every annotation's text each time it is asked)."""
    hints = _HINTS.get(rules_class)
    if hints is None:
        hints = _HINTS[rules_class] = typing.get_type_hints(rules_class)
    return hints


def _allowed_types(rules_class: type[Any], field: dataclasses.Field[Any]) -> set[Any]:
    """The types an option accepts: from its annotation, or, where a compiled module
    erased the annotation, from ``option``'s metadata."""
    hint = _type_hints(rules_class).get(field.name)
    if hint is not None and hint is not type:
        return set(typing.get_args(hint)) if isinstance(hint, types.UnionType) else {hint}
    recorded = field.metadata.get("types")
    if not recorded:
        raise RuleError(f"option {field.name!r} has no known type; give option(kind=...)")
    return set(recorded)


@dataclasses.dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as `tricktable rules` lists it."""

    name: str
    kind: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] | None
    label: str = ""
    """The option's short name for people ("Stick the dealer")."""

    @property
    def sentence(self) -> str:
        """The help text as a sentence (for forms and ``tricktable rules``)."""
        return help_sentence(self.help)


def option_infos(rules_class: type[Any]) -> list[OptionInfo]:
    """Describe every option field of a rules dataclass."""
    infos = []
    for field in dataclasses.fields(rules_class):
        if field.name == "preset":
            continue
        default: OptionValue = field.default  # type: ignore[assignment]
        infos.append(
            OptionInfo(
                field.name,
                _kind(_allowed_types(rules_class, field)),
                default,
                field.metadata.get("help", ""),
                field.metadata.get("choices"),
                field.metadata.get("label") or option_label(field.name),
            )
        )
    return infos


def _kind(allowed: set[Any]) -> str:
    names = sorted(arg.__name__ if arg is not type(None) else "null" for arg in allowed)
    return " or ".join(names)


def _convert(rules_class: type[Any], name: str, value: Any) -> OptionValue:
    """Check and convert one option value (strings from rule strings are parsed)."""
    fields = {field.name: field for field in dataclasses.fields(rules_class)}
    field = fields[name]
    allowed = _allowed_types(rules_class, field)
    choices = field.metadata.get("choices")
    minimum = field.metadata.get("minimum")
    text = value.strip().lower() if isinstance(value, str) else None
    if (value is None or text in ("null", "none")) and type(None) in allowed:
        return None
    if value is None:
        pass  # refused below
    elif bool in allowed:
        if isinstance(value, bool):
            return value
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
    elif int in allowed:
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif text is not None and re.fullmatch(r"-?\d+", text):
            number = int(text)
        if (
            number is not None
            and (minimum is None or number >= minimum)
            and (choices is None or str(number) in choices)
        ):
            return number
    elif str in allowed:
        candidate = str(value).strip() if isinstance(value, (str, int)) else None
        if (
            candidate is not None
            and not isinstance(value, bool)
            and (choices is None or candidate in choices)
        ):
            return candidate
    expected = (
        "one of " + ", ".join(choices)
        if choices
        else _kind(allowed) + (f" >= {minimum}" if minimum is not None else "")
    )
    raise RuleError(f"option {name!r} cannot be {value!r}; allowed: {expected}")


def build_rules(
    rules_class: type[T],
    presets: Mapping[str, Mapping[str, Any]],
    spec: object,
    game: str,
) -> T:
    """Validated rules from a preset name plus overrides.

    ``spec`` is a mapping of option names (``preset`` optional) or a rule string.
    Unknown names and bad values raise ``RuleError`` naming what is allowed.
    """
    if spec is None:
        options: dict[str, Any] = {}
    elif isinstance(spec, str):
        named_game, options = parse_rule_string(spec)
        if named_game != game:
            raise RuleError(f"rule string is for game {named_game!r}, expected {game!r}")
    elif isinstance(spec, Mapping):
        options = dict(spec)
    else:
        raise RuleError(f"rules must be an object of option names or a rule string, not {spec!r}")
    preset = options.pop("preset", None)
    if preset is None:
        preset = next(iter(presets))
    if not isinstance(preset, str) or preset not in presets:
        raise RuleError(f"unknown preset {preset!r} for {game}; presets: {', '.join(presets)}")
    names = [f.name for f in dataclasses.fields(rules_class)]  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in {**presets[preset], **options}.items():
        if name not in names or name == "preset":
            raise RuleError(
                f"unknown option {name!r} for {game}; options: "
                + ", ".join(n for n in names if n != "preset")
            )
        values[name] = _convert(rules_class, name, value)
    return rules_class(preset=preset, **values)  # type: ignore[call-arg]


def rules_to_dict(rules: Any, presets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The preset and the options that differ from it: the shortest faithful form."""
    preset = rules.preset
    reference = type(rules)(preset=preset, **presets[preset])
    out: dict[str, Any] = {"preset": preset}
    for field in dataclasses.fields(rules):
        if field.name == "preset":
            continue
        value = getattr(rules, field.name)
        if value != getattr(reference, field.name):
            out[field.name] = value
    return out


def option_text(value: OptionValue) -> str:
    """An option's value as a rule string writes it.

    >>> [option_text(value) for value in (None, True, 11, "british")]
    ['null', 'true', '11', 'british']
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rule_string(game: str, options: Mapping[str, Any]) -> str:
    """The rule-string form of ``options``.

    >>> rule_string("somegame", {"preset": "british", "target": 11, "renege": "callable"})
    'somegame(preset=british,target=11,renege=callable)'
    """
    inner = ",".join(f"{name}={option_text(value)}" for name, value in options.items())
    return f"{game}({inner})" if inner else game


def parse_rule_string(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``game(name=value,...)`` into the game name and raw option values."""
    match = re.fullmatch(r"\s*([a-z_]+)\s*(?:\((.*)\))?\s*", text)
    if not match:
        raise RuleError(f"{text!r} is not a rule string; write game(option=value,...)")
    game, inner = match.group(1), match.group(2)
    options: dict[str, Any] = {}
    if inner and inner.strip():
        for part in inner.split(","):
            if "=" not in part:
                raise RuleError(f"{part.strip()!r} in {text!r} is not option=value")
            name, value = (piece.strip() for piece in part.split("=", 1))
            if name in options:
                raise RuleError(f"option {name!r} is given twice in {text!r}")
            options[name] = _literal(value)
    return game, options


def _literal(value: str) -> Any:
    """A rule string's value: a bool, ``None`` for ``null``, an int, else the text (``none``
    stays text: it is a choice of some options, and ``_convert`` reads it as null where an
    option takes null).

    >>> [_literal(text) for text in ("true", "null", "none", "11")]
    [True, None, 'none', 11]
    """
    lowered = value.lower()
    if lowered == "true":
        return True
    if lowered == "false":
        return False
    if lowered == "null":
        return None
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    return value
