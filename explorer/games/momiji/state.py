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
- "trade", "gust", "give", "lantern", "pond": the second step of an extra (the second
  card of a trade, the card a power takes or gives).
- "limit": discard down to 8 cards, one card at a time (M-LIMIT-1).
- "deal": chance, stream "deck": the next card of a reveal, a Garden refill or a Koi
  Pond look (M-DECK-1). Cards of known order on top of the deck deal without luck.

Data is one NamedTuple of ints and sorted tuples (`MomijiData`); cards are codes
(`cards`), piles are tuples of codes, bottom first.
"""
from __future__ import annotations

import random
from typing import Any, NamedTuple

from ...core.chance import Deck, redeal
from ...core.errors import Reason
from ...core.events import Event, Outcome, ScoreLine
from ...core.move import Move
from ...core.pending import OVER as GAME_OVER
from ...core.pending import Pending, decision, luck, seat_name
from ...core.state import State
from . import rules as R
from .cards import TYPES, describe, name, type_of, value_of
from functools import lru_cache

from . import moves as M
from .moves import DEALS, Deal, Play, Stop

# interned moves: generation reuses the same few objects instead of building new ones
Activate, Collect, Discard, End, Give, Place, Power, Reveal, Take, Trade = (
    lru_cache(maxsize=None)(k) for k in (M.Activate, M.Collect, M.Discard, M.End, M.Give, M.Place, M.Power,
                                         M.Reveal, M.Take, M.Trade))
_play = lru_cache(maxsize=None)(Play)
_stop = lru_cache(maxsize=None)(Stop)
from .rules import (ACT, AFTER, COLLECT, DEAL, F_BRIDGE, F_COLLECTED, F_MAIN, F_POWER, F_STEPS,
                    F_TRADED, GIVE, GUST, LIMIT, LTAKE, OVER, PLACE, PLAY, POND, TO_POND, TO_REFILL,
                    TO_REVEAL, TRADE)


class MomijiData(NamedTuple):
    step: int                               # rules.STEPS
    active: int                             # seat whose turn it is
    turn: int                               # turns completed
    types: tuple[int, ...]                  # leaf types in play, sorted
    hands: tuple[tuple[int, ...], ...]      # per seat: sorted card codes (hidden)
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


def _put(row: tuple, i: int, value: Any) -> tuple:
    return row[:i] + (value,) + row[i + 1:]


def _less(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _plus(cards: tuple[int, ...], *more: int) -> tuple[int, ...]:
    return tuple(sorted(cards + more))


_PROMPTS = {
    ACT: "{s} chooses a main action (collect, play or activate) or an extra",
    COLLECT: "{s} collects one type from the Garden",
    PLAY: "{s} plays another card or stops",
    PLACE: "{s} chooses where the new pile goes in the row",
    AFTER: "{s} uses an extra or ends the turn",
    TRADE: "{s} discards a second card for the acorn",
    GUST: "{s} takes one more Garden card (Gust)",
    GIVE: "{s} chooses a hand card to swap into the Garden (Lantern)",
    LTAKE: "{s} takes a Garden card in exchange (Lantern)",
    POND: "{s} takes one of the cards looked at (Koi Pond)",
    LIMIT: "{s} discards down to 8 cards",
}
_STEP_RULE = {ACT: "M-TURN-1", COLLECT: "M-COLLECT-2", PLAY: "M-PLAY-1", PLACE: "M-PLAY-6",
              AFTER: "M-EXTRA-1", TRADE: "M-EXTRA-2", GUST: "M-POWER-A", GIVE: "M-POWER-F",
              LTAKE: "M-POWER-F", POND: "M-POWER-E", LIMIT: "M-LIMIT-1"}
_PENDING = {(p, s): decision(p, R.STEPS[s], _STEP_RULE[s], text.format(s=seat_name(p)))
            for p in range(4) for s, text in _PROMPTS.items()}
_DEALING = (luck("deck", "M-COLLECT-2", "the deck turns up a card into the Garden (reveal)"),
            luck("deck", "M-REFILL-1", "the deck turns up a card to refill the Garden"),
            luck("deck", "M-POWER-E", "the deck turns up a card for a Koi Pond look"))


class MomijiState(State):
    """A Momiji position; see the module docstring for the steps of a turn."""

    __slots__ = ()

    # ------------------------------------------------------------------ who decides
    def _find_pending(self) -> Pending:
        d = self.data
        if d.step == OVER:
            return GAME_OVER
        if d.step == DEAL:
            return _DEALING[d.deal_to]
        return _PENDING[d.active, d.step]

    # ------------------------------------------------------------------ legality
    def _bridge(self) -> bool:
        return bool(self.data.flags & F_BRIDGE)

    def _fits(self, card: int) -> bool:
        """`card` may go onto (or start) its pile in the active row."""
        d = self.data
        row = d.rows[d.active]
        i = R.pile_of(row, type_of(card))
        if not R.fits(card, row[i] if i >= 0 else None, bool(d.flags & F_BRIDGE)):
            return False
        return not (value_of(card) == 3 and d.supply == 0 and not self.game.options.three_without_torii)

    def _may_follow(self, card: int) -> bool:
        """In the "play" step: `card` keeps the play one type (up to 2, 3 with Steps) or
        all different types (M-PLAY-1), and fits its pile."""
        d = self.data
        play = d.play
        t = type_of(card)
        if t == play[0]:
            limit = 3 if d.flags & F_STEPS else 2
            if len(play) >= limit or (len(play) > 1 and play[1] != t):
                return False
        elif t in play or (len(play) > 1 and play[1] == play[0]):
            return False
        return self._fits(card)

    def _can_reveal(self) -> bool:
        d = self.data
        return (d.acorns[d.active] >= 1 and not d.deck.empty
                and d.reveals < self.game.options.max_reveals)

    def _main_possible(self) -> bool:
        d = self.data
        if d.garden or self._can_reveal():
            return True
        if any(self._fits(c) for c in d.hands[d.active]):
            return True
        return d.acorns[d.active] >= R.ACORNS_FOR_OBJECTIVE and -1 in d.owners

    def _power_ok(self, letter: str) -> bool:
        d = self.data
        p = d.active
        if (d.flags & F_POWER or d.acorns[p] < 1 or letter not in d.lands[p]
                or letter in d.used[p]):
            return False
        effect = self.game.effects[letter]
        if effect == "gust":
            return d.step == AFTER and bool(d.flags & F_COLLECTED) and bool(d.garden)
        if effect == "steps" or effect == "bridge":
            return d.step == ACT
        if effect == "koi":
            return not d.deck.empty
        if effect == "lantern":
            return bool(d.hands[p]) and bool(d.garden)
        return True

    def _generate_moves(self) -> tuple[Move, ...]:
        d = self.data
        step = d.step
        p = d.active
        hand = d.hands[p]
        distinct = tuple(dict.fromkeys(hand))
        if step == DEAL:
            return tuple(DEALS[c] for c in dict.fromkeys(d.deck.unseen))
        if step == PLAY:
            return tuple(self._play_move(c) for c in distinct if self._may_follow(c)) + (_stop(p),)
        if step == PLACE:
            t = d.play[-1]
            return tuple(Place(p, t, i) for i in range(len(d.rows[p])))
        if step == COLLECT:
            out: list[Move] = [Collect(p, t) for t in dict.fromkeys(map(type_of, d.garden))]
            if self._can_reveal():
                out.append(Reveal(p))
            return tuple(out)
        if step == TRADE:
            return tuple(Trade(p, c) for c in distinct)
        if step == GUST or step == LTAKE:
            return tuple(Take(p, c) for c in dict.fromkeys(d.garden))
        if step == POND:
            return tuple(Take(p, c) for c in dict.fromkeys(sorted(d.pond)))
        if step == GIVE:
            return tuple(Give(p, c) for c in distinct)
        if step == LIMIT:
            return tuple(Discard(p, c) for c in distinct)
        out = []
        if step == ACT:
            out += [Collect(p, t) for t in dict.fromkeys(map(type_of, d.garden))]
            if self._can_reveal():
                out.append(Reveal(p))
            out += [self._play_move(c) for c in distinct if self._fits(c)]
            if d.acorns[p] >= R.ACORNS_FOR_OBJECTIVE:
                out += [Activate(p, k) for k, o in zip(d.objectives, d.owners) if o < 0]
        if not d.flags & F_TRADED and len(hand) >= 2:
            out += [Trade(p, c) for c in distinct]
        out += [Power(p, letter) for letter in d.lands[p] if self._power_ok(letter)]
        if step == AFTER or not self._main_possible():
            out.append(End(p))
        return tuple(out)

    def _play_move(self, card: int) -> Play:
        d = self.data
        return _play(d.active, card, R.pile_of(d.rows[d.active], type_of(card)) < 0)

    def _is_legal(self, move: Move) -> bool:
        d = self.data
        kind = type(move)
        step = d.step
        if kind is Deal:
            return step == DEAL and move.card in d.deck.unseen  # type: ignore[attr-defined]
        if step == DEAL or move.player != d.active:  # type: ignore[attr-defined]
            return False
        p = d.active
        if kind is Play:
            card = move.card  # type: ignore[attr-defined]
            if card not in d.hands[p]:
                return False
            if step == PLAY:
                return self._may_follow(card)
            return step == ACT and self._fits(card)
        if kind is Stop:
            return step == PLAY
        if kind is M.Place:
            return (step == PLACE and move.type == d.play[-1]  # type: ignore[attr-defined]
                    and 0 <= move.index < len(d.rows[p]))  # type: ignore[attr-defined]
        if kind is M.Collect:
            return (step == ACT or step == COLLECT) and any(
                type_of(c) == move.type for c in d.garden)  # type: ignore[attr-defined]
        if kind is M.Reveal:
            return (step == ACT or step == COLLECT) and self._can_reveal()
        if kind is M.Activate:
            return (step == ACT and d.acorns[p] >= R.ACORNS_FOR_OBJECTIVE
                    and move.key in d.objectives  # type: ignore[attr-defined]
                    and d.owners[d.objectives.index(move.key)] < 0)  # type: ignore[attr-defined]
        if kind is M.Trade:
            if move.card not in d.hands[p]:  # type: ignore[attr-defined]
                return False
            return step == TRADE or ((step == ACT or step == AFTER) and not d.flags & F_TRADED
                                     and len(d.hands[p]) >= 2)
        if kind is M.Power:
            return (step == ACT or step == AFTER) and self._power_ok(move.letter)  # type: ignore[attr-defined]
        if kind is M.Take:
            card = move.card  # type: ignore[attr-defined]
            if step == GUST or step == LTAKE:
                return card in d.garden
            return step == POND and card in d.pond
        if kind is M.Give:
            return step == GIVE and move.card in d.hands[p]  # type: ignore[attr-defined]
        if kind is M.Discard:
            return step == LIMIT and move.card in d.hands[p]  # type: ignore[attr-defined]
        if kind is M.End:
            return step == AFTER or (step == ACT and not self._main_possible())
        return False

    def _explain(self, move: Move) -> Reason:
        from .explain import explain
        return explain(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        from .clicks import meant_move
        return meant_move(self, tuple(targets))

    # ------------------------------------------------------------------ play
    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        d = self.data
        ev: list[Event] = []
        kind = type(move)
        if kind is Deal:
            d = self._run_deals(self._dealt(d, move.card, ev), ev)  # type: ignore[attr-defined]
            return d, tuple(ev)
        p = d.active
        who = seat_name(p)
        back = AFTER if d.flags & F_MAIN else ACT
        if kind is M.Collect:
            t = move.type  # type: ignore[attr-defined]
            got = tuple(c for c in d.garden if type_of(c) == t)
            ev.append(Event("collect", "M-COLLECT-1", f"{who} collects {describe(got)} from the Garden", p))
            d = d._replace(garden=tuple(c for c in d.garden if type_of(c) != t),
                           hands=_put(d.hands, p, _plus(d.hands[p], *got)),
                           flags=d.flags | F_MAIN | F_COLLECTED, step=AFTER)
        elif kind is M.Reveal:
            ev.append(Event("reveal", "M-COLLECT-2", f"{who} pays 1 acorn to reveal 4 more cards", p))
            d = d._replace(acorns=_put(d.acorns, p, d.acorns[p] - 1), reveals=d.reveals + 1,
                           deal=min(4, d.deck.size), deal_to=TO_REVEAL)
            d = self._run_deals(d, ev)
        elif kind is Play:
            d = self._play(d, move.card, ev)  # type: ignore[attr-defined]
        elif kind is Stop:
            d = self._stop(d, ev)
        elif kind is M.Place:
            row = list(d.rows[p])
            pile = row.pop()
            row.insert(move.index, pile)  # type: ignore[attr-defined]
            ev.append(Event("place", "M-PLAY-6", f"{who} puts the new {TYPES[move.type]} pile at "  # type: ignore[attr-defined]
                                                 f"place {move.index} of the row", p))  # type: ignore[attr-defined]
            d = d._replace(rows=_put(d.rows, p, tuple(row)), step=PLAY)
        elif kind is M.Activate:
            i = d.objectives.index(move.key)  # type: ignore[attr-defined]
            ev.append(Event("activate", "M-OBJ-1", f"{who} pays 3 acorns and activates objective "
                                                   f"{self.game.objective_name(move.key, d.types)}", p))  # type: ignore[attr-defined]
            d = d._replace(acorns=_put(d.acorns, p, d.acorns[p] - R.ACORNS_FOR_OBJECTIVE),
                           owners=_put(d.owners, i, p), flags=d.flags | F_MAIN, step=AFTER)
        elif kind is M.Trade:
            card = move.card  # type: ignore[attr-defined]
            d = d._replace(hands=_put(d.hands, p, _less(d.hands[p], card)), discard=_plus(d.discard, card))
            if d.step == TRADE:
                d = self._gain(d, p, 1)
                ev.append(Event("trade", "M-EXTRA-2", f"{who} discards {name(card)} and gains 1 acorn", p))
                d = d._replace(step=back)
            else:
                ev.append(Event("trade", "M-EXTRA-2", f"{who} discards {name(card)} (one of two for an acorn)", p))
                d = d._replace(step=TRADE, flags=d.flags | F_TRADED)
        elif kind is M.Power:
            d = self._power(d, move.letter, ev)  # type: ignore[attr-defined]
        elif kind is M.Take:
            d = self._take(d, move.card, ev)  # type: ignore[attr-defined]
        elif kind is M.Give:
            card = move.card  # type: ignore[attr-defined]
            ev.append(Event("give", "M-POWER-F", f"{who} puts {name(card)} into the Garden", p))
            d = d._replace(hands=_put(d.hands, p, _less(d.hands[p], card)), garden=_plus(d.garden, card),
                           step=LTAKE)
        elif kind is M.Discard:
            card = move.card  # type: ignore[attr-defined]
            ev.append(Event("discard", "M-LIMIT-1", f"{who} discards {name(card)} (hand limit)", p))
            d = d._replace(hands=_put(d.hands, p, _less(d.hands[p], card)), discard=_plus(d.discard, card))
            if len(d.hands[p]) <= R.HAND_LIMIT:
                d = self._finish_turn(d, ev)
        else:   # End
            ev.append(Event("end-turn", "M-TURN-3", f"{who} ends the turn", p))
            d = self._end_turn(d, ev)
        return d, tuple(ev)

    def _gain(self, d: MomijiData, p: int, n: int) -> MomijiData:
        """`n` acorns from the supply, as many as it holds (M-COMP-3)."""
        cap = self.game.options.acorn_supply
        if cap is not None:
            n = max(0, min(n, cap - sum(d.acorns)))
        return d._replace(acorns=_put(d.acorns, p, d.acorns[p] + n))

    def _play(self, d: MomijiData, card: int, ev: list[Event]) -> MomijiData:
        p = d.active
        who = seat_name(p)
        t = type_of(card)
        row = d.rows[p]
        i = R.pile_of(row, t)
        flags = d.flags | F_MAIN
        new_pile = i < 0
        if new_pile:
            row = row + ((card,),)
            ev.append(Event("play", "M-PLAY-2", f"{who} starts a {TYPES[t]} pile with {name(card)}", p))
        else:
            old = R.top(row[i])
            if value_of(card) == old + 2:
                flags &= ~F_BRIDGE
                ev.append(Event("power", "M-POWER-C", f"{who} bridges from {old} to {value_of(card)}", p))
            row = _put(row, i, row[i] + (card,))
            ev.append(Event("play", "M-PLAY-3", f"{who} plays {name(card)} onto the {TYPES[t]} pile", p))
        d = d._replace(hands=_put(d.hands, p, _less(d.hands[p], card)), rows=_put(d.rows, p, row),
                       flags=flags, play=d.play + (t,))
        if value_of(card) == 3:
            if d.supply > 0:
                d = d._replace(supply=d.supply - 1, torii=_put(d.torii, p, d.torii[p] + 1))
                ev.append(Event("torii", "M-PLAY-4", f"{who} closes the {TYPES[t]} pile with a torii "
                                                     f"({d.supply} left)", p))
                if d.supply == 0 and not d.ending:
                    d = d._replace(ending=2)
                    ev.append(Event("end-trigger", "M-END-1", "the last torii is taken: the game is ending", p))
            else:
                ev.append(Event("torii", "M-PLAY-5", f"{who} closes the {TYPES[t]} pile; no torii is left", p))
        step = PLACE if new_pile and self.game.options.new_piles == "any" and len(row) > 1 else PLAY
        return d._replace(step=step)

    def _stop(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        p = d.active
        if len(set(d.play)) >= 2:
            pairs = R.harvest(d.rows[p])
            if pairs:
                before = d.acorns[p]
                d = self._gain(d, p, 2 * pairs)
                ev.append(Event("harvest", "M-PLAY-7", f"{seat_name(p)} harvests {d.acorns[p] - before} "
                                                       f"acorns from {pairs} pair(s) of facing acorns", p))
        return d._replace(play=(), step=AFTER)

    def _power(self, d: MomijiData, letter: str, ev: list[Event]) -> MomijiData:
        p = d.active
        entry = self.game.catalogue.powers[letter]
        effect = entry.effect
        d = d._replace(acorns=_put(d.acorns, p, d.acorns[p] - 1), used=_put(d.used, p, tuple(sorted(d.used[p] + (letter,)))),
                       flags=d.flags | F_POWER)
        ev.append(Event("power", entry.rule, f"{seat_name(p)} pays 1 acorn for {letter} {entry.name} "
                                             f"(stand-in): {entry.text}", p))
        back = AFTER if d.flags & F_MAIN else ACT
        if effect == "gust":
            return d._replace(step=GUST)
        if effect == "steps":
            return d._replace(flags=d.flags | F_STEPS, step=back)
        if effect == "bridge":
            return d._replace(flags=d.flags | F_BRIDGE, step=back)
        if effect == "tea":
            return self._gain(d, p, 2)._replace(step=back)
        if effect == "koi":
            return self._run_deals(d._replace(deal=min(3, d.deck.size), deal_to=TO_POND), ev)
        return d._replace(step=GIVE)

    def _take(self, d: MomijiData, card: int, ev: list[Event]) -> MomijiData:
        p = d.active
        who = seat_name(p)
        back = AFTER if d.flags & F_MAIN else ACT
        hands = _put(d.hands, p, _plus(d.hands[p], card))
        if d.step != POND:
            rule = "M-POWER-A" if d.step == GUST else "M-POWER-F"
            ev.append(Event("take", rule, f"{who} takes {name(card)} from the Garden", p))
            return d._replace(hands=hands, garden=_less(d.garden, card), step=back)
        rest = _less(d.pond, card)
        ev.append(Event("take", "M-POWER-E", f"{who} takes {name(card)} and puts {describe(rest)} back on top",
                        p, (p,), f"{who} takes one card into hand and puts {len(rest)} back on top of the deck"))
        peek = len(rest) + (d.peek if d.peek_seat == p else 0)
        deck = d.deck._replace(top=rest + d.deck.top)
        d = d._replace(hands=hands, pond=(), deck=deck, peek=peek if peek else 0,
                       peek_seat=p if peek else -1, step=back)
        return self._deck_check(d, ev)

    # ------------------------------------------------------------------ dealing
    def _dealt(self, d: MomijiData, card: int, ev: list[Event]) -> MomijiData:
        """The next deck card, `card`, goes where the deal goes (M-DECK-1)."""
        from_top = bool(d.deck.top)
        deck = d.deck.draw(card)
        peek, peek_seat = d.peek, d.peek_seat
        if from_top and peek:
            peek -= 1
            if not peek:
                peek_seat = -1
        d = d._replace(deck=deck, deal=d.deal - 1, peek=peek, peek_seat=peek_seat)
        if d.deal_to == TO_POND:
            p = d.active
            ev.append(Event("look", "M-POWER-E", f"{seat_name(p)} looks at {name(card)}", p, (p,),
                            f"{seat_name(p)} looks at a card of the deck"))
            return d._replace(pond=d.pond + (card,))
        rule = "M-COLLECT-2" if d.deal_to == TO_REVEAL else "M-REFILL-1"
        ev.append(Event("deal", rule, f"the deck turns up {name(card)} into the Garden", d.active))
        return d._replace(garden=_plus(d.garden, card))

    def _run_deals(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        """Deal known cards until the deal is done or luck must decide."""
        while d.deal > 0:
            deck = d.deck
            if deck.empty:
                d = d._replace(deal=0)
                break
            if deck.needs_luck:
                return d._replace(step=DEAL)
            d = self._dealt(d, deck.known_next, ev)
        if d.deal_to == TO_POND:
            return d._replace(step=POND)
        d = self._deck_check(d, ev)
        if d.deal_to == TO_REVEAL:
            return d._replace(step=COLLECT)
        return self._next_turn(d, ev)

    def _deck_check(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        if d.deck.empty and not d.ending:
            ev.append(Event("end-trigger", "M-END-1", "the deck is empty: the game is ending", d.active))
            return d._replace(ending=1)
        return d

    # ------------------------------------------------------------------ end of turn
    def _end_turn(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        if len(d.hands[d.active]) > R.HAND_LIMIT:
            return d._replace(step=LIMIT)
        return self._finish_turn(d, ev)

    def _finish_turn(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        """After the hand limit: refill the Garden (M-REFILL-1), then the next turn."""
        if d.ending and self.game.options.end == "immediate":
            return self._next_turn(d, ev)
        need = max(0, self.game.options.garden_size - len(d.garden))
        d = d._replace(deal=min(need, d.deck.size), deal_to=TO_REFILL)
        return self._run_deals(d, ev)

    def _next_turn(self, d: MomijiData, ev: list[Event]) -> MomijiData:
        n = len(d.hands)
        nxt = (d.active + 1) % n
        opts = self.game.options
        if d.ending and (opts.end == "immediate" or nxt == opts.first_player):
            why = "the deck ran out" if d.ending == 1 else "the last torii was taken"
            rule = "M-END-2"
            ev.append(Event("game-end", rule, f"{why}; the game ends ({opts.end.replace('_', ' ')})", None))
            return d._replace(step=OVER, deal=0, play=(), flags=0)
        return d._replace(step=ACT, active=nxt, turn=d.turn + 1, flags=0, reveals=0, play=(), deal=0)

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        if self.data.step != DEAL:
            return ()
        return tuple((DEALS[c], p) for c, p in self.data.deck.outcomes())

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
            obj = self.game.catalogue.objective(key, d.types)
            counts = [R.measure(obj.measure, obj.arg, d.rows[p], d.acorns[p]) for p in range(n)]
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
                tiebreak = f"{', '.join(map(seat_name, winners))} tie on {best:g} points and share the win [M-SCORE-3]"
            else:
                tiebreak = f"{', '.join(map(seat_name, winners))} tie on {best:g} points: nobody wins [M-SCORE-3]"
                winners = ()
        why = "the deck ran out" if d.ending == 1 else "the last torii was taken"
        return Outcome(winners, scores, tuple(lines), why, "M-END-1", tiebreak)

    # ------------------------------------------------------------------ views
    def view(self, viewer: int | None = None) -> dict[str, Any]:
        from .view import build_view
        return build_view(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> MomijiData:
        """Redraw what `viewer` cannot see: other hands, the unseen deck, the cards of a
        Koi Pond look by another player, and the deck cards another player knows on top
        (how many they know is public). Piles, Garden and discards are public and stay."""
        d = self.data
        deck = d.deck
        known = deck.top[:d.peek] if d.peek_seat == viewer else ()
        pool = list(deck.unseen) + list(deck.top[len(known):])
        sizes = []
        others = [q for q in range(len(d.hands)) if q != viewer]
        for q in others:
            pool += d.hands[q]
            sizes.append(len(d.hands[q]))
        hide_pond = viewer != d.active and d.pond
        if hide_pond:
            pool += d.pond
            sizes.append(len(d.pond))
        other_peek = d.peek if d.peek and d.peek_seat != viewer else 0
        sizes.append(other_peek)
        parts, rest = redeal(rng, pool, sizes)
        hands = list(d.hands)
        for q, part in zip(others, parts):
            hands[q] = part
        pond = parts[len(others)] if hide_pond else d.pond
        top = parts[-1] if other_peek else known
        return d._replace(hands=tuple(hands), pond=tuple(pond), deck=Deck(rest, tuple(top), deck.bottom))

    def _encode(self) -> Any:
        from .encoding import encode
        return encode(self)
