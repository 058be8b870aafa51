"""The round of Lying Pirates: a working copy of the position that runs the round until
somebody must decide or luck must speak (`Work.settle`); `apply` applies each move on it.

Every effect of a tile or a card is interpreted here from the closed vocabulary of
`catalogue` [P-EFFECTS]; what needs a target, a victim's choice or a roll becomes a frame
on the stack (see `data`), so it waits in the position.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, cast, get_args

import msgspec

from explorer.core import Cup, Deck, Event
from explorer.core.pending import seat_name
from explorer.core.tuples import new_tuple, put
from explorer.core.words import counted

from .catalogue import (
    Battle,
    Cargo,
    Coins,
    Crew,
    DiscardCards,
    DrawCards,
    Duel,
    Effect,
    MoveBy,
    Roll,
    Special,
    Steal,
    Wind,
)
from .data import (
    BOUGHT,
    FINAL_CARD,
    FINAL_REROLLED,
    PLAYED_GOLD,
    REROLLED,
    Asking,
    BattleRoll,
    Bid,
    Call,
    CupRoll,
    DieRoll,
    Draw,
    Frame,
    HandLoss,
    InfluenceDraw,
    Pick,
    PiratesData,
    Task,
    Window,
    asked_battle,
    asked_die,
    new_battle,
    new_call,
    new_cup_roll,
    new_die_roll,
    new_draw,
    new_hand_loss,
    new_task,
    new_window,
    played_flag,
)
from .dice import BATTLE_RANK, CREW_DICE, SPECIAL, bid_text, judged_count
from .influence import influence_draw, into_pick, reveal_mayor, settle_pick
from .words import card_name

if TYPE_CHECKING:
    pass

CURSED: Final = SPECIAL.index("cursed")
FLOOR_ORDER: Final = tuple(SPECIAL.index(n) for n in ("mermaid", "pirate king", "ghost", "mayor"))
DIE_STREAM: Final = {"sail": "sail die", "pirate": "pirate die", "treasure": "treasure die"}


def dice_names(crew: int, held: tuple[str, ...]) -> tuple[str, ...]:
    """A player's dice in the canonical order: normal dice, then specials (SPECIAL order)."""
    return ("normal",) * crew + held


def held_count(specials: tuple[int, ...], p: int) -> int:
    """How many special dice P`p` holds (`specials`: the owner of each); a compiled loop,
    where `specials.count(p)` is a method call through Python."""
    k = 0
    for owner in specials:
        if owner == p:
            k += 1
    return k


def seats_in(out: tuple[bool, ...]) -> int:
    """How many seats are still in the game (`out`: whether each seat is out)."""
    k = 0
    for o in out:
        if not o:
            k += 1
    return k


def held_specials(specials: tuple[int, ...], p: int) -> tuple[str, ...]:
    """The special dice P`p` holds, in SPECIAL order (`specials`: the owner of each)."""
    return tuple(SPECIAL[i] for i, owner in enumerate(specials) if owner == p)


def next_cup_die(d: PiratesData, p: int) -> str:
    """The die P`p` rolls next under their cup, whose frame is on top of `d.stack`:
    normal dice first, then each special die [P-BET-ROLL]."""
    k = len(cast(CupRoll, d.stack[-1]).faces)
    crew = d.crew[p]
    return "normal" if k < crew else held_specials(d.specials, p)[k - crew]


@lru_cache(maxsize=4096)
def cup_of(names: tuple[str, ...]) -> Cup:
    return Cup(tuple(CREW_DICE[n] for n in names))


def may_buy(game: Any, d: Any, p: int) -> bool:
    """Whether P`p` can pay for a card and the deck (or the discard pile to make a new
    one) has one [P-BUY] [P-DECK-EMPTY]; `d` is the data or a Work on it."""
    cost = game.params[p]["card_cost" if BOUGHT in d.used[p] else "first_card_cost"]
    return d.coins[p] >= cost and (not d.deck.empty or (bool(d.discard) and game.options.reshuffle))


def aims(effect: Any) -> bool:
    """Whether an effect is aimed at another player (it needs a target) [P-TARGET]."""
    kind = type(effect)
    if kind is Steal or kind is Duel:
        return True
    if kind is Battle:               # every allowed ship joins: nobody is chosen
        return False
    return kind in _TARGETED and effect.target is not None


_TARGETED: Final = frozenset(kind for kind in get_args(Effect) if "target" in kind.__struct_fields__)
"""The kinds of effect that may name a target (a `target` field): the effects are
exact classes, so a look-up by type stands for `getattr(effect, "target", None)`."""


def order_from(first: int, direction: int, out: tuple[bool, ...]) -> tuple[int, ...]:
    """The seats still in the game, in the token's `direction`, from `first` [P-BID-ORDER]."""
    n = len(out)
    seats = []
    for i in range(n):
        s = (first + i * direction) % n
        if not out[s]:
            seats.append(s)
    return tuple(seats)


def candidates(d: Any, actor: int, effect: Any, source: str) -> list[int]:
    """The players an aimed effect may target [P-TARGET] [P-IMMUNE]; `d` is the data or
    a Work on it (the state lists them without copying the position)."""
    target = effect.target
    others = [s for s in order_from(actor, d.direction, d.out) if s != actor]
    progress = d.progress
    if source == "card":                 # on the start/end tile: immune to cards [P-IMMUNE]
        length = len(d.route)
        others = [s for s in others if progress[s] % length]
    me = progress[actor]
    if target.who == "within":
        return [s for s in others if abs(progress[s] - me) <= target.tiles]
    if target.who == "nearest" and others:
        best = min(abs(progress[s] - me) for s in others)
        return [s for s in others if abs(progress[s] - me) == best]
    return others


def card_can_act(d: Any, game: Any, card: str, p: int) -> bool:
    """Whether `card`, played now by P`p`, can change anything: a card whose every effect
    is aimed at other ships, or a battle with them (`PiratesGame.aimed_only`), and finds
    none (all out of range, or immune on the start/end tile) would do nothing, so it is
    not offered [P-TARGET] [P-IMMUNE]. `d` is the data or a Work on it."""
    if not game.aimed_only[card]:
        return True
    return any(candidates(d, p, effect, "card") for effect in game.cards[card].effects)


def aimed_only(card: Any) -> bool:
    """Whether every effect of `card` (a catalogue entry) is aimed at other ships."""
    return bool(card.effects) and all(type(e) is Battle or aims(e) for e in card.effects)


EVENT: Final = Event
DATA: Final = PiratesData
"""The classes `core.tuples.new_tuple` builds here (an `Event`: every play says
something; the `PiratesData` of a play), as C statics in the compiled mode: there a class imported
from another module is looked up by name at every use."""


class Work:
    """A mutable copy of the data, the game's catalogue and parameters, and the events.

    Its fields are the data's, in `PiratesData` order, read in one unpacking and frozen
    back in one tuple (`tests/pirates/test_properties.py` checks the round trip), so the
    class has a fixed layout and compiles to a native class (tools/compile.py)."""

    route: tuple[str, ...]
    progress: tuple[int, ...]
    coins: tuple[int, ...]
    supply: int
    crew: tuple[int, ...]
    specials: tuple[int, ...]
    bag: int
    cups: tuple[Any, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: Deck
    discard: tuple[str, ...]
    captain: int
    direction: int
    round: int
    phase: str
    stage: str
    turn: int
    bids: tuple[Bid, ...]
    betting: tuple[bool, ...]
    excluded: tuple[bool, ...]
    call: Call | None
    roles: tuple[str, ...]
    used: tuple[str, ...]
    passes: int
    out: tuple[bool, ...]
    group: tuple[int, ...]
    stack: tuple[Frame, ...]
    sail: int
    winner: int
    ended: str
    cities: Any
    passed: tuple[tuple[str, ...], ...]
    game: Any
    n: int
    events: list[Event]

    def __init__(self, game: Any, data: PiratesData) -> None:
        (self.route, self.progress, self.coins, self.supply, self.crew, self.specials, self.bag,
         self.cups, self.hands, self.deck, self.discard, self.captain, self.direction,
         self.round, self.phase, self.stage, self.turn, self.bids, self.betting, self.excluded,
         self.call, self.roles, self.used, self.passes, self.out, self.group, self.stack,
         self.sail, self.winner, self.ended, self.cities, self.passed) = data
        self.game = game
        self.n = game.players
        self.events = []

    def freeze(self) -> tuple[PiratesData, tuple[Event, ...]]:
        return new_tuple(DATA, (
            self.route, self.progress, self.coins, self.supply, self.crew, self.specials,
            self.bag, self.cups, self.hands, self.deck, self.discard, self.captain,
            self.direction, self.round, self.phase, self.stage, self.turn, self.bids,
            self.betting, self.excluded, self.call, self.roles, self.used, self.passes,
            self.out, self.group, self.stack, self.sail, self.winner, self.ended, self.cities,
            self.passed)), tuple(self.events)

    def say(self, kind: str, rule: str, text: str, player: int | None = None,
            visible_to: tuple[int, ...] | None = None, public: str | None = None) -> None:
        self.events.append(new_tuple(EVENT, (kind, rule, text, player, visible_to, public)))

    # ------------------------------------------------------------------ seats
    def param(self, p: int, name: str) -> int:
        return self.game.params[p][name]

    def active(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def order_from(self, first: int) -> list[int]:
        """Active seats in the token's direction, from `first`."""
        return list(order_from(first, self.direction, self.out))

    def next_after(self, seat: int, among: tuple[bool, ...] | None = None) -> int:
        """The next seat still in the game after `seat` in the token's direction, and
        one marked in `among` when given (e.g. `betting`); `seat` when there is none."""
        for i in range(1, self.n + 1):
            s = (seat + i * self.direction) % self.n
            if not self.out[s] and (among is None or among[s]):
                return s
        return seat

    @property
    def length(self) -> int:
        return len(self.route)

    def held(self, p: int) -> tuple[str, ...]:
        return held_specials(self.specials, p)

    def names(self, p: int) -> tuple[str, ...]:
        return dice_names(self.crew[p], self.held(p))

    def card_name(self, card: str) -> str:
        """What a teacher reads for `card` (`words.card_name`)."""
        return card_name(self.game, card)

    def dice(self, p: int) -> int:
        return self.crew[p] + held_count(self.specials, p)

    def decline(self) -> None:
        """The asked seat of the top window is done: the next is asked (an empty window
        is closed at once, so no empty window is ever saved)."""
        top = self.stack[-1]
        assert isinstance(top, Window)
        rest = top.seats[1:]
        self.stack = self.stack[:-1] + ((new_window(window=top.window, seats=rest),) if rest else ())

    def flag(self, p: int, f: str) -> None:
        self.used = put(self.used, p, self.used[p] + f)

    # ------------------------------------------------------------------ economy
    def gain_coins(self, p: int, k: int, rule: str) -> None:
        k = min(k, self.supply)
        if k > 0:
            self.coins = put(self.coins, p, self.coins[p] + k)
            self.supply -= k
            self.say("coins", rule, f"{seat_name(p)} gains {k} coin{'s' * (k > 1)}", p)

    def lose_coins(self, p: int, k: int, rule: str) -> None:
        k = min(k, self.coins[p])
        if k > 0:
            self.coins = put(self.coins, p, self.coins[p] - k)
            self.supply += k
            self.say("coins", rule, f"{seat_name(p)} loses {k} coin{'s' * (k > 1)}", p)

    def pay(self, p: int, k: int) -> None:
        self.coins = put(self.coins, p, self.coins[p] - k)
        self.supply += k

    def gain_normal(self, p: int, k: int, rule: str, limit: bool = True) -> int:
        """Take up to `k` normal dice from the bag; a die gained at the limit is not
        taken [P-CREW-MAX] [P-CREW-NORMAL-AT-MAX]."""
        room = self.param(p, "cup_limit") - self.dice(p) if limit else k
        k = max(0, min(k, room, self.bag))
        if k:
            self.crew = put(self.crew, p, self.crew[p] + k)
            self.bag -= k
            self.say("crew", rule, f"{seat_name(p)} gains {k} crew {'dice' if k > 1 else 'die'}", p)
        return k

    def can_lose(self, p: int) -> bool:
        """Whether a loss of one die takes anything [P-CREW-FLOOR] [P-VAR-DEATH]."""
        if self.dice(p) <= self.param(p, "crew_floor"):
            return False
        if self.param(p, "instant_death"):
            return self.dice(p) > 0
        return self.crew[p] >= 2 or any(self.specials[i] == p for i in FLOOR_ORDER)

    def lose_crew(self, p: int, k: int, rule: str) -> int:
        """Lose `k` crew dice, keeping the floor: the last normal die is kept and a special
        die (never the cursed one) goes instead [P-CREW-FLOOR] [P-CREW-FLOOR-PICK]."""
        lost = 0
        for _ in range(k):
            if not self.can_lose(p):
                break
            if self.crew[p] >= 2 or (self.param(p, "instant_death") and self.crew[p] >= 1):
                self.crew = put(self.crew, p, self.crew[p] - 1)
                self.bag += 1
                self.say("crew", rule, f"{seat_name(p)} loses a crew die", p)
            else:
                order = FLOOR_ORDER + ((CURSED,) if self.param(p, "instant_death") else ())
                i = next(i for i in order if self.specials[i] == p)
                self.specials = put(self.specials, i, -1)
                self.say("crew", "P-CREW-FLOOR", f"{seat_name(p)} keeps their last normal die and "
                                                 f"loses the {SPECIAL[i]} die instead", p)
            lost += 1
        if self.param(p, "instant_death") and self.dice(p) == 0:
            self.eliminate(p)
        return lost

    def payable_crew(self, p: int) -> int:
        """How many crew dice `p` can pay as a sacrifice (a last step, passing the curse):
        normal dice but the last one, then, with `crew_payment` "like a loss", the special
        dice a loss would take (never the cursed one) [P-CREW-PAY]; never below the
        player's floor [P-CAPTAIN-C8]."""
        normal = max(0, self.crew[p] - 1)
        specials = (sum(1 for i in FLOOR_ORDER if self.specials[i] == p)
                    if self.game.options.crew_payment == "like a loss" else 0)
        keep = max(1, self.param(p, "crew_floor"))     # a sacrifice never takes the last die,
        return max(0, min(normal + specials, self.dice(p) - keep))   # Instant Death's floor 0 too

    def pay_crew(self, p: int, k: int, rule: str) -> None:
        """Pay `k` crew dice (the caller checked `payable_crew`): normal dice first, the
        last normal die kept, then special dice in the floor order [P-CREW-PAY]."""
        for _ in range(k):
            if self.crew[p] >= 2:
                self.crew = put(self.crew, p, self.crew[p] - 1)
                self.bag += 1
            else:
                i = next(i for i in FLOOR_ORDER if self.specials[i] == p)
                self.specials = put(self.specials, i, -1)
                kept = "keeps their last normal die and pays" if self.crew[p] else "pays"
                self.say("crew", "P-CREW-PAY", f"{seat_name(p)} {kept} with the {SPECIAL[i]} die", p)

    def eliminate(self, p: int) -> None:
        """Instant Death: a player with no dice is out, their ship removed [P-VAR-DEATH]."""
        self.out = put(self.out, p, True)
        self.specials = tuple(-1 if o == p else o for o in self.specials)
        self.say("out", "P-VAR-DEATH", f"{seat_name(p)} has lost every crew die and is out of the game", p)

    def take_special(self, p: int, i: int, rule: str, told: bool = False) -> None:
        """Take special die `i` from the board or its holder; at the limit normal dice go
        back to the bag [P-SPECIAL-UNIQUE] [P-CREW-MAX]. `told`: the caller has already
        narrated the die changing hands."""
        owner = self.specials[i]
        if owner == p:
            return
        self.specials = put(self.specials, i, p)
        where = "the board" if owner == -1 else seat_name(owner)
        if not told:
            self.say("special", rule, f"{seat_name(p)} takes the {SPECIAL[i]} die from {where}", p)
        if owner >= 0 and self.dice(owner) == 0 and self.param(owner, "instant_death"):
            self.eliminate(owner)
        while self.dice(p) > self.param(p, "cup_limit") and self.crew[p] > 1:
            self.crew = put(self.crew, p, self.crew[p] - 1)
            self.bag += 1
            self.say("crew", "P-CREW-MAX", f"{seat_name(p)} is over the limit and returns a normal die", p)

    def steal(self, thief: int, victim: int, k: int) -> None:
        taken = 0
        for _ in range(k):
            if self.crew[victim] < 2 or self.dice(victim) <= self.param(victim, "crew_floor"):
                break
            self.crew = put(self.crew, victim, self.crew[victim] - 1)
            self.bag += 1
            taken += 1
        if taken:
            self.say("steal", "P-EFFECTS", f"{seat_name(thief)} steals {taken} crew from {seat_name(victim)}", thief)
            self.gain_normal(thief, taken, "P-EFFECTS")

    def move_ship(self, p: int, k: int, rule: str) -> None:
        """Move along the route, stopping on the start/end tile [P-SAIL-STOP]."""
        before = self.progress[p]
        after = max(0, min(self.length, before + k))
        if after != before:
            self.progress = put(self.progress, p, after)
            self.say("move", rule, f"{seat_name(p)} moves {'forward' if after > before else 'back'} "
                                   f"to {self.tile_name(after)}", p)

    def tile_name(self, progress: int) -> str:
        tile = self.game.tiles[self.route[progress % self.length]]
        return f"tile {progress % self.length} ({tile.name})"

    # ------------------------------------------------------------------ cards
    def draw_frame(self, p: int) -> None:
        self.stack += (new_draw(seat=p),)

    def give_card(self, p: int, card: str) -> None:
        if self.cities is not None and self.stack:
            if into_pick(self, p, card, "action"):
                return
        self.hands = put(self.hands, p, tuple(sorted(self.hands[p] + (card,))))
        self.say("draw", "P-BUY", f"{seat_name(p)} draws {self.card_name(card)}", p, (p,),
                 f"{seat_name(p)} draws a card")

    def drop_card(self, p: int, card: str) -> tuple[str, ...]:
        """Take `card` out of P`p`'s hand onto the discard pile, in sight of all (played
        or discarded); returns the hand left. The draft's memory follows: the player on
        P`p`'s right knows one copy fewer of it is surely in that hand [P-SETUP-DRAFT]."""
        hand = list(self.hands[p])
        hand.remove(card)
        left = tuple(hand)
        self.hands = put(self.hands, p, left)
        self.discard += (card,)
        passed = self.passed
        if passed:
            giver = (p - 1) % self.n
            if card in passed[giver]:
                known = list(passed[giver])
                known.remove(card)
                self.passed = put(passed, giver, tuple(known))
        return left

    def play_card(self, p: int, card: str, final: bool = False) -> None:
        spec = self.game.cards[card]
        hand = self.drop_card(p, card)
        if not final:
            self.flag(p, played_flag(spec.tier))
        self.say("card", spec.rule, f"{seat_name(p)} plays {spec.name}: {spec.text}", p)
        if not hand:             # drawn once the card's effects are done [P-LAST-CARD]
            self.stack += (new_draw(seat=p, free=True),)
        self.push_effects(p, "card", spec.effects)

    def push_effects(self, actor: int, source: str, effects: tuple) -> None:
        self.stack += tuple(new_task(actor=actor, source=source, effect=e, target=-1) for e in effects[::-1])

    def candidates(self, actor: int, effect: Any, source: str) -> list[int]:
        """The players an aimed effect may target [P-TARGET] [P-IMMUNE]."""
        return candidates(self, actor, effect, source)

    def cargo_options(self, p: int) -> list[str]:
        out = []
        if self.coins[p]:
            out.append("coin")
        if self.can_lose(p):
            out.append("crew")
        return out + sorted(set(self.hands[p]))

    # ------------------------------------------------------------------ re-rolls
    def may_reroll(self, p: int) -> bool:
        """The once-per-round paid re-roll [P-REROLL] is offered [P-REROLL-WINDOW]."""
        return (self.game.options.reroll_window and not self.out[p] and REROLLED not in self.used[p]
                and self.coins[p] >= self.param(p, "reroll_cost"))

    def final_can_act(self, p: int, flags: str) -> bool:
        return (self.game.options.reroll_window and FINAL_REROLLED not in flags
                and self.coins[p] >= self.param(p, "reroll_cost")) or (
            FINAL_CARD not in flags and bool(self.hands[p]))

    # ------------------------------------------------------------------ the loop
    def settle(self) -> None:
        """Run the round until a player must decide, luck must speak or the game ends."""
        for _ in range(100_000):
            if self.stage == "over":
                self.stack = ()
                return
            if seats_in(self.out) <= 1 and self.phase != "over":
                self.finish_last_ship()
                return
            if self.stack:
                if self.frame():
                    return
            elif self.next_stage():
                return
        raise RuntimeError("the round does not settle")

    def frame(self) -> bool:
        """Work on the top frame; True when it waits for a decision or for luck."""
        top = self.stack[-1]
        if isinstance(top, Task):
            return self.task(top)
        if isinstance(top, DieRoll):
            if top.face is None:
                return True
            if not top.asked:
                self.stack = self.stack[:-1] + (asked_die(top),)
                if self.may_reroll(top.owner):
                    self.stack += (new_window(window="reroll", seats=(top.owner,)),)
                return False
            self.stack = self.stack[:-1]
            self.resolve_die(top.name, top.owner, top.face, top.effect, top.source)
            return False
        if isinstance(top, BattleRoll):
            seats = top.seats
            if None in top.faces:
                return True
            if not top.asked:
                self.stack = self.stack[:-1] + (asked_battle(top),)
                if top.battle == "final":
                    asked_seats = tuple(s for s in self.order_from(self.captain) if s in seats
                                        and self.final_can_act(s, top.flags[seats.index(s)]))
                    if asked_seats:
                        self.stack += (new_window(window="final", seats=asked_seats),)
                else:
                    asked_seats = tuple(s for s in self.order_from(self.captain)
                                        if s in seats and self.may_reroll(s))
                    if asked_seats:
                        self.stack += (new_window(window="reroll", seats=asked_seats),)
                return False
            self.resolve_battle(top)
            return False
        if isinstance(top, Window):
            seats = top.seats
            while seats and (self.out[seats[0]] or (top.window == "cards" and not self.has_sail_choice(seats[0]))):
                seats = seats[1:]
            if not seats:
                self.stack = self.stack[:-1]
                return False
            if seats != top.seats:
                self.stack = self.stack[:-1] + (new_window(window=top.window, seats=seats),)
            return True
        if isinstance(top, Draw):
            if top.kind == "draw":
                return self.draw(top.seat)
            self.say("card", "P-LAST-CARD", f"{seat_name(top.seat)} played their last card and draws one free", top.seat)
            self.stack = self.stack[:-1]
            self.draw_frame(top.seat)
            return False
        if isinstance(top, HandLoss):
            if not self.hands[top.seat]:
                self.stack = self.stack[:-1]
                return False
            return True
        if isinstance(top, InfluenceDraw):
            return influence_draw(self, top.seat)
        if isinstance(top, Pick):
            return settle_pick(self)
        if isinstance(top, Asking):
            return self.cities_seat(top)
        return True                              # "reroll", "cup": luck; "draft", "build", "towns": decisions

    def cities_seat(self, top: Asking) -> bool:
        """A "keep" or "designate" frame asks its first seat (a seat holding no more than
        2 influence cards has nothing to return) [P-COG-INF-DEAL] [P-COG-DESIGNATE]."""
        seats = top.seats
        if top.kind == "keep":
            seats = tuple(s for s in seats if len(self.cities.influence[s]) > 2)
        if not seats:
            self.stack = self.stack[:-1]
            return False
        if seats != top.seats:
            self.stack = self.stack[:-1] + (top._replace(seats=seats),)
        return True

    def draw(self, p: int) -> bool:
        """The top "draw" frame: True when luck must give the card [P-DECK-EMPTY]."""
        self.deck, self.discard, card = self.draw_from(
            p, self.deck, self.discard, self.game.options.reshuffle, "P-DECK-EMPTY",
            "the discard pile is shuffled into a new deck", "the deck")
        if card is None:
            return True
        if card:
            self.give_card(p, card)
        return False

    def draw_from(self, p: int, deck: Deck, discard: tuple[str, ...], reshuffle: bool, rule: str,
                  reshuffled: str, name: str) -> tuple[Deck, tuple[str, ...], str | None]:
        """The card the top draw frame gives `p` from `deck` (action cards or influence
        cards): an empty deck is made again from `discard` when `reshuffle` allows, else
        nothing is drawn (""); None while luck must give it. The frame is done unless
        luck is needed. Returns the deck and discard pile after it, and the card."""
        if deck.empty and discard and reshuffle:
            deck, discard = Deck.of(discard), ()
            self.say("reshuffle", rule, reshuffled)
        if deck.empty:
            self.stack = self.stack[:-1]
            self.say("draw", rule, f"{name} is empty: {seat_name(p)} draws nothing", p)
            return deck, discard, ""
        if deck.needs_luck:
            return deck, discard, None
        card = cast(str, deck.known_next)
        self.stack = self.stack[:-1]
        return deck.draw(card), discard, card

    def task(self, top: Task) -> bool:
        actor, source, effect, target = top.actor, top.source, top.effect, top.target
        rest = self.stack[:-1]
        kind = type(effect)                      # effects are exact classes (catalogue)
        if kind is Roll and effect.times > 1:
            one = msgspec.structs.replace(effect, times=1)
            self.stack = rest + (new_task(actor=actor, source=source, effect=one, target=target),) * effect.times
            return False
        if kind is DiscardCards and effect.n > 1:
            single = msgspec.structs.replace(effect, n=1)
            self.stack = rest + (new_task(actor=actor, source=source, effect=single, target=target),) * effect.n
            return False
        if aims(effect) and target == -1:
            if self.candidates(actor, effect, source):
                return True
            self.stack = rest
            self.say("fizzle", "P-TARGET", f"{seat_name(actor)} has nobody to aim at: the effect does nothing", actor)
            return False
        who = actor if target == -1 else target
        if kind is Cargo:
            if self.cargo_options(who):
                return True
            self.stack = rest
            return False
        if kind is DiscardCards and not effect.random:
            if self.hands[who]:
                return True
            self.stack = rest
            return False
        self.stack = rest
        rule = "P-EFFECTS"
        if kind is Coins:
            if effect.n >= 0:
                self.gain_coins(who, effect.n, rule)
            else:
                self.lose_coins(who, -effect.n, rule)
        elif kind is Crew:
            if effect.n >= 0:
                self.gain_normal(who, effect.n, rule)
            else:
                self.lose_crew(who, -effect.n, rule)
        elif kind is Wind:
            self.direction = -self.direction
            if self.stage == "act" and self.passes == 0:
                self.turn = self.next_after(actor)       # the next turn follows the new arrow
            self.say("wind", "P-CARD-WIND", "the token is turned over: play now goes "
                     + ("clockwise" if self.direction == 1 else "counter-clockwise"))
        elif kind is DrawCards:
            self.stack += (new_draw(seat=who),) * effect.n
        elif kind is Roll:
            self.stack += (new_die_roll(name=effect.die, owner=actor, face=None, asked=False, effect=effect,
                                          source=source),)
        elif kind is Steal:
            self.steal(actor, target, effect.n)
        elif kind is Duel:
            self.say("duel", "P-DUEL", f"{seat_name(actor)} duels {seat_name(target)}", actor)
            self.stack += (new_battle(battle="duel", seats=(actor, target), faces=(None, None),
                                          asked=False, loss=effect.loss, steal=effect.steal,
                                          flags=("", "")),)
        elif kind is Battle:
            fighters = (actor, *candidates(self, actor, effect, source))
            if len(fighters) < 2:
                self.say("fizzle", "P-BATTLE-LOSER", f"{seat_name(actor)} has nobody to battle: the effect "
                                                     f"does nothing", actor)
            else:
                self.say("battle", "P-BATTLE-LOSER", "a battle looking for a loser: "
                         + ", ".join(seat_name(s) for s in fighters), actor)
                self.stack += (new_battle(battle="loser", seats=fighters,
                                              faces=(None,) * len(fighters), asked=False,
                                              loss=effect.loss, steal=0,
                                              flags=("",) * len(fighters)),)
        elif kind is Special:
            self.take_special(who, SPECIAL.index(effect.die), rule)
        elif kind is MoveBy:
            self.move_ship(who, effect.n, rule)
        elif kind is DiscardCards:          # random
            self.stack += (new_hand_loss(seat=who),)
        return False

    def resolve_die(self, name: str, owner: int, face: Any, effect: Any, source: str) -> None:
        if name == "sail":
            self.sail_moves(face)
            return
        good = effect.x if face == "X" else effect.o     # the roll was told as it fell
        self.push_effects(owner, source, good)

    def open_card_window(self) -> None:
        """Ask, once each from the starting captain, the players who may play a gold card,
        buy one or pass the curse in the sail phase [P-SAIL-WINDOW] [P-BUY-WHEN]
        [P-CURSE-PASS]."""
        seats = tuple(s for s in self.order_from(self.captain) if self.has_sail_choice(s))
        if seats:
            self.stack += (new_window(window="cards", seats=seats),)

    def has_sail_choice(self, p: int) -> bool:
        """Whether a sail card window may have anything to offer `p` but passing: a gold
        card to play, a card to buy, or the curse to pass [P-SAIL-GOLD] [P-BUY-WHEN]
        [P-CURSE-PASS-WHEN]. A seat surely without a choice is not asked.

        Judged from public facts only (the hand's size, not its cards), so that who is
        asked tells nobody what a hand holds [P-HIDDEN-1]: a player holding silver cards
        alone is asked, and only passing is open to them."""
        return (((PLAYED_GOLD not in self.used[p]) and bool(self.hands[p]))
                or (self.game.options.buy_when == "sail and action" and may_buy(self.game, self, p))
                or self.may_pass_curse(p))

    def sail_moves(self, k: int) -> None:
        """The winner and the survivors sail; the movers battle [P-SAIL-2] [P-BATTLE-2]."""
        movers = []
        for p in self.order_from(self.captain):
            if self.roles[p] in ("winner", "survivor"):
                before = self.progress[p]
                self.move_ship(p, k, "P-SAIL-2")
                if self.progress[p] != before:
                    movers.append(p)
        self.stage = "tile"
        if len(movers) >= 2:
            self.say("battle", "P-BATTLE-2", "the ships that moved battle: "
                     + ", ".join(seat_name(p) for p in movers))
            self.stack += (new_battle(battle="sail", seats=tuple(movers),
                                          faces=(None,) * len(movers), asked=False, loss=0,
                                          steal=0, flags=("",) * len(movers)),)
            if self.game.options.sail_cards == "before battle and after tile":
                self.open_card_window()
        elif movers and self.game.options.single_mover_resolves:
            self.resolve_tile(movers[0], "P-BATTLE-SINGLE")

    def resolve_tile(self, p: int, rule: str) -> None:
        tile = self.game.tiles[self.route[self.progress[p] % self.length]]
        self.say("tile", tile.rule, f"{seat_name(p)} resolves {self.tile_name(self.progress[p])}: "
                                    f"{tile.text or 'nothing happens'}", p)
        self.push_effects(p, "tile", tile.effects)

    def resolve_battle(self, top: BattleRoll) -> None:
        kind, seats, faces, loss, steal, flags = top.battle, top.seats, top.faces, top.loss, top.steal, top.flags
        ranks = [BATTLE_RANK[f] for f in faces]
        rest = self.stack[:-1]
        if kind in ("sail", "duel"):
            best = max(ranks)
            tied = tuple(s for s, r in zip(seats, ranks) if r == best)
            if len(tied) > 1:
                self.roll_again(top, tied, "battle", "P-BATTLE-2", f"tie on {faces[ranks.index(best)]}")
                return
            win = tied[0]
            self.stack = rest
            if kind == "sail":
                self.say("battle", "P-BATTLE-2", f"{seat_name(win)} wins the battle", win)
                self.resolve_tile(win, "P-BATTLE-2")
            else:
                lose = seats[1] if seats[0] == win else seats[0]
                self.say("duel", "P-DUEL", f"{seat_name(win)} wins the duel against {seat_name(lose)}", win)
                self.lose_crew(lose, loss, "P-DUEL")
                if steal:
                    self.steal(win, lose, steal)
            return
        if kind == "loser":          # a multiplayer battle looking for a loser [P-BATTLE-LOSER]
            low = min(ranks)
            tied = tuple(s for s, r in zip(seats, ranks) if r == low)
            if len(tied) > 1:
                self.roll_again(top, tied, "battle", "P-BATTLE-LOSER",
                                f"tie for lowest on {faces[ranks.index(low)]}")
                return
            self.stack = rest
            self.say("battle", "P-BATTLE-LOSER", f"{seat_name(tied[0])} rolled lowest and loses the battle", tied[0])
            self.lose_crew(tied[0], loss, "P-BATTLE-LOSER")
            return
        # the final battle looks for losers [P-FINAL-2]
        low = min(ranks)
        tied = tuple(s for s, r in zip(seats, ranks) if r == low)
        if len(tied) > 1 and low != 0:
            self.roll_again(top, tied, "final", "P-FINAL-2", f"tie for lowest on {faces[ranks.index(low)]}")
            return
        fighters = [s for s in self.group if not self.out[s]]
        if set(tied) >= set(fighters) and all(self.dice(s) <= 1 for s in tied):
            self.say("final", "P-FINAL-4", "every fighter would lose their last die: the roll "
                                           "is ignored and rolled again")
            self.stack = rest + (new_battle(battle="final", seats=seats,
                                                faces=(None,) * len(seats), asked=False,
                                                loss=0, steal=0, flags=flags),)
            return
        self.stack = rest
        for s in tied:
            self.lose_final_die(s)
        left = tuple(s for s in self.group if self.dice(s) > 0)
        self.group = left
        if len(left) == 1:
            self.end("final", left[0], "P-FINAL-4",
                     f"{seat_name(left[0])} is the last captain with crew and wins the final battle")
            return
        self.start_sub_battle()

    def roll_again(self, top: BattleRoll, tied: tuple[int, ...], kind: str, rule: str, said: str) -> None:
        """The players `tied` roll their battle dice again, keeping what each did in
        this battle (its flags) [P-BATTLE-2] [P-BATTLE-LOSER] [P-FINAL-2]."""
        seats, flags = top.seats, top.flags
        self.say(kind, rule, f"{' and '.join(seat_name(s) for s in tied)} {said} and roll again")
        keep = tuple(flags[seats.index(s)] for s in tied)
        self.stack = self.stack[:-1] + (new_battle(
            battle=top.battle, seats=tied, faces=(None,) * len(tied), asked=False, loss=top.loss,
            steal=top.steal, flags=keep),)

    def lose_final_die(self, p: int) -> None:
        if self.crew[p]:
            self.crew = put(self.crew, p, self.crew[p] - 1)
            self.bag += 1
        else:
            i = next(i for i, o in enumerate(self.specials) if o == p)
            self.specials = put(self.specials, i, -1)
        self.say("final", "P-FINAL-2", f"{seat_name(p)} rolled lowest and loses a die "
                                       f"({self.dice(p)} left)", p)

    def start_sub_battle(self) -> None:
        seats = tuple(s for s in self.order_from(self.captain) if s in self.group)
        self.stack += (new_battle(battle="final", seats=seats, faces=(None,) * len(seats),
                                      asked=False, loss=0, steal=0, flags=("",) * len(seats)),)

    # ------------------------------------------------------------------ stages
    def next_stage(self) -> bool:
        """Nothing in flight: the round's next step; True when it waits."""
        stage = self.stage
        if stage == "cups":
            return self.next_cup() or self.to_bid()
        if stage in ("bid", "act", "step alone"):
            return True
        if stage == "sail":
            self.start_sail()
            return False
        if stage == "sailing":
            self.stage = "tile"
            return False
        if stage == "tile":
            self.stage = "cards"
            self.open_card_window()
            return False
        if stage == "cards":
            self.end_of_sail()
            return False
        if stage == "steps":
            self.last_steps()
            return False
        if stage == "together":
            for p in self.group:
                self.sacrifice_step(p, "P-STEPS-2")
            self.group = ()
            self.stage = "steps"
            return False
        if stage == "round end":
            self.new_round()
            return False
        if stage in ("final", "fighting"):
            self.stage = "fighting"
            self.start_sub_battle()
            return False
        raise RuntimeError(f"unknown stage {stage!r}")

    def next_cup(self) -> bool:
        """The next participant without a rolled cup starts rolling it, one die at a
        time (a "cup" frame) [P-BET-ROLL]; False when every cup is rolled."""
        for p in range(self.n):
            if self.betting[p] and self.cups[p] is None:
                self.stack += (new_cup_roll(seat=p, faces=()),)
                return True
        return False

    def to_bid(self) -> bool:
        self.stage = "bid"
        first = self.captain
        if not self.betting[first]:
            first = self.next_after(first, self.betting)
        self.turn = first
        return True

    def new_round(self) -> None:
        """A new round: cups are rolled by every participant [P-ROUND-1] [P-BET-ROLL]."""
        if self.round >= self.game.options.max_rounds:
            best = max(self.progress[p] for p in self.active())
            leaders = [p for p in self.active() if self.progress[p] == best]
            self.end("rounds", leaders[0] if len(leaders) == 1 else -1, "P-END-LIMIT",
                     f"the round limit of {self.game.options.max_rounds} is reached")
            return
        self.round += 1
        n = self.n
        self.cups = (None,) * n
        self.bids = ()
        self.call = None
        self.roles = ("",) * n
        self.used = ("",) * n
        self.passes = 0
        self.sail = 0
        self.group = ()
        self.betting = tuple(not self.out[p] and not self.excluded[p] for p in range(n))
        for p in range(n):
            if self.excluded[p]:
                self.say("excluded", "P-BET-EXCLUDED", f"{seat_name(p)} sits out this betting and counts "
                                                       f"as a loser", p)
        self.excluded = (False,) * n
        if self.cities is not None:
            self.cities = self.cities._replace(played=(0,) * n)
        self.phase = "betting"
        self.say("round", "P-ROUND-1", f"round {self.round} begins")
        self.begin_betting()

    def begin_betting(self) -> None:
        players = [p for p in range(self.n) if self.betting[p]]
        if len(players) == 1:
            lone = players[0]
            self.roles = tuple("" if self.out[p] else ("winner" if p == lone else "loser")
                               for p in range(self.n))
            self.say("lone", "P-BET-LONE", f"{seat_name(lone)} is the only participant and wins the betting", lone)
            self.phase = "sail"
            self.stage = "sail"
        elif not players:
            self.phase = "action"
            self.start_action()
        else:
            self.stage = "cups"

    def judge(self, kind: str, caller: int, quantity: int, face: int, judged: int,
              locked: int) -> None:
        """Reveal the cups and decide winner, losers and survivors [P-LIAR] [P-EXACT-2]
        [P-EXACT-3]."""
        cups = {p: self.cups[p] for p in range(self.n) if self.betting[p]}
        count = judged_count(face, cups, judged)
        what = bid_text(quantity, face)
        for p, cup in cups.items():
            self.say("reveal", "P-BID-COUNT", f"{seat_name(p)} reveals " + " ".join(
                (str(f) if name == "normal" else f"{name}:{f}") for name, f in cup), p)
        cursed = "" if count == judged_count(face, cups, -1) else \
            f" (the cursed die of {seat_name(judged)} takes their dice out of their own bid) (P-CURSED)"
        self.say("count", "P-BID-COUNT", f"there {'is' if count == 1 else 'are'} {bid_text(count, face)} for "
                                         f"{seat_name(judged)}'s bid of {what}{cursed}")
        if kind == "liar":
            if count >= quantity:
                winner, losers, rule = judged, {caller}, "P-LIAR"
                text = f"the bid stands: {seat_name(caller)} called Liar wrongly and loses; {seat_name(judged)} wins"
            else:
                winner, losers, rule = caller, {judged}, "P-LIAR"
                text = f"the bid was a lie: {seat_name(caller)} wins and {seat_name(judged)} loses"
        elif count == quantity:
            winner, rule = caller, "P-EXACT-2"
            losers = {p for p in range(self.n) if p != caller}
            text = f"exact! {seat_name(caller)} wins, everyone else loses"
        else:
            winner, losers, rule = locked, {caller}, "P-EXACT-3"
            self.excluded = put(self.excluded, caller, True)
            text = (f"the exact lock is wrong: {seat_name(caller)} loses and sits out the next "
                    f"betting; {seat_name(locked)} wins")
        self.say("call", rule, text, caller)
        self.call = new_call(kind=kind, caller=caller, quantity=quantity, face=face,
                             judged=judged, counted=count)
        self.roles = tuple(
            "" if self.out[p] else "winner" if p == winner else
            "loser" if p in losers or not self.betting[p] else "survivor" for p in range(self.n))
        if kind == "exact" and winner == caller:
            self.gain_normal(caller, 1, "P-EXACT-2")
        self.phase = "sail"
        self.stage = "sail"
        if self.cities is not None:
            reveal_mayor(self)

    def start_sail(self) -> None:
        """The winner takes the token, 1 coin and the sail die [P-SAIL-1]; captain powers
        on the outcome [P-CAPTAIN-C5] [P-CAPTAIN-C6] [P-CAPTAIN-C7]."""
        win = self.roles.index("winner")
        self.captain = win
        self.say("token", "P-SAIL-1", f"{seat_name(win)} takes the starting-captain token", win)
        self.gain_coins(win, 1 + self.param(win, "win_coins"), "P-SAIL-1")
        for p in range(self.n):
            if self.roles[p] == "survivor" and self.param(p, "survivor_coins"):
                self.gain_coins(p, self.param(p, "survivor_coins"), "P-CAPTAIN-C6")
            if self.roles[p] == "loser" and self.param(p, "loss_crew"):
                self.gain_normal(p, self.param(p, "loss_crew"), "P-CAPTAIN-C7")
        self.stage = "sailing"
        self.stack += (new_die_roll(name="sail", owner=win, face=None, asked=False, effect=None,
                                          source="tile"),)

    def end_of_sail(self) -> None:
        """The start/end tile counts at the end of a sail phase [P-END-1] [P-FINAL-1]."""
        home = [p for p in self.order_from(self.captain) if self.progress[p] >= self.length]
        if len(home) == 1:
            self.end("home", home[0], "P-END-1", f"{seat_name(home[0])} alone reaches the start/end "
                                                 f"tile and claims the pirate throne")
            return
        if home:
            self.start_final(tuple(home))
            return
        self.phase = "action"
        self.start_action()

    def start_final(self, home: tuple[int, ...]) -> None:
        """The final battle: specials traded for 2 normal dice each [P-FINAL-1]."""
        self.phase = "final"
        self.stage = "fighting"
        self.group = tuple(home)
        if home:
            self.say("final", "P-FINAL-1", "the final battle: " + ", ".join(seat_name(p) for p in home))
            for p in home:
                for i, owner in enumerate(self.specials):
                    if owner == p:
                        self.specials = put(self.specials, i, -1)
                        got = min(2, self.bag)
                        self.crew = put(self.crew, p, self.crew[p] + got)
                        self.bag -= got
                        self.say("final", "P-FINAL-1", f"{seat_name(p)} trades the {SPECIAL[i]} die "
                                                       f"for {got} normal dice", p)
            self.start_sub_battle()

    def start_action(self) -> None:
        self.stage = "act"
        self.passes = 0
        self.turn = self.order_from(self.captain)[0]

    def end_turn(self, passed: bool) -> None:
        """The action phase goes round until every player passes in a row [P-ACT-ORDER]."""
        self.passes = self.passes + 1 if passed else 0
        if self.passes >= seats_in(self.out):
            self.phase = "steps"
            self.stage = "steps"
        else:
            self.turn = self.next_after(self.turn)

    def may_pass_curse(self, p: int) -> bool:
        """`p` holds the cursed die and can pay its 2 crew dice [P-CURSE-PASS] [P-CREW-PAY]."""
        return (self.specials[CURSED] == p and self.payable_crew(p) >= 2
                and any(not self.out[s] for s in range(self.n) if s != p))

    def can_step(self, p: int) -> bool:
        return self.payable_crew(p) >= 1 and self.progress[p] < self.length

    def why_no_step(self, p: int) -> str:
        """Why `p` cannot take a last step, for the narration [P-STEPS-1] [P-CREW-PAY]."""
        if self.progress[p] >= self.length:
            return "their ship is on the start/end tile"
        floor = self.param(p, "crew_floor")
        if self.dice(p) <= floor and floor > 1:
            return f"their crew may not go below {counted(floor, 'die', 'dice')}"
        return "they have no crew die to spare (a sacrifice keeps the last normal die)"

    def last_steps(self) -> None:
        """Last steps for the last-placed ship(s) [P-STEPS-1] [P-STEPS-2] [P-STEPS-3]."""
        players = self.order_from(self.captain)
        low = min(self.progress[p] for p in players)
        tied = tuple(p for p in players if self.progress[p] == low)
        if len(tied) == 1:
            if self.can_step(tied[0]):
                self.stage = "step alone"
                self.turn = tied[0]
                return
            if self.progress[tied[0]] < self.length:
                self.say("no step", "P-STEPS-1", f"{seat_name(tied[0])} cannot step: "
                                                 f"{self.why_no_step(tied[0])}", tied[0])
        else:
            unable = tuple(p for p in tied if not self.can_step(p))
            if not unable:
                self.stage = "together"
                self.group = tied
                self.stack += (new_window(window="together", seats=tied),)
                return
            if self.progress[tied[0]] < self.length:
                self.say("no step", "P-STEPS-2", f"{', '.join(seat_name(p) for p in tied)} are tied for last "
                                                 f"and nobody steps: {seat_name(unable[0])} cannot step, "
                                                 f"{self.why_no_step(unable[0])}", unable[0])
        self.stage = "round end"

    def sacrifice_step(self, p: int, rule: str) -> None:
        self.say("step", rule, f"{seat_name(p)} sacrifices a crew die", p)
        self.pay_crew(p, 1, rule)
        self.move_ship(p, 1, rule)

    def end(self, ended: str, winner: int, rule: str, text: str) -> None:
        self.phase = "over"
        self.stage = "over"
        self.stack = ()
        self.ended = ended
        self.winner = winner
        self.say("game-end", rule, text, None if winner < 0 else winner)

    def finish_last_ship(self) -> None:
        left = self.active()
        self.end("last ship", left[0] if left else -1, "P-VAR-DEATH",
                 f"{seat_name(left[0])} is the last ship in the game and wins" if left else "no ship is left")
