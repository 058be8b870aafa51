"""The position of a Piri Piri Summoners game: what it waits for, its legal moves,
refusals, scores and views (applying a move is in `turn`).

`SummonersData` holds everything as tuples, ints and strings, plus parts derived from
the grid and kept incrementally: the frontier (where cards may go), its cells' placement
limits per suit, and the summon sites (where each Spirit card's pattern is on the
table). A turn runs in phases: "action" (choose cycle, draw, buy or pass), a chance
phase when the deck gives a card ("draw", "cycle-draw", "refill": all from the "deck"
stream), "play" (place a hand card after a draw or a buy), "summon" (the summon window,
open after every action) and "over".
"""
from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any, Final

from mypy_extensions import mypyc_attr

from explorer.core import (
    CHANCE,
    OVER,
    Deck,
    Event,
    Move,
    Outcome,
    Pending,
    Reason,
    ScoreLine,
    State,
    Window,
    WindowRule,
    decision,
    luck,
    redeal,
    seat_name,
)

from . import fast
from . import grid as g
from .apply import Turn
from .cards import SPIRIT_DECK, SPIRIT_POINTS, card_name
from .clicks import meant_move
from .data import SummonersData
from .grid import Cell
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal, Summon, cell_text
from .odds import coming_luck

CHANCE_PHASES: Final = ("draw", "cycle-draw", "refill")
MAX_SEATS: Final = 4

SUMMON_WINDOW: Final = WindowRule("summon", "S-WINDOW-1", "{seat} may summon a Spirit card or summon nothing")
"""The summon window [S-WINDOW-1]: its seats still to be asked are `SummonersData.window`."""

# What a position waits for, made once per seat (the hot path builds no strings).
# The action prompt names no choice: which of cycle, draw, buy and pass a seat has
# depends on its mana, hand and the deck, and the move list names exactly those.
_ACTION: Final = tuple(decision(p, "action", "S-TURN-1", f"{seat_name(p)} chooses this turn's action")
                       for p in range(MAX_SEATS))
_PLAY: Final = tuple(decision(p, "play", "S-DRAW-1", f"P{p} plays a hand card")
                     for p in range(MAX_SEATS))
_ASKED: Final = tuple(SUMMON_WINDOW.pending(Window((p,))) for p in range(MAX_SEATS))
_LUCK: Final = {
    "draw": tuple(luck("deck", "S-DECK-2", f"the deck turns up a card for P{p}'s draw")
                  for p in range(MAX_SEATS)),
    "cycle-draw": tuple(luck("deck", "S-DECK-2", f"the deck turns up a card for P{p}'s cycle")
                        for p in range(MAX_SEATS)),
    "refill": (luck("deck", "S-DECK-2", "the deck turns up a card for the market refill"),)
    * MAX_SEATS,
}

SPIRIT_CARDS: Final = frozenset(SPIRIT_DECK)

CYCLE: Final = 0
REVEAL: Final = 1
PLAY: Final = 2
BUY: Final = 3
DECLINE: Final = 4
DRAW: Final = 5
SUMMON: Final = 6
PASS: Final = 7
_KIND: Final = {Cycle: CYCLE, Reveal: REVEAL, Play: PLAY, Buy: BUY, Decline: DECLINE,
                Draw: DRAW, Summon: SUMMON, Pass: PASS}
"""Each move class's number: compiled, one lookup by type, where testing `kind is Cycle`
looks the class up among the module's names each time."""


def _actions(p: int, hand: tuple[str, ...], can_draw: bool, market: tuple[str, ...],
             pass_any_time: bool) -> tuple:
    """The turn's actions [S-TURN-1]: cycle each hand card [S-CYCLE-1], draw when allowed
    [S-DRAW-1] [S-DRAW-2], buy from each filled slot of the `market` (given only when
    the player has the mana) [S-BUY-1], and pass [S-PASS-1]; the moves are shared ones."""
    moves: list = fast.cycles(p, hand)
    if can_draw:
        moves.append(fast.draw(p))
    for slot, card in enumerate(market):
        if card:
            moves.append(fast.buy(p, slot, card))
    if pass_any_time or not moves:
        moves.append(fast.pass_(p))
    return tuple(moves)


@mypyc_attr(allow_interpreted_subclasses=True)   # compiled: see tools/compile.py
class SummonersState(State):
    """A Piri Piri Summoners position (see `SummonersData`)."""

    __slots__ = ("_cells",)
    _cells: dict[Cell, str]

    def _successor(self, data: Any, events: tuple[Event, ...]) -> State:
        if type(self) is SummonersState:
            return SummonersState(self._game, data, events)
        return type(self)(self._game, data, events)

    @property
    def cells(self) -> dict[Cell, str]:
        """The grid as a dict {(x, y): card} (built on first use, once per state: the
        slot stays unset until then, which spares every new state an __init__)."""
        try:
            return self._cells
        except AttributeError:
            data: SummonersData = self.data
            cells = fast.cells_of(data.grid)
            self._cells = cells
            return cells

    @property
    def frontier(self) -> frozenset[Cell]:
        """The empty cells where a card may go [S-PLACE-1] [S-PLACE-5], read from the
        frontier's codes in `SummonersData.limits` (kept there once, not twice)."""
        return g.frontier_cells(self.data.limits)

    # ------------------------------------------------------------------ turn order
    def _find_pending(self) -> Pending:
        d: SummonersData = self.data
        phase = d.phase
        if phase == "action":                       # the commonest first
            return _ACTION[d.current]
        if phase == "play":
            return _PLAY[d.current]
        if phase == "summon":
            return _ASKED[d.window.seats[0]]
        if phase == "over":
            return OVER
        return _LUCK[phase][d.current]

    # ------------------------------------------------------------------ legal moves
    def _generate_moves(self) -> tuple:
        d: SummonersData = self.data
        phase = d.phase
        if phase in CHANCE_PHASES:
            return tuple(fast.reveal(c) for c in dict.fromkeys(d.deck.unseen))
        if phase == "action":
            return self._action_moves()
        if phase == "play":
            return self._play_moves()
        return self._summon_moves(d.window.seats[0])

    def _action_moves(self) -> tuple:
        d: SummonersData = self.data
        p = d.current
        return _actions(p, d.hands[p], self._draw_allowed(), d.market if d.mana[p] >= 1 else (),
                        self.game.options.pass_any_time)

    def _draw_allowed(self) -> bool:
        d: SummonersData = self.data
        if not d.deck.empty:
            return True
        return not self.game.options.draw_needs_deck and bool(d.hands[d.current])

    def _play_moves(self) -> tuple:
        """Every placement of every hand card, by card then cell.

        Only frontier cells are tried, each with its per-suit limit kept incrementally in
        the state (`SummonersData.limits`): a number must beat its suit's limit
        [S-PLACE-4], an Ace only needs no stronger Spirit [S-ACE-1], a Joker goes on any
        of them [S-JOKER-1]. An Ace may also go on top of any card but a Spirit [S-ACE-2].
        The moves are the shared ones of `fast.plays_on`, read by cell number in one
        loop over the cells' limits (four bytes a cell).
        """
        d: SummonersData = self.data
        p = d.current
        limits: bytes = d.limits[1]
        pick = fast.plays_on(d.limits[0])
        numbers = pick.numbers
        moves: list = []
        for card in d.hands[p]:
            table = pick.table(p, card)
            if card[0] == "X":
                for n in numbers:
                    moves.append(table[n])
                continue
            k = g.SUIT_INDEX[card[0]]
            rank = g.PLACING_RANK[card]
            for n in numbers:
                if limits[k] < rank:
                    moves.append(table[n])
                k += 4
            if card[1] == "A":
                moves.extend(self._aces_over(p, card, pick))
        return tuple(moves)

    def _aces_over(self, p: int, card: str, pick: fast.Picker) -> list:
        """An Ace on top of each card but a Spirit [S-ACE-2] (beside no Spirit of its
        stronger suit, when option `ace_on_top_free` is off) [S-ACE-3]: the shared moves
        of `pick`'s numbering (every card lies on a cell once listed as frontier)."""
        free = self.game.options.ace_on_top_free
        numbering = pick.numbering
        numbers: list[int] = []
        row: tuple    # each (x, y, card) read by index: compiled, unpacking one into three
        for row in self.data.grid:             # names walks an iterator over it
            under: str = row[2]
            if under in SPIRIT_CARDS:
                continue
            x: int = row[0]
            y: int = row[1]
            if free or g.placement_problem(self.cells, (), card, (x, y), True, False) is None:
                numbers.append(numbering.number_of(g.cell_code(x, y)))
        table = pick.table(p, card, True)
        return [table[n] for n in numbers]

    def _summons(self, player: int) -> list:
        d: SummonersData = self.data
        moves: list = []
        if d.mana[player] >= 2:
            kos = self.game.options.king_over_spirits
            mine = d.spirits[player]
            for cell, spirit in sorted(site for site in d.sites if site[1] in mine):
                moves.extend(Summon(player, spirit, cell, using)
                             for using in g.sites_at(self.cells, cell, spirit, kos))
        return moves

    def _summon_moves(self, player: int) -> tuple:
        return tuple(self._summons(player)) + (fast.decline(player),)

    def _is_legal(self, move: Any) -> bool:   # Any: a Move of any kind, read by its type
        """Whether `move` is legal, answered from the move alone: a card in hand, a cell's
        limits, a site on the table; no list of every legal move is built. A move that is
        one of the legal moves already listed never gets here: `State` finds it among
        them by identity first."""
        d: SummonersData = self.data
        phase = d.phase
        kind = _KIND.get(type(move), -1)
        if phase in CHANCE_PHASES:
            if kind != REVEAL:
                return False
            unseen = d.deck.unseen
            i = bisect_left(unseen, move.card)
            return i < len(unseen) and unseen[i] == move.card
        seat = self._find_pending().seat
        if kind == REVEAL or seat is None or move.player != seat:
            return False
        if phase == "action":
            if kind == CYCLE:
                return move.card in d.hands[seat]
            if kind == DRAW:
                return self._draw_allowed()
            if kind == BUY:
                return (d.mana[seat] >= 1 and 0 <= move.slot < len(d.market)
                        and d.market[move.slot] == move.card and move.card != "")
            if kind == PASS:
                return self.game.options.pass_any_time or (
                    not d.hands[seat] and not self._draw_allowed()
                    and (d.mana[seat] < 1 or not any(d.market)))
            return False
        if phase == "play":
            return kind == PLAY and move.card in d.hands[seat] and self._placeable(move)
        if kind == DECLINE:
            return True
        if kind != SUMMON or move.card not in d.spirits[seat] or d.mana[seat] < 2:
            return False
        if (move.cell, move.card) not in d.sites:
            return False
        kos = self.game.options.king_over_spirits
        return move.using in tuple(g.sites_at(self.cells, move.cell, move.card, kos))

    def _placeable(self, move: Play) -> bool:
        """A hand card's placement, checked against the cell's limits."""
        card, cell = move.card, move.cell
        if move.over:
            if card[1] != "A":
                return False
            under = self.cells.get(cell)
            if under is None or under in SPIRIT_CARDS:
                return False
            return self.game.options.ace_on_top_free or g.placement_problem(
                self.cells, (), card, cell, True, False) is None
        d: SummonersData = self.data
        codes = d.limits[0]
        code = g.cell_code(cell[0], cell[1])
        i = bisect_left(codes, code)
        if i == len(codes) or codes[i] != code:        # not a frontier cell
            return False
        limits: bytes = d.limits[1]
        if card[0] == "X":
            return True
        return limits[4 * i + g.SUIT_INDEX[card[0]]] < g.PLACING_RANK[card]

    def chance_outcomes(self) -> tuple:
        d: SummonersData = self.data
        if d.phase not in CHANCE_PHASES:
            return ()
        return d.deck.outcomes(fast.reveal)

    def sample_chance(self, rng: random.Random) -> Reveal:
        d: SummonersData = self.data
        card: Any = d.deck.sample(rng)      # a card: the deck holds strings
        return fast.reveal(card)

    # ------------------------------------------------------------------ why not
    def _explain(self, move) -> Reason:
        d = self.data
        who = self.to_move
        if isinstance(move, Reveal):
            if who != CHANCE:
                return Reason("S-DECK-2", "the deck gives a card only when one is drawn")
            return Reason("S-DECK-2", f"the {card_name(move.card)} is not among the unseen "
                                      f"cards of the deck")
        if who == CHANCE:
            return Reason("S-DECK-2", "the deck must give a card first")
        if getattr(move, "player", None) != who:
            return Reason("S-TURN-1", f"it is P{who}'s decision, not "
                                      f"P{getattr(move, 'player', '?')}'s")
        phase = d.phase
        if phase == "summon":
            if not isinstance(move, (Summon, Decline)):
                return Reason("S-WINDOW-1", "the summon window is open: summon a Spirit "
                                            "card or summon nothing")
            return self._explain_summon(move)
        if phase == "play":
            if not isinstance(move, Play):
                return Reason("S-DRAW-1", "after drawing or buying you must play a hand card")
            return self._explain_play(move)
        if isinstance(move, Play) and move.card in d.hands[who]:
            problem = self._problem(move)
            if problem is not None:
                return Reason(*problem)
            return Reason("S-TURN-1", "first draw or buy (the turn's action), then play "
                                      "a card")
        if isinstance(move, (Play, Summon, Decline)):
            return Reason("S-TURN-1", "first choose the turn's action: cycle, draw, buy or pass")
        if isinstance(move, Cycle):
            return Reason("S-CYCLE-1", f"the {card_name(move.card)} is not in your hand")
        if isinstance(move, Draw):
            return Reason("S-DRAW-2", "the deck is empty: you cannot draw")
        if isinstance(move, Pass):
            return Reason("S-PASS-1", "passing is allowed only when no other action is "
                                      "possible (rule option pass_any_time is off)")
        if isinstance(move, Buy):
            if d.mana[who] < 1:
                return Reason("S-BUY-1", "buying costs 1 mana and you have none")
            return Reason("S-BUY-1", f"market slot {move.slot} does not hold the "
                                     f"{card_name(move.card)}")
        return Reason("S-TURN-1", f"{move} is not an action of this turn")

    def _problem(self, move: Play) -> tuple[str, str] | None:
        return g.placement_problem(self.cells, self.frontier, move.card, move.cell,
                                   move.over, self.game.options.ace_on_top_free)

    def _explain_play(self, move: Play) -> Reason:
        if move.card not in self.data.hands[move.player]:
            return Reason("S-DRAW-1", f"the {card_name(move.card)} is not in your hand")
        problem = self._problem(move)
        if problem is None:
            return Reason("CORE-LEGAL", f"{move} is not a legal play here")
        return Reason(*problem)

    def _explain_summon(self, move: Summon | Decline) -> Reason:
        d: SummonersData = self.data
        if isinstance(move, Decline):
            return Reason("CORE-LEGAL", f"{move} is not legal here")
        if move.card not in d.spirits[move.player]:
            return Reason("S-SUMMON-2", f"the {card_name(move.card)} is not among your "
                                        f"unsummoned Spirit cards")
        if d.mana[move.player] < 2:
            return Reason("S-SUMMON-1", "summoning costs 2 mana and you have fewer")
        rule = {"J": "S-JACK-1", "Q": "S-QUEEN-1", "K": "S-KING-1"}[move.card[1:]]
        return Reason(rule, f"the cells {' '.join(cell_text(c) for c in move.using)} do not "
                            f"form the pattern of the {card_name(move.card)} around "
                            f"{cell_text(move.cell)}")

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        """The move clicking `targets` means, legal or not (see `clicks`), or None."""
        return meant_move(self, tuple(targets))

    # ------------------------------------------------------------------ apply
    def _apply(self, move: Any) -> tuple[SummonersData, tuple[Event, ...]]:
        kind = _KIND.get(type(move), -1)   # the commonest kinds of random play first
        if kind == CYCLE:
            return Turn(self).cycle(move)
        if kind == REVEAL:
            return Turn(self).reveal(move.card)
        if kind == PLAY:
            return Turn(self).play(move)
        if kind == BUY:
            return Turn(self).buy(move)
        if kind == DECLINE:
            return Turn(self).decline(move.player)
        if kind == DRAW:
            return Turn(self).draw(move.player)
        if kind == SUMMON:
            return Turn(self).summon(move)
        return Turn(self).pass_(move.player)

    # ------------------------------------------------------------------ scoring
    def _scoring(self, p: int) -> tuple[str, ...]:
        """The Spirit cards that score for `p` [S-SCORE-1]: all they summoned, or those
        not consumed since (option `consumed_spirits_count`) [S-SUMMON-3]."""
        d: SummonersData = self.data
        if self.game.options.consumed_spirits_count or not d.gone:
            return d.summoned[p]
        return tuple(s for s in d.summoned[p] if s not in d.gone)

    def scores(self) -> tuple[float, ...]:
        d: SummonersData = self.data
        return tuple(float(d.mana[p] + sum(SPIRIT_POINTS[s[1:]] for s in self._scoring(p)))
                     for p in range(self.game.players))

    def outcome(self) -> Outcome | None:
        d: SummonersData = self.data
        if d.phase != "over":
            return None
        scores = self.scores()
        lines = []
        for p in range(self.game.players):
            lines.append(ScoreLine(p, float(d.mana[p]), f"{d.mana[p]} mana", "S-SCORE-1"))
            for s in self._scoring(p):
                lines.append(ScoreLine(p, float(SPIRIT_POINTS[s[1:]]),
                                       f"summoned the {card_name(s)}", "S-SCORE-1"))
        if d.ended == "spirits":
            return Outcome((d.winner,), scores, tuple(lines),
                           "a player summoned all three of their Spirit cards", "S-END-1")
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        tie = "tied players share the win [S-SCORE-2]" if len(winners) > 1 else ""
        if d.ended == "passes":
            return Outcome(winners, scores, tuple(lines),
                           "every player passed in succession", "S-END-2", tie)
        return Outcome(winners, scores, tuple(lines),
                       f"the turn limit of {self.game.options.max_turns} turns was reached",
                       "S-END-3", tie)

    # ------------------------------------------------------------------ views
    def coming_luck(self, viewer: int | None) -> list[Any]:
        return coming_luck(self, viewer)

    def view(self, viewer: Any = None) -> dict[str, Any]:   # Any: a bad viewer reaches check_viewer
        """What `viewer` sees (None: the teacher). Shapes match scenario input: the grid
        is {"x,y": card}, the deck {"unseen", "top", "bottom"} (a player sees only its
        public bottom), a cell [x, y]."""
        self.check_viewer(viewer)
        d = self.data
        pending = self.pending
        to_move = pending.seat
        scores = self.scores()
        seats = []
        for p in range(self.game.players):
            sees = viewer is None or viewer == p
            seats.append({
                "seat": p,
                "mana": d.mana[p],
                "score": scores[p],
                "sculpture": None if d.sculptures[p] is None else list(d.sculptures[p]),
                "hand": list(d.hands[p]) if sees else None,
                "hand_count": len(d.hands[p]),
                "known": list(d.known[p]),
                "spirits": list(d.spirits[p]) if sees else None,
                "spirit_count": len(d.spirits[p]),
                "summoned": list(d.summoned[p]),
            })
        outcome = self.outcome()
        deck = d.deck
        return {
            "game": self.game.name,
            "viewer": viewer,
            "players": self.game.players,
            "to_move": "chance" if to_move == CHANCE else to_move,
            "step": pending.step,
            "rule": pending.rule,
            "prompt": pending.prompt,
            "turn": d.turn,
            "over": to_move is None,
            "events": self.visible_events(viewer),
            "phase": d.phase,
            "current": d.current,
            "grid": {f"{x},{y}": c for x, y, c in d.grid},
            "frontier": [list(g.code_cell(code)) for code in d.limits[0]],   # sorted
            "seats": seats,
            "market": list(d.market),
            "deck": deck.to_jsonable() if viewer is None else {"bottom": list(deck.bottom)},
            "deck_count": deck.size,
            "spirit_box": len(d.spirit_box) if viewer is not None else list(d.spirit_box),
            "gone": list(d.gone),
            "box_mana": d.box_mana,
            "window": list(d.window.seats),
            "sites": [[x, y, spirit] for (x, y), spirit in sorted(d.sites)],
            "summons": self._visible_summons(viewer),
            "passes": d.passes,
            "max_turns": self.game.options.max_turns,
            "outcome": None if outcome is None else outcome.to_jsonable(),
        }

    def _visible_summons(self, viewer: int | None) -> list[dict[str, Any]] | None:
        """The summons open to the player asked in the summon window, for the teacher and
        that player only: they name the player's secret Spirit cards [S-HIDDEN-1]."""
        d: SummonersData = self.data
        if d.phase != "summon" or viewer not in (None, d.window.seats[0]):
            return None
        return [{"spirit": m.card, "cell": list(m.cell), "using": [list(c) for c in m.using],
                 "label": m.label, "rule": m.rule}
                for m in self._summons(d.window.seats[0])]

    def _redeal(self, viewer: int, rng: random.Random) -> SummonersData:
        """Redeal what `viewer` cannot see: the secret part of other hands, other Spirit
        hands, the unseen deck (a top known to the teacher included) and the Spirit box,
        keeping every count. The pools are what the viewer has not seen, sorted by
        `redeal`; cards everyone saw a player take stay in that hand [S-HIDDEN-2]."""
        d: SummonersData = self.data
        others = [p for p in range(self.game.players) if p != viewer]
        secret = {p: [c for c in d.hands[p] if c not in d.known[p]] for p in others}
        pool = d.deck.unseen + d.deck.top + tuple(c for p in others for c in secret[p])
        parts, unseen = redeal(rng, pool, [len(secret[p]) for p in others])
        spirit_parts, box = redeal(rng, d.spirit_box + tuple(c for p in others
                                                              for c in d.spirits[p]),
                                   [len(d.spirits[p]) for p in others])
        hands, spirit_hands = list(d.hands), list(d.spirits)
        for p, part, spirits in zip(others, parts, spirit_parts):
            hands[p] = tuple(sorted(d.known[p] + part))
            spirit_hands[p] = spirits
        return d._replace(hands=tuple(hands), spirits=tuple(spirit_hands),
                          deck=Deck(unseen, (), d.deck.bottom), spirit_box=box)

    def _encode(self) -> dict[str, Any]:
        d: SummonersData = self.data
        return {
            "grid": {f"{x},{y}": c for x, y, c in d.grid},
            "hands": [list(h) for h in d.hands],
            "known": [list(h) for h in d.known],
            "spirits": [list(h) for h in d.spirits],
            "summoned": [list(h) for h in d.summoned],
            "mana": list(d.mana),
            "box_mana": d.box_mana,
            "sculptures": [None if s is None else list(s) for s in d.sculptures],
            "market": list(d.market),
            "deck": d.deck.to_jsonable(),
            "spirit_box": list(d.spirit_box),
            "gone": list(d.gone),
            "current": d.current,
            "phase": d.phase,
            "slot": d.slot,
            "window": list(d.window.seats),
            "turn": d.turn,
            "passes": d.passes,
            "winner": d.winner,
            "ended": d.ended,
        }
