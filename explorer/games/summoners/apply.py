"""Applying a move: the rules that change a Piri Piri Summoners position.

`apply(state, move)` (the `State._apply` hook) hands the move to its `Turn` method.
`Turn` takes a state, applies one move to working copies of the parts it changes, and
freezes them back into a new `SummonersData` with the events it caused. Placing a
card, summoning, flanking, displacing sculptures, the summon window and the end of a
turn all live here; which moves are legal lives in `legal`. Remembered values (shared
events, the layout dict handed to the next state) come from `fast`.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from typing import TYPE_CHECKING, Any, Final

from explorer.core import Deck, Event, chance
from explorer.core.pending import seat_name
from explorer.core.tuples import new_tuple, put

from . import fast
from . import grid as g
from .cards import card_name, is_joker, is_spirit
from .data import NO_WINDOW, SummonersData, Window, summoners_data
from .grid import Cell
from .legal import BUY, CYCLE, DECLINE, DRAW, KIND_OF, PLAY, REVEAL, SUMMON
from .moves import Buy, Cycle, Play, Summon, cell_text

if TYPE_CHECKING:
    from .state import SummonersState

SPIRITS_EACH: Final = 3


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` less one `card` (the first equal to it). A loop over a hand of a few
    cards: compiled, it costs less than the method call of `tuple.index` and the two
    slices and a join it would need."""
    kept: list[str] = []
    gone = False
    for held in cards:
        if not gone and held == card:
            gone = True
        else:
            kept.append(held)
    if not gone:
        raise ValueError(f"{card!r} is not among {cards!r}")
    return tuple(kept)


def _with(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` (sorted) plus `card`, kept sorted (hands are sets: their order carries
    nothing); one pass over a hand of a few cards, not a sort: a hand gains a card on
    most turns."""
    return _swapped(cards, None, card)


def _swapped(cards: tuple[str, ...], lost: str | None, gained: str) -> tuple[str, ...]:
    """`_with(_without(cards, lost), gained)` in one pass over the sorted `cards` (only
    `_with` when `lost` is None)."""
    kept: list[str] = []
    gone = placed = False
    for card in cards:
        if not gone and card == lost:
            gone = True
            continue
        if not placed and gained < card:
            kept.append(gained)
            placed = True
        kept.append(card)
    if not placed:
        kept.append(gained)
    return tuple(kept)


def _patched(grid: tuple[tuple[int, int, str], ...], cells: dict[Cell, str],
             changed: list[Cell]) -> tuple[tuple[int, int, str], ...]:
    """The sorted `grid` tuple with the `changed` cells set to what `cells` holds now:
    a few binary searches instead of sorting the whole layout again."""
    rows = list(grid)
    for cell in set(changed):
        i = bisect_left(rows, cell)
        here = i < len(rows) and rows[i][0] == cell[0] and rows[i][1] == cell[1]
        card = cells.get(cell)
        if card is None:
            if here:
                del rows[i]
        elif here:
            rows[i] = (cell[0], cell[1], card)
        else:
            rows.insert(i, (cell[0], cell[1], card))
    return tuple(rows)


def _unclaimed_site(sites: frozenset[tuple[Cell, str]], gone: tuple[str, ...],
                    summoned: tuple[tuple[str, ...], ...]) -> bool:
    """Whether a summon site on the table is for a Spirit card nobody has summoned and
    no summon consumed: one a player may still hold [S-WINDOW-2]."""
    for _, spirit in sites:
        if spirit in gone:
            continue
        for cards in summoned:
            if spirit in cards:
                break
        else:
            return True
    return False


class Turn:
    """One play being applied: mutable working copies of the parts it changes.

    Built from a state, changed by one move, then frozen back into a `SummonersData`
    with the events it caused. Only the parts touched are rebuilt.
    """

    # the fields of the next `SummonersData`, by name (frozen in `_finish`)
    grid: tuple[tuple[int, int, str], ...]
    sites: frozenset[tuple[Cell, str]]
    limits: g.Columns
    hands: tuple[tuple[str, ...], ...]
    known: tuple[tuple[str, ...], ...]
    spirits: tuple[tuple[str, ...], ...]
    summoned: tuple[tuple[str, ...], ...]
    mana: tuple[int, ...]
    box_mana: int
    sculptures: tuple[Cell | None, ...]
    market: tuple[str, ...]
    deck: Deck
    spirit_box: tuple[str, ...]
    gone: tuple[str, ...]
    current: int
    phase: str
    slot: int
    window: Window
    turn: int
    passes: int
    winner: int
    ended: str

    def __init__(self, state: SummonersState) -> None:
        self.state = state
        self.game = game = state.game
        self.options = game.options
        d: SummonersData = state.data
        self.d = d
        self.events: list[Event] = []
        self.cells: dict[Cell, str] | None = None
        # the next position's fields, named, from one unpacking (frozen in `_finish`)
        (self.grid, self.sites, self.limits, self.hands, self.known, self.spirits,
         self.summoned, self.mana, self.box_mana, self.sculptures, self.market, self.deck,
         self.spirit_box, self.gone, self.current, self.phase, self.slot, self.window,
         self.turn, self.passes, self.winner, self.ended) = d
        self.sites_done = False
        self.changed: list[Cell] = []
        self.placed: Cell | None = None          # the empty cell a card went on, if any
        self.near: fast.Near | None = None       # the cards around the flank test's cell

    # --------------------------------------------------------------- helpers
    def _grid(self) -> dict[Cell, str]:
        if self.cells is None:
            self.cells = dict(fast.cells_of(self.d.grid))
        return self.cells

    def _event(self, kind: str, rule: str, text: str, player: int | None = None,
               visible_to: tuple[int, ...] | None = None, public: str | None = None) -> None:
        self.events.append(new_tuple(Event, (kind, rule, text, player, visible_to, public)))

    def _finish(self) -> tuple[SummonersData, tuple[Event, ...]]:
        if self.cells is not None:
            grid = _patched(self.d.grid, self.cells, self.changed)
            self.grid = grid
            placed = self.placed
            if placed is not None and self.changed == [placed]:
                limits = fast.place_limits(self.d.limits, self.cells, placed, self.near)
            elif self._replaced():
                limits = fast.replace_limits(self.d.limits, self.cells, self.changed[0])
            else:
                limits = fast.update_limits(self.d.limits, self.cells, self.changed,
                                            self.options.first_cell)
            self.limits = limits
            self._sites(self.cells)
            fast.remember_cells(grid, self.cells)
        return summoners_data(
            grid=self.grid, sites=self.sites, limits=self.limits, hands=self.hands,
            known=self.known, spirits=self.spirits, summoned=self.summoned,
            mana=self.mana, box_mana=self.box_mana, sculptures=self.sculptures,
            market=self.market, deck=self.deck, spirit_box=self.spirit_box, gone=self.gone,
            current=self.current, phase=self.phase, slot=self.slot, window=self.window,
            turn=self.turn, passes=self.passes, winner=self.winner,
            ended=self.ended), tuple(self.events)

    def _replaced(self) -> bool:
        """Whether this play's one change to the grid is a card put over another (an Ace
        over a card, nothing flanked): the frontier stays as it is."""
        return self.placed is None and len(self.changed) == 1

    def _sites(self, cells: dict[Cell, str]) -> frozenset[tuple[Cell, str]]:
        """The summon sites after this play's grid changes (computed once): a card put
        on one cell, empty or not, changes the sites of that cell and its four
        neighbours only (`fast.place_sites`), read from the cards `_flank` read around
        it: with that one change, it flanked nothing off the grid."""
        if not self.sites_done:
            self.sites_done = True
            if self.changed == [self.placed] or self._replaced():
                self.sites = fast.place_sites(self.d.sites, cells, self.changed[0],
                                              self.options.king_over_spirits,
                                              fast.spirits_around, self.near)
            else:
                self.sites = fast.update_sites(self.d.sites, cells, self.changed,
                                               self.options.king_over_spirits,
                                               fast.spirits_around)
        return self.sites

    def _to_bottom(self, card: str) -> None:
        """`card` goes under the deck [S-DECK-1]: known to all, in order, or shuffled in
        among the unseen cards (option `bottom_known`) [S-DECK-2]."""
        if self.options.bottom_known:
            self.deck = chance.put_bottom(self.deck, (card,))
        else:
            unseen = list(self.deck.unseen)
            insort(unseen, card)
            self.deck = self.deck._replace(unseen=tuple(unseen))

    def _take_known(self) -> tuple[str, bool]:
        """The next card of a deck that needs no luck, and whether everyone saw which it
        is (a card from the public bottom; a top card set by a scenario is secret)."""
        deck = self.deck
        card = chance.known_next(deck)
        if not isinstance(card, str):
            raise AssertionError("a known card was asked of a deck that needs luck")
        public = not deck.top
        self.deck = chance.draw(deck, card)
        return card, public

    def _hand_loses(self, p: int, card: str) -> None:
        """`card` leaves player `p`'s hand (and the public part of it, if it was there)."""
        hands = self.hands
        self.hands = put(hands, p, _without(hands[p], card))
        known = self.known
        if card in known[p]:
            self.known = put(known, p, _without(known[p], card))

    def _hand_gains(self, p: int, card: str, public: bool) -> None:
        """`card` joins player `p`'s hand; `public` when every player saw which card it
        is (a market buy, a known card from the bottom of the deck) [S-HIDDEN-2]."""
        hands = self.hands
        self.hands = put(hands, p, _with(hands[p], card))
        if public:
            known = self.known
            self.known = put(known, p, _with(known[p], card))

    # --------------------------------------------------------------- turn actions
    def cycle(self, move: Cycle) -> tuple[SummonersData, tuple[Event, ...]]:
        p, card = move.player, move.card
        self._to_bottom(card)
        self.events.append(fast.cycled(p, card))
        self.passes = 0
        if chance.needs_luck(self.deck):
            self._hand_loses(p, card)
            self.phase = "cycle-draw"
            return self._finish()
        drawn, public = self._take_known()
        self._hand_swaps(p, card, drawn, public)
        self.events.append(fast.drawn_known(p, drawn) if public else fast.drawn(p, drawn))
        self._open_window()
        return self._finish()

    def _hand_swaps(self, p: int, lost: str, gained: str, public: bool) -> None:
        """`_hand_loses(p, lost)` then `_hand_gains(p, gained, public)` in one update
        of each tuple (a cycle whose next card needs no luck; with an empty deck the
        cycled card itself comes back)."""
        d = self.d
        hand = d.hands[p]
        if lost != gained:
            hand = _swapped(hand, lost, gained)
        self.hands = put(d.hands, p, hand)
        known = was = d.known[p]
        if lost in known:
            known = _without(known, lost)
        if public:
            known = _with(known, gained)
        if known is not was:
            self.known = put(d.known, p, known)

    def _draw_known(self, p: int) -> None:
        card, public = self._take_known()
        self._hand_gains(p, card, public=public)
        self.events.append(fast.drawn_known(p, card) if public else fast.drawn(p, card))

    def draw(self, p: int) -> tuple[SummonersData, tuple[Event, ...]]:
        self.passes = 0
        if chance.needs_luck(self.deck):
            self.phase = "draw"
            return self._finish()
        self.phase = "play"
        if not self.deck.empty:
            self._draw_known(p)
        else:
            self._event("draw", "S-DRAW-2", f"{seat_name(p)} plays from hand: the deck is empty", p)
        return self._finish()

    def buy(self, move: Buy) -> tuple[SummonersData, tuple[Event, ...]]:
        p = move.player
        self.mana = put(self.mana, p, self.mana[p] - 1)
        self.box_mana += 1
        self._hand_gains(p, move.card, public=True)
        market = put(self.d.market, move.slot, "")
        self.passes = 0
        self._event("buy", "S-BUY-1", f"{seat_name(p)} pays 1 mana to the box and buys the "
                                      f"{card_name(move.card)}", p)
        self.phase = "play"
        if chance.needs_luck(self.deck):
            self.phase = "refill"
            self.slot = move.slot
        elif not self.deck.empty:
            card, public = self._take_known()
            market = put(market, move.slot, card)
            self._event("refill", "S-BUY-1", f"The {'known ' if public else ''}"
                                             f"{card_name(card)} refills the market")
        self.market = market
        return self._finish()

    def pass_(self, p: int) -> tuple[SummonersData, tuple[Event, ...]]:
        self.passes = self.d.passes + 1
        self.events.append(fast.passed(p))
        self._open_window()
        return self._finish()

    def reveal(self, card: str) -> tuple[SummonersData, tuple[Event, ...]]:
        d = self.d
        self.deck = chance.draw(d.deck, card)
        p = d.current
        if d.phase == "refill":
            self.market = put(d.market, d.slot, card)
            self.slot = -1
            self.phase = "play"
            self._event("refill", "S-BUY-1", f"The {card_name(card)} refills market slot {d.slot}")
            return self._finish()
        self._hand_gains(p, card, public=False)
        self.events.append(fast.drawn(p, card))
        if d.phase == "draw":
            self.phase = "play"
        else:
            self._open_window()
        return self._finish()

    # --------------------------------------------------------------- placements
    def play(self, move: Play) -> tuple[SummonersData, tuple[Event, ...]]:
        p, card, cell = move.player, move.card, move.cell
        rule = g.placement_rule(card, move.over)
        cells = self._grid()
        self._hand_loses(p, card)
        covered = cells.get(cell)
        cells[cell] = card
        self.changed.append(cell)
        self.sculptures = put(self.sculptures, p, cell)
        if covered is None:
            self.placed = cell
            self._event("play", rule, f"{seat_name(p)} plays the {card_name(card)} at "
                                           f"{cell_text(cell)} and moves their sculpture onto it",
                        p)
        else:
            self._to_bottom(covered)
            self._event("play", rule, f"{seat_name(p)} plays the {card_name(card)} on top of "
                                           f"the {card_name(covered)} at {cell_text(cell)}, "
                                           f"which goes to the bottom of the deck", p)
            self._displace_at(cell, p, keep=p)
        self._flank(cells, cell, p)
        self.passes = 0
        self._open_window()
        return self._finish()

    def summon(self, move: Summon) -> tuple[SummonersData, tuple[Event, ...]]:
        p, spirit, cell = move.player, move.card, move.cell
        cells = self._grid()
        d = self.d
        self.mana = put(self.mana, p, self.mana[p] - 2)
        self.box_mana += 2
        self.spirits = put(d.spirits, p, _without(d.spirits[p], spirit))
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
            else:
                self._to_bottom(card)
        self._event("summon", "S-SUMMON-2",
                    f"{seat_name(p)} pays 2 mana and summons the {card_name(spirit)} at "
                    f"{cell_text(cell)}, consuming the {', '.join(names)}", p)
        if any(is_spirit(cells[c]) for c in consumed):
            self._event("consume", "S-SUMMON-3", "Consumed Spirit cards leave the game" +
                        (" but still score for their summoner"
                         if self.options.consumed_spirits_count else " and no longer score"), p)
        for c in move.using:
            del cells[c]
        self.changed.extend(move.using)
        self.changed.append(cell)
        cells[cell] = spirit
        self.sculptures = put(self.sculptures, p, cell)
        for c in consumed:
            self._displace_at(c, p, keep=p)
        self.summoned = tuple(summoned)
        self.gone = gone
        self.passes = 0
        self._flank(cells, cell, p)
        # all three summoned, whether they are still on the table or not [S-END-1]
        if len(summoned[p]) >= SPIRITS_EACH and not self.spirits[p]:
            self.phase = "over"
            self.winner = p
            self.ended = "spirits"
            self.window = NO_WINDOW
            self._event("win", "S-END-1", f"{seat_name(p)} has summoned all three Spirit cards "
                                          f"and wins", p)
            return self._finish()
        self._open_window()
        return self._finish()

    def decline(self, p: int) -> tuple[SummonersData, tuple[Event, ...]]:
        window = self.d.window.declined()
        if window.seats:
            self.window = window
        else:
            self.window = NO_WINDOW
            self._end_turn()
        return self._finish()

    # --------------------------------------------------------------- consequences
    def _displace_at(self, cell: Cell, causer: int, keep: int = -1) -> None:
        """Return every sculpture on `cell` (but `keep`'s) to its supply [S-SCULPT-2]."""
        for owner, where in enumerate(self.sculptures):
            if where != cell or owner == keep:
                continue
            self.sculptures = put(self.sculptures, owner, None)
            mana = self.mana
            if owner != causer and mana[owner] > 0:
                mana = put(mana, owner, mana[owner] - 1)
                self.mana = put(mana, causer, mana[causer] + 1)
                text = (f"{seat_name(owner)}'s sculpture returns to their supply and they pay "
                        f"1 mana to {seat_name(causer)}")
            else:
                text = f"{seat_name(owner)}'s sculpture returns to their supply"
            self._event("displace", "S-SCULPT-2", text, causer)

    def _flank(self, cells: dict[Cell, str], placed: Cell, causer: int) -> None:
        """Remove flanked playing cards from `cells` (the grid's working copy); strip
        flanked Spirit cards of sculptures."""
        jokers = self.options.jokers_flankable
        if self.options.flank_scope == "all":
            hit = [c for c in sorted(cells) if g.flanked(cells, c, jokers)]
        else:
            self.near = fast.near(cells, placed)
            hit = fast.flanked_near(cells, placed, jokers, self.near)
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
            self.changed.append(c)
            self._to_bottom(card)
            self._displace_at(c, causer)

    def _open_window(self) -> None:
        """After every action, ask for summons: the current player, then clockwise
        [S-WINDOW-1]; skip those who cannot summon by what the table shows (option
        `skip_unable`) [S-WINDOW-2]."""
        d = self.d
        options = self.options
        n: int = self.game.players
        if not options.skip_unable:
            able = fast.seats_from(d.current, n if options.others_summon else 1, n)
        else:
            sites = self._sites(self.cells) if self.cells is not None else d.sites
            able = ()
            if sites:                   # no site shown: nobody can summon (the usual case)
                spirits: tuple[tuple[str, ...], ...] = self.spirits
                mana = self.mana
                seats = []
                for i in range(n if options.others_summon else 1):
                    q = (d.current + i) % n
                    if mana[q] >= 2 and spirits[q]:
                        seats.append(q)
                able = tuple(seats)
            if able and not _unclaimed_site(sites, self.gone, self.summoned):
                able = ()
        if able:
            self.phase = "summon"
            self.window = Window(seats=able)
        else:
            if d.window.seats:
                self.window = NO_WINDOW
            self._end_turn()

    def _end_turn(self) -> None:
        d = self.d
        n: int = self.game.players
        turn = d.turn + 1
        passes: int = self.passes
        self.turn = turn
        if passes >= n and self.options.passes_end:
            self.phase = "over"
            self.ended = "passes"
            self._event("end", "S-END-2", "Every player passed in succession: the game ends")
        elif turn >= self.options.max_turns:
            self.phase = "over"
            self.ended = "turns"
            self._event("end", "S-END-3", f"The turn limit of {self.options.max_turns} is "
                                          f"reached: the game ends")
        else:
            self.phase = "action"
            self.current = (d.current + 1) % n


def apply(state: SummonersState, move: Any) -> tuple[SummonersData, tuple[Event, ...]]:
    """The next data and the events of the legal `move` in `state` (`State._apply`):
    the `Turn` method of the move's kind."""
    kind = KIND_OF.get(type(move), -1)   # the commonest kinds of random play first
    if kind == CYCLE:
        return Turn(state).cycle(move)
    if kind == REVEAL:
        return Turn(state).reveal(move.card)
    if kind == PLAY:
        return Turn(state).play(move)
    if kind == BUY:
        return Turn(state).buy(move)
    if kind == DECLINE:
        return Turn(state).decline(move.player)
    if kind == DRAW:
        return Turn(state).draw(move.player)
    if kind == SUMMON:
        return Turn(state).summon(move)
    return Turn(state).pass_(move.player)
