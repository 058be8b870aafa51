"""The position of Momiji and the game hooks that play it.

A turn is a sequence of small decisions, each its own pending step (`rules.STEPS`):

- "act": the player chooses the main action (M-TURN-1) or an extra (M-EXTRA-1): collect
  a type, pay for a reveal, play a first card, activate an objective, trade a card,
  use a power; "end" only when no main action is possible (M-TURN-2).
- "collect": after a paid reveal the player collects (or reveals again, M-COLLECT-3).
- "play": a Play is built one card at a time (M-PLAY-1): each card is its own move, the
  cards that may follow are those that keep the play one type (up to 2, or 3 with
  Steps) or all different types; "stop" completes it and pays the acorn harvest.
- "place": with new_piles="any", where a new pile goes in the row (M-PLAY-6).
- "after": extras and "end" after the main action.
- "trade", "gust", "give", "pond": the second step of an extra (the second card of a
  trade, the card Gust or Koi Pond takes, the Lantern swap as one move); "lantern" is
  the take step of the older two-move Lantern, kept so saved states still load.
- "limit": discard down to 8 cards, one card at a time (M-LIMIT-1).
- "draft": with landscapes="draft", before the first turn, each seat in turn keeps one
  landscape of its draft hand (M-DRAFT-1, `draft`).
- extras (trade, power) come in "act" and "after", and with extras_timing="anytime" also
  in "collect" and "play" (M-EXTRA-4); the step they return to is `_back`.
- "deal": chance, stream "deck": the next card of a reveal, a Garden refill or a Koi
  Pond look (M-DECK-1). Cards of known order on top of the deck deal without luck.

Data is one NamedTuple of ints and sorted tuples (`MomijiData`); cards are codes
(`cards`), piles are tuples of codes, bottom first. A step rebuilds it once (`_set`),
through one handler per kind of move; moves, chance-outcome pairs and the commonest
events are made once and shared (tables here, `narration`), so a step of a simulated
game mostly looks values up. `tests/momiji/test_shared.py` checks the shared values
against the plain ones.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from ...core import chance
from ...core.chance import CardOdds, Deck, redeal
from ...core.errors import Reason
from ...core.events import Event, Outcome, ScoreLine
from ...core.move import Move
from ...core.pending import OVER as GAME_OVER
from ...core.pending import Pending, decision, luck, seat_name
from ...core.state import State
from . import draft as DR
from . import moves as M
from . import narration as N
from . import rules as R
from .cards import TYPES, describe, name, type_of, value_of
from .covered import Covered, deal_covered
from .moves import DEALS, Deal, Play, Stop
from .odds import coming_luck
from .rules import (
    ACT,
    AFTER,
    COLLECT,
    DEAL,
    DRAFT,
    F_BRIDGE,
    F_COLLECTED,
    F_MAIN,
    F_POWER,
    F_STEPS,
    F_TRADED,
    GIVE,
    GUST,
    LIMIT,
    LTAKE,
    OVER,
    PLACE,
    PLAY,
    POND,
    TO_POND,
    TO_REFILL,
    TO_REVEAL,
    TRADE,
)

# interned moves: generation reuses the same few objects instead of building new ones
Activate, End, Place, Power, Reveal = (
    lru_cache(maxsize=None)(k) for k in (M.Activate, M.End, M.Place, M.Power, M.Reveal))
_stop = lru_cache(maxsize=None)(Stop)
_pick = lru_cache(maxsize=None)(M.Pick)
_swap = lru_cache(maxsize=4096)(M.Swap)


class MomijiData(NamedTuple):
    step: int                               # rules.STEPS
    active: int                             # seat whose turn it is
    turn: int                               # turns completed
    types: tuple[int, ...]                  # leaf types in play, sorted
    hands: tuple[tuple[int, ...], ...]      # per seat: sorted card codes (hidden)
    known: tuple[tuple[int, ...], ...]      # per seat: hand cards everybody knows (M-HIDDEN-5), sorted
    rows: tuple[tuple[tuple[int, ...], ...], ...]   # per seat: piles left to right, bottom first
    torii: tuple[int, ...]                  # per seat: torii taken
    supply: int                             # torii left in the supply
    garden: tuple[int, ...]                 # sorted card codes
    deck: Deck
    discard: tuple[int, ...]                # sorted, face up, out of the game
    acorns: tuple[int, ...]
    objectives: tuple[str, ...]             # revealed objective keys
    owners: tuple[int, ...]                 # per objective: owner seat or -1
    lands: tuple[tuple[str, ...], ...]      # per seat: landscape letters
    used: tuple[tuple[str, ...], ...]       # per seat: letters used (each once a game)
    flags: int                              # this turn (rules.F_*)
    reveals: int                            # paid reveals this turn
    play: tuple[int, ...]                   # types played so far in the current Play
    deal: int                               # cards still to deal
    deal_to: int                            # rules.TO_*
    pond: tuple[int, ...]                   # Koi Pond cards being looked at, in deck order
    peek: int                               # deck.top[:peek] is known to peek_seat
    peek_seat: int
    ending: int                             # 0, 1 the deck ran out, 2 the last torii was taken


_INDEX: Final = {field: i for i, field in enumerate(MomijiData._fields)}
_new: Final = tuple.__new__


def _set(d: MomijiData, **changes: Any) -> MomijiData:
    """`d` with some fields changed: `_replace` without its keyword machinery over every
    field (twice as fast, and it runs at every step of every simulated game)."""
    fields = list(d)
    for key, value in changes.items():
        fields[_INDEX[key]] = value
    return _new(MomijiData, fields)


def _put(row: tuple, i: int, value: Any) -> tuple:
    return row[:i] + (value,) + row[i + 1:]


def _less(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _plus(cards: tuple[int, ...], *more: int) -> tuple[int, ...]:
    return tuple(sorted(cards + more))


def _forget(known: tuple[tuple[int, ...], ...], p: int, card: int) -> tuple[tuple[int, ...], ...]:
    """The known cards once `card` leaves seat `p`'s hand (M-HIDDEN-5): one known copy
    goes, if any. Copies of a card are identical, so whichever copy was really played,
    the hand left is the known rest plus the unknown rest: leaving reveals nothing more."""
    mine = known[p]
    return _put(known, p, _less(mine, card)) if card in mine else known


def _back(d: MomijiData) -> int:
    """The step an extra returns to once done: the Play it interrupted (only with
    extras_timing="anytime", M-EXTRA-4), "after" once the main action is done, the
    Collect a paid reveal began (again only "anytime"), else "act"."""
    if d.play:
        return PLAY
    if d.flags & F_MAIN:
        return AFTER
    if d.reveals:
        return COLLECT
    return ACT


def _per_card(kind: type) -> tuple[tuple[Move, ...], ...]:
    """Every move of `kind` (seat, card), made once: [seat][card code]."""
    return tuple(tuple(kind(p, c) for c in range(96)) for p in range(4))


_TRADES, _TAKES, _DISCARDS = map(_per_card, (M.Trade, M.Take, M.Discard))
_PLAYS = tuple(tuple((Play(p, c, False), Play(p, c, True)) for c in range(96)) for p in range(4))
"""[seat][card][starts a pile]: the shared Play moves."""
_COLLECTS = tuple(tuple(M.Collect(p, t) for t in range(6)) for p in range(4))


def _card_moves(table: tuple[Move, ...], cards: tuple[int, ...]) -> list[Move]:
    """One shared move per distinct card, from a seat's row of a `_per_card` table."""
    return [table[c] for c in dict.fromkeys(cards)]


def _collects(p: int, garden: tuple[int, ...]) -> list[Move]:
    """A Collect per type in the (sorted) Garden."""
    row = _COLLECTS[p]
    return [row[t] for t in {c >> 4: None for c in garden}]


@lru_cache(maxsize=256)
def _deal_moves(unseen: tuple[int, ...]) -> tuple[Move, ...]:
    return tuple(DEALS[c] for c in dict.fromkeys(unseen))


_DEAL_ODDS: Final = CardOdds(tuple(DEALS[c] for c in range(96)))
"""Each distinct unseen card with its chance of being dealt next (M-DECK-1), as shared
pairs."""


_PROMPTS = {
    ACT: "{s} chooses a main action (collect, play or activate) or an extra",
    COLLECT: "{s} collects one type from the Garden",
    PLAY: "{s} plays another card or stops",
    PLACE: "{s} chooses where the new pile goes in the row",
    AFTER: "{s} uses an extra or ends the turn",
    TRADE: "{s} discards a second card for the acorn",
    GUST: "{s} takes one more Garden card (Gust)",
    GIVE: "{s} swaps a hand card for a Garden card (Lantern)",
    LTAKE: "{s} takes a Garden card in exchange (Lantern)",
    POND: "{s} takes one of the cards looked at (Koi Pond)",
    LIMIT: "{s} discards down to 8 cards",
    DRAFT: "{s} keeps one landscape of the draft hand and passes the rest on",
}
_STEP_RULE = {ACT: "M-TURN-1", COLLECT: "M-COLLECT-2", PLAY: "M-PLAY-1", PLACE: "M-PLAY-6",
              AFTER: "M-EXTRA-1", TRADE: "M-EXTRA-2", GUST: "M-POWER-A", GIVE: "M-POWER-F",
              LTAKE: "M-POWER-F", POND: "M-POWER-E", LIMIT: "M-LIMIT-1", DRAFT: "M-DRAFT-1"}
_PENDING = {(p, s): decision(p, R.STEPS[s], _STEP_RULE[s], text.format(s=seat_name(p)))
            for p in range(4) for s, text in _PROMPTS.items()}
_DEALING = (luck("deck", "M-COLLECT-2", "the deck turns up a card into the Garden (reveal)"),
            luck("deck", "M-REFILL-1", "the deck turns up a card to refill the Garden"),
            luck("deck", "M-POWER-E", "the deck turns up a card for a Koi Pond look"))


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class MomijiState(State):
    """A Momiji position; see the module docstring for the steps of a turn."""

    __slots__ = ()

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is MomijiState:
            return MomijiState(self._game, data, events)
        return type(self)(self._game, data, events)

    # ------------------------------------------------------------------ who decides
    def _find_pending(self) -> Pending:
        d: MomijiData = self.data
        if d.step == OVER:
            return GAME_OVER
        if d.step == DEAL:
            return _DEALING[d.deal_to]
        return _PENDING[d.active, d.step]

    # ------------------------------------------------------------------ legality
    def _top(self, card: int) -> int | None:
        """The top card of `card`'s pile in the active row, None when there is none."""
        row = self.data.rows[self.data.active]
        i = R.pile_of(row, type_of(card))
        return row[i][-1] if i >= 0 else None

    def _fits(self, card: int, top: int | None) -> bool:
        """`card` may go onto the active pile whose top card is `top` (None: start one)."""
        d: MomijiData = self.data
        return R.fits(card, top, bool(d.flags & F_BRIDGE), d.supply > 0 or self.game.options.three_without_torii)

    def _playable(self, cards: tuple[int, ...]) -> list[Move]:
        """A Play per distinct card of `cards` that fits its pile in the active row."""
        d: MomijiData = self.data
        p = d.active
        tops = {pile[0] >> 4: pile[-1] for pile in d.rows[p]}
        bridge = bool(d.flags & F_BRIDGE)
        three_ok = d.supply > 0 or self.game.options.three_without_torii
        plays = _PLAYS[p]
        fits = R.fits
        out: list[Move] = []
        for c in dict.fromkeys(cards):
            top = tops.get(c >> 4)
            if fits(c, top, bridge, three_ok):
                out.append(plays[c][top is None])
        return out

    def _may_follow(self, card: int) -> bool:
        """In the "play" step: `card` keeps the play one type (up to 2, 3 with Steps) or
        all different types (M-PLAY-1), and fits its pile."""
        d: MomijiData = self.data
        play = d.play
        t = type_of(card)
        if t == play[0]:
            limit = 3 if d.flags & F_STEPS else 2
            if len(play) >= limit or (len(play) > 1 and play[1] != t):
                return False
        elif t in play or (len(play) > 1 and play[1] == play[0]):
            return False
        return self._fits(card, self._top(card))

    def _can_reveal(self) -> bool:
        d: MomijiData = self.data
        return (d.acorns[d.active] >= 1 and not d.deck.empty
                and d.reveals < self.game.options.max_reveals)

    def _main_possible(self) -> bool:
        d: MomijiData = self.data
        if d.garden or self._can_reveal():
            return True
        if self._playable(d.hands[d.active]):
            return True
        return d.acorns[d.active] >= R.ACORNS_FOR_OBJECTIVE and -1 in d.owners

    def _power_ok(self, letter: str) -> bool:
        d: MomijiData = self.data
        p = d.active
        if (d.flags & F_POWER or d.acorns[p] < self.game.options.power_cost or letter not in d.lands[p]
                or letter in d.used[p]):
            return False
        effect = self.game.effects[letter]  # type: ignore[attr-defined]  # a MomijiGame
        if effect == "gust":
            return d.step == AFTER and bool(d.flags & F_COLLECTED) and bool(d.garden)
        if effect == "steps" or effect == "bridge":
            return d.step == ACT
        if effect == "koi":
            return not d.deck.empty
        if effect == "lantern":     # a hand card for a different Garden card
            return any(c != g for c in d.hands[p] for g in d.garden)
        return True

    def _extra_step(self, step: int) -> bool:
        """Whether extras may be taken in `step`: before or after the main action
        ("act", "after"), and with extras_timing="anytime" also in the middle of it
        (a Collect after a paid reveal, a Play between its cards) (M-EXTRA-4)."""
        if step == ACT or step == AFTER:
            return True
        return (step == PLAY or step == COLLECT) and self.game.options.extras_timing == "anytime"

    def _power_move(self, p: int, letter: str) -> Move:
        """The shared Power move of seat `p`, carrying the power's name, text and price
        for its label (M-EXTRA-3, M-EXTRA-5)."""
        entry = self.game.catalogue.powers[letter]  # type: ignore[attr-defined]  # a MomijiGame
        return Power(p, letter, entry.name, entry.text, self.game.options.power_cost,
                     self.game.catalogue.stand_in)  # type: ignore[attr-defined]

    def _extras(self, d: MomijiData) -> list[Move]:
        """The extras the active seat may take now: a trade card (M-EXTRA-2) and the
        powers it may use (M-EXTRA-3), each once per turn (M-EXTRA-1)."""
        p = d.active
        hand = d.hands[p]
        out: list[Move] = []
        if not d.flags & F_TRADED and len(hand) >= 2:
            out += _card_moves(_TRADES[p], hand)
        if not d.flags & F_POWER and d.acorns[p] >= self.game.options.power_cost:
            used = d.used[p]
            out += [self._power_move(p, letter) for letter in d.lands[p]
                    if letter not in used and self._power_ok(letter)]
        return out

    def _letters(self) -> tuple[str, ...]:
        """The six landscape letters of the catalogue, in order: a draft hand's start."""
        return tuple(self.game.catalogue.powers)  # type: ignore[attr-defined]  # a MomijiGame

    def _passing(self) -> bool:
        """Whether the draft passes hands on (draft="pass") or each keeps its own (M-DRAFT-1)."""
        return self.game.options.draft == "pass"

    def _pick_move(self, p: int, letter: str) -> Move:
        """The Pick of seat `p`, carrying the power's name and text for its label."""
        cat = self.game.catalogue  # type: ignore[attr-defined]  # a MomijiGame
        entry = cat.powers[letter]
        return _pick(p, letter, entry.name, entry.text, cat.stand_in, entry.effect)

    def _generate_moves(self) -> tuple[Move, ...]:
        d: MomijiData = self.data
        step = d.step
        if step == DRAFT:
            p = d.active
            return tuple(self._pick_move(p, x) for x in DR.choices(d.lands, p, self._letters(), self._passing()))
        if step == ACT or step == AFTER:
            return self._turn_moves(d, step)
        if step == DEAL:
            return _deal_moves(d.deck.unseen)
        p = d.active
        hand = d.hands[p]
        if step == TRADE:
            return tuple(_card_moves(_TRADES[p], hand))
        if step == PLAY:
            more = tuple(self._play_move(c) for c in dict.fromkeys(hand) if self._may_follow(c)) + (_stop(p),)
            return more + tuple(self._extras(d)) if self._extra_step(step) else more
        if step == PLACE:
            t = d.play[-1]
            return tuple(Place(p, t, i) for i in range(len(d.rows[p])))
        if step == COLLECT:
            out: list[Move] = _collects(p, d.garden)
            if self._can_reveal():
                out.append(Reveal(p, min(4, d.deck.size)))
            if self._extra_step(step):
                out += self._extras(d)
            return tuple(out)
        if step == GUST or step == LTAKE:
            return tuple(_card_moves(_TAKES[p], d.garden))
        if step == POND:
            return tuple(_card_moves(_TAKES[p], tuple(sorted(d.pond))))
        if step == GIVE:
            garden = tuple(dict.fromkeys(d.garden))
            return tuple(_swap(p, c, g) for c in dict.fromkeys(hand) for g in garden if c != g)
        return tuple(_card_moves(_DISCARDS[p], hand))       # LIMIT

    def _turn_moves(self, d: MomijiData, step: int) -> tuple[Move, ...]:
        """The moves of the "act" step (a main action or an extra, M-TURN-1) and of the
        "after" step (an extra or the end of the turn, M-EXTRA-1)."""
        p = d.active
        hand = d.hands[p]
        out: list[Move] = []
        main_possible = True
        if step == ACT:
            if d.garden:
                out += _collects(p, d.garden)
            if self._can_reveal():
                out.append(Reveal(p, min(4, d.deck.size)))
            out += self._playable(hand)
            if d.acorns[p] >= R.ACORNS_FOR_OBJECTIVE:
                name_of = self.game.objective_name  # type: ignore[attr-defined]  # a MomijiGame
                out += [Activate(p, k, name_of(k, d.types)) for k, o in zip(d.objectives, d.owners) if o < 0]
            main_possible = bool(out)
        out += self._extras(d)
        if step == AFTER or not main_possible:
            out.append(End(p))
        return tuple(out)

    def _play_move(self, card: int) -> Play:
        return _PLAYS[self.data.active][card][self._top(card) is None]

    def _is_legal(self, move: Move) -> bool:
        d: MomijiData = self.data
        kind = type(move)
        step = d.step
        if kind is Deal:
            return step == DEAL and move.card in d.deck.unseen  # type: ignore[attr-defined]
        if step == DEAL or move.player != d.active:  # type: ignore[attr-defined]
            return False
        p = d.active
        # the commonest kinds first
        if kind is M.Trade:
            if move.card not in d.hands[p]:  # type: ignore[attr-defined]
                return False
            return step == TRADE or (self._extra_step(step) and not d.flags & F_TRADED
                                     and len(d.hands[p]) >= 2)
        if kind is M.End:
            return step == AFTER or (step == ACT and not self._main_possible())
        if kind is M.Collect:
            return (step == ACT or step == COLLECT) and any(
                type_of(c) == move.type for c in d.garden)  # type: ignore[attr-defined]
        if kind is Play:
            card = move.card  # type: ignore[attr-defined]
            if card not in d.hands[p]:
                return False
            if step == PLAY:
                return self._may_follow(card)
            return step == ACT and self._fits(card, self._top(card))
        if kind is Stop:
            return step == PLAY
        if kind is M.Place:
            return (step == PLACE and move.type == d.play[-1]  # type: ignore[attr-defined]
                    and 0 <= move.index < len(d.rows[p]))  # type: ignore[attr-defined]
        if kind is M.Reveal:
            return (step == ACT or step == COLLECT) and self._can_reveal()
        if kind is M.Activate:
            return (step == ACT and d.acorns[p] >= R.ACORNS_FOR_OBJECTIVE
                    and move.key in d.objectives  # type: ignore[attr-defined]
                    and d.owners[d.objectives.index(move.key)] < 0)  # type: ignore[attr-defined]
        if kind is M.Power:
            return self._extra_step(step) and self._power_ok(move.letter)  # type: ignore[attr-defined]
        if kind is M.Take:
            card = move.card  # type: ignore[attr-defined]
            if step == GUST or step == LTAKE:
                return card in d.garden
            return step == POND and card in d.pond
        if kind is M.Swap:
            give, take = move.give, move.take  # type: ignore[attr-defined]
            return step == GIVE and give != take and give in d.hands[p] and take in d.garden
        if kind is M.Give:      # older files: a Lantern swap is one move now (Swap)
            return False
        if kind is M.Discard:
            return step == LIMIT and move.card in d.hands[p]  # type: ignore[attr-defined]
        if kind is M.Pick:
            return step == DRAFT and move.letter in DR.choices(  # type: ignore[attr-defined]
                d.lands, p, self._letters(), self._passing())
        return False

    def _explain(self, move: Move) -> Reason:
        from .explain import explain
        return explain(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        from .clicks import meant_move
        return meant_move(self, tuple(targets))

    # ------------------------------------------------------------------ play
    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        ev: list[Event] = []
        return _HANDLERS[type(move)](self, self.data, move, ev), tuple(ev)

    # one handler per kind of move: (data, move, events so far) -> data after the move
    def _on_deal(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        d = self._dealt(d, move.card, ev)
        if d.deal > 0 and chance.needs_luck(d.deck):     # the next card is luck again
            return d
        return self._run_deals(d, ev)

    def _on_collect(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        t = move.type
        got = tuple(c for c in d.garden if c >> 4 == t)
        ev.append(N.collected(p, got))
        return _set(d, garden=tuple(c for c in d.garden if c >> 4 != t),
                    hands=_put(d.hands, p, _plus(d.hands[p], *got)),
                    known=_put(d.known, p, _plus(d.known[p], *got)),
                    flags=d.flags | F_MAIN | F_COLLECTED, step=AFTER)

    def _on_reveal(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        cards = min(4, d.deck.size)
        ev.append(N.revealed(p, cards))
        d = _set(d, acorns=_put(d.acorns, p, d.acorns[p] - 1), reveals=d.reveals + 1,
                 deal=cards, deal_to=TO_REVEAL)
        return self._run_deals(d, ev)

    def _on_place(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        row = list(d.rows[p])
        pile = row.pop()
        row.insert(move.index, pile)
        ev.append(Event("place", "M-PLAY-6", f"{seat_name(p)} puts the new {TYPES[move.type]} pile at "
                                             f"place {move.index + 1} of the row", p))
        return _set(d, rows=_put(d.rows, p, tuple(row)), step=PLAY)

    def _on_activate(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        i = d.objectives.index(move.key)
        ev.append(Event("activate", "M-OBJ-1", f"{seat_name(p)} pays 3 acorns and activates the objective "
                                               f"{self.game.objective_name(move.key, d.types)}", p))  # type: ignore[attr-defined]
        return _set(d, acorns=_put(d.acorns, p, d.acorns[p] - R.ACORNS_FOR_OBJECTIVE),
                    owners=_put(d.owners, i, p), flags=d.flags | F_MAIN, step=AFTER)

    def _on_trade(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        card = move.card
        hands = _put(d.hands, p, _less(d.hands[p], card))
        known = _forget(d.known, p, card)
        discard = _plus(d.discard, card)
        if d.step == TRADE:
            ev.append(N.traded(p, card, True))
            return _set(d, hands=hands, known=known, discard=discard, acorns=self._gained(d, p, 1),
                        step=_back(d))
        ev.append(N.traded(p, card, False))
        return _set(d, hands=hands, known=known, discard=discard, step=TRADE, flags=d.flags | F_TRADED)

    def _on_give(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        card = move.card
        ev.append(Event("give", "M-POWER-F", f"{seat_name(p)} puts {name(card)} into the Garden", p))
        return _set(d, hands=_put(d.hands, p, _less(d.hands[p], card)), known=_forget(d.known, p, card),
                    garden=_plus(d.garden, card), step=LTAKE)

    def _on_swap(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        """Lantern (M-POWER-F): the hand card goes into the Garden face up, the Garden
        card into the hand, where everybody knows it (M-HIDDEN-5)."""
        p = d.active
        give, take = move.give, move.take
        ev.append(Event("swap", "M-POWER-F", f"{seat_name(p)} puts {name(give)} into the Garden and takes "
                                             f"{name(take)} (Lantern)", p))
        known = _forget(d.known, p, give)
        return _set(d, hands=_put(d.hands, p, _plus(_less(d.hands[p], give), take)),
                    known=_put(known, p, _plus(known[p], take)),
                    garden=_plus(_less(d.garden, take), give), step=_back(d))

    def _on_discard(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        card = move.card
        ev.append(N.discarded(p, card))
        d = _set(d, hands=_put(d.hands, p, _less(d.hands[p], card)), known=_forget(d.known, p, card),
                 discard=_plus(d.discard, card))
        if len(d.hands[p]) <= R.HAND_LIMIT:
            return self._finish_turn(d, ev)
        return d

    def _on_pick(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        """Seat `p` keeps a landscape face down (M-DRAFT-1); when the round is complete
        the hands pass on, and after three rounds every seat's landscapes are shown and
        the first turn begins (M-DRAFT-2)."""
        p = d.active
        n = len(d.hands)
        cat = self.game.catalogue  # type: ignore[attr-defined]  # a MomijiGame
        mark = " (stand-in)" if cat.stand_in else ""
        letter = move.letter
        who = seat_name(p)
        lands = _put(d.lands, p, d.lands[p] + (letter,))
        ev.append(Event("draft", "M-DRAFT-1", f"{who} keeps {letter} {cat.powers[letter].name}{mark} face down",
                        p, (p,), f"{who} keeps a landscape face down"))
        first = self.game.options.first_player
        nxt = (p + 1) % n
        if nxt != first:
            return _set(d, lands=lands, active=nxt)
        done = len(lands[p])
        if done < DR.ROUNDS:
            what = ("every player passes the rest of their hand to the next seat; " if self._passing() else "")
            ev.append(Event("draft", "M-DRAFT-1", f"{what}round {done + 1} of {DR.ROUNDS} of the draft", None))
            return _set(d, lands=lands, active=nxt)
        lands = tuple(tuple(sorted(x)) for x in lands)
        shown = "; ".join(f"{seat_name(q)} " + ", ".join(f"{x} {cat.powers[x].name}" for x in lands[q])
                          for q in range(n))
        ev.append(Event("draft", "M-DRAFT-2", f"the draft is over and the landscapes are shown{mark}: {shown}",
                        None))
        return _set(d, lands=lands, active=first, step=ACT)

    def _on_end(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        ev.append(N.ended(d.active))
        return self._end_turn(d, ev)

    def _gained(self, d: MomijiData, p: int, n: int) -> tuple[int, ...]:
        """The acorns after seat `p` gains `n` from the supply, as many as it holds (M-COMP-3)."""
        cap = self.game.options.acorn_supply
        if cap is not None:
            n = max(0, min(n, cap - sum(d.acorns)))
        return _put(d.acorns, p, d.acorns[p] + n)

    def _on_play(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        card = move.card
        p = d.active
        who = seat_name(p)
        t = type_of(card)
        row = d.rows[p]
        i = R.pile_of(row, t)
        flags = d.flags | F_MAIN
        new_pile = i < 0
        if new_pile:
            row = row + ((card,),)
        else:
            old = R.top(row[i])
            if value_of(card) == old + 2:
                flags &= ~F_BRIDGE
                ev.append(Event("power", "M-POWER-C", f"{who} bridges from {old} to {value_of(card)}", p))
            row = _put(row, i, row[i] + (card,))
        ev.append(N.played(p, card, new_pile))
        supply, torii, ending = d.supply, d.torii, d.ending
        if value_of(card) == 3:
            if supply > 0:
                supply -= 1
                torii = _put(torii, p, torii[p] + 1)
                ev.append(Event("torii", "M-PLAY-4", f"{who} closes the {TYPES[t]} pile with a torii "
                                                     f"({supply} left)", p))
                if supply == 0 and not ending:
                    ending = 2
                    ev.append(Event("end-trigger", "M-END-1", "the last torii is taken: the game is ending", p))
            else:
                ev.append(Event("torii", "M-PLAY-5", f"{who} closes the {TYPES[t]} pile; no torii is left", p))
        step = PLACE if new_pile and self.game.options.new_piles == "any" and len(row) > 1 else PLAY
        return _set(d, hands=_put(d.hands, p, _less(d.hands[p], card)), known=_forget(d.known, p, card),
                          rows=_put(d.rows, p, row), flags=flags, play=d.play + (t,), supply=supply,
                          torii=torii, ending=ending, step=step)

    def _on_stop(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        p = d.active
        acorns = d.acorns
        if len(set(d.play)) >= 2:
            row = d.rows[p]
            pairs = [(a[-1], b[-1]) for a, b in zip(row, row[1:]) if a[-1] & 2 and b[-1] & 1]
            if pairs:
                acorns = self._gained(d, p, 2 * len(pairs))
                got = N.counted(acorns[p] - d.acorns[p], "acorn")
                where = "; ".join(f"{name(a)} and {name(b)}" for a, b in pairs)
                ev.append(Event("harvest", "M-PLAY-7", f"{seat_name(p)} harvests {got} from facing acorns "
                                                       f"on the tops of {where}", p))
        return _set(d, acorns=acorns, play=(), step=AFTER)

    def _on_power(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        letter = move.letter
        p = d.active
        entry = self.game.catalogue.powers[letter]  # type: ignore[attr-defined]  # a MomijiGame
        effect = entry.effect
        cost = self.game.options.power_cost
        d = _set(d, acorns=_put(d.acorns, p, d.acorns[p] - cost), used=_put(d.used, p, tuple(sorted(d.used[p] + (letter,)))),
                       flags=d.flags | F_POWER)
        price = "nothing" if cost == 0 else N.counted(cost, "acorn")
        mark = " (stand-in)" if self.game.catalogue.stand_in else ""  # type: ignore[attr-defined]
        ev.append(Event("power", entry.rule, f"{seat_name(p)} pays {price} for {letter} {entry.name}{mark}: "
                                             f"{entry.text}", p))
        back = _back(d)
        if effect == "gust":
            return _set(d, step=GUST)
        if effect == "steps":
            return _set(d, flags=d.flags | F_STEPS, step=back)
        if effect == "bridge":
            return _set(d, flags=d.flags | F_BRIDGE, step=back)
        if effect == "tea":
            return _set(d, acorns=self._gained(d, p, 2), step=back)
        if effect == "koi":
            return self._run_deals(_set(d, deal=min(3, d.deck.size), deal_to=TO_POND), ev)
        return _set(d, step=GIVE)

    def _on_take(self, d: MomijiData, move: Any, ev: list[Event]) -> MomijiData:
        card = move.card
        p = d.active
        who = seat_name(p)
        back = _back(d)
        hands = _put(d.hands, p, _plus(d.hands[p], card))
        if d.step != POND:     # from the Garden, face up: everybody knows it is in the hand
            rule = "M-POWER-A" if d.step == GUST else "M-POWER-F"
            ev.append(Event("take", rule, f"{who} takes {name(card)} from the Garden", p))
            return _set(d, hands=hands, known=_put(d.known, p, _plus(d.known[p], card)),
                              garden=_less(d.garden, card), step=back)
        rest = _less(d.pond, card)
        ev.append(Event("take", "M-POWER-E", f"{who} takes {name(card)} and puts {describe(rest)} back on top",
                        p, (p,), f"{who} takes one card into hand and puts {N.counted(len(rest), 'card')} back on top "
                           "of the deck"))
        peek = len(rest) + (d.peek if d.peek_seat == p else 0)
        deck = d.deck._replace(top=rest + d.deck.top)
        d = _set(d, hands=hands, pond=(), deck=deck, peek=peek if peek else 0,
                       peek_seat=p if peek else -1, step=back)
        return self._deck_check(d, ev)

    # ------------------------------------------------------------------ dealing
    def _dealt(self, d: MomijiData, card: int, ev: list[Event]) -> MomijiData:
        """The next deck card, `card`, goes where the deal goes (M-DECK-1)."""
        peek, peek_seat = d.peek, d.peek_seat
        if d.deck.top and peek:
            peek -= 1
            if not peek:
                peek_seat = -1
        deck = chance.draw(d.deck, card)
        if d.deal_to == TO_POND:
            p = d.active
            ev.append(Event("look", "M-POWER-E", f"{seat_name(p)} looks at {name(card)}", p, (p,),
                            f"{seat_name(p)} looks at a card of the deck"))
            return _set(d, deck=deck, deal=d.deal - 1, peek=peek, peek_seat=peek_seat, pond=d.pond + (card,))
        ev.append(N.dealt("M-COLLECT-2" if d.deal_to == TO_REVEAL else "M-REFILL-1", card, d.active))
        return _set(d, deck=deck, deal=d.deal - 1, peek=peek, peek_seat=peek_seat, garden=_plus(d.garden, card))

    def _run_deals(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        """Deal known cards until the deal is done or luck must decide."""
        while d.deal > 0:
            deck = d.deck
            if deck.empty:
                d = _set(d, deal=0)
                break
            if chance.needs_luck(deck):
                return d if d.step == DEAL else _set(d, step=DEAL)
            d = self._dealt(d, chance.known_next(deck), ev)  # type: ignore[arg-type]  # a card id
        if d.deal_to == TO_POND:
            return _set(d, step=POND)
        d = self._deck_check(d, ev)
        if d.deal_to == TO_REVEAL:
            return _set(d, step=COLLECT)
        return self._next_turn(d, ev)

    def _deck_check(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        if d.deck.empty and not d.ending:
            ev.append(Event("end-trigger", "M-END-1", "the deck is empty: the game is ending", d.active))
            return _set(d, ending=1)
        return d

    # ------------------------------------------------------------------ end of turn
    def _end_turn(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        if len(d.hands[d.active]) > R.HAND_LIMIT:
            return _set(d, step=LIMIT)
        return self._finish_turn(d, ev)

    def _finish_turn(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        """After the hand limit: refill the Garden (M-REFILL-1), then the next turn."""
        if d.ending and self.game.options.end == "immediate":
            return self._next_turn(d, ev)
        need = max(0, self.game.options.garden_size - len(d.garden))
        deal = min(need, d.deck.size)
        if deal and chance.needs_luck(d.deck):      # the first card of the refill is luck
            return _set(d, deal=deal, deal_to=TO_REFILL, step=DEAL)
        return self._run_deals(_set(d, deal=deal, deal_to=TO_REFILL), ev)

    def _next_turn(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        n = len(d.hands)
        nxt = (d.active + 1) % n
        opts = self.game.options
        if d.ending and (opts.end == "immediate" or nxt == opts.first_player):
            why = "the deck ran out" if d.ending == 1 else "the last torii was taken"
            rule = "M-END-2"
            how = ("every player has had as many turns, so the game ends" if opts.end == "finish_round"
                   else "the game ends with this turn")
            ev.append(Event("game-end", rule, f"{why}: {how}", None))
            return _set(d, step=OVER, deal=0, play=(), flags=0)
        return _set(d, step=ACT, active=nxt, turn=d.turn + 1, flags=0, reveals=0, play=(), deal=0)

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        if self.data.step != DEAL:
            return ()
        return _DEAL_ODDS.outcomes(self.data.deck.unseen)

    def sample_chance(self, rng: random.Random) -> Move:
        return DEALS[self.data.deck.sample(rng)]

    # ------------------------------------------------------------------ results
    def score_lines(self) -> list[ScoreLine]:
        d = self.data
        n = len(d.hands)
        lines = []
        for p in range(n):
            lines.append(ScoreLine(p, float(R.pile_points(d.rows[p])), "piles: top card × cards", "M-SCORE-1"))
            lines.append(ScoreLine(p, float(d.acorns[p]), "acorns", "M-SCORE-2"))
        needs_one = self.game.options.objective_needs_one
        for key, owner in zip(d.objectives, d.owners):
            if owner < 0:
                continue
            obj = self.game.catalogue.objective(key, d.types)  # type: ignore[attr-defined]
            counts = [R.measure(obj.measure, obj.arg, d.rows[p], d.acorns[p], d.torii[p]) for p in range(n)]
            for p, pts in enumerate(R.objective_points(counts, owner, needs_one)):
                if pts:
                    role = "owner" if p == owner else "also best"
                    lines.append(ScoreLine(p, float(pts), f"objective {obj.name} ({role}, stand-in)", "M-OBJ-2"))
        return lines

    def scores(self) -> tuple[float, ...]:
        total = [0.0] * len(self.data.hands)
        for line in self.score_lines():
            total[line.player] += line.points
        return tuple(total)

    def outcome(self) -> Outcome | None:
        d = self.data
        if d.step != OVER:
            return None
        lines = self.score_lines()
        scores = self.scores()
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        tiebreak = ""
        if len(winners) > 1:
            if self.game.options.full_tie_shared:
                tiebreak = (f"{', '.join(map(seat_name, winners))} tie on {best:g} point{'s' if best != 1 else ''} "
                            "and share the win [M-SCORE-3]")
            else:
                tiebreak = (f"{', '.join(map(seat_name, winners))} tie on {best:g} point{'s' if best != 1 else ''}: "
                            "nobody wins [M-SCORE-3]")
                winners = ()
        why = "the deck ran out" if d.ending == 1 else "the last torii was taken"
        return Outcome(winners, scores, tuple(lines), why, "M-END-1", tiebreak)

    # ------------------------------------------------------------------ views
    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        self.check_viewer(viewer)
        from .view import build_view
        return build_view(self, viewer)

    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> MomijiData:
        """Redraw what `viewer` cannot see: the unknown part of other hands (the cards they
        took from the Garden stay, M-HIDDEN-5), the unseen deck, the cards of a Koi Pond
        look by another player, and the deck cards another player knows on top (how many
        they know is public). Under "nobody may count a pile" (M-HIDDEN-3) the cards
        under the top of other players' piles are dealt again too (`covered`). The
        Garden, discards, every top card and the viewer's own piles are public and stay."""
        d = self.data
        deck = d.deck
        known = deck.top[:d.peek] if d.peek_seat == viewer else ()
        pool = list(deck.unseen) + list(deck.top[len(known):])
        sizes = []
        others = [q for q in range(len(d.hands)) if q != viewer]
        for q in others:
            hidden = list(d.hands[q])
            for c in d.known[q]:
                hidden.remove(c)
            pool += hidden
            sizes.append(len(hidden))
        hide_pond = viewer != d.active and d.pond
        if hide_pond:
            pool += d.pond
            sizes.append(len(d.pond))
        rows = d.rows
        if not self.game.options.count_piles and d.step != OVER:
            rows, pool = self._redeal_covered(viewer, rng, pool)
        other_peek = d.peek if d.peek and d.peek_seat != viewer else 0
        sizes.append(other_peek)
        parts, rest = redeal(rng, pool, sizes)
        hands = list(d.hands)
        for q, part in zip(others, parts):
            hands[q] = _plus(d.known[q], *part)
        pond = parts[len(others)] if hide_pond else d.pond
        top = parts[-1] if other_peek else known
        lands = d.lands
        if d.step == DRAFT:         # the others' picks so far, from what the viewer saw (M-DRAFT-2)
            lands = DR.sample_picks(rng, d.lands, viewer, d.active, self.game.options.first_player,
                                    self._letters(), self._passing())
        return _set(d, hands=tuple(hands), pond=tuple(pond), rows=rows, lands=lands,
                    deck=Deck(rest, tuple(top), deck.bottom))

    def _redeal_covered(self, viewer: int, rng: random.Random,
                        pool: list[int]) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], list[int]]:
        """Other seats' piles with the cards under each top dealt again from `pool` plus
        those covered cards (M-HIDDEN-3), and what is left of the pool."""
        d = self.data
        cat = self.game.catalogue  # type: ignore[attr-defined]  # a MomijiGame
        piles = []
        for q, row in enumerate(d.rows):
            if q == viewer:
                continue
            bridged = any(cat.powers[letter].effect == "bridge" for letter in d.used[q])
            for i, pile in enumerate(row):
                piles.append(Covered(q, i, pile[-1], bridged))
                pool += pile[:-1]
        total = sum(len(d.rows[pile.seat][pile.pile]) - 1 for pile in piles)
        under, rest = deal_covered(rng, pool, piles, total)
        rows = tuple(row if q == viewer else tuple(under[q, i] + (pile[-1],) for i, pile in enumerate(row))
                     for q, row in enumerate(d.rows))
        return rows, rest

    def _encode(self) -> Any:
        from .encoding import encode
        return encode(self)


_HANDLERS = {Deal: MomijiState._on_deal, M.Collect: MomijiState._on_collect, M.Reveal: MomijiState._on_reveal,
             Play: MomijiState._on_play, Stop: MomijiState._on_stop, M.Place: MomijiState._on_place,
             M.Activate: MomijiState._on_activate, M.Trade: MomijiState._on_trade, M.Power: MomijiState._on_power,
             M.Take: MomijiState._on_take, M.Give: MomijiState._on_give, M.Discard: MomijiState._on_discard,
             M.End: MomijiState._on_end, M.Pick: MomijiState._on_pick, M.Swap: MomijiState._on_swap}
"""The handler of each kind of move (`MomijiState._apply`)."""
