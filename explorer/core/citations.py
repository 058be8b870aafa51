"""Where each rule lives in the code: the functions that cite a rule id, plain first.

A teacher-developer checking a rule against `seeds/<game>.md` asks where the engine
states it. Code cites rule ids in docstrings, Reasons and events ("[V-BRIBE-2]",
"(S-PLACE-4)", ``Reason("P-BUY", ...)``); this module reads a game's package with `ast`
(nothing is imported or run) and lists, for each id of the game's rules reference, the
functions whose text cites it. Citations in the speed layer (`fast.py`, the
game's faster twins of plain rules) come after the plain ones, marked as such, so the
reader opens the plain statement first.

`explorer rules GAME --where` prints the index.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

from .rulebook import rulebook

GAMES = Path(__file__).resolve().parent.parent / "games"
SPEED_MODULES = frozenset({"fast"})
"""Modules of a game that hold only its speed layer (faster twins of plain rules)."""
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")


class Citation(NamedTuple):
    """One function citing a rule: `module.qualified_name`, its line, and its layer."""

    where: str
    line: int
    speed: bool

    def __str__(self) -> str:
        return f"{self.where} (line {self.line}){' [speed layer]' if self.speed else ''}"


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _functions(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """Every function, method and class of a module, with its qualified name, and the
    module body itself ("<module>") for constants at the top level. A class stands for
    the constants of its own body: a move's `RULE`, an option's rule."""
    found: list[tuple[str, ast.AST]] = [("<module>", tree)]

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _SCOPES):
                found.append((prefix + child.name, child))
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def _strings(node: ast.AST) -> list[str]:
    """The string constants of `node`'s own body: a nested function or class is listed
    on its own."""
    out: list[str] = []

    def visit(n: ast.AST) -> None:
        for child in ast.iter_child_nodes(n):
            if isinstance(child, _SCOPES):
                continue
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                out.append(child.value)
            visit(child)

    visit(node)
    return out


def citations(game: str, package: Path | None = None) -> dict[str, list[Citation]]:
    """For each rule id of `game`'s rules reference, the functions of its package that
    cite it, plain ones first (in file order), then the speed layer's."""
    book = rulebook(game)
    ids = {rule.id for rule in book}
    found: dict[str, list[Citation]] = {rule.id: [] for rule in book}
    folder = package or GAMES / game
    for path in sorted(folder.rglob("*.py")):
        module = ".".join(path.relative_to(folder).with_suffix("").parts)
        speed = path.stem in SPEED_MODULES
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, node in _functions(tree):
            cited = {m for text in _strings(node) for m in RULE_ID.findall(text)}
            line = getattr(node, "lineno", 1)
            for rule_id in sorted(cited & ids):
                found[rule_id].append(Citation(f"{module}.{name}" if name != "<module>" else module, line, speed))
    for rule_id in found:
        found[rule_id].sort(key=lambda c: c.speed)
    return found
