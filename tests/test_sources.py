"""Every rule of every game quotes its source document, which ships with the package."""

from __future__ import annotations

from pathlib import Path

import pytest

import danish_nb as dn
from danish_nb.core import DanishNbError, source_text

#: The documents as received, beside the project (absent outside the team's machines and CI).
SHARED = Path(__file__).resolve().parents[2] / "shared" / "sources"


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_every_rule_quotes_a_sentence_of_its_source(game_id):
    rules = dn.GAMES[game_id]
    text = _flat(source_text(rules.source))
    assert len(rules.catalogue) > 0
    for rule in rules.catalogue:
        assert rule.source == rules.source, rule.id
        for piece in rule.quote.split(" … "):
            assert _flat(piece).strip(" .…") in text, (rule.id, piece)
        if rules.source.endswith((".fr.txt", ".de.txt")):
            assert rule.english, f"{rule.id} needs an English rendering"


@pytest.mark.parametrize("game_id", list(dn.GAMES))
def test_every_ruling_names_rules_of_its_catalogue(game_id):
    catalogue = dn.GAMES[game_id].catalogue
    for ruling in catalogue.rulings.values():
        assert ruling.question and ruling.reading, ruling.id
        assert all(rule_id in catalogue.rules for rule_id in ruling.rules), ruling.id


def test_the_packaged_documents_are_the_ones_received():
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is not here to compare with")
    for path in sorted(SHARED.glob("*.txt")):
        assert source_text(path.name) == path.read_text(encoding="utf-8"), path.name


def test_an_unknown_or_escaping_name_is_refused():
    for name in ("nothing.txt", "../core.py", "/etc/passwd"):
        with pytest.raises(DanishNbError):
            source_text(name)
