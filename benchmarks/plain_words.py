"""How many texts a learner reads still show notation: issue 29's bar ``22-plain-words``.

Plays seeded random games of all five games and, at every position, renders the verdict of
several candidate moves (the first legal ones, the last one, and a legal move of another
player, which is out of turn) as the board shows it (``render.html.verdict_html``, rule quotes
left out: they are the source's words) and every event of the move played as each player and
a spectator read it (``Event.text_for``). In French and German a text fails if it shows move
notation, a joker code or an English rank letter on a card (:data:`FOREIGN`); in English if it
shows notation or a joker code (:data:`ENGLISH`).

    python -m benchmarks.plain_words            # counts per language and game
    python -m benchmarks.plain_words --show 5   # and the first few failing texts

It runs on any version of the package that has ``verdict_html(verdict, lang)`` and
``Event.text_for(viewer, lang=...)`` (``PYTHONPATH=<an older tree>`` measures that tree).
"""

from __future__ import annotations

import argparse
import html
import random
import re
from collections import Counter
from collections.abc import Iterator

#: Move notation (the verbs of every game), joker codes, and English rank letters on a card:
#: what a French or German learner must not read (the team's check, .../hooks/before-stop).
FOREIGN = re.compile(r"\bP\d+ (play|take|stock|face-up|keep|pass|bid|trump|swap|hole|open|closed|send|complete|"
                     r"discard|pick-up-open)\b|\b[BR]J\b|(?<!\w)[JQK][♠♥♦♣]")
#: What an English learner must not read: notation (a player, an action word and what notation
#: writes after it) and joker codes; English faces say J, Q, K, and "P1 closed the pile" is English.
ENGLISH = re.compile(r"\bP\d+ (play|open|face-up|discard|complete|swap) (10|[2-9JQKA])|\bP\d+ (closed|hole) \d|"
                     r"\bP\d+ send P\d|\bP\d+ trump (clubs|diamonds|hearts|spades|none)|\bP\d+ bid (play|strike|slam)|"
                     r"\bP\d+ (take|stock|keep|pass|pick-up-open)\b(?! (the|a|an|it|its|up|from|on|over)\b)|"
                     r"\b[BR]J\b")
_QUOTE = re.compile(r'<div class="dn-quote".*?</div>', re.S)
_TAG = re.compile(r"<[^>]+>")

GAMES = ("danish-bastard", "le-danish", "rat-bastard-17", "bastard", "sjavs")


def plain(fragment: str) -> str:
    """An HTML fragment's text as a reader reads it, the rule quotes (the source's own words) left out."""
    return html.unescape(_TAG.sub(" ", _QUOTE.sub(" ", fragment)))


def texts(game_id: str, seed: int, moves: int, langs: tuple[str, ...]) -> Iterator[tuple[str, str, str]]:
    """(lang, kind, text) of every verdict and log line read in ``moves`` moves of one seeded game."""
    import danish_nb as dn
    from danish_nb.render.html import verdict_html
    players = 2 if game_id == "rat-bastard-17" else 3
    game = dn.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        tried = legal[:3] + legal[-1:]
        mover = game.current_player
        tried.append(tried[0]._replace(player=(mover + 1) % players))  # out of turn
        for move in tried:
            verdict = game.explain(move)
            for lang in langs:
                yield lang, "verdict", plain(verdict_html(verdict, lang))
        for event in game.play(rng.choice(legal)):
            for viewer in (*range(players), None):
                for lang in langs:
                    yield lang, "log", event.text_for(viewer, lang=lang)


def scan(seeds: range = range(1, 4), moves: int = 40, langs: tuple[str, ...] = ("fr", "de", "en"),
         games: tuple[str, ...] = GAMES) -> tuple[Counter, Counter, list[str]]:
    """(texts read, texts with notation, the failing texts), counted per (lang, kind, game)."""
    read, bad, shown = Counter(), Counter(), []
    for game_id in games:
        for seed in seeds:
            for lang, kind, text in texts(game_id, seed, moves, langs):
                key = (lang, kind, game_id)
                read[key] += 1
                if (ENGLISH if lang == "en" else FOREIGN).search(text):
                    bad[key] += 1
                    shown.append(f"{lang} {game_id} {kind}: {' '.join(text.split())[:200]}")
    return read, bad, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--show", type=int, default=0, help="print the first failing texts")
    args = parser.parse_args()
    read, bad, shown = scan(range(1, args.seeds + 1), args.moves)
    for lang in ("fr", "de", "en"):
        for kind in ("verdict", "log"):
            total = sum(n for (la, k, _), n in read.items() if (la, k) == (lang, kind))
            wrong = sum(n for (la, k, _), n in bad.items() if (la, k) == (lang, kind))
            per_game = ", ".join(f"{g} {bad[lang, kind, g]}/{read[lang, kind, g]}" for g in GAMES)
            print(f"{lang} {kind:7}: {wrong} of {total} with notation ({per_game})")
    foreign = sum(n for (la, _, _), n in bad.items() if la != "en")
    print(f"22-plain-words (fr/de verdicts and log lines): {foreign} of "
          f"{sum(n for (la, _, _), n in read.items() if la != 'en')}")
    for line in shown[:args.show]:
        print("  ", line)


if __name__ == "__main__":
    main()
