"""Words a teacher reads: a number with its noun, agreeing.

Every game counts things in its texts (spaces, cards, dice, acorns); `counted` writes
the number and the noun in one agreeing phrase, so no text says "space(s)" or "1 dice".

>>> counted(1, "space"), counted(3, "space"), counted(0, "card")
('1 space', '3 spaces', '0 cards')
>>> counted(1, "die", "dice"), counted(2, "crew die", "crew dice"), counted(1000, "game")
('1 die', '2 crew dice', '1,000 games')
"""
from __future__ import annotations


def plural(noun: str) -> str:
    """The regular plural of an English noun (one that adds -s, -es or -ies)."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def counted(n: int, noun: str, many: str | None = None) -> str:
    """`n` and `noun`, agreeing: "1 space", "2 spaces" (`many` for an irregular plural)."""
    return f"{n:,} {noun if n == 1 else (many or plural(noun))}"
