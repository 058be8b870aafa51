"""simulate(): frames, their schema, shared wins, reproducibility however the games run."""
from __future__ import annotations

import concurrent.futures as cf
import random

import polars as pl
import pytest

import explorer
from explorer.core import InvalidInput, resolve_chance
from explorer.core.agents import RandomAgent
from explorer.core.simulate import (
    GAMES_SCHEMA,
    PLAYERS_SCHEMA,
    TURNS_SCHEMA,
    Simulation,
    compare_variants,
    evaluate_moves,
    game_seeds,
    simulate,
    wilson,
)
from explorer.games._template import NimGame


def frames(sim: Simulation) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    return sim.games, sim.players, sim.turns


def same(a: Simulation, b: Simulation) -> bool:
    return all(x.equals(y) for x, y in zip(frames(a), frames(b)))


@pytest.fixture(scope="module")
def village_runs() -> dict[str, Simulation]:
    game = explorer.load("village", players=3)
    return {
        "one": simulate(game, "random", 40, seed=11, workers=1),
        "two": simulate(game, "random", 40, seed=11, workers=2),
        "threads": simulate(game, "random", 40, seed=11,
                            executor=cf.ThreadPoolExecutor(max_workers=3)),
    }


def test_same_seed_same_frames_with_one_or_two_workers_and_threads(village_runs) -> None:
    assert same(village_runs["one"], village_runs["two"])
    assert same(village_runs["one"], village_runs["threads"])
    again = simulate(explorer.load("village", players=3), "random", 40, seed=11, workers=1)
    assert same(village_runs["one"], again)


@pytest.mark.parametrize("game, agents", [
    ("village", ["greedy", "mcts:10", "random"]),
    ("summoners", ["greedy", "random"]),
])
def test_search_and_greedy_agents_are_reproducible_too(game: str, agents: list[str]) -> None:
    one = simulate(explorer.load(game), agents, 4, seed=5, workers=1)
    two = simulate(explorer.load(game), agents, 4, seed=5, workers=2)
    assert same(one, two) and one.agents == tuple(a.split(":")[0] for a in agents)


def test_another_seed_gives_other_games() -> None:
    game = explorer.load("village", players=3)
    a = simulate(game, "random", 10, seed=1, workers=1)
    b = simulate(game, "random", 10, seed=2, workers=1)
    assert not a.games["seed"].equals(b.games["seed"])
    assert not a.turns.equals(b.turns)


def test_a_shorter_run_is_a_prefix_of_a_longer_one() -> None:
    game = explorer.load("village", players=3)
    short = simulate(game, "random", 5, seed=4, workers=1)
    long = simulate(game, "random", 12, seed=4, workers=2)
    assert short.games.equals(long.games.head(5))
    assert game_seeds(4, 5) == game_seeds(4, 12)[:5]


def test_frames_have_the_documented_schema(village_runs) -> None:
    sim = village_runs["one"]
    assert sim.n == 40 and sim.agents == ("random",) * 3
    for name, dtype in GAMES_SCHEMA.items():
        assert sim.games.schema[name] == dtype
    assert {"opt_track_values", "opt_wilds_by_players"} <= set(sim.games.columns)
    assert sim.games["opt_track_values"][0].to_list() == [1, 1, 2, 2, 3, 4]
    assert dict(sim.players.schema) == PLAYERS_SCHEMA
    assert dict(sim.turns.schema) == TURNS_SCHEMA
    assert sim.players.height == 40 * 3
    assert sim.games["game_id"].to_list() == list(range(40))
    # every player move is logged, in order, with the rule that allows it; forced ones
    # (a curse with one treasure to choose) are marked and counted apart
    per_game = sim.turns.group_by("game_id").agg(pl.len().alias("n"), pl.col("ply").max(),
                                                 pl.col("forced").sum().alias("forced"))
    joined = per_game.join(sim.games, on="game_id")
    assert (joined["n"] == joined["turns"] + joined["forced_steps"]).all()
    assert (joined["forced"] == joined["forced_steps"]).all()
    assert (joined["ply"] == joined["n"] - 1).all()
    assert sim.turns["rule"].str.starts_with("V-").all()
    assert (sim.games["chance_steps"] > 0).all()


@pytest.mark.parametrize("name", ["village", "momiji"])
def test_each_logged_move_is_named_with_its_own_rule(name) -> None:
    # the log writes each distinct move once and shares its texts between its rows:
    # every row still reads back to the move it names, with that move's rule
    game = explorer.load(name, players=3)
    sim = simulate(game, "greedy", 6, seed=5, workers=1, progress=False)
    assert sim.turns.height > 6 * 20
    for text, rule in zip(sim.turns["move"], sim.turns["rule"]):
        move = game.parse_move(text)
        assert str(move) == text and move.rule == rule
    assert sim.turns["move"].n_unique() < sim.turns.height       # moves recur


def test_winners_rank_and_won_agree(village_runs) -> None:
    sim = village_runs["one"]
    ranked = sim.players.join(sim.games.select("game_id", "winners"), on="game_id")
    for row in ranked.iter_rows(named=True):
        assert row["winner"] == (row["seat"] in row["winners"])
        assert (row["rank"] == 1) == row["winner"]
        assert row["won"] == (1 / len(row["winners"]) if row["winner"] else 0.0)
    wins = sim.players.group_by("game_id").agg(pl.col("won").sum())
    assert (wins["won"] - 1.0).abs().max() < 1e-9


def test_shared_wins_count_as_fractions() -> None:
    sim = simulate(NimGame(3, shared=True), "random", 30, seed=3, workers=1)
    assert (sim.games["winners"].list.len() == 2).all()
    winners = sim.players.filter(pl.col("winner"))
    assert winners.height == 60
    assert (winners["won"] == 0.5).all() and (winners["rank"] == 1).all()
    losers = sim.players.filter(~pl.col("winner"))
    assert (losers["rank"] == 3).all()
    summary = sim.summary()
    assert summary["wins"].sum() == pytest.approx(30.0)
    assert summary["games"].to_list() == [30, 30, 30]


def test_agents_by_name_object_or_one_per_seat() -> None:
    game = explorer.load("village", players=3)
    by_name = simulate(game, "random", 6, seed=9, workers=1)
    by_object = simulate(game, RandomAgent(), 6, seed=9, workers=1)
    per_seat = simulate(game, ["random", RandomAgent(), "random"], 6, seed=9, workers=1)
    text = simulate(game, "random,random,random", 6, seed=9, workers=1)
    assert same(by_name, by_object) and same(by_name, per_seat) and same(by_name, text)


def test_bad_arguments_are_refused_by_name() -> None:
    game = explorer.load("village", players=3)
    with pytest.raises(InvalidInput, match="agents: expected 1 agent or one per seat"):
        simulate(game, ["random", "random"], 2)
    with pytest.raises(InvalidInput, match="unknown agent 'clever'"):
        simulate(game, "clever", 2)
    with pytest.raises(InvalidInput, match=r"agents\[1\]"):
        simulate(game, ["random", 42, "random"], 2)
    with pytest.raises(InvalidInput, match="^n:"):
        simulate(game, "random", -1)
    with pytest.raises(InvalidInput, match="^workers:"):
        simulate(game, "random", 2, workers=0)
    with pytest.raises(InvalidInput, match="^game_or_state:"):
        simulate(3, "random", 2)


class Cheater:
    """Plays a move that is not in the legal list: simulate must refuse it."""

    name = "cheater"

    def choose(self, obs, rng):
        return obs.sample(rng).game.parse_move("take 9")


def test_an_illegal_agent_move_stops_the_run() -> None:
    with pytest.raises(RuntimeError, match="'cheater' in seat 0 chose take 9"):
        simulate(NimGame(2), [Cheater(), "random"], 1, workers=1)


def test_what_if_from_a_position_continues_from_it() -> None:
    game = explorer.load("village", players=3)
    state = game.new(seed=5)
    rng = random.Random(0)
    for _ in range(20):
        state = state.play(state.legal_moves()[int(rng.random() * len(state.legal_moves()))])
    state = resolve_chance(state, rng)
    sim = simulate(state, "random", 20, seed=1, workers=2)
    assert sim.start == state and sim.game == game
    assert sim.games["seed"].n_unique() == 20
    first_moves = sim.turns.filter(pl.col("ply") == 0)
    assert (first_moves["seat"] == state.to_move).all()
    assert set(first_moves["move"]) <= {str(m) for m in state.legal_moves()}
    assert sim.games["turns"].n_unique() > 1  # the luck differs from game to game
    assert same(sim, simulate(state, "random", 20, seed=1, workers=1))


def test_turn_log_is_optional() -> None:
    sim = simulate(NimGame(2), "random", 10, seed=0, workers=1, log_turns=False)
    assert sim.turns.height == 0 and dict(sim.turns.schema) == TURNS_SCHEMA
    assert sim.games.height == 10


def test_progress_bar_shows_when_asked_and_not_for_small_runs(capsys) -> None:
    simulate(NimGame(2), "random", 20, seed=0, workers=1, progress=True)
    assert "simulate" in capsys.readouterr().err
    simulate(NimGame(2), "random", 20, seed=0, workers=1)
    assert "simulate" not in capsys.readouterr().err


def test_explorer_simulate_is_exported() -> None:
    assert explorer.simulate is simulate
    assert "simulate" in explorer.__all__


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_matches_the_player_frame(village_runs) -> None:
    sim = village_runs["one"]
    summary = sim.summary()
    assert summary["seat"].to_list() == [0, 1, 2]
    seat0 = sim.players.filter(pl.col("seat") == 0)
    row = summary.row(0, named=True)
    assert row["wins"] == pytest.approx(seat0["won"].sum())
    assert row["mean_score"] == pytest.approx(seat0["score"].mean())
    assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(row["wins"], 40))


def test_compare_variants_runs_the_same_seeds_under_each_rule_set() -> None:
    flat = (1, 2, 3, 4, 5, 6)
    sim = compare_variants("village", 3, {"printed": {}, "steep": {"track_values": flat}},
                           "random", 8, seed=2, workers=1)
    assert sim.games.height == 16 and sim.players.height == 48
    assert sim.games["variant"].unique(maintain_order=True).to_list() == ["printed", "steep"]
    values = sim.games.group_by("variant").agg(pl.col("opt_track_values").first())
    assert dict(values.iter_rows()) == {"printed": [1, 1, 2, 2, 3, 4], "steep": list(flat)}
    seeds = sim.games.group_by("variant", maintain_order=True).agg(pl.col("seed"))
    assert seeds["seed"][0].to_list() == seeds["seed"][1].to_list()
    assert sim.summary().columns[:3] == ["variant", "seat", "agent"]
    with pytest.raises(InvalidInput, match=r"variants\['bad'\]"):
        compare_variants("village", 3, {"bad": {"track_values": (1, 2)}}, "random", 2)


def test_evaluate_moves_finds_the_winning_take() -> None:
    # Chance Nim from 7: taking 3 leaves 4, the losing count for the opponent.
    state = NimGame(2).scenario(pile=7)
    table = evaluate_moves(state, "random", n=150, seed=0, workers=1)
    assert table["move"].to_list() == ["take 1", "take 2", "take 3"]
    assert table.sort("win_rate")["move"][-1] == "take 3"
    assert (table["games"] == 150).all() and (table["seat"] == 0).all()
    with pytest.raises(InvalidInput, match="chance node"):
        evaluate_moves(state.play("take 1"), n=5)


def test_a_what_if_for_one_seat_redraws_what_that_seat_cannot_see() -> None:
    game = explorer.load("village", players=3)
    state = resolve_chance(game.new(seed=8), random.Random(0))
    seat, other = state.to_move, (state.to_move + 1) % 3
    hands: dict[str, set] = {"teacher": set(), "seat": set()}

    class Recorder:
        """Sits in the other seat and notes its own hand as its first turn starts (where
        each game started); plays at random."""

        name = "recorder"
        observes = ("view",)

        def __init__(self, key: str) -> None:
            self.key = key
            self.previous_turn = -1

        def choose(self, obs, rng):
            turn = obs.view["turn"]
            if turn == state.data.turn + 1 and self.previous_turn != turn:
                hands[self.key].add(tuple(sorted(obs.view["hands"][other]["cards"].items())))
            self.previous_turn = turn
            return obs.legal[int(rng.random() * len(obs.legal))]

    for key, viewer in (("teacher", None), ("seat", seat)):
        agents = ["random"] * 3
        agents[other] = Recorder(key)
        simulate(state, agents, 12, seed=1, workers=1, viewer=viewer)
    assert hands["teacher"] == {tuple(sorted(state.view(other)["hands"][other]["cards"].items()))}
    assert len(hands["seat"]) > 1
    with pytest.raises(InvalidInput, match="^viewer:"):
        simulate(state, "random", 2, viewer=3)
    with pytest.raises(InvalidInput, match="^viewer:"):
        simulate(game, "random", 2, viewer=0)


def test_honest_move_evaluation_uses_only_the_movers_knowledge() -> None:
    nim = NimGame(2).scenario(pile=6)   # nothing hidden: honesty changes nothing
    assert evaluate_moves(nim, n=20, workers=1).equals(
        evaluate_moves(nim, n=20, workers=1, honest=True))
    state = resolve_chance(explorer.load("village", players=3).new(seed=8), random.Random(0))
    teacher = evaluate_moves(state, n=4, workers=1)
    honest = evaluate_moves(state, n=4, workers=1, honest=True)
    assert teacher["move"].equals(honest["move"])
    assert not teacher["mean_score"].equals(honest["mean_score"])


def test_no_games_gives_empty_frames_with_the_schema() -> None:
    sim = simulate(explorer.load("village", players=3), "random", 0)
    assert sim.n == 0 and sim.players.height == 0 and sim.turns.height == 0
    assert dict(sim.players.schema) == PLAYERS_SCHEMA
    assert sim.summary().height == 0
