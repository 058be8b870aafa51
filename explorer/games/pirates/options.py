"""The rule options of Lying Pirates: every [assumed] ruling, named, with its default; the
variant cards, the captains and the catalogue file."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from explorer.core import option


@dataclass(frozen=True, slots=True)
class PiratesOptions:
    map: Literal["preset", "random", "build"] = option(
        "preset", rule="P-SETUP-MAP", source="assumed",
        doc="'preset': the catalogue's route in order; 'random': the tiles after the "
            "start/end tile shuffled at setup; 'build': the players build the map, each "
            "tile placed as a player's decision (the seat dealt the start/end tile is the "
            "starting captain, whatever start_seat says).",
        label="Map",
        choices={"preset": "the printed route",
                 "random": "tiles shuffled",
                 "build": "built by the players"})
    build_deal: Literal["all tiles from seat 0"] = option(
        "all tiles from seat 0", rule="P-SETUP-BUILD-DEAL", source="assumed",
        doc="With map 'build': every tile of the catalogue is dealt out, one at a time "
            "from seat 0.",
        label="Tiles dealt to build the map")
    build_first: Literal["captain", "next player"] = option(
        "captain", rule="P-SETUP-BUILD-FIRST", source="assumed",
        doc="With map 'build': who places the first ordinary tile, once the starting "
            "captain has placed the start/end tile: the captain again ('captain', the turns "
            "going clockwise from them) or the next player clockwise.",
        label="First ordinary tile placed by",
        choices={"captain": "the starting captain", "next player": "the next player clockwise"})
    draft: bool = option(False, rule="P-SETUP-DRAFT", source="seed",
                         doc="Play the card draft at setup: pass 3 cards left, then 2, then 1.",
                         label="Card draft at setup")
    extended: bool = option(False, rule="P-SETUP-2", source="seed",
                            doc="Play the extended map (hands of 7).",
                            label="Extended map (hands of 7)")
    start_seat: int = option(0, rule="P-SETUP-CAPTAIN", source="assumed",
                             doc="The seat that holds the start/end tile and the token.",
                             label="Starting captain (seat number)")
    coin_supply: int = option(60, rule="P-SETUP-SUPPLY", source="assumed",
                              doc="Coins in the game, the players' included.",
                              label="Coins in the game")
    crew_bag: int = option(60, rule="P-SETUP-SUPPLY", source="assumed",
                           doc="Normal crew dice in the game, the players' included.",
                           label="Crew dice in the bag")
    open_cap: Literal["players", "participants"] = option(
        "players", rule="P-BID-OPEN", source="assumed",
        doc="The opening quantity is at most the number of players in the game "
            "('players') or of this betting's participants.",
        label="Opening bid at most",
        choices={"players": "the number of players", "participants": "the number of bettors"})
    bid_limit: Literal["dice"] = option(
        "dice", rule="P-BID-MAX", source="assumed",
        doc="A bid's quantity is at most the number of dice in the participants' cups.",
        label="A bid at most", choices={"dice": "the dice in the cups"})
    stop_at_end: Literal["stop"] = option(
        "stop", rule="P-SAIL-STOP", source="assumed",
        doc="A ship that would pass the start/end tile stops on it.",
        label="A ship passing the start/end tile", choices={"stop": "stops on it"})
    battle_faces: Literal["2-2-2"] = option(
        "2-2-2", rule="P-BATTLE-FACES", source="assumed",
        doc="The battle die shows two skulls, two swords and two double swords.",
        label="Battle die faces", choices={"2-2-2": "2 skulls, 2 swords, 2 double swords"})
    single_mover_resolves: bool = option(
        True, rule="P-BATTLE-SINGLE", source="assumed",
        doc="A single ship that moved resolves its tile without a battle (False: nobody "
            "resolves a tile then).",
        label="A lone ship that moved resolves its tile")
    sail_cards: Literal["after tile", "before battle and after tile"] = option(
        "after tile", rule="P-SAIL-WINDOW", source="assumed",
        doc="Gold cards of the sail phase are offered after the tile is resolved, each "
            "player asked once from the starting captain; 'before battle and after tile' "
            "also asks once the ships have sailed, before their battle.",
        label="Gold cards when sailing",
        choices={"after tile": "after the tile",
                 "before battle and after tile": "before the battle and after the tile"})
    action_order: Literal["turns"] = option(
        "turns", rule="P-ACT-ORDER", source="assumed",
        doc="The action phase goes in turns from the starting captain until every player "
            "has passed in a row.",
        label="Action phase", choices={"turns": "in turns until everyone passes"})
    buy_when: Literal["sail and action", "action turn"] = option(
        "sail and action", rule="P-BUY-WHEN", source="seed",
        doc="'sail and action' (the seed's \"at any time during either of these phases\"): "
            "cards are bought on one's turn in the action phase and when asked in a card "
            "window of the sail phase; 'action turn': on one's action turn only.",
        label="Cards are bought",
        choices={"sail and action": "when sailing and on one's action turn",
                 "action turn": "on one's action turn only"})
    crew_payment: Literal["like a loss", "normal dice only"] = option(
        "like a loss", rule="P-CREW-PAY", source="assumed",
        doc="How a sacrifice of crew (a last step, passing the curse) is paid: 'like a "
            "loss': normal dice first, and a special die (never the cursed one) in place of "
            "the last normal die; 'normal dice only': only normal dice, the last one kept.",
        label="Sacrificed crew is paid",
        choices={"like a loss": "like a loss: a special die when one normal die is left",
                 "normal dice only": "with normal dice only"})
    curse_when: Literal["action turn and sail windows"] = option(
        "action turn and sail windows", rule="P-CURSE-PASS-WHEN", source="assumed",
        doc="The cursed die is passed on one's action turn or when asked in a card window "
            "of the sail phase.",
        label="The curse is passed",
        choices={"action turn and sail windows": "on one's action turn or when sailing"})
    reroll_window: bool = option(
        True, rule="P-REROLL-WINDOW", source="assumed",
        doc="After each roll of the sail or action phase, ask the players who rolled "
            "whether to pay for the once-per-round re-roll (False: re-rolls are never "
            "offered).",
        label="Offer the re-roll after each roll")
    reshuffle: bool = option(True, rule="P-DECK-EMPTY", source="assumed",
                             doc="An empty deck is made again from the discard pile.",
                             label="An empty deck is made from the discards")
    normal_at_max: Literal["lost"] = option(
        "lost", rule="P-CREW-NORMAL-AT-MAX", source="assumed",
        doc="A normal die gained by a player holding the maximum is not taken.",
        label="A crew die gained at the maximum", choices={"lost": "is not taken"})
    floor_special: Literal["order"] = option(
        "order", rule="P-CREW-FLOOR-PICK", source="assumed",
        doc="The special die a loss takes at the floor: the first held of mermaid, "
            "pirate king, ghost, mayor.",
        label="Special die lost at the floor", choices={"order": "mermaid, pirate king, ghost, mayor"})
    cargo_choice: Literal["victim"] = option(
        "victim", rule="P-CARGO", source="assumed",
        doc="The victim chooses which cargo (a coin, a card or a crew die) is lost.",
        label="Lost cargo chosen by", choices={"victim": "the victim"})
    max_rounds: int = option(60, rule="P-END-LIMIT", source="assumed",
                             doc="The game ends after this many rounds, won by the ships "
                                 "furthest along.",
                             label="Round limit")
    variants: tuple[str, ...] = option(
        (), rule="P-VARIANTS", source="seed",
        doc="Variant cards in play, by catalogue id (e.g. 'instant death', 'no exact').",
        label="Variant cards")
    captains: tuple[str, ...] = option(
        (), rule="P-CAPTAINS", source="seed",
        doc="One captain id per seat ('' for none), e.g. ('C1', '', 'C4'); empty: no "
            "captain powers.",
        label="Captains", per_seat=True)
    cities_of_greed: bool = option(
        False, rule="P-COG-1", source="seed",
        doc="Play the Cities of Greed expansion: towns, influence cards, the mayor die and "
            "the expansion's map tiles.",
        label="Cities of Greed expansion")
    town_first_seat: int = option(
        -1, rule="P-COG-TOWN-FIRST", source="assumed",
        doc="The seat that places the first town card ('whoever last set foot in a boat'): "
            "-1 the last seat, else a seat number.",
        label="First to place a town card (seat number, -1: the last seat)")
    town_moves: int = option(
        1, rule="P-COG-TOWN-MOVE", source="assumed",
        doc="How many placed town cards each player may move while the towns are placed.",
        label="Town cards each player may move")
    town_shortfall: Literal["stop"] = option(
        "stop", rule="P-COG-TOWN-SHORT", source="assumed",
        doc="The placing of town cards also ends when nobody holds one.",
        label="Placing towns also ends", choices={"stop": "when nobody holds one"})
    distinct_towns: bool = option(
        True, rule="P-COG-DESIGNATE-DISTINCT", source="assumed",
        doc="No two players designate the same town.",
        label="Each player designates a different town")
    influence_return: Literal["box"] = option(
        "box", rule="P-COG-INF-RETURN", source="assumed",
        doc="The influence card not kept at setup returns to the box, seen by its owner only.",
        label="The influence card not kept", choices={"box": "returns to the box"})
    influence_buy: Literal["action turn"] = option(
        "action turn", rule="P-COG-INF-BUY-WHEN", source="assumed",
        doc="Influence cards are bought on one's turn in the action phase (ending the turn).",
        label="Influence cards are bought", choices={"action turn": "on one's action turn"})
    influence_reshuffle: bool = option(
        True, rule="P-COG-INF-EMPTY", source="assumed",
        doc="An empty influence deck is made again from the played influence cards.",
        label="An empty influence deck is made from the played cards")
    influence_per_round: int = option(
        1, rule="P-COG-INF-ONCE", source="assumed",
        doc="How many influence cards a player may play per round.",
        label="Influence cards a player may play per round")
    mayor_faces: Literal["1 1 coin bomb - -"] = option(
        "1 1 coin bomb - -", rule="P-COG-MAYOR-FACES", source="assumed",
        doc="The mayor die's faces; the last two (blanks) are assumed.",
        label="Mayor die faces", choices={"1 1 coin bomb - -": "1, 1, coin, bomb, blank, blank"})
    cities_tiles: Literal["swap"] = option(
        "swap", rule="P-COG-TILES-SWAP", source="assumed",
        doc="The expansion's tiles take the places of the base tiles they replace.",
        label="The expansion's map tiles", choices={"swap": "replace the base tiles"})
    draw_two_rest: Literal["discard"] = option(
        "discard", rule="P-COG-DRAW2-REST", source="assumed",
        doc="With the 'draw two' variant, the card not kept goes face up onto its discard pile.",
        label="With Draw Two, the card not kept", choices={"discard": "is discarded face up"})
    catalogue: str = option(
        "", rule="P-CAT-1", source="stand-in",
        doc="Path of a catalogue file (tiles, cards, variants, captains); '' is the "
            "shipped stand-in catalogue.",
        label="Catalogue file")

    def __post_init__(self) -> None:
        if not 0 <= self.start_seat <= 5:
            raise ValueError("start_seat must be a seat number 0-5")
        if not 12 <= self.coin_supply <= 1000:
            raise ValueError("coin_supply must be 12-1000")
        if not 36 <= self.crew_bag <= 1000:
            raise ValueError("crew_bag must be 36-1000")
        if not 1 <= self.max_rounds <= 10_000:
            raise ValueError("max_rounds must be 1-10000")
        if len(self.captains) > 6:
            raise ValueError("captains: at most one per seat (6)")
        if not -1 <= self.town_first_seat <= 5:
            raise ValueError("town_first_seat must be -1 (the last seat) or a seat number 0-5")
        if not 0 <= self.town_moves <= 20:
            raise ValueError("town_moves must be 0-20")
        if not 1 <= self.influence_per_round <= 20:
            raise ValueError("influence_per_round must be 1-20")
        if len(self.catalogue) > 500:
            raise ValueError("catalogue: a path of at most 500 characters")
