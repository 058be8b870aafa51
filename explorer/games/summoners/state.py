"""The position of a Piri Piri Summoners game: its data, legal moves, refusals, scores
and views (applying a move is in `turn`).

`SummonersData` holds everything as tuples, ints and strings, plus parts derived from
the grid and kept incrementally: the frontier (where cards may go), its cells' placement
limits per suit, and the summon sites (where each Spirit card's pattern is on the
table). A turn runs in phases: "action" (choose cycle, draw, buy or pass), a chance
phase when the deck gives a card ("draw", "cycle-draw", "refill"), "play" (place a hand
card after a draw or a buy), "summon" (the summon window) and "over".
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import chain, compress
from typing import Any

from explorer.core import CHANCE, Event, Move, Outcome, Reason, ScoreLine, State

from . import grid as g
from .cards import SPIRIT_DECK, SPIRIT_POINTS, card_name
from .clicks import meant_move
from .data import SummonersData
from .moves import Buy, Cycle, Decline, Draw, Pass, Play, Reveal, Summon, cell_text
from .placements import plays_at, plays_on
from .turn import Turn

Cell = tuple[int, int]
CHANCE_PHASES = ("draw", "cycle-draw", "refill")
PHASES = ("action", "play", "summon", "over") + CHANCE_PHASES
ENDINGS = ("", "spirits", "passes", "turns")


_BELOW = {rank: bytes(limit < rank for limit in range(256))
          for rank in set(g.PLACING_RANK.values())}
"""Per placing rank, a `bytes.translate` table taking a limit to 1 if the rank beats it:
a frontier limit column becomes the mask of the cells a card may go on [S-PLACE-4]."""
_UNBOUND = bytes(limit == 0 for limit in range(256))
"""A `bytes.translate` table taking a limit to 1 if there is none (a Joker's suit may go
only where no card demands anything of it [S-JOKER-1])."""

# Moves are values, and looking one up costs less than making it: the move generators
# share instances through these caches (and `placements` for the `Play` moves).
SPIRIT_CARDS = frozenset(SPIRIT_DECK)
_cycle = lru_cache(maxsize=None)(Cycle)
_buy = lru_cache(maxsize=None)(Buy)
_draw = lru_cache(maxsize=None)(Draw)
_pass = lru_cache(maxsize=None)(Pass)
_decline = lru_cache(maxsize=None)(Decline)
_reveal = lru_cache(maxsize=None)(Reveal)


class SummonersState(State):
    """A Piri Piri Summoners position (see `SummonersData`)."""

    __slots__ = ("_cells",)

    @property
    def cells(self) -> dict[Cell, str]:
        """The grid as a dict {(x, y): card} (built on first use, once per state: the
        slot stays unset until then, which spares every new state an __init__)."""
        try:
            return self._cells
        except AttributeError:
            cells = g.cells_of(self.data.grid)
            _SET_CELLS(self, cells)
            return cells

    # ------------------------------------------------------------------ turn order
    @property
    def to_move(self) -> int | None:
        d = self.data
        phase = d.phase
        if phase == "action" or phase == "play":        # the commonest first
            return d.current
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "summon":
            return d.window[0]
        return None

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

        Only frontier cells are tried, each with its per-suit limit kept incrementally in
        the state (`SummonersData.limits`): a number must beat its suit's limit
        [S-PLACE-4], an Ace only needs no stronger Spirit [S-ACE-1], a Joker's declared
        suit no limit at all [S-JOKER-1]. An Ace may also cover any card but a Spirit.
        """
        d = self.data
        p = d.current
        cells, *columns = d.limits
        pick = plays_on(cells)
        moves: list = []
        for card in d.hands[p]:
            if card[0] == "X":
                moves.extend(chain.from_iterable(map(
                    compress, pick(p, card), zip(*(column.translate(_UNBOUND)
                                                   for column in columns)))))
                continue
            suit, rank = g.SUIT_INDEX[card[0]], g.PLACING_RANK[card]
            column = columns[suit]
            if max(column) < rank:
                moves.extend(pick(p, card))
            else:
                moves.extend(compress(pick(p, card), column.translate(_BELOW[rank])))
            if card[1] == "A":
                moves.extend(plays_at(p, card, [(x, y) for x, y, under in d.grid
                                                if under not in SPIRIT_CARDS]))
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
        if isinstance(move, Play) and move.card in d.hands[who]:
            problem = g.placement_problem(self.cells, d.frontier, move.card, move.cell,
                                          move.declared)
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

    def move_for_targets(self, targets: tuple[str, ...]) -> Move | None:
        """The move clicking `targets` means, legal or not (see `clicks`), or None."""
        return meant_move(self, tuple(targets))

    # ------------------------------------------------------------------ apply
    def _apply(self, move) -> tuple[SummonersData, tuple[Event, ...]]:
        kind = type(move)                  # the commonest kinds of random play first
        if kind is Cycle:
            return Turn(self).cycle(move)
        if kind is Reveal:
            return Turn(self).reveal(move.card)
        if kind is Play:
            return Turn(self).play(move)
        if kind is Buy:
            return Turn(self).buy(move)
        if kind is Decline:
            return Turn(self).decline(move.player)
        if kind is Draw:
            return Turn(self).draw(move.player)
        if kind is Summon:
            return Turn(self).summon(move)
        return Turn(self).pass_(move.player)

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
                "known": list(d.known[p]),
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
            "sites": [[x, y, spirit] for (x, y), spirit in sorted(d.sites)],
            "summons": self._visible_summons(viewer),
            "passes": d.passes,
            "max_turns": self.game.options.max_turns,
            "outcome": None if outcome is None else outcome.to_jsonable(),
        }

    def _visible_summons(self, viewer: int | None) -> list[dict[str, Any]] | None:
        """The summons open to the player asked in the summon window, for the teacher and
        that player only: they name the player's secret Spirit cards [S-HIDDEN-1]."""
        d = self.data
        if d.phase != "summon" or not d.window or viewer not in (None, d.window[0]):
            return None
        return [{"spirit": m.card, "cell": list(m.cell), "using": [list(c) for c in m.using],
                 "label": m.label, "rule": m.rule}
                for m in self.legal_moves() if isinstance(m, Summon)]

    def determinize(self, viewer: int | None, rng: random.Random) -> "SummonersState":
        """Redeal what `viewer` cannot see: the secret part of other hands, other Spirit
        hands, the unseen deck and the Spirit box, keeping every count.

        Depends on `view(viewer)` only: the pools are the cards the viewer has not seen,
        in sorted order, before the shuffle; cards everyone saw a player take stay in
        that hand [S-HIDDEN-2].
        """
        if viewer is None:
            return self
        d = self.data
        others = [p for p in range(self.game.players) if p != viewer]
        secret = {p: [c for c in d.hands[p] if c not in d.known[p]] for p in others}
        cards = sorted(d.unseen + tuple(c for p in others for c in secret[p]))
        spirits = sorted(d.spirit_box + tuple(c for p in others for c in d.spirits[p]))
        rng.shuffle(cards)
        rng.shuffle(spirits)
        hands, spirit_hands = list(d.hands), list(d.spirits)
        for p in others:
            n, k = len(secret[p]), len(d.spirits[p])
            hands[p], cards = tuple(sorted(d.known[p] + tuple(cards[:n]))), cards[n:]
            spirit_hands[p], spirits = tuple(sorted(spirits[:k])), spirits[k:]
        data = d._replace(hands=tuple(hands), spirits=tuple(spirit_hands),
                          unseen=tuple(sorted(cards)), spirit_box=tuple(sorted(spirits)))
        return type(self)(self.game, data, self.events)

    def _encode(self) -> dict[str, Any]:
        d = self.data
        return {
            "grid": [[x, y, c] for x, y, c in d.grid],
            "hands": [list(h) for h in d.hands],
            "known": [list(h) for h in d.known],
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


_SET_CELLS = SummonersState.__dict__["_cells"].__set__
