"""What the rules do, measured: play many seeded games with computer seats, in parallel, and
summarise them (tables and plots).

An optional layer (``pip install danish-nb[sim]``: pandas, matplotlib, tqdm, dask): the core never
imports it, and matplotlib is imported only when a ``plot_*`` function is called.

>>> from danish_nb import sim
>>> df = sim.simulate("rat-bastard-17", games=4, seed=1, executor="serial", progress=False)
>>> df["winner"].tolist(), df["draw_reason"].tolist()
([2, 1, <NA>, 2], [<NA>, <NA>, 'repetition', <NA>])

One row per game, in game order (the index counts games from 0):

- ``game`` (game id), ``players``, ``seats`` (the computer player of each seat, a tuple), ``seed``
  (the deal: ``dn.new_game(game, players, seed, options)`` deals it again);
- ``options.<name>``: every rule option of the game, defaults included;
- ``moves`` (moves played), ``deals`` (deals played: 1 but in the trick games' matches);
- ``draw``, ``draw_reason`` (``"repetition"``, ``"turn limit"``, ``"tie"``: equal best or equal
  worst scores; ``<NA>`` when not a draw);
- ``winner`` (the first of the finishing order as a seat number, P1 = 1: in the scored games the
  highest total, also in Sjavs, whose rules name only a loser; ``<NA>`` for a draw),
  ``winner_seat`` (that seat's computer player), ``loser`` (seat number, where the game names one),
  ``order`` (finishing order as seat numbers, a tuple; partial for some draws), ``scores`` (a tuple,
  for games that score; else ``None``), ``reason`` (the game's own sentence, in ``simulate``'s ``lang``).

Each game's seed is derived from ``seed`` and its index only, so the same ``seed`` gives the same
table whatever the executor, the number of workers or the chunk size.
"""

from __future__ import annotations

import hashlib
import math
import os
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any

import pandas as pd

from .agents import make_agent, play_out
from .core import GAMES, Game, OptionsError, Result, get_game, new_game, option_infos
from .i18n import N_, check_lang, joined, number_text, translator
from .words import SEAT_WORDS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["COLUMNS", "Table", "compare", "draw_kind", "draw_table", "game_seed", "option_variants", "plot_draws",
           "plot_lengths", "plot_options", "plot_seats", "rotations", "seat_table", "simulate", "strength_table",
           "summary_table", "variant_words", "wilson"]

#: The result columns, in order (the ``options.<name>`` columns follow ``seed``).
COLUMNS = ("game", "players", "seats", "seed", "moves", "deals", "draw", "draw_reason", "winner",
           "winner_seat", "loser", "order", "scores", "reason")

#: Values tried for whole-number options that have no list of choices (the others are safety caps).
INT_ALTERNATIVES = {"repetitions": (2, 5, 0)}


# --------------------------------------------------------------------------- seeds and one game

def _derive(*parts: object) -> int:
    """A 63-bit seed that depends only on ``parts`` (stable across processes and machines)."""
    digest = hashlib.sha256(("danish-nb/sim/" + "/".join(map(str, parts))).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a simulation started with ``seed``.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return _derive(seed, index)


def _play_one(game_id: str, players: int, options: Mapping[str, Any] | None, seats: Sequence[str],
              seed: int) -> Game:
    """Deal game ``seed`` and play it out with one seeded computer player per seat."""
    game = new_game(game_id, players, seed, options)
    play_out(game, [make_agent(name, game_id, _derive(seed, "seat", s)) for s, name in enumerate(seats)])
    return game


#: A draw's ``Result.reason_id`` as the simulation tables name it (any other: ``"other"``).
DRAW_KINDS = {"repetition": "repetition", "turn-limit": "turn limit", "tie": "tie"}


def draw_kind(result: Result) -> str:
    """The short name of why a game was drawn, from its machine-readable ``reason_id``:
    ``"repetition"``, ``"turn limit"``, ``"tie"`` or ``"other"``.

    >>> draw_kind(Result(draw=True, reason="draw: the turn limit of 1000 moves was reached", reason_id="turn-limit"))
    'turn limit'
    """
    return DRAW_KINDS.get(result.reason_id, "other")


def _row(index: int, game: Game, seats: Sequence[str], lang: str = "en") -> dict[str, Any]:
    result = game.result
    options = {f"options.{info.name}": getattr(game.options, info.name)
               for info in option_infos(game.rules.options_type)}
    winner = None if result.draw or not result.order else result.order[0] + 1
    return {
        "index": index, "game": game.rules.id, "players": game.players, "seats": tuple(seats),
        "seed": game.seed, **options, "moves": len(game.history),
        "deals": len(getattr(game.state, "deal_scores", ())) or 1, "draw": result.draw,
        "draw_reason": draw_kind(result) if result.draw else None, "winner": winner,
        "winner_seat": seats[winner - 1] if winner else None,
        "loser": None if result.loser is None else result.loser + 1,
        "order": tuple(p + 1 for p in result.order), "scores": result.scores,
        "reason": result.reason_in(lang),
    }


def _run_chunk(game_id: str, players: int, options: Mapping[str, Any] | None, seats: tuple[str, ...],
               seed: int, indices: range, lang: str = "en") -> list[dict[str, Any]]:
    """Play the games ``indices`` of a simulation (runs in a worker); ``reason`` in ``lang``."""
    return [_row(i, _play_one(game_id, players, options, seats, game_seed(seed, i)), seats, lang) for i in indices]


# --------------------------------------------------------------------------- simulate

def _frame(rows: Iterable[dict[str, Any]], option_names: Sequence[str]) -> pd.DataFrame:
    columns = ["index", *COLUMNS[:4], *(f"options.{n}" for n in option_names), *COLUMNS[4:]]
    df = pd.DataFrame(sorted(rows, key=lambda r: r["index"]), columns=columns).set_index("index")
    df.index.name = None
    df = df.astype({"players": "int64", "seed": "int64", "moves": "int64", "deals": "int64", "draw": "bool",
                    "winner": "Int64", "loser": "Int64", "draw_reason": "string", "winner_seat": "string"})
    return df


def _check_seats(rules: Any, players: int | None, seats: str | Sequence[str]) -> tuple[int, tuple[str, ...]]:
    if isinstance(seats, str):
        players = rules.min_players if players is None else players
        return players, (seats,) * players if isinstance(players, int) and players > 0 else ()
    if not isinstance(seats, Sequence) or not seats or not all(isinstance(s, str) for s in seats):
        raise OptionsError(f"seats must be a computer player's name or one name per seat, not {seats!r}")
    if players is None:
        players = len(seats)
    if players != len(seats):
        raise OptionsError(f"{len(seats)} seats given for {players} players: give one computer player per "
                           f"seat, or one name for every seat")
    return players, tuple(seats)


def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OptionsError(f"{name} must be a whole number from 1, not {value!r}")
    return value


def simulate(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None,
             seats: str | Sequence[str] = "random", games: int = 100, seed: int = 0,
             executor: Executor | str | None = None, *, workers: int | None = None, chunk_size: int = 10,
             progress: bool = True, on_chunk: Callable[[pd.DataFrame], None] | None = None,
             lang: str = "en") -> pd.DataFrame:
    """Play ``games`` seeded games with computer seats and return one row per game (see the module);
    each game's ``reason`` in ``lang``.

    ``seats``: one computer player's name for every seat (``"random"``, ``"rule-of-thumb"``) or one
    name per seat; ``players`` defaults to the number of seats, else the game's fewest.
    ``executor``: ``None`` runs the chunks of ``chunk_size`` games on a local process pool of
    ``workers`` processes (default: every core); ``"serial"`` runs them here, one after another; any
    ``concurrent.futures.Executor`` (e.g. a Dask ``Client(...).get_executor()``) runs them there.
    ``on_chunk`` is called here with each finished chunk's rows. A progress bar shows unless
    ``progress=False``.

    Interrupting (Ctrl-C, the notebook's stop button, or ``on_chunk`` raising ``KeyboardInterrupt``)
    returns the chunks finished so far, with a warning; ``df.attrs["complete"]`` says which.

    >>> df = simulate("danish-bastard", seats=("rule-of-thumb", "random"), games=2, executor="serial",
    ...               progress=False)
    >>> df[["players", "draw", "winner", "winner_seat"]].values.tolist()
    [[2, False, 1, 'rule-of-thumb'], [2, False, 1, 'rule-of-thumb']]
    """
    rules = get_game(game_id)
    check_lang(lang)
    players, seats = _check_seats(rules, players, seats)
    new_game(game_id, players, 0, options)  # checks the player count and the options
    for name in set(seats):
        make_agent(name, game_id, 0)
    games, chunk_size = _positive("games", games), _positive("chunk_size", chunk_size)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"seed must be a whole number, not {seed!r}")
    if workers is not None:
        _positive("workers", workers)
    if not (executor is None or executor == "serial" or isinstance(executor, Executor)):
        raise OptionsError(f"executor must be None (a local process pool), 'serial' or a "
                           f"concurrent.futures.Executor, not {executor!r}")
    options = dict(options or {})
    option_names = [info.name for info in option_infos(rules.options_type)]
    chunks = [range(start, min(start + chunk_size, games)) for start in range(0, games, chunk_size)]
    rows: list[dict[str, Any]] = []
    from tqdm.auto import tqdm

    bar = tqdm(total=games, desc=game_id, unit="game", disable=not progress)

    def finished(chunk_rows: list[dict[str, Any]]) -> None:
        rows.extend(chunk_rows)
        bar.update(len(chunk_rows))
        if on_chunk is not None:
            on_chunk(_frame(chunk_rows, option_names))

    owned = ProcessPoolExecutor(workers or os.cpu_count() or 1) if executor is None else None
    pool = owned or executor
    futures: list[Future] = []
    try:
        if executor == "serial":
            for chunk in chunks:
                finished(_run_chunk(game_id, players, options, seats, seed, chunk, lang))
        else:
            futures = [pool.submit(_run_chunk, game_id, players, options, seats, seed, chunk, lang) for chunk in chunks]
            for future in as_completed(futures):
                finished(future.result())
    except KeyboardInterrupt:
        for future in futures:
            future.cancel()
        warnings.warn(f"interrupted: {len(rows)} of {games} games were played (the finished chunks)",
                      RuntimeWarning, stacklevel=2)
    finally:
        bar.close()
        if owned is not None:
            owned.shutdown(wait=len(rows) == games, cancel_futures=True)
    df = _frame(rows, option_names)
    df.attrs.update(complete=len(df) == games, games=games, seed=seed)
    return df


def compare(game_id: str, variants: Mapping[str, Mapping[str, Any]], **common: Any) -> pd.DataFrame:
    """:func:`simulate` once per variant (a label and the keyword arguments it changes), with the
    same seed, so each variant plays the same deals; the rows are stacked with a ``variant`` column.
    An interrupted variant ends the comparison (the variants after it are not played).

    >>> df = compare("rat-bastard-17", {"defaults": {}, "court 10": {"options": {"court_value": 10}}},
    ...              games=3, executor="serial", progress=False)
    >>> df.groupby("variant", observed=True).size().to_dict()
    {'defaults': 3, 'court 10': 3}
    """
    if not isinstance(variants, Mapping) or not variants:
        raise OptionsError("variants must be a non-empty dict: label -> simulate() keyword arguments")
    frames = []
    for label, changes in variants.items():
        if not isinstance(changes, Mapping):
            raise OptionsError(f"variant {label!r} must be a dict of simulate() keyword arguments, not {changes!r}")
        frame = simulate(game_id, **{**common, **changes})
        frames.append(frame.assign(variant=label))
        if not frame.attrs["complete"]:
            break
    df = pd.concat(frames)
    df["variant"] = pd.Categorical(df["variant"], categories=list(variants), ordered=True)
    df.attrs.update(complete=len(frames) == len(variants) and frames[-1].attrs["complete"])
    return df


def option_variants(game_id: str, names: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    """``"defaults"`` and, for each rule option (or those ``names``), a variant per other value:
    flipped switches, the other choices, and :data:`INT_ALTERNATIVES`; for :func:`compare`.

    >>> list(option_variants("rat-bastard-17", ["wild"]))
    ['defaults', 'wild=jokers+twos', 'wild=none']
    """
    infos = {info.name: info for info in option_infos(get_game(game_id).options_type)}
    chosen = list(infos) if names is None else list(names)
    for name in chosen:
        if name not in infos:
            raise OptionsError(f"{game_id} has no option {name!r}; its options are: {', '.join(infos)}")
    variants: dict[str, dict[str, Any]] = {"defaults": {}}
    for name in chosen:
        info = infos[name]
        if isinstance(info.default, bool):
            values: Iterable[Any] = (not info.default,)
        elif info.choices:
            values = (c for c in info.choices if c != info.default)
        else:
            values = INT_ALTERNATIVES.get(name, ())
        for value in values:
            variants[f"{name}={value}"] = {"options": {name: value}}
    return variants


def rotations(seats: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The seating ``seats`` and its rotations (each player in each seat in turn), as :func:`compare`
    variants labelled by their seats: a fair comparison of computer players.

    >>> list(rotations(("rule-of-thumb", "random", "random")))
    ['rule-of-thumb, random, random', 'random, random, rule-of-thumb', 'random, rule-of-thumb, random']
    """
    seats = tuple(seats)
    turned = (seats[i:] + seats[:i] for i in range(len(seats)))
    return {", ".join(t): {"seats": t} for t in dict.fromkeys(turned)}


# --------------------------------------------------------------------------- statistics

def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z=1.96``).

    >>> [round(x, 3) for x in wilson(20, 100)]
    [0.133, 0.289]
    """
    if n == 0:
        return (math.nan, math.nan)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(successes: int, n: int) -> dict[str, float]:
    low, high = wilson(successes, n)
    return {"rate": successes / n if n else math.nan, "low": low, "high": high}


def _groups(df: pd.DataFrame, by: str | None) -> Iterable[tuple[Any, pd.DataFrame]]:
    if by is None:
        return [("all", df)]
    return df.groupby(by, observed=True, sort=True)


#: The tables' column and index names (a table asked for in another language is renamed).
HEADINGS = frozenset({N_("wins"), N_("games"), N_("rate"), N_("low"), N_("high"), N_("even share"), N_("draws"),
                      N_("repetition"), N_("turn limit"), N_("tie"), N_("mean moves"), N_("median moves"),
                      N_("mean deals"), N_("draw rate"), N_("draw low"), N_("draw high"), N_("P1 wins"),
                      N_("P1 low"), N_("P1 high"), N_("seats played"), N_("seat"), N_("player"), N_("variant")})


class Table(pd.DataFrame):
    """A summary table: a DataFrame whose HTML (as Jupyter draws it) shows each named index
    level as a column under its own heading, and leaves unnamed levels out, so no header cell is
    empty (pandas leaves the index's corner cell empty: assistive technology reads an unnamed
    column). A table in a language (``attrs["lang"]``, which :func:`seat_table` and the others
    set) writes its numbers as that language does (:func:`~danish_nb.i18n.number_text`: "0,367"
    in French and German); a table in none is the program's data, its headings the names code
    reads (``df["winner"]``), marked as notation (``translate="no"``). Anything computed from
    it is a plain DataFrame.

    >>> t = Table({"wins": [3]}, index=pd.Index(["P1"], name="seat"))
    >>> "<th></th>" in t._repr_html_(), "<th>seat</th>" in t._repr_html_(), '<thead translate="no">' in t._repr_html_()
    (False, True, True)
    >>> "<th></th>" in Table({"game": ["sjavs"]})._repr_html_()
    False
    >>> "<td>0,367</td>" in _in(pd.DataFrame({"rate": [11 / 30]}), "fr")._repr_html_()
    True
    """

    def _repr_html_(self) -> str:
        named = [i for i, name in enumerate(self.index.names) if name is not None]
        frame = self.reset_index(level=named) if named else self
        lang = self.attrs.get("lang")
        html = frame.to_html(index=False, max_rows=pd.get_option("display.max_rows"),
                             max_cols=pd.get_option("display.max_columns"),
                             float_format=(lambda value: number_text(value, ".3f", lang)) if lang not in (None, "en")
                             else None)
        return html if lang is not None else html.replace("<thead>", '<thead translate="no">', 1)


def variant_words(game_id: str, label: Any, lang: str = "en") -> Any:
    """A row's label in words in ``lang``: a variant of :func:`option_variants` as the settings panel
    names its option and choice, any other label (a computer player, a variant of the caller's)
    through the catalogue (as it is if the catalogue has no entry); a number as it is.

    >>> variant_words("le-danish", "after_pickup=next-player"), variant_words("le-danish", "at_most_three=True", "fr")
    ('after pickup “the player after the one who picked up”', 'option «\u202ftrois au plus\u202f» activée')
    >>> variant_words("sjavs", "defaults", "de"), variant_words("sjavs", "rule-of-thumb", "fr"), variant_words("", 2)
    ('Standard', 'règle empirique', 2)
    """
    if not isinstance(label, str):
        return label
    tr = translator(lang)
    changed = option_variants(game_id).get(label, {}).get("options", {})
    if len(changed) == 1:
        from .lessons import choice

        ((name, value),) = changed.items()
        return tr.render(choice(game_id, name, value))
    return tr(SEAT_WORDS.get(label, label))


def _in(table: pd.DataFrame, lang: str, game_id: str | None = None) -> Table:
    """``table`` with its column and index names in ``lang``, as a :class:`Table`, and its rows'
    labels in words (:func:`variant_words`) if ``game_id`` is given.

    >>> _in(pd.DataFrame({"wins": [1]}), "fr").columns.tolist()
    ['victoires']
    """
    if game_id is not None:
        words = {value: variant_words(game_id, value, lang) for value in table.index.get_level_values(0).unique()}
        table = table.rename(index=words, level=0 if isinstance(table.index, pd.MultiIndex) else None)
    if lang != "en":
        tr = translator(lang)
        table = table.rename(columns=lambda c: tr(c) if c in HEADINGS else c)
        table.index.names = [tr(n) if n in HEADINGS else n for n in table.index.names]
    shown = Table(table)
    shown.attrs["lang"] = lang
    return shown


def seat_table(df: pd.DataFrame, by: str | None = None, lang: str = "en") -> Table:
    """Wins per seat (P1 first) with 95% intervals and each seat's even share (draws win nothing),
    overall or per ``by`` group.

    >>> t = seat_table(simulate("rat-bastard-17", games=10, executor="serial", progress=False))
    >>> t.index.tolist(), t.columns.tolist()
    ([1, 2], ['wins', 'games', 'rate', 'low', 'high', 'even share'])
    """
    return _in(_seats(df, by), lang, _one_value(df, "game"))


def _seats(df: pd.DataFrame, by: str | None) -> pd.DataFrame:
    """:func:`seat_table`'s rows, labelled as the program names them."""
    players = _one_value(df, "players")
    rows = {}
    for key, group in _groups(df, by):
        for seat in range(1, players + 1):
            wins = int((group["winner"] == seat).sum())
            rows[seat if by is None else (key, seat)] = {"wins": wins, "games": len(group), **_rate(wins, len(group)),
                                                         "even share": 1 / players}
    table = pd.DataFrame.from_dict(rows, orient="index")
    if by is None:
        table.index.name = "seat"
    else:
        table.index = pd.MultiIndex.from_tuples(table.index, names=[by, "seat"])
    return table


def _one_value(df: pd.DataFrame, column: str) -> Any:
    values = df[column].unique()
    if len(values) != 1:
        raise OptionsError(f"this table needs one value of {column!r}, not {list(values)}: select rows first")
    return values[0]


def draw_table(df: pd.DataFrame, by: str | None = None, lang: str = "en") -> Table:
    """Draw rate with 95% interval, and the rate of each draw reason, overall or per ``by`` group.

    >>> draw_table(simulate("rat-bastard-17", games=10, executor="serial", progress=False)).columns.tolist()
    ['games', 'draws', 'rate', 'low', 'high', 'repetition', 'turn limit', 'tie']
    """
    return _in(_draws(df, by), lang, _one_value(df, "game"))


def _draws(df: pd.DataFrame, by: str | None) -> pd.DataFrame:
    """:func:`draw_table`'s rows, labelled as the program names them."""
    reasons = ["repetition", "turn limit", "tie"] + sorted(set(df["draw_reason"].dropna()) -
                                                            {"repetition", "turn limit", "tie"})
    rows = {}
    for key, group in _groups(df, by):
        draws = int(group["draw"].sum())
        rows[key] = {"games": len(group), "draws": draws, **_rate(draws, len(group)),
                     **{r: float((group["draw_reason"] == r).sum()) / len(group) for r in reasons}}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = by
    return table


def summary_table(df: pd.DataFrame, by: str = "variant", lang: str = "en") -> Table:
    """Per ``by`` group: games, mean and median moves, mean deals, draw rate and P1's win rate
    (with 95% intervals): how each variant changes the length and the outcome.

    >>> df = compare("rat-bastard-17", option_variants("rat-bastard-17", ["court_value"]), games=4,
    ...              executor="serial", progress=False)
    >>> summary_table(df).index.tolist()
    ['defaults', 'court value “10”']
    """
    return _in(_summary(df, by), lang, _one_value(df, "game"))


def _summary(df: pd.DataFrame, by: str) -> pd.DataFrame:
    """:func:`summary_table`'s rows, labelled as the program names them."""
    rows = {}
    for key, group in _groups(df, by):
        n, draws, p1 = len(group), int(group["draw"].sum()), int((group["winner"] == 1).sum())
        draw, first = _rate(draws, n), _rate(p1, n)
        rows[key] = {"games": n, "mean moves": group["moves"].mean(), "median moves": group["moves"].median(),
                     "mean deals": group["deals"].mean(), "draw rate": draw["rate"], "draw low": draw["low"],
                     "draw high": draw["high"], "P1 wins": first["rate"], "P1 low": first["low"],
                     "P1 high": first["high"]}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = by
    return table


def strength_table(df: pd.DataFrame, lang: str = "en") -> Table:
    """Per computer player: seats it played, games it won, its win rate per seat with a 95%
    interval, and the even share (one game in ``players``), from games with mixed seats.

    >>> df = simulate("rat-bastard-17", seats=("rule-of-thumb", "random"), games=4, executor="serial",
    ...               progress=False)
    >>> strength_table(df).index.tolist()
    ['random', 'rule of thumb']
    """
    players = _one_value(df, "players")
    played: dict[str, int] = {}
    for seats in df["seats"]:
        for name in seats:
            played[name] = played.get(name, 0) + 1
    wins = df["winner_seat"].value_counts()
    rows = {name: {"seats played": n, "wins": int(wins.get(name, 0)), **_rate(int(wins.get(name, 0)), n),
                   "even share": 1 / players} for name, n in sorted(played.items())}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "player"
    return _in(table, lang, _one_value(df, "game"))


# --------------------------------------------------------------------------- plots

def _figure(width: float = 6.0, height: float = 3.2, ncols: int = 1) -> tuple[Figure, Any]:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, ncols, figsize=(width, height), dpi=80, squeeze=False, layout="constrained")
    return fig, axes[0]


def _numbers_in(fig: Figure, lang: str) -> Figure:
    """``fig`` with its axes' numbers written as ``lang`` writes them (:func:`~danish_nb.i18n.number_text`:
    "0,2" in French and German); named ticks and log scales keep their own labels.

    >>> fig, (ax,) = _figure(); ax.plot([0, 0.5], [0, 1]) and None
    >>> _numbers_in(fig, "de").axes[0].yaxis.get_major_formatter()(0.25, 0)
    '0,25'
    """
    if lang == "en":
        return fig
    from matplotlib.ticker import FuncFormatter, ScalarFormatter

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if type(axis.get_major_formatter()) is ScalarFormatter:
                axis.set_major_formatter(FuncFormatter(lambda value, _pos: number_text(value, "g", lang)))
    return fig


def _title(df: pd.DataFrame, by: str | None = None, lang: str = "en") -> str:
    """``'Bastard, 3 players (random and rule of thumb), 100 games per variant'``"""
    tr = translator(lang)
    seated = sorted({name for seats in df["seats"] for name in seats})
    names = tr.render(joined(tr(SEAT_WORDS.get(name, name)) for name in seated))
    n = len(df) if by is None else int(df.groupby(by, observed=True).size().max())
    games = tr.n("{n} game", "{n} games", n) if by is None else \
        tr.n("{n} game per {group}", "{n} games per {group}", n, group=tr(by))
    return tr("{game}, {players} players ({names}), {games}", game=GAMES[df["game"].iloc[0]].title,
              players=int(df["players"].iloc[0]), names=names, games=games)


def plot_seats(df: pd.DataFrame, by: str | None = None, lang: str = "en") -> Figure:
    """Bars: how often each seat wins, with 95% intervals, one colour per ``by`` group; dashed: an
    even share."""
    tr, game = translator(lang), _one_value(df, "game")
    table = _seats(df, by)
    players = _one_value(df, "players")
    fig, (ax,) = _figure()
    groups = [None] if by is None else list(dict.fromkeys(table.index.get_level_values(0)))
    width = 0.8 / len(groups)
    for i, key in enumerate(groups):
        part = table if key is None else table.loc[key]
        x = [seat - 1 - 0.4 + width * (i + 0.5) for seat in part.index]
        ax.bar(x, part["rate"], width, yerr=[(part["rate"] - part["low"]).clip(lower=0),
                                             (part["high"] - part["rate"]).clip(lower=0)],
               capsize=3, color=f"C{i}", label=None if key is None else variant_words(game, key, lang))
    ax.set_xticks(range(players), [f"P{seat}" for seat in range(1, players + 1)])
    ax.axhline(1 / players, color="grey", linestyle="--", label=tr("even share"))
    ax.set_ylim(0, 1)
    ax.set_ylabel(tr("share of games won"))
    ax.legend(loc="upper right")
    fig.suptitle(f"{tr('How often each seat wins (95% intervals)')}\n{_title(df, by, lang)}", fontsize=10)
    return _numbers_in(fig, lang)


def plot_lengths(df: pd.DataFrame, by: str | None = None, lang: str = "en") -> Figure:
    """Histograms of moves per game (and of deals per match when deals vary), one colour per ``by``
    group; on a log scale when the longest game is over ten times the shortest."""
    import numpy as np

    tr, game = translator(lang), _one_value(df, "game")
    axis = {("moves", False): N_("moves per game"), ("moves", True): N_("moves per game (log scale)"),
            ("deals", False): N_("deals per game"), ("deals", True): N_("deals per game (log scale)")}
    varied = df["deals"].nunique() > 1
    fig, axes = _figure(9.0 if varied else 6.0, 3.2, 2 if varied else 1)
    for column, ax in zip(("moves", "deals"), axes):
        low, high = int(df[column].min()), int(df[column].max())
        log = high > 10 * low > 0
        edges = (np.geomspace(low, high + 1, 31) if log else
                 np.linspace(low - 0.5, high + 0.5, min(30, high - low + 1) + 1))
        for key, group in _groups(df, by):
            ax.hist(group[column], bins=edges, alpha=0.6 if by else 1.0, label=variant_words(game, key, lang))
        if log:
            ax.set_xscale("log")
        ax.set_xlabel(tr(axis[column, log]))
        ax.set_ylabel(tr("games"))
        if by:
            ax.legend()
    fig.suptitle(f"{tr('How long the games last')}\n{_title(df, by, lang)}", fontsize=10)
    return _numbers_in(fig, lang)


def plot_draws(df: pd.DataFrame, by: str, lang: str = "en") -> Figure:
    """Stacked bars: the share of games drawn per ``by`` group, split by reason; whiskers: 95%
    interval of the whole draw rate."""
    tr, game = translator(lang), _one_value(df, "game")
    table = _draws(df, by)
    fig, (ax,) = _figure()
    labels = [variant_words(game, k, lang) for k in table.index]
    bottom = pd.Series(0.0, index=table.index)
    for i, reason in enumerate(table.columns[5:]):
        if table[reason].any():
            ax.bar(labels, table[reason], bottom=bottom, label=tr(reason), color=f"C{i + 1}")
            bottom += table[reason]
    ax.errorbar(labels, table["rate"], yerr=[(table["rate"] - table["low"]).clip(lower=0),
                                             (table["high"] - table["rate"]).clip(lower=0)],
                fmt="none", ecolor="black", capsize=4)
    ax.set_ylim(0, 1)
    ax.set_ylabel(tr("share of games drawn"))
    if bottom.any():
        ax.legend(title=tr("draw reason"), loc="upper right")
    fig.suptitle(f"{tr('How often the games end in a draw, and why (95% intervals)')}\n{_title(df, by, lang)}",
                 fontsize=10)
    return _numbers_in(fig, lang)


def plot_options(df: pd.DataFrame, by: str = "variant", lang: str = "en") -> Figure:
    """Side by side for each ``by`` group: mean moves, draw rate and P1's win rate (95% intervals)."""
    tr, game = translator(lang), _one_value(df, "game")
    table = _summary(df, by)
    labels = [variant_words(game, k, lang) for k in table.index]
    fig, axes = _figure(10.0, 0.8 + 0.35 * len(labels), 3)
    axes[0].barh(labels, table["mean moves"], color="C0")
    axes[0].set_xlabel(tr("mean moves per game"))
    axes[0].invert_yaxis()
    for ax, name, column in ((axes[1], "draw", "draw rate"), (axes[2], "P1", "P1 wins")):
        rate, low, high = table[column], table[f"{name} low"], table[f"{name} high"]
        ax.barh(labels, rate, xerr=[(rate - low).clip(lower=0), (high - rate).clip(lower=0)], capsize=3,
                color="C1" if name == "draw" else "C2")
        ax.set_xlim(0, 1)
        ax.set_xlabel(tr("share of games drawn") if name == "draw" else tr("share of games P1 wins"))
        ax.set_yticklabels([])
        ax.invert_yaxis()
    fig.suptitle(f"{tr('What each rule option changes: length, draws, first seat (95% intervals)')}\n"
                 f"{tr('{title}, the same deals', title=_title(df, by, lang))}", fontsize=10)
    return _numbers_in(fig, lang)
