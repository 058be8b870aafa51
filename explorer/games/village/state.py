"""The position of Please Don't Burn My Village! and the game hooks that play it.

All position data lives in `VillageData`, a NamedTuple of ints and counts tuples (see
`cards`). A turn may take more than one step: a Bribe is followed by CHANCE steps that
turn refill cards from the deck; a paid Black Market visit is followed by the same
player's Curse decision (its own pending step, "curse"); a Draw from the unseen deck
is a CHANCE step. Every chance step draws from the stream "deck" (a core `Deck`): cards
whose order is known (the deck's `top`, set by a scenario) are dealt without a chance
step.
"""
from __future__ import annotations

import random
from operator import le
from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from ...core import chance
from ...core.chance import Deck, redeal
from ...core.errors import Reason
from ...core.events import Event, Outcome, ScoreLine
from ...core.move import Move
from ...core.pending import OVER as GAME_OVER
from ...core.pending import Pending, decision, luck, seat_name
from ...core.state import State
from . import rules
from .cards import A_NAME, EMPTY, KINDS, WILD, describe_cards, minus, plus, traded
from .clicks import meant_move
from .encoding import encode
from .explain import explain
from .moves import REVEALS, Bribe, Buy, Curse, Draw, Reveal
from .narration import bribe_events, buy_event, curse_event, deal_event, draw_event
from .odds import coming_luck
from .rules import ACT, CURSE, DRAW, OVER, REFILL
from .speed import act_moves, curse_moves
from .view import build_view


class VillageData(NamedTuple):
    phase: int                          # rules.ACT / REFILL / CURSE / DRAW / OVER
    active: int                         # seat whose turn it is
    turn: int                           # turns completed so far
    track: tuple[int, ...]              # treasure per space, left (low) to right (high)
    hands: tuple[tuple[int, ...], ...]  # per seat: counts of the 7 card kinds
    known: tuple[tuple[int, ...], ...]  # per seat: hand cards every player has seen (market)
    bribes: tuple[tuple[int, ...], ...]       # per seat: treasure cards per bribe type
    bribe_wilds: tuple[tuple[int, ...], ...]  # per seat: wilds per bribe type
    stalls: tuple[tuple[int, ...], ...]  # index = stall cost 0..3
    deck: Deck                          # unseen: sorted kinds; top: known kinds, in order
    discard: tuple[int, ...]            # Black Market payments, face up
    refill_type: int                    # bribed type during a refill, else -1
    next_stall: int                     # stall the refill deals into next
    paid: tuple[int, ...]               # the payment awaiting its curse, else EMPTY
    ended_by: int                       # 0 while playing, 1 refill, 2 draw (rules.ENDED_BY)


_new: Final = tuple.__new__
"""Builds `VillageData` from a tuple of its fields: a third of the cost of the NamedTuple
constructor, and every step of a game builds one."""


def _put(row: tuple, i: int, value: Any) -> tuple:
    return row[:i] + (value,) + row[i + 1:]


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class VillageState(State):
    """A position; see the module docstring for how a turn is split into steps."""

    __slots__ = ()

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is VillageState:
            return VillageState(self._game, data, events)
        return type(self)(self._game, data, events)

    # ------------------------------------------------------------------ who decides
    def _find_pending(self) -> Pending:
        d: VillageData = self.data
        phase = d.phase
        if phase == ACT:
            return _ACT[d.active]
        if phase == CURSE:
            return _CURSE[d.active]
        if phase == REFILL:
            return _REFILL[d.next_stall]
        if phase == DRAW:
            return _DRAW[d.active]
        return GAME_OVER

    def values(self) -> tuple[int, ...]:
        """The current value of each treasure type (by its token's space)."""
        return rules.values(self.data.track, self.game.options.track_values)

    # ------------------------------------------------------------------ moves
    def _generate_moves(self) -> tuple[Move, ...]:
        d: VillageData = self.data
        if d.phase == ACT:
            p = d.active
            return act_moves(p, d.hands[p], d.bribes[p], d.stalls,
                             self.game.options.buy_from_empty_stall)
        if d.phase == CURSE:
            return curse_moves(d.active, d.paid)
        return tuple(map(REVEALS.__getitem__, dict.fromkeys(d.deck.unseen)))

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        d: VillageData = self.data
        if d.phase != REFILL and d.phase != DRAW:
            return ()
        return _REVEAL_ODDS.outcomes(d.deck.unseen)

    def sample_chance(self, rng: random.Random) -> Move:
        return REVEALS[self.data.deck.sample(rng)]

    def _is_legal(self, move: Move) -> bool:
        """Legality read straight from the position (agrees with `legal_moves`)."""
        d: VillageData = self.data
        kind = type(move)
        phase = d.phase
        if kind is Reveal:
            return (phase == REFILL or phase == DRAW) and move.card in d.deck.unseen  # type: ignore[attr-defined]
        if phase == ACT:
            if kind is Draw:
                return move.player == d.active  # type: ignore[attr-defined]
            if kind is Bribe:
                return (move.player == d.active  # type: ignore[attr-defined]
                        and _bribe_ok(move, d.hands[d.active], d.bribes[d.active]))  # type: ignore[arg-type]
            if kind is Buy:
                return (move.player == d.active  # type: ignore[attr-defined]
                        and _buy_ok(move, d.hands[d.active], d.stalls,  # type: ignore[arg-type]
                                    self.game.options.buy_from_empty_stall))
            return False
        if phase == CURSE:
            return (kind is Curse and move.player == d.active  # type: ignore[attr-defined]
                    and move.treasure in _TREASURE_SET  # type: ignore[attr-defined]
                    and d.paid[move.treasure] > 0)  # type: ignore[attr-defined]
        return False

    def _explain(self, move: Move) -> Reason:
        return explain(self, move)

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        """The move clicking `targets` means, legal or not (see `clicks`), or None."""
        return meant_move(self.data, tuple(targets))

    # ------------------------------------------------------------------ play
    def _apply(self, move: Move) -> tuple[NamedTuple, tuple[Event, ...]]:
        d: VillageData = self.data
        events: list[Event] = []
        kind = type(move)
        if kind is Reveal:
            d = self._reveal(d, move.card, events)  # type: ignore[attr-defined]
        elif kind is Bribe:
            d = self._bribe(d, move, events)  # type: ignore[arg-type]
        elif kind is Buy:
            d = self._buy(d, move, events)  # type: ignore[arg-type]
        elif kind is Curse:
            d = self._curse(d, move, events)  # type: ignore[arg-type]
        else:
            d = self._draw(d, move.player, events)  # type: ignore[attr-defined]
        return d, tuple(events)

    def _bribe(self, d: VillageData, move: Bribe, events: list[Event]) -> VillageData:
        p, t, cards = move.player, move.treasure, move.cards
        n, w = cards[t], cards[WILD]
        hand = minus(d.hands[p], cards)
        known = d.known[p]
        if known[t] or known[WILD]:
            known = _put(_put(known, t, max(0, known[t] - n)), WILD, max(0, known[WILD] - w))
        row = d.bribes[p]
        new_bribe = row[t] == 0
        bribes = _put(d.bribes, p, _put(row, t, row[t] + n))
        bribe_wilds = d.bribe_wilds
        if w:
            bribe_wilds = _put(bribe_wilds, p, _put(bribe_wilds[p], t, bribe_wilds[p][t] + w))
        track, moved = rules.raise_token(d.track, t, n + w)
        events += bribe_events(p, t, cards, new_bribe, moved)
        d = _new(VillageData, (REFILL, p, d.turn, track, _put(d.hands, p, hand),
                               _put(d.known, p, known), bribes, bribe_wilds, d.stalls, d.deck,
                               d.discard, t, 3, EMPTY, 0))
        return self._refill(d, events)

    def _refill(self, d: VillageData, events: list[Event]) -> VillageData:
        """Deal known cards until the refill stops, the deck empties or chance must decide."""
        while d.deck.top:
            card = d.deck.top[0]
            d, done = _place(d._replace(deck=chance.draw(d.deck, card)), card, events)
            if done:
                return _end_turn(d)
        if not d.deck.unseen:
            events.append(Event("game-end", "V-REFILL-5",
                                "the deck runs out before the refill turns up "
                                f"{A_NAME[d.refill_type]} or a Wild: the game ends", d.active))
            return self._end_game(d, 1, events)
        return d

    def _reveal(self, d: VillageData, card: int, events: list[Event]) -> VillageData:
        """The card luck turned up: dealt into the next stall (V-REFILL-1..3) or, after a
        Draw, taken into hand (V-DRAW-1). Half the steps of a game are this one, so the
        stall rows are rebuilt inline."""
        deck = chance.draw(d.deck, card)
        if d.phase == DRAW:
            return self._take_top(d, deck, card, events)
        stall = d.next_stall
        stalls = d.stalls
        row = stalls[stall]
        row = row[:card] + (row[card] + 1,) + row[card + 1:]
        stalls = stalls[:stall] + (row,) + stalls[stall + 1:]
        active = d.active
        if card == WILD or card == d.refill_type:
            events.append(deal_event(card, stall, True, active))
            return _new(VillageData, (ACT, (active + 1) % len(d.hands), d.turn + 1, d.track,
                                      d.hands, d.known, d.bribes, d.bribe_wilds, stalls, deck,
                                      d.discard, -1, 3, EMPTY, 0))
        events.append(deal_event(card, stall, False, active))
        d = _new(VillageData, (REFILL, active, d.turn, d.track, d.hands, d.known, d.bribes,
                               d.bribe_wilds, stalls, deck, d.discard, d.refill_type,
                               3 if stall == 0 else stall - 1, EMPTY, 0))
        return d if deck.unseen else self._refill(d, events)

    def _take_top(self, d: VillageData, deck: Deck, card: int,
                  events: list[Event]) -> VillageData:
        """The active player puts the drawn `card` in hand (V-DRAW-1); the turn passes."""
        p = d.active
        events.append(draw_event(p, card))
        hand = d.hands[p]
        return _new(VillageData, (ACT, (p + 1) % len(d.hands), d.turn + 1, d.track,
                                  _put(d.hands, p, _put(hand, card, hand[card] + 1)), d.known,
                                  d.bribes, d.bribe_wilds, d.stalls, deck, d.discard, -1, 3,
                                  EMPTY, 0))

    def _draw(self, d: VillageData, p: int, events: list[Event]) -> VillageData:
        deck = d.deck
        if deck.top:
            return self._take_top(d, chance.draw(deck), deck.top[0], events)
        if deck.unseen:
            return d._replace(phase=DRAW)
        events.append(Event("game-end", "V-DRAW-3",
                            f"P{p} chooses to draw from an empty deck: the game ends", p))
        return self._end_game(d, 2, events)

    def _buy(self, d: VillageData, move: Buy, events: list[Event]) -> VillageData:
        p, stall, pay = move.player, move.stall, move.payment
        got = d.stalls[stall]
        hand = traded(d.hands[p], pay, got)
        known = d.known[p]
        # paid cards leave the known ones first, then the stall's cards join them
        # (V-MARKET-5): per kind, max(known - paid, 0) + got
        known = traded(known, pay, got, floor=True) if any(known) else got
        hands, knowns = _put(d.hands, p, hand), _put(d.known, p, known)
        stalls = _put(d.stalls, stall, EMPTY)
        events.append(buy_event(p, stall, pay, got))
        if stall == 0:
            return _new(VillageData, (ACT, (p + 1) % len(hands), d.turn + 1, d.track, hands,
                                      knowns, d.bribes, d.bribe_wilds, stalls, d.deck, d.discard,
                                      -1, 3, EMPTY, 0))
        return _new(VillageData, (CURSE, p, d.turn, d.track, hands, knowns, d.bribes,
                                  d.bribe_wilds, stalls, d.deck, plus(d.discard, pay),
                                  -1, 3, pay, 0))

    def _curse(self, d: VillageData, move: Curse, events: list[Event]) -> VillageData:
        t, spaces = move.treasure, sum(d.paid)
        track, moved = rules.lower_token(d.track, t, spaces)
        events.append(curse_event(move.player, t, moved, spaces))
        return _new(VillageData, (ACT, (d.active + 1) % len(d.hands), d.turn + 1, track,
                                  d.hands, d.known, d.bribes, d.bribe_wilds, d.stalls, d.deck,
                                  d.discard, -1, 3, EMPTY, 0))

    def _end_game(self, d: VillageData, how: int, events: list[Event]) -> VillageData:
        """Stop at once (V-END-1) and add hand treasures to matching bribes (V-END-2)."""
        hands, known, bribes = list(d.hands), list(d.known), list(d.bribes)
        for p in range(len(hands)):
            moved = tuple(hands[p][t] if bribes[p][t] else 0 for t in range(6)) + (0,)
            if any(moved):
                hands[p] = tuple(h - m for h, m in zip(hands[p], moved))
                known[p] = tuple(min(k, h) for k, h in zip(known[p], hands[p]))
                bribes[p] = tuple(b + m for b, m in zip(bribes[p], moved))
                events.append(Event("transfer", "V-END-2",
                                    f"P{p} adds {describe_cards(moved)} from hand to their bribes", p))
        return d._replace(hands=tuple(hands), known=tuple(known), bribes=tuple(bribes), phase=OVER,
                          refill_type=-1, next_stall=3, ended_by=how)

    # ------------------------------------------------------------------ results
    def scores(self) -> tuple[float, ...]:
        """Points per seat by the scoring rules, as if the game ended now (hand cards count)."""
        value = self.values()
        d = self.data
        return tuple(float(sum(rules.score_parts(d.hands[p], d.bribes[p], d.bribe_wilds[p], value)))
                     for p in range(len(d.hands)))

    def outcome(self) -> Outcome | None:
        d = self.data
        if d.phase != OVER:
            return None
        value = self.values()
        opts = self.game.options
        lines: list[ScoreLine] = []
        for p in range(len(d.hands)):
            bribe, hand, wild = rules.score_parts(d.hands[p], d.bribes[p], d.bribe_wilds[p], value)
            lines += [ScoreLine(p, float(bribe), "cards in bribes x token value", "V-SCORE-1"),
                      ScoreLine(p, float(hand), "treasures left in hand", "V-SCORE-2"),
                      ScoreLine(p, float(wild), "wilds left in hand", "V-SCORE-3")]
        scores = self.scores()
        best = max(scores)
        leaders = [p for p, s in enumerate(scores) if s == best]
        tiebreak = ""
        if len(leaders) > 1:
            keys = {p: rules.tiebreak_key(d.bribes[p], d.bribe_wilds[p], d.track, opts.tie_counts_wilds)
                    for p in leaders}
            top = max(keys.values())
            winners = [p for p in leaders if keys[p] == top]
            if len(winners) == 1:
                tiebreak = (f"P{', P'.join(map(str, leaders))} tie on {best:g} points; P{winners[0]} "
                            "has the most bribe cards on the highest space where they differ "
                            "[V-TIE-1, V-TIE-2]")
            elif opts.full_tie_shared:
                tiebreak = (f"P{', P'.join(map(str, winners))} tie on points and on every space: "
                            "they share the win [V-TIE-3]")
            else:
                tiebreak = (f"P{', P'.join(map(str, winners))} tie on points and on every space: "
                            "nobody wins (option full_tie_shared=False) [V-TIE-3]")
                winners = []
        else:
            winners = leaders
        if d.ended_by == 1:
            ended, rule = "the deck ran out during a Black Market refill", "V-REFILL-5"
        else:
            ended, rule = "a player chose to draw from the empty deck", "V-DRAW-3"
        return Outcome(tuple(winners), scores, tuple(lines), ended, rule, tiebreak)

    # ------------------------------------------------------------------ views
    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        self.check_viewer(viewer)
        return build_view(self, viewer)

    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def _redeal(self, viewer: int, rng: random.Random) -> VillageData:
        """Redeal what `viewer` cannot see: the deck (its known top too: only a teacher
        knows it) and the cards of other hands nobody saw them take.

        The pool and the sizes come from `view(viewer)` alone (`chance.redeal` sorts the
        pool before the shuffle), so a sample reveals nothing. At the end every hand is
        shown: only the deck is hidden, and its order does not matter any more.
        """
        d = self.data
        deck = d.deck.hidden()
        if d.phase == OVER:
            return d._replace(deck=deck)
        pool = list(deck.unseen)
        seats, sizes = [], []
        for q in range(len(d.hands)):
            if q != viewer:
                unknown = minus(d.hands[q], d.known[q])
                seats.append(q)
                sizes.append(sum(unknown))
                for k, n in enumerate(unknown):
                    pool += [k] * n
        parts, rest = redeal(rng, pool, sizes)
        hands = list(d.hands)
        for q, part in zip(seats, parts):
            counts = list(d.known[q])
            for card in part:
                counts[card] += 1
            hands[q] = tuple(counts)
        return d._replace(hands=tuple(hands), deck=Deck(rest))

    def _encode(self) -> Any:
        return encode(self.data)


_ACT = tuple(decision(p, "act", "V-TURN-1", f"{seat_name(p)} chooses an action: bribe the "
                       "Dragon, visit the Black Market or draw a card") for p in range(5))
_CURSE = tuple(decision(p, "curse", "V-CURSE-1",
                        f"{seat_name(p)} curses one treasure type they paid with")
               for p in range(5))
_REFILL = tuple(luck("deck", "V-REFILL-1", f"the deck turns up a card into stall {c} (refill)")
                for c in range(4))
_DRAW = tuple(luck("deck", "V-DRAW-1", f"{seat_name(p)} draws the top card of the deck")
              for p in range(5))
"""The pending decisions, built once: by seat (act, curse, draw) or by stall (refill)."""

_TREASURE_SET = frozenset(range(6))
_REVEAL_ODDS: Final = chance.CardOdds(REVEALS)
"""The refill and draw outcomes (V-REFILL-1, V-DRAW-1): the deck's, as shared pairs."""


def _bribe_ok(move: Bribe, hand: tuple[int, ...], bribes: tuple[int, ...]) -> bool:
    """One treasure type plus wilds, from hand; wilds alone only onto a bribe the player
    has (V-BRIBE-1, V-BRIBE-2)."""
    t, cards = move.treasure, move.cards
    if t not in _TREASURE_SET or type(cards) is not tuple or len(cards) != KINDS:
        return False
    n, w = cards[t], cards[WILD]
    if n < 0 or w < 0 or n > hand[t] or w > hand[WILD] or not (n or (w and bribes[t])):
        return False
    return min(cards) >= 0 and sum(cards) == n + w       # no card of another kind


def _buy_ok(move: Buy, hand: tuple[int, ...], stalls: tuple[tuple[int, ...], ...],
            empty_open: bool) -> bool:
    """A stall with cards (V-MARKET-2), paid with exactly its cost from hand, not all
    wilds (V-MARKET-3, V-MARKET-4); stall 0 free (V-MARKET-6)."""
    stall, pay = move.stall, move.payment
    if stall not in _STALL_SET or type(pay) is not tuple or len(pay) != KINDS:
        return False
    if not (empty_open or any(stalls[stall])):
        return False
    if stall == 0:
        return not any(pay)
    return (sum(pay) == stall and pay[WILD] < stall and min(pay) >= 0
            and all(map(le, pay, hand)))


_STALL_SET = frozenset(range(4))


def _place(d: VillageData, card: int, events: list[Event]) -> tuple[VillageData, bool]:
    """Deal `card` into the next stall (V-REFILL-1, V-REFILL-2); done if it ends the refill."""
    stall = d.next_stall
    row = d.stalls[stall]
    stalls = _put(d.stalls, stall, _put(row, card, row[card] + 1))
    done = card == WILD or card == d.refill_type
    events.append(deal_event(card, stall, done, d.active))
    return d._replace(stalls=stalls, next_stall=rules.next_stall(stall)), done


def _end_turn(d: VillageData) -> VillageData:
    """The turn passes to the next seat (V-SETUP-5)."""
    return d._replace(phase=ACT, active=(d.active + 1) % len(d.hands), turn=d.turn + 1,
                      refill_type=-1, next_stall=3, paid=EMPTY)
