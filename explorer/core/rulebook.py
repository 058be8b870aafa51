"""The rules reference: `seeds/<game>.md`, every rule with a stable id and a source tag.

A rule line reads ``- **V-BRIBE-2** [seed] Wilds alone may be added to ...``. Ids are
upper-case words joined by dashes, starting with the game's prefix. Code cites ids in
Reasons and events; tests check that every cited id exists and every id is tested.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

RULE_LINE = re.compile(
    r"^\s*[-*]\s+\*\*(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\*\*\s*"
    r"\[(?P<source>seed|public|assumed|stand-in)\]\s*(?P<text>.+)$")
HEADING = re.compile(r"^(#+)\s+(.*)$")


class Rule(NamedTuple):
    id: str
    source: str
    text: str
    section: str


class RuleBook:
    """The rules of one game, by id, in document order."""

    def __init__(self, game: str, title: str, rules: list[Rule]) -> None:
        self.game = game
        self.title = title
        self._rules = {r.id: r for r in rules}

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self):
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> tuple[str, ...]:
        return tuple(self._rules)

    def cite(self, rule_id: str) -> str:
        """'V-BRIBE-2 [assumed]: text' for an explanation, with the rule's source tag
        (seed, public, assumed or stand-in)."""
        rule = self._rules.get(rule_id)
        if rule is None:
            return rule_id
        return f"{rule.id} [{rule.source}]: {rule.text}"


def seeds_dir() -> Path:
    """Where the rules references live: packaged beside the code, or the repo's seeds/."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "seeds"
    return packaged if packaged.is_dir() else here.parent / "seeds"


def parse(game: str, text: str) -> RuleBook:
    rules: list[Rule] = []
    title = game
    section = ""
    seen: set[str] = set()
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            if heading.group(1) == "#":
                title = heading.group(2).strip()
            else:
                section = heading.group(2).strip()
            continue
        match = RULE_LINE.match(line)
        if match:
            rule_id = match.group("id")
            if rule_id in seen:
                raise ValueError(f"seeds/{game}.md: rule id {rule_id} appears twice")
            seen.add(rule_id)
            rules.append(Rule(rule_id, match.group("source"), match.group("text").strip(), section))
    return RuleBook(game, title, rules)


@lru_cache(maxsize=None)
def rulebook(game: str) -> RuleBook:
    path = seeds_dir() / f"{game}.md"
    return parse(game, path.read_text(encoding="utf-8"))
