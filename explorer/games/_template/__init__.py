"""The template game, Chance Nim: the smallest complete game, as a recipe to copy.

A pile of counters; players take 1 to 3 in turn; after a take that leaves counters, a die
adds a counter with probability 1/3; whoever takes the last counter wins (option
`shared`: the player before shares the win). Its rules are `seeds/nim.md`. Skill matters
(leave a multiple of 4), so the tests of the simulation machinery use it too: a searching
agent must beat a random one.

It is deliberately **not registered** (no line in `REGISTRY`, `explorer/core/game.py`),
so `explorer.list_games()` and the app do not offer it; tests make it directly
(`NimGame(2)`). The contract it implements, and every hook by name, is
`docs/architecture.md`.

    >>> from explorer.games._template import NimGame
    >>> state = NimGame(2).new()
    >>> state.pending
    Pending(seat=0, step='take', rule='N-TAKE-1', prompt='P0 takes 1 to 3 counters')
    >>> [str(move) for move in state.legal_moves()]
    ['take 1', 'take 2', 'take 3']
    >>> state = state.play("take 3")
    >>> state.pending.stream, state.chance_outcomes()
    ('die', ((Grow(added=0), 0.6666666666666666), (Grow(added=1), 0.3333333333333333)))
    >>> state.why_not(state.game.parse_move("take 1"))
    Reason(rule='N-GROW-1', text='the die is rolled before P1 takes: it may add a counter')

To add a game:

1. Write `seeds/<game>.md` first: every rule with a stable id (one prefix per game) and
   an honest tag ([seed], [public], [assumed], [stand-in]); an [assumed] ruling becomes a
   rule option.
2. Copy this folder to `explorer/games/<game>/` and rename (`Nim` -> your game). Keep one
   role per file, the names below; add a file named for a rulebook concept (`dice.py`,
   `cards.py`) where a concept needs one.
3. Fill the hooks, each in the file named for its role, and cite the rule ids you apply
   in docstrings, Reasons and events (`explorer rules <game> --where` lists them).
4. Register the game: one line `"<game>": "explorer.games.<game>:<Game>Game"` in
   `REGISTRY`. `tests/test_contract.py`, `tests/test_hidden_pairs.py` and
   `tests/test_rulebook.py` then run on it, and fail until every rule id is named by a
   test's `@pytest.mark.rules(...)`.

The files, one role each (the canon of `docs/architecture.md`):

    data.py       the position: a NamedTuple with named fields
    options.py    the rule options: one field per [assumed] ruling, with its rule id
    moves.py      the moves: text form, `parse`, label, rule (and click targets)
    rules.py      the plain rules, in the order of the rulebook, each citing its id
    legal.py      whose decision it is, and the legal moves, by the plain rules
    explain.py    why a move is refused, with its rule, built on `legal.py`
    apply.py      applying a legal move: the next position and its events
    narration.py  the events' texts, each citing its rule
    view.py       what one viewer may see, as a JSON-able dict
    scene.py      the board, drawn from a view only
    encoding.py   the position as JSON and back, every invariant checked
    scenario.py   a position from a short description, checked like a file
    state.py      thin: the `State` hooks, each calling the file of its role
    game.py       the `Game`: identity, player counts, options, setup

Chance Nim needs none of the optional files: `clicks.py` (`State.move_for_targets`, the
move meant by clicks on the board), `odds.py` (`State.coming_luck`), `heuristic.py`
(`value`, `policy`: the search agent's cut-off, found by its file name), `agent.py`
(`Game.agents`), `fast.py` (a faster twin of a plain rule, proved equal by a test). It
hides nothing, so it keeps the default `State._redeal`; a game with hidden information
hides it in `view.py` and deals it again in `_redeal`.
"""
from .data import NimData
from .game import NimGame
from .moves import Grow, Take
from .options import NimOptions
from .state import NimState

__all__ = ["Grow", "NimData", "NimGame", "NimOptions", "NimState", "Take"]
