"""The position of a Piri Piri Summoners game and the rules that move it on.

`SummonersData` holds everything as tuples, ints and strings, plus two frozensets
derived from the grid and kept incrementally: the frontier (where cards may go) and the
summon sites (where each Spirit card's pattern is on the table). A turn runs through phases:
"action" (choose cycle, draw, buy or pass), a chance phase when the deck gives a card
("draw", "cycle-draw", "refill"), "play" (place a hand card after a draw or a buy),
"summon" (the summon window) and "over".
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, NamedTuple

from explorer.core import CHANCE, Event, Outcome, Reason, ScoreLine, State

from . import grid as g
from .cards import (ELEMENT_DECK, SPIRIT_DECK, SPIRIT_POINTS, SPIRIT_RANK, SUIT_NAMES,
                    card_name, is_ace, is_joker, is_spirit, table_rank)
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal, Summon, cell_text

Cell = tuple[int, int]
CHANCE_PHASES = ("draw", "cycle-draw", "refill")
TABLE_RANK = {card: table_rank(card) for card in ELEMENT_DECK + SPIRIT_DECK if card[0] != "X"}
PLACING_RANK = {**TABLE_RANK, **{s + "A": SPIRIT_RANK for s in SUIT_NAMES}}
"""A hand card's rank against the limits: an Ace passes anything below a Spirit."""
PHASES = ("action", "play", "summon", "over") + CHANCE_PHASES
ENDINGS = ("", "spirits", "passes", "turns")


class SummonersData(NamedTuple):
    grid: tuple[tuple[int, int, str], ...]     # placed cards (x, y, card), sorted by cell
    frontier: frozenset[Cell]                  # empty cells touching the layout
    sites: frozenset[tuple[Cell, str]]         # (cell, Spirit card) summon sites shown
    hands: tuple[tuple[str, ...], ...]         # element cards in hand, sorted (secret)
    spirits: tuple[tuple[str, ...], ...]       # spirit cards not yet summoned (secret)
    summoned: tuple[tuple[str, ...], ...]      # spirit cards each player summoned, in order
    mana: tuple[int, ...]
    box_mana: int                              # mana spent or never dealt: out of the game
    sculptures: tuple[Cell | None, ...]        # where each sculpture stands (None: supply)
    market: tuple[str, ...]                    # five face-up slots ("" = empty)
    unseen: tuple[str, ...]                    # the shuffled top of the deck, sorted
    bottom: tuple[str, ...]                    # cards put on the bottom, top first (public)
    spirit_box: tuple[str, ...]                # spirit cards never dealt, sorted (unseen)
    gone: tuple[str, ...]                      # consumed spirit cards, out of the game
    current: int                               # whose turn it is
    phase: str
    slot: int                                  # market slot waiting for a refill, else -1
    window: tuple[int, ...]                    # seats still to be asked in the summon window
    turn: int                                  # turns completed
    passes: int                                # consecutive passes
    winner: int                                # instant winner [S-END-1], else -1
    ended: str                                 # why the game ended ("" while it goes on)


# Moves are values, and looking one up costs less than making it: the move generators
# share instances through these caches (bounded where the arguments are unbounded).
_play = lru_cache(maxsize=1 << 17)(Play)
_cycle = lru_cache(maxsize=None)(Cycle)
_buy = lru_cache(maxsize=None)(Buy)
_draw = lru_cache(maxsize=None)(Draw)
_pass = lru_cache(maxsize=None)(Pass)
_decline = lru_cache(maxsize=None)(Decline)
_reveal = lru_cache(maxsize=None)(Reveal)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _with(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted(cards + (card,)))


def _set(values: tuple, i: int, value: Any) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


class SummonersState(State):
    """A Piri Piri Summoners position (see `SummonersData`)."""

    __slots__ = ("_cells",)

    def __init__(self, game, data, events=()) -> None:
        super().__init__(game, data, events)
        object.__setattr__(self, "_cells", None)

    @property
    def cells(self) -> dict[Cell, str]:
        """The grid as a dict {(x, y): card} (built once per state)."""
        cells = object.__getattribute__(self, "_cells")
        if cells is None:
            cells = {(x, y): c for x, y, c in self.data.grid}
            object.__setattr__(self, "_cells", cells)
        return cells

    # ------------------------------------------------------------------ turn order
    @property
    def to_move(self) -> int | None:
        phase = self.data.phase
        if phase == "over":
            return None
        if phase == "summon":
            return self.data.window[0]
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.data.current

    def deck_size(self) -> int:
        return len(self.data.unseen) + len(self.data.bottom)

    # ------------------------------------------------------------------ legal moves
    def _generate_moves(self) -> tuple:
        d = self.data
        phase = d.phase
        if phase in CHANCE_PHASES:
            return tuple(_reveal(c) for c in d.unseen)
        if phase == "action":
            return self._action_moves()
        if phase == "play":
            return tuple(self._play_moves())
        return self._summon_moves(d.window[0])

    def _action_moves(self) -> tuple:
        d = self.data
        p = d.current
        hand = d.hands[p]
        moves: list = [_cycle(p, c) for c in hand]
        if self._draw_allowed():
            moves.append(_draw(p))
        if d.mana[p] >= 1:
            moves.extend(_buy(p, i, c) for i, c in enumerate(d.market) if c)
        if self.game.options.pass_any_time or not moves:
            moves.append(_pass(p))
        return tuple(moves)

    def _draw_allowed(self) -> bool:
        if self.deck_size():
            return True
        return not self.game.options.draw_needs_deck and bool(self.data.hands[self.data.current])

    def _play_moves(self) -> list:
        """Every placement of every hand card, by card then cell.

        Only frontier cells are tried (kept incrementally in the state). Per cell, each
        suit's limit is the highest rank among orthogonal neighbours of the suit that
        beats it [S-PLACE-4]; a number must beat it, an Ace only needs no stronger
        Spirit [S-ACE-1], a Joker's declared suit no limit at all [S-JOKER-1].
        """
        d = self.data
        p = d.current
        cells = self.cells
        hand = d.hands[p]
        found: dict[str, list] = {card: [] for card in hand}
        ranked = [(card, card[0], PLACING_RANK[card], found[card]) for card in hand
                  if card[0] != "X"]
        jokers = [(card, found[card]) for card in hand if card[0] == "X"]
        weaker, rank_of = g.WEAKER, TABLE_RANK
        for cell in sorted(d.frontier):
            x, y = cell
            limit = {"B": 0, "R": 0, "G": 0, "Y": 0}
            for near in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                other = cells.get(near)
                if other is not None and other[0] != "X":
                    weak = weaker[other[0]]
                    if rank_of[other] > limit[weak]:
                        limit[weak] = rank_of[other]
            for card, suit, rank, out in ranked:
                if rank > limit[suit]:
                    out.append(_play(p, card, cell))
            for card, out in jokers:
                out.extend(_play(p, card, cell, suit) for suit in SUIT_NAMES if not limit[suit])
        moves = []
        for card in hand:
            moves.extend(found[card])
            if card[1:] == "A":
                moves.extend(_play(p, card, (x, y)) for x, y, under in d.grid
                             if not is_spirit(under))
        return moves

    def _summon_moves(self, player: int) -> tuple:
        d = self.data
        moves: list = []
        if d.mana[player] >= 2:
            kos = self.game.options.king_over_spirits
            mine = d.spirits[player]
            for cell, spirit in sorted(site for site in d.sites if site[1] in mine):
                moves.extend(Summon(player, spirit, cell, using)
                             for using in g.sites_at(self.cells, cell, spirit, kos))
        moves.append(_decline(player))
        return tuple(moves)

    def chance_outcomes(self) -> tuple:
        unseen = self.data.unseen
        if self.data.phase not in CHANCE_PHASES:
            return ()
        p = 1.0 / len(unseen)
        return tuple((_reveal(c), p) for c in unseen)

    def sample_chance(self, rng: random.Random) -> Reveal:
        unseen = self.data.unseen
        return _reveal(unseen[int(rng.random() * len(unseen))])

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
            return Reason("S-TURN-1", f"it is player {who}'s decision, not player "
                                      f"{getattr(move, 'player', '?')}'s")
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

    def _explain_play(self, move: Play) -> Reason:
        d = self.data
        if move.card not in d.hands[move.player]:
            return Reason("S-DRAW-1", f"the {card_name(move.card)} is not in your hand")
        problem = g.placement_problem(self.cells, d.frontier, move.card, move.cell,
                                      move.declared)
        if problem is None:
            return Reason("CORE-LEGAL", f"{move} is not a legal play here")
        return Reason(*problem)

    def _explain_summon(self, move: Summon | Decline) -> Reason:
        d = self.data
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

    # ------------------------------------------------------------------ apply
    def _apply(self, move) -> tuple[SummonersData, tuple[Event, ...]]:
        kind = type(move)
        if kind is Play:
            return _Turn(self).play(move)
        if kind is Reveal:
            return _Turn(self).reveal(move.card)
        if kind is Decline:
            return _Turn(self).decline(move.player)
        if kind is Summon:
            return _Turn(self).summon(move)
        if kind is Cycle:
            return _Turn(self).cycle(move)
        if kind is Draw:
            return _Turn(self).draw(move.player)
        if kind is Buy:
            return _Turn(self).buy(move)
        return _Turn(self).pass_(move.player)

    # ------------------------------------------------------------------ scoring
    def scores(self) -> tuple[float, ...]:
        d = self.data
        return tuple(float(d.mana[p] + sum(SPIRIT_POINTS[s[1:]] for s in d.summoned[p]))
                     for p in range(self.game.players))

    def outcome(self) -> Outcome | None:
        d = self.data
        if d.phase != "over":
            return None
        scores = self.scores()
        lines = []
        for p in range(self.game.players):
            lines.append(ScoreLine(p, float(d.mana[p]), f"{d.mana[p]} mana", "S-SCORE-1"))
            for s in d.summoned[p]:
                lines.append(ScoreLine(p, float(SPIRIT_POINTS[s[1:]]),
                                       f"summoned the {card_name(s)}", "S-SCORE-1"))
        if d.ended == "spirits":
            return Outcome((d.winner,), scores, tuple(lines),
                           f"player {d.winner} summoned all three Spirit cards", "S-END-1")
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
    def view(self, viewer: int | None = None) -> dict[str, Any]:
        d = self.data
        to_move = self.to_move
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
                "spirits": list(d.spirits[p]) if sees else None,
                "spirit_count": len(d.spirits[p]),
                "summoned": list(d.summoned[p]),
            })
        outcome = self.outcome()
        return {
            "game": self.game.name,
            "viewer": viewer,
            "players": self.game.players,
            "to_move": "chance" if to_move == CHANCE else to_move,
            "turn": d.turn,
            "over": to_move is None,
            "events": self.visible_events(viewer),
            "phase": d.phase,
            "current": d.current,
            "grid": [[x, y, c] for x, y, c in d.grid],
            "frontier": [list(c) for c in sorted(d.frontier)],
            "seats": seats,
            "market": list(d.market),
            "deck_unseen": len(d.unseen) if viewer is not None else sorted(d.unseen),
            "deck_count": len(d.unseen) + len(d.bottom),
            "deck_bottom": list(d.bottom),
            "spirit_box": len(d.spirit_box) if viewer is not None else list(d.spirit_box),
            "gone": list(d.gone),
            "box_mana": d.box_mana,
            "window": list(d.window),
            "passes": d.passes,
            "max_turns": self.game.options.max_turns,
            "outcome": None if outcome is None else outcome.to_jsonable(),
        }

    def determinize(self, viewer: int | None, rng: random.Random) -> "SummonersState":
        """Reshuffle what `viewer` cannot see: other hands, other spirit hands, the unseen
        deck and the spirit box, keeping every count."""
        if viewer is None:
            return self
        d = self.data
        others = [p for p in range(self.game.players) if p != viewer]
        cards = list(d.unseen) + [c for p in others for c in d.hands[p]]
        spirits = list(d.spirit_box) + [c for p in others for c in d.spirits[p]]
        rng.shuffle(cards)
        rng.shuffle(spirits)
        hands, spirit_hands = list(d.hands), list(d.spirits)
        for p in others:
            n, k = len(d.hands[p]), len(d.spirits[p])
            hands[p], cards = tuple(sorted(cards[:n])), cards[n:]
            spirit_hands[p], spirits = tuple(sorted(spirits[:k])), spirits[k:]
        data = d._replace(hands=tuple(hands), spirits=tuple(spirit_hands),
                          unseen=tuple(sorted(cards)), spirit_box=tuple(sorted(spirits)))
        return type(self)(self.game, data, self.events)

    def _encode(self) -> dict[str, Any]:
        d = self.data
        return {
            "grid": [[x, y, c] for x, y, c in d.grid],
            "hands": [list(h) for h in d.hands],
            "spirits": [list(h) for h in d.spirits],
            "summoned": [list(h) for h in d.summoned],
            "mana": list(d.mana),
            "box_mana": d.box_mana,
            "sculptures": [None if s is None else list(s) for s in d.sculptures],
            "market": list(d.market),
            "unseen": list(d.unseen),
            "bottom": list(d.bottom),
            "spirit_box": list(d.spirit_box),
            "gone": list(d.gone),
            "current": d.current,
            "phase": d.phase,
            "slot": d.slot,
            "window": list(d.window),
            "turn": d.turn,
            "passes": d.passes,
            "winner": d.winner,
            "ended": d.ended,
        }


class _Turn:
    """One play being applied: mutable working copies of the parts it changes.

    Built from a state, changed by one move, then frozen back into a `SummonersData`
    with the events it caused. Only the parts touched are rebuilt.
    """

    def __init__(self, state: SummonersState) -> None:
        self.state = state
        self.game = state.game
        self.options = state.game.options
        self.d = state.data
        self.events: list[Event] = []
        self.cells: dict[Cell, str] | None = None
        self.frontier: set[Cell] | None = None
        self.mana = list(self.d.mana)
        self.box_mana = self.d.box_mana
        self.sculptures = list(self.d.sculptures)
        self.bottom = self.d.bottom
        self.changes: dict[str, Any] = {}
        self.changed: list[Cell] = []

    # --------------------------------------------------------------- helpers
    def _grid(self) -> dict[Cell, str]:
        if self.cells is None:
            self.cells = dict(self.state.cells)
            self.frontier = set(self.d.frontier)
        return self.cells

    def _event(self, kind: str, rule: str, text: str, player: int | None = None,
               visible_to: tuple[int, ...] | None = None, public: str | None = None) -> None:
        self.events.append(Event(kind, rule, text, player, visible_to, public))

    def _finish(self) -> tuple[SummonersData, tuple[Event, ...]]:
        if self.cells is not None:
            self.changes["grid"] = tuple((x, y, c) for (x, y), c in sorted(self.cells.items()))
            self.changes["frontier"] = frozenset(self.frontier)
            self.changes["sites"] = self._sites()
        self.changes["mana"] = tuple(self.mana)
        self.changes["box_mana"] = self.box_mana
        self.changes["sculptures"] = tuple(self.sculptures)
        self.changes["bottom"] = self.bottom
        return self.d._replace(**self.changes), tuple(self.events)

    def _sites(self) -> frozenset[tuple[Cell, str]]:
        """The summon sites after this play's grid changes (computed once)."""
        if "sites" not in self.changes:
            sites = set(self.d.sites)
            g.update_sites(sites, self.cells, self.changed, self.options.king_over_spirits)
            self.changes["sites"] = frozenset(sites)
        return self.changes["sites"]

    def _get(self, name: str) -> Any:
        return self.changes[name] if name in self.changes else getattr(self.d, name)

    def _take_known(self) -> str:
        card, self.bottom = self.bottom[0], self.bottom[1:]
        return card

    # --------------------------------------------------------------- turn actions
    def cycle(self, move: Cycle) -> tuple[SummonersData, tuple[Event, ...]]:
        p = move.player
        hand = _without(self.d.hands[p], move.card)
        self.bottom = self.bottom + (move.card,)
        self._event("cycle", "S-CYCLE-1", f"Player {p} puts the {card_name(move.card)} on the "
                                          f"bottom of the deck", p)
        self.changes["passes"] = 0
        if self.d.unseen:
            self.changes["hands"] = _set(self.d.hands, p, hand)
            self.changes["phase"] = "cycle-draw"
            return self._finish()
        card = self._take_known()
        self.changes["hands"] = _set(self.d.hands, p, _with(hand, card))
        self._event("draw", "S-DECK-2", f"Player {p} draws the known {card_name(card)}", p)
        self._end_turn()
        return self._finish()

    def draw(self, p: int) -> tuple[SummonersData, tuple[Event, ...]]:
        self.changes["passes"] = 0
        if self.d.unseen:
            self.changes["phase"] = "draw"
            return self._finish()
        self.changes["phase"] = "play"
        if self.bottom:
            card = self._take_known()
            self.changes["hands"] = _set(self.d.hands, p, _with(self.d.hands[p], card))
            self._event("draw", "S-DECK-2", f"Player {p} draws the known {card_name(card)}", p)
        else:
            self._event("draw", "S-DRAW-2", f"Player {p} plays from hand: the deck is empty", p)
        return self._finish()

    def buy(self, move: Buy) -> tuple[SummonersData, tuple[Event, ...]]:
        p = move.player
        self.mana[p] -= 1
        self.box_mana += 1
        self.changes["hands"] = _set(self.d.hands, p, _with(self.d.hands[p], move.card))
        market = _set(self.d.market, move.slot, "")
        self.changes["passes"] = 0
        self._event("buy", "S-BUY-1", f"Player {p} pays 1 mana to the box and buys the "
                                      f"{card_name(move.card)}", p)
        self.changes["phase"] = "play"
        if self.d.unseen:
            self.changes["phase"] = "refill"
            self.changes["slot"] = move.slot
        elif self.bottom:
            card = self._take_known()
            market = _set(market, move.slot, card)
            self._event("refill", "S-BUY-1", f"The known {card_name(card)} refills the market")
        self.changes["market"] = market
        return self._finish()

    def pass_(self, p: int) -> tuple[SummonersData, tuple[Event, ...]]:
        self.changes["passes"] = self.d.passes + 1
        self._event("pass", "S-PASS-1", f"Player {p} passes", p)
        self._end_turn()
        return self._finish()

    def reveal(self, card: str) -> tuple[SummonersData, tuple[Event, ...]]:
        d = self.d
        self.changes["unseen"] = _without(d.unseen, card)
        p = d.current
        if d.phase == "refill":
            self.changes["market"] = _set(d.market, d.slot, card)
            self.changes["slot"] = -1
            self.changes["phase"] = "play"
            self._event("refill", "S-BUY-1", f"The {card_name(card)} refills market slot {d.slot}")
            return self._finish()
        self.changes["hands"] = _set(d.hands, p, _with(d.hands[p], card))
        self._event("draw", "S-DECK-2", f"Player {p} draws the {card_name(card)}", p,
                    (p,), f"Player {p} draws a card")
        if d.phase == "draw":
            self.changes["phase"] = "play"
        else:
            self._end_turn()
        return self._finish()

    # --------------------------------------------------------------- placements
    def play(self, move: Play) -> tuple[SummonersData, tuple[Event, ...]]:
        p, card, cell = move.player, move.card, move.cell
        cells = self._grid()
        self.changes["hands"] = _set(self.d.hands, p, _without(self.d.hands[p], card))
        covered = cells.get(cell)
        cells[cell] = card
        self.changed.append(cell)
        self.sculptures[p] = cell
        declared = f" declared {SUIT_NAMES[move.declared]}" if move.declared else ""
        if covered is None:
            g.add_card(self.frontier, cells, cell)
            rule = "S-JOKER-1" if is_joker(card) else "S-ACE-1" if is_ace(card) else "S-PLACE-3"
            self._event("play", rule, f"Player {p} plays the {card_name(card)}{declared} at "
                                      f"{cell_text(cell)} and moves their sculpture onto it", p)
        else:
            self.bottom = self.bottom + (covered,)
            self._event("play", "S-ACE-2", f"Player {p} plays the {card_name(card)} on top of "
                                           f"the {card_name(covered)} at {cell_text(cell)}, "
                                           f"which goes to the bottom of the deck", p)
            self._displace_at(cell, p, keep=p)
        self._flank(cell, p)
        self.changes["passes"] = 0
        self._open_window()
        return self._finish()

    def summon(self, move: Summon) -> tuple[SummonersData, tuple[Event, ...]]:
        p, spirit, cell = move.player, move.card, move.cell
        cells = self._grid()
        d = self.d
        self.mana[p] -= 2
        self.box_mana += 2
        self.changes["spirits"] = _set(d.spirits, p, _without(d.spirits[p], spirit))
        summoned = list(d.summoned)
        summoned[p] = summoned[p] + (spirit,)
        gone = d.gone
        consumed = list(move.using) + ([cell] if cell in cells else [])
        names = []
        for c in consumed:
            card = cells[c]
            names.append(card_name(card))
            if is_spirit(card):
                gone = gone + (card,)
                if not self.options.consumed_spirits_count:
                    owner = next(q for q, s in enumerate(summoned) if card in s)
                    summoned[owner] = _without(summoned[owner], card)
            else:
                self.bottom = self.bottom + (card,)
        self._event("summon", "S-SUMMON-2",
                    f"Player {p} pays 2 mana and summons the {card_name(spirit)} at "
                    f"{cell_text(cell)}, consuming the {', '.join(names)}", p)
        if any(is_spirit(cells[c]) for c in consumed):
            self._event("consume", "S-SUMMON-3", "Consumed Spirit cards leave the game" +
                        (" but still count for their summoner"
                         if self.options.consumed_spirits_count else ""), p)
        for c in move.using:
            del cells[c]
            g.remove_card(self.frontier, cells, c)
        self.changed.extend(move.using)
        self.changed.append(cell)
        was_empty = cell not in cells
        cells[cell] = spirit
        if was_empty:
            g.add_card(self.frontier, cells, cell)
        self.sculptures[p] = cell
        for c in consumed:
            self._displace_at(c, p, keep=p)
        self.changes["summoned"] = tuple(summoned)
        self.changes["gone"] = gone
        self._flank(cell, p)
        if len(summoned[p]) == 3 and not self.changes["spirits"][p]:
            self.changes.update(phase="over", winner=p, ended="spirits", window=())
            self._event("win", "S-END-1", f"Player {p} has summoned all three Spirit cards "
                                          f"and wins", p)
            return self._finish()
        self._open_window()
        return self._finish()

    def decline(self, p: int) -> tuple[SummonersData, tuple[Event, ...]]:
        window = self.d.window[1:]
        if window:
            self.changes["window"] = window
        else:
            self.changes["window"] = ()
            self._end_turn()
        return self._finish()

    # --------------------------------------------------------------- consequences
    def _displace_at(self, cell: Cell, causer: int, keep: int = -1) -> None:
        """Return every sculpture on `cell` (but `keep`'s) to its supply [S-SCULPT-2]."""
        for owner, where in enumerate(self.sculptures):
            if where != cell or owner == keep:
                continue
            self.sculptures[owner] = None
            if owner != causer and self.mana[owner] > 0:
                self.mana[owner] -= 1
                self.mana[causer] += 1
                text = (f"Player {owner}'s sculpture returns to their supply and they pay "
                        f"1 mana to player {causer}")
            else:
                text = f"Player {owner}'s sculpture returns to their supply"
            self._event("displace", "S-SCULPT-2", text, causer)

    def _flank(self, placed: Cell, causer: int) -> None:
        """Remove flanked playing cards; strip flanked Spirit cards of sculptures."""
        cells = self.cells
        if self.options.flank_scope == "all":
            candidates = sorted(cells)
        else:
            candidates = [c for c in g.flank_candidates(placed) if c in cells]
        jokers = self.options.jokers_flankable
        hit = [c for c in candidates if g.flanked(cells, c, jokers)]
        for c in hit:
            card = cells[c]
            if is_spirit(card):
                self._event("flank", "S-FLANK-5", f"The {card_name(card)} at {cell_text(c)} is "
                                                  f"flanked: it stays, its sculptures leave",
                            causer)
                self._displace_at(c, causer)
                continue
            rule = "S-FLANK-3" if is_joker(card) else "S-FLANK-4"
            self._event("flank", rule, f"The {card_name(card)} at {cell_text(c)} is flanked "
                                       f"and goes to the bottom of the deck", causer)
            del cells[c]
            g.remove_card(self.frontier, cells, c)
            self.changed.append(c)
            self.bottom = self.bottom + (card,)
            self._displace_at(c, causer)

    def _open_window(self) -> None:
        """Ask for summons: the current player, then clockwise [S-WINDOW-1]; skip those
        who cannot summon by what the table shows [S-WINDOW-2]."""
        d = self.d
        n = self.game.players
        order = [(d.current + i) % n for i in range(n if self.options.others_summon else 1)]
        spirits = self._get("spirits")
        able = [q for q in order if self.mana[q] >= 2 and spirits[q]]
        if able:
            sites = self._sites() if self.cells is not None else d.sites
            public = set(self._get("gone"))
            for s in self._get("summoned"):
                public.update(s)
            if not any(spirit not in public for _, spirit in sites):
                able = []
        if able:
            self.changes["phase"] = "summon"
            self.changes["window"] = tuple(able)
        else:
            self.changes["window"] = ()
            self._end_turn()

    def _end_turn(self) -> None:
        d = self.d
        n = self.game.players
        turn = d.turn + 1
        passes = self._get("passes")
        self.changes["turn"] = turn
        if passes >= n:
            self.changes.update(phase="over", ended="passes")
            self._event("end", "S-END-2", "Every player passed in succession: the game ends")
        elif turn >= self.options.max_turns:
            self.changes.update(phase="over", ended="turns")
            self._event("end", "S-END-3", f"The turn limit of {self.options.max_turns} is "
                                          f"reached: the game ends")
        else:
            self.changes.update(phase="action", current=(d.current + 1) % n)
