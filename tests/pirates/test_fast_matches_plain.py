"""The speed devices of Lying Pirates build exactly what the plain constructors build.

Pirates has no `fast.py`: its speed is the round's working copy (`round.Work`, whose
round trip tests/pirates/test_properties.py checks) and the keyword-only builders of
`data.py`, which make each hot frame, bid and call without the NamedTuple's Python
`__new__`. Each builder must give the very NamedTuple its class gives, field by field.
"""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from explorer.games.pirates import data as d

seat = st.integers(0, 5)
seats = st.lists(seat, max_size=5).map(tuple)
faces = st.lists(st.one_of(st.none(), st.integers(1, 6), st.text(max_size=3)), max_size=5).map(tuple)
words = st.text(max_size=8)


def same(built: object, plain: object) -> None:
    assert type(built) is type(plain) and built == plain
    assert built._asdict() == plain._asdict()  # type: ignore[attr-defined]  # both NamedTuples


@given(actor=seat, source=words, effect=st.none() | words, target=st.integers(-1, 5))
def test_task(actor, source, effect, target) -> None:
    same(d.new_task(actor=actor, source=source, effect=effect, target=target),
         d.Task(kind="task", actor=actor, source=source, effect=effect, target=target))


@given(name=words, owner=seat, face=st.none() | st.integers(1, 6), asked=st.booleans(),
       effect=st.none() | words, source=words)
def test_die_roll_and_its_changes(name, owner, face, asked, effect, source) -> None:
    fields = dict(name=name, owner=owner, face=face, asked=asked, effect=effect, source=source)
    die = d.new_die_roll(**fields)
    same(die, d.DieRoll(kind="die", **fields))
    same(d.rolled_die(die, 4), die._replace(face=4))
    same(d.asked_die(die), die._replace(asked=True))


@given(battle=words, seats=seats, faces=faces, asked=st.booleans(), loss=st.integers(0, 9),
       steal=st.integers(0, 9), flags=st.lists(words, max_size=5).map(tuple))
def test_battle_and_its_changes(battle, seats, faces, asked, loss, steal, flags) -> None:
    fields = dict(battle=battle, seats=seats, faces=faces, asked=asked, loss=loss, steal=steal,
                  flags=flags)
    roll = d.new_battle(**fields)
    same(roll, d.BattleRoll(kind="battle", **fields))
    same(d.rolled_battle(roll, (6,)), roll._replace(faces=(6,)))
    same(d.asked_battle(roll), roll._replace(asked=True))


@given(window=words, seats=seats, seat=seat, faces=faces, free=st.booleans())
def test_small_frames(window, seats, seat, faces, free) -> None:
    same(d.new_window(window=window, seats=seats), d.Window(kind="window", window=window, seats=seats))
    same(d.new_reroll(seat=seat), d.Reroll(kind="reroll", seat=seat))
    same(d.new_cup_roll(seat=seat, faces=faces), d.CupRoll(kind="cup", seat=seat, faces=faces))
    same(d.new_draw(seat=seat, free=free), d.Draw(kind="free draw" if free else "draw", seat=seat))
    same(d.new_hand_loss(seat=seat), d.HandLoss(kind="hand", seat=seat))


@given(quantity=st.integers(1, 30), face=st.integers(2, 6), seat=seat, caller=seat,
       kind=st.sampled_from(["liar", "exact"]), counted=st.integers(0, 30))
def test_bid_and_call(quantity, face, seat, caller, kind, counted) -> None:
    same(d.new_bid(quantity=quantity, face=face, seat=seat),
         d.Bid(quantity=quantity, face=face, seat=seat))
    same(d.new_call(kind=kind, caller=caller, quantity=quantity, face=face, judged=seat,
                    counted=counted),
         d.Call(kind=kind, caller=caller, quantity=quantity, face=face, judged=seat,
                counted=counted))
