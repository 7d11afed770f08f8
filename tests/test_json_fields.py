"""The JSON readers, the codecs and the wire fields (``tricktable.json_fields``)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tricktable.cards import HEARTS, parse_card
from tricktable.errors import JsonFieldError
from tricktable.json_fields import (
    CARD,
    INTEGER,
    INTEGERS,
    STRING,
    SUIT,
    Codec,
    WireField,
    read_fields,
    write_fields,
)

FIELDS = (
    WireField("trump", SUIT.optional()),
    WireField("shown", CARD.listed().by_seat()),
    WireField("threw_in", INTEGERS, attribute="out", copy="sitting_out"),
    WireField("bids", INTEGER.optional().listed()),
)


def _source() -> SimpleNamespace:
    return SimpleNamespace(
        trump=HEARTS,
        shown=((2, (parse_card("AS"), parse_card("9H"))),),
        out=(1, 3),
        bids=(None, 2),
    )


def test_fields_are_written_in_order_and_read_back_after_a_json_round_trip() -> None:
    data = write_fields(_source(), FIELDS)
    assert list(data) == ["trump", "shown", "threw_in", "sitting_out", "bids"]
    assert data == {
        "trump": "H",
        "shown": {2: ["AS", "9H"]},
        "threw_in": [1, 3],
        "sitting_out": [1, 3],
        "bids": [None, 2],
    }
    values = read_fields(json.loads(json.dumps(data)), "public", FIELDS)
    assert values == vars(_source())


def test_a_copy_that_differs_is_refused_by_name() -> None:
    data = {**write_fields(_source(), FIELDS), "sitting_out": [1]}
    with pytest.raises(JsonFieldError, match=r"public.sitting_out must repeat public.threw_in"):
        read_fields(data, "public", FIELDS)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"trump": "X"}, r"public.trump: "),
        ({"shown": {"north": ["AS"]}}, r"public.shown must be keyed by seat numbers"),
        ({"bids": [None, "2"]}, r"public.bids\[1\] must be an integer, not '2'"),
    ],
)
def test_a_wrong_field_is_named(change: dict[str, object], message: str) -> None:
    data = {**write_fields(_source(), FIELDS), **change}
    with pytest.raises(JsonFieldError, match=message):
        read_fields(data, "public", FIELDS)


def test_a_missing_field_is_named() -> None:
    data = write_fields(_source(), FIELDS)
    del data["bids"]
    with pytest.raises(JsonFieldError, match=r"public has no field 'bids'"):
        read_fields(data, "public", FIELDS)


def test_a_codec_with_its_own_reader_writes_the_value_as_it_is() -> None:
    def vowel(value: object, where: str) -> str:
        text = STRING.read(value, where)
        if text not in "aeiou":
            raise JsonFieldError(f"{where} must be a vowel, not {text!r}")
        return text

    codec = Codec(vowel).optional()
    assert codec.write("e") == "e" and codec.write(None) is None
    with pytest.raises(JsonFieldError, match="x must be a vowel, not 'b'"):
        codec.read("b", "x")
