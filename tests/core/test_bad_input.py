"""Bad input gets a clear error, never a raw Python exception (issue: trust).

Every loader (saved states and trees, both catalogues, `explorer replay`, `--option`)
is fuzzed with hypothesis: deep nesting, non-UTF-8 bytes, random JSON and special
files; only the project's own errors may come out."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.errors import IllegalMove, InvalidInput
from explorer.core.jsonio import MAX_DEPTH

OURS = (InvalidInput, IllegalMove)
VILLAGE = explorer.load("village", players=3)
SAVED = VILLAGE.new(seed=1).to_json()
TREE = explorer.Explorer(VILLAGE.new(seed=1)).to_json()


def loaders():
    return {
        "state": explorer.Game.from_json,
        "tree": explorer.Explorer.from_json,
        "momiji catalogue": lambda text: explorer.games.momiji.catalogue.parse(
            text.encode() if isinstance(text, str) else text),
    }


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                           max_leaves=20)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
@pytest.mark.parametrize("kind", ["state", "tree", "momiji catalogue"])
def test_deep_nesting_is_refused(kind: str, depth: int) -> None:
    import explorer.games.momiji.catalogue  # noqa: F401
    with pytest.raises(InvalidInput, match="nested deeper"):
        loaders()[kind]("[" * depth + "]" * depth)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.binary(max_size=200), json_values.map(json.dumps),
                      json_values.map(lambda v: SAVED[:-1] + ', "extra": ' + json.dumps(v) + "}")))
def test_fuzzed_files_raise_only_our_errors(data) -> None:
    import explorer.games.momiji.catalogue  # noqa: F401
    for load in loaders().values():
        try:
            load(data)
        except OURS:
            pass


@settings(max_examples=100, deadline=None)
@given(path=st.sampled_from(["root", "nodes", "seed", "current", "viewer"]), value=json_values)
def test_a_tree_with_one_field_replaced_raises_only_our_errors(path: str, value) -> None:
    doc = json.loads(TREE)
    doc[path] = value
    try:
        explorer.Explorer.from_json(json.dumps(doc))
    except OURS:
        pass


def test_special_files_are_refused_without_reading_them(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in (str(tmp_path), "/dev/zero", str(fifo)):
        with pytest.raises(InvalidInput, match="not a regular file"):
            explorer.load("momiji", catalogue=path)
        with pytest.raises(InvalidInput, match="not a regular file"):
            explorer.load("pirates", catalogue=path)


def test_a_browser_file_may_not_name_a_catalogue_path() -> None:
    doc = json.loads(explorer.Explorer(explorer.load("momiji", players=2).new(seed=1)).to_json())
    for path in ("/dev/zero", "/no/such/file.json"):
        doc["root"]["options"]["catalogue"] = path
        with pytest.raises(InvalidInput, match="ships with the game") as refused:
            explorer.Explorer.from_json(json.dumps(doc), local_files=False)
        assert path not in str(refused.value), "the answer does not depend on the path"


def test_small_api_holes_are_closed() -> None:
    with pytest.raises(InvalidInput, match="game"):
        explorer.load([])
    with pytest.raises(InvalidInput, match="seed"):
        VILLAGE.new(seed=[1])
    tree = explorer.Explorer(VILLAGE.new(seed=1))
    with pytest.raises(InvalidInput, match="node"):
        tree.annotate("x", 99)
    with pytest.raises(InvalidInput):
        tree.diff(0, 99)
    state = VILLAGE.new(seed=1)
    for bad in ("0", True, 3, -1):
        with pytest.raises(InvalidInput, match="viewer"):
            state.view(bad)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer.cli", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("args", [
    ["simulate", "village", "--option", "players=3", "--n", "2"],
    ["simulate", "village", "--n", "2", "--out", "/nonexistent/dir/x.parquet"],
    ["simulate", "village", "--n", "2", "--option", "x=" + "[" * 500 + "]" * 500],
    ["replay", "/dev/zero"],
])
def test_the_command_line_prints_a_clear_error_not_a_traceback(args: list[str]) -> None:
    done = _cli(*args)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and done.stderr.strip().count("\n") == 0, done.stderr


def test_replay_of_a_non_utf8_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00{")
    done = _cli("replay", str(bad))
    assert done.returncode != 0 and "not UTF-8" in done.stderr and "Traceback" not in done.stderr
