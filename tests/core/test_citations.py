"""`explorer rules GAME --where`: the functions citing each rule, plain before speed."""
from __future__ import annotations

import subprocess
import sys

from explorer.core.citations import citations
from explorer.core.rulebook import rulebook

PLAIN = '''
LIMIT = "at most 3 (V-BRIBE-2)"


def bribe_ok(hand):
    """A bribe names one type [V-BRIBE-2]."""
    return True


class Rules:
    RULE = "V-MARKET-1"

    def refill(self):
        return "refill [V-REFILL-1]"
'''
FAST = '''
def bribe_ok_fast(hand):
    """The twin of rules.bribe_ok [V-BRIBE-2]."""
    return True
'''


def test_citations_list_plain_functions_before_the_speed_layer(tmp_path):
    (tmp_path / "rules.py").write_text(PLAIN)
    (tmp_path / "fast.py").write_text(FAST)
    found = citations("village", tmp_path)
    assert [str(c) for c in found["V-BRIBE-2"]] == [
        "rules (line 1)", "rules.bribe_ok (line 5)", "fast.bribe_ok_fast (line 2) [speed layer]"]
    assert [c.where for c in found["V-REFILL-1"]] == ["rules.Rules.refill"]
    assert [str(c) for c in found["V-MARKET-1"]] == ["rules.Rules (line 10)"]
    assert found["V-COMP-1"] == []


def test_every_assumed_rule_is_cited_in_code():
    """An assumed rule is a rule option: the code that reads the option cites it."""
    for game in ("village", "summoners", "momiji", "pirates"):
        found = citations(game)
        book = rulebook(game)
        assert not [r.id for r in book if r.source == "assumed" and not found[r.id]], game


def test_the_cli_prints_the_index():
    out = subprocess.run([sys.executable, "-m", "explorer.cli", "rules", "pirates", "--where"],
                         capture_output=True, text=True, check=True).stdout
    assert "P-CREW-PAY [assumed]" in out and "    round.Work.payable_crew (line" in out
