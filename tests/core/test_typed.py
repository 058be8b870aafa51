"""Typed input: options, saved states and trees are read by msgspec; errors name the
field path, and option values may be tuples, enums or catalogue names."""
from __future__ import annotations

import dataclasses
import enum
import json

import pytest
from luck_toy import LuckGame, LuckOptions

from explorer.core import InvalidInput, option
from explorer.core.options import build, to_jsonable
from explorer.core.simulate import simulate
from explorer.core.typed import convert


class Tide(enum.Enum):
    LOW = "low"
    HIGH = "high"


@dataclasses.dataclass(frozen=True)
class RichOptions:
    values: tuple[int, ...] = option((1, 2), rule="", source="assumed", doc="a tuple")
    tide: Tide = option(Tide.LOW, rule="", source="assumed", doc="an enum")
    catalogue: str = option("standard", rule="", source="stand-in", doc="a catalogue name")
    bonus: float = option(0.5, rule="", source="assumed", doc="a number")

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError("values must not be empty")


def test_rich_option_values_convert_hash_and_round_trip() -> None:
    opts = build(RichOptions, {"values": [3, 4], "tide": "high", "bonus": 2})
    assert opts == RichOptions((3, 4), Tide.HIGH, "standard", 2.0)
    assert hash(opts) == hash(RichOptions((3, 4), Tide.HIGH, "standard", 2.0))
    saved = json.loads(json.dumps(to_jsonable(opts)))
    assert saved == {"values": [3, 4], "tide": "high", "catalogue": "standard", "bonus": 2.0}
    assert build(RichOptions, saved) == opts


@pytest.mark.parametrize("raw, field, says", [
    ({"values": [1, True]}, "options.values[1]", "expected `int`, got `bool`"),
    ({"tide": "medium"}, "options.tide", "invalid enum value 'medium'"),
    ({"values": "12"}, "options.values", "expected `array`, got `str`"),
    ({"values": []}, "options", "values must not be empty"),
    ({"colour": "red"}, "options.colour", "unknown option; known: bonus, catalogue, tide, values"),
    ([1, 2], "options", "expected a mapping of option names"),
])
def test_bad_options_name_the_field(raw: object, field: str, says: str) -> None:
    with pytest.raises(InvalidInput) as err:
        build(RichOptions, raw)
    assert err.value.field == field and says in err.value.problem


def test_option_columns_of_a_simulation_hold_the_values() -> None:
    sim = simulate(LuckGame(2, turns=4, omen=True), "random", 4, seed=1, workers=1)
    assert sim.games["opt_turns"].to_list() == [4] * 4
    assert sim.games["opt_omen"].to_list() == [True] * 4
    assert LuckOptions(4, True) == LuckGame(2, turns=4, omen=True).options


def test_missing_and_unknown_fields_are_named() -> None:
    @dataclasses.dataclass
    class Doc:
        format: str
        nodes: list[int]

    with pytest.raises(InvalidInput) as err:
        convert({"format": "x"}, Doc, "tree")
    assert (err.value.field, err.value.problem) == ("tree.nodes", "missing")
    with pytest.raises(InvalidInput) as err:
        convert({"format": "x", "nodes": [1, "2"]}, Doc, "")
    assert err.value.field == "nodes[1]"
