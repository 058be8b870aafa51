"""Rules are the product: every rule has an id, code cites only real ids, and every
id is exercised by some test (named in a `@pytest.mark.rules(...)` marker)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import explorer
from explorer.core import CORE_RULES
from explorer.core.rulebook import parse, rulebook, seeds_dir

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r"""["']((?:[A-Z]{1,4})-[A-Z0-9]+(?:-[A-Z0-9]+)*)["']""")


def prefix_of(game: str) -> str:
    ids = rulebook(game).ids()
    return ids[0].split("-")[0]


def marked_rule_ids() -> set[str]:
    """Every id named by a `rules` marker anywhere under tests/."""
    ids: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "rules"
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "mark"):
                ids.update(a.value for a in node.args
                           if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return ids


@pytest.mark.parametrize("game", explorer.list_games())
def test_rulebook_parses_with_one_prefix(game: str) -> None:
    book = rulebook(game)
    assert len(book) >= 10
    assert len({rule.id.split("-")[0] for rule in book}) == 1
    assert all(rule.text for rule in book)


def test_duplicate_ids_are_refused() -> None:
    text = "# T\n- **T-A-1** [seed] one\n- **T-A-1** [seed] two\n"
    with pytest.raises(ValueError, match="twice"):
        parse("t", text)


def test_seeds_dir_holds_one_file_per_game() -> None:
    assert {p.stem for p in seeds_dir().glob("*.md")} >= set(explorer.list_games())


def test_code_cites_only_existing_rule_ids() -> None:
    prefixes = {prefix_of(g): rulebook(g) for g in explorer.list_games()}
    unknown = []
    for path in (ROOT / "explorer").rglob("*.py"):
        for rule_id in CITED.findall(path.read_text(encoding="utf-8")):
            prefix = rule_id.split("-")[0]
            if prefix == "CORE":
                ok = rule_id in CORE_RULES
            elif prefix in prefixes:
                ok = rule_id in prefixes[prefix]
            else:
                continue
            if not ok:
                unknown.append(f"{path.relative_to(ROOT)}: {rule_id}")
    assert not unknown, "code cites rule ids that seeds/ does not define:\n" + "\n".join(unknown)


def test_every_rule_is_exercised_by_a_test() -> None:
    marked = marked_rule_ids()
    missing = [rule.id for g in explorer.list_games() for rule in rulebook(g) if rule.id not in marked]
    assert not missing, f"rules no test names in @pytest.mark.rules: {missing}"


def test_markers_name_existing_rules() -> None:
    known = {rule.id for g in explorer.list_games() for rule in rulebook(g)} | set(CORE_RULES)
    assert not sorted(marked_rule_ids() - known)
