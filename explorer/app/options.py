"""The rule options of the classroom app's picker: one control per option a game declares.

A game's options dataclass (`Game.Options`, see `core.options`) says, per option, its type,
default, rule, meaning and the words a teacher reads (`label`, `choices`). `controls(cls)`
makes one control per option from these: a checkbox for a yes/no rule, a drop-down for a
choice, a number box, a text box for a list of numbers ("1, 1, 2, 2, 3, 4"), a checkbox per
variant card, a drop-down per seat for the pirates' captains. Each control's `value()` is
what `load(name, players, **options)` gets; a wrong value is refused by the game itself,
whose message the app shows.

Options that name a file of the computer running the kernel (`FILE_OPTIONS`) get no control:
a browser may not choose a server file (as `Game.from_json(local_files=False)`), so a game
started from the app uses the catalogue that ships with it.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Any, Literal, Union

import ipywidgets as w

from ..core.pending import seat_name

FILE_OPTIONS = frozenset({"catalogue"})
"""Options naming a file on the server: never set from the browser."""
RULES = ("seed", "public")
"""Options from these sources (the rulebook's own variants) are shown first; the assumed
rulings (where no source settles a rule) fold away under them."""
WIDE = {"description_width": "initial"}


def default_of(f: dataclasses.Field) -> Any:
    """An option's default (every option has one: `core.options.option`)."""
    return f.default


def label_of(f: dataclasses.Field) -> str:
    """The words a teacher reads for an option (its key in words if the game gave none)."""
    return f.metadata.get("label") or f.name.replace("_", " ").capitalize()


class OptionControl:
    """One option's control: `widget` is what the page shows, `value()` what `load` gets."""

    def __init__(self, f: dataclasses.Field, widget: w.Widget, source: str) -> None:
        self.name = f.name
        self.label = label_of(f)
        self.default = f.default
        self.source = source
        self.widget = widget
        widget.add_class("rx-app-option")
        widget.add_class(f"rx-option-{f.name}")

    def value(self) -> Any:
        return self.widget.value

    def words(self, value: Any) -> str:
        """`value` as the teacher reads it (in the start message)."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (tuple, list)):
            return ", ".join(str(v) for v in value) or "none"
        return "none" if value is None else str(value)

    def seats(self, players: int) -> None:
        """The number of players changed (a control with a value per seat follows it)."""


class Choice(OptionControl):
    def __init__(self, f: dataclasses.Field, values: tuple[Any, ...], source: str) -> None:
        words = f.metadata.get("choices", {})
        self.named = [(words.get(v, str(getattr(v, "value", v)).replace("_", " ")), v) for v in values]
        super().__init__(f, w.Dropdown(options=self.named, value=f.default, description=label_of(f),
                                       disabled=len(values) == 1, style=WIDE,
                                       layout=w.Layout(width="auto", min_width="300px")), source)

    def words(self, value: Any) -> str:
        return next((name for name, v in self.named if v == value), str(value))


class Numbers(OptionControl):
    """A list of whole numbers typed as "1, 1, 2" (a part that is not one goes to the game
    as typed, so that the game refuses it in its own words)."""

    def __init__(self, f: dataclasses.Field, source: str) -> None:
        super().__init__(f, w.Text(value=", ".join(str(v) for v in default_of(f)), description=label_of(f),
                                   style=WIDE, layout=w.Layout(width="auto")), source)

    def value(self) -> Any:
        return [_number(part) for part in self.widget.value.split(",") if part.strip()]


class MaybeNumber(OptionControl):
    """A whole number or nothing (blank)."""

    def __init__(self, f: dataclasses.Field, source: str) -> None:
        super().__init__(f, w.Text(value="" if f.default is None else str(f.default),
                                   placeholder="blank: none", description=label_of(f),
                                   style=WIDE, layout=w.Layout(width="auto")), source)

    def value(self) -> Any:
        text = self.widget.value.strip()
        return None if not text else _number(text)


class AnyValue(OptionControl):
    """Any other type: the value typed as JSON (a bare word is a string)."""

    def __init__(self, f: dataclasses.Field, source: str) -> None:
        super().__init__(f, w.Text(value=json.dumps(default_of(f), default=str), description=label_of(f), style=WIDE,
                                   layout=w.Layout(width="auto")), source)

    def value(self) -> Any:
        try:
            return json.loads(self.widget.value)
        except ValueError:
            return self.widget.value


class Several(OptionControl):
    """Some of a game's named values (Lying Pirates' variant cards): a checkbox each."""

    def __init__(self, f: dataclasses.Field, named: tuple[tuple[str, str], ...], source: str) -> None:
        self.boxes = [w.Checkbox(value=value in default_of(f), description=name, indent=False,
                                 layout=w.Layout(width="auto", margin="0 10px 0 0")) for name, value in named]
        self.values = [value for _, value in named]
        self.named = dict((value, name) for name, value in named)
        for box, value in zip(self.boxes, self.values):
            box.add_class(f"rx-option-value-{value.replace(' ', '-')}")
        self.title = w.HTML(f"{label_of(f)}:", layout=w.Layout(margin="0 6px 0 0"))
        super().__init__(f, w.HBox([self.title, *self.boxes], layout=w.Layout(flex_flow="row wrap",
                                                                          align_items="center")), source)

    def value(self) -> Any:
        return tuple(value for box, value in zip(self.boxes, self.values) if box.value)

    def words(self, value: Any) -> str:
        return ", ".join(self.named.get(v, str(v)) for v in value) or "none"


class PerSeat(OptionControl):
    """One named value per seat, or none at all (Lying Pirates' captains): a drop-down per
    seat of the game; all "none" is no value at all."""

    def __init__(self, f: dataclasses.Field, named: tuple[tuple[str, str], ...], seats: int,
                 source: str) -> None:
        choices = [("none", ""), *named]
        self.named = dict((value, name) for name, value in named)
        default = default_of(f)
        self.menus = [w.Dropdown(options=choices, value=default[p] if p < len(default) else "",
                                 description=seat_name(p), layout=w.Layout(width="auto"),
                                 style={"description_width": "auto"}) for p in range(seats)]
        for p, menu in enumerate(self.menus):
            menu.add_class(f"rx-option-seat-{p}")
        self.players = seats
        self.title = w.HTML(f"{label_of(f)}:", layout=w.Layout(margin="0 6px 0 0"))
        super().__init__(f, w.HBox([self.title, *self.menus], layout=w.Layout(flex_flow="row wrap",
                                                                          align_items="center")), source)

    def seats(self, players: int) -> None:
        self.players = players
        for p, menu in enumerate(self.menus):
            menu.layout.display = None if p < players else "none"

    def value(self) -> Any:
        chosen = tuple(menu.value for menu in self.menus[:self.players])
        return chosen if any(chosen) else ()

    def words(self, value: Any) -> str:
        return ", ".join(self.named.get(v, "none") for v in value) or "none"


def _number(text: str) -> Any:
    try:
        return int(text.strip())
    except ValueError:
        return text.strip()


def controls(cls: Any, players: int) -> list[OptionControl]:
    """A control for each option of the game class `cls` (but `FILE_OPTIONS`), in the order
    the game declares them, each showing its default."""
    hints = typing.get_type_hints(cls.Options)
    made: list[OptionControl] = []
    for f in dataclasses.fields(cls.Options):
        if f.name in FILE_OPTIONS:
            continue
        made.append(_control(cls, f, hints[f.name], players))
    for control in made:
        control.seats(players)
    return made


def _control(cls: Any, f: dataclasses.Field, kind: Any, players: int) -> OptionControl:
    source = f.metadata.get("source", "")
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    tip = f"{f.metadata.get('doc', '')} [{f.metadata.get('rule', '')}]".strip()
    control: OptionControl
    if kind is bool:
        control = OptionControl(f, w.Checkbox(value=f.default, description=label_of(f), indent=False,
                                              layout=w.Layout(width="auto")), source)
    elif origin is Literal:
        control = Choice(f, args, source)
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        control = Choice(f, tuple(kind), source)
    elif kind is int:
        control = OptionControl(f, w.IntText(value=f.default, description=label_of(f), style=WIDE,
                                             layout=w.Layout(width="auto")), source)
    elif kind is float:
        control = OptionControl(f, w.FloatText(value=f.default, description=label_of(f), style=WIDE,
                                               layout=w.Layout(width="auto")), source)
    elif kind is str:
        control = OptionControl(f, w.Text(value=f.default, description=label_of(f), style=WIDE,
                                          layout=w.Layout(width="auto")), source)
    elif origin in (Union, types.UnionType) and set(args) == {int, type(None)}:
        control = MaybeNumber(f, source)
    elif origin is tuple and args and all(a is int or a is Ellipsis for a in args):
        control = Numbers(f, source)
    elif origin is tuple and args and args[0] is str and cls.option_choices(f.name):
        named = cls.option_choices(f.name)
        control = (PerSeat(f, named, cls.max_players, source) if f.metadata.get("per_seat")
                   else Several(f, named, source))
    else:
        control = AnyValue(f, source)
    shown = getattr(control, "title", control.widget)    # a Box's tooltip breaks its view (ipywidgets 8)
    shown.tooltip = tip
    return control
