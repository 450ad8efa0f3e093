"""The rulings page, generated from the games' catalogues: every ruling (the question it
settles and how the package reads it) and the rule options that select alternatives, with
their defaults.

``python -m danish_nb.tools.rulings_page`` writes ``RULINGS.md`` at the repository root; a
test checks the committed page is up to date.

>>> "DB-a" in rulings_page()
True
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core import GAMES

PAGE = Path("RULINGS.md")


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def rulings_page() -> str:
    """The page as Markdown: one section per game, a table of its rulings and of its options."""
    lines = ["# Rulings", "",
             "Where a source document is silent, ambiguous or contradicts itself, the package settles "
             "the point with a *ruling*; where players reasonably disagree, a rule option selects the "
             "reading. Generated from the rule catalogues by `python -m danish_nb.tools.rulings_page`: "
             "do not edit by hand.", ""]
    for game_id in sorted(GAMES, key=lambda g: GAMES[g].info.source):
        rules = GAMES[game_id]
        info = rules.info
        options = {o.ruling: [] for o in info.options}
        for o in info.options:
            options[o.ruling].append(o)
        lines += [f"## {info.title} (`{info.id}`)", "",
                  f"Source: `danish_nb/sources/{info.source}` ({info.language_name}); family: {info.family}; "
                  f"{info.min_players}-{info.max_players} players.", "",
                  "| ruling | question | our reading | option (default) |", "|---|---|---|---|"]
        for ruling in rules.catalogue.rulings.values():
            chosen = options.get(ruling.id, [])
            opts = ", ".join(f"`{o.name}` ({o.default!r})" for o in chosen) or (
                f"`{ruling.option}`" if ruling.option else "none")
            lines.append(f"| {ruling.id} | {_cell(ruling.question)} | {_cell(ruling.reading)} | {opts} |")
        lines += ["", "| option | default | allowed | ruling | what it does |", "|---|---|---|---|---|"]
        for o in info.options:
            allowed = (", ".join(map(repr, o.choices)) if o.choices else "True, False" if isinstance(o.default, bool)
                       else f"{o.low:,} to {o.high:,}" if o.low is not None else "")
            lines.append(f"| `{o.name}` | {o.default!r} | {allowed} | {o.ruling or ''} | {_cell(o.help_in())} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m danish_nb.tools.rulings_page", description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=PAGE, help="where to write it (default: %(default)s)")
    args = parser.parse_args(argv)
    args.path.write_text(rulings_page(), encoding="utf-8")
    print(f"{args.path}: {sum(len(g.catalogue.rulings) for g in GAMES.values())} rulings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
