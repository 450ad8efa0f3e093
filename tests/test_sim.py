"""The simulation layer: per-game rows, the same table whatever the executor, interruption,
argument errors, statistics and plots (small runs; no timing assertions)."""

from __future__ import annotations

import multiprocessing
import signal
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

import danish_nb as dn
from danish_nb import sim

RB = "rat-bastard-17"


def run(game_id: str = RB, **kwargs) -> pd.DataFrame:
    return sim.simulate(game_id, **{"games": 12, "seed": 5, "executor": "serial", "progress": False, **kwargs})


def test_columns_and_dtypes():
    df = run("bastard", seats=("rule-of-thumb", "random", "random"), games=3)
    options = ["options.points_per_trick", "options.both_sevens_per_trick", "options.deals",
               "options.target_score"]
    assert list(df.columns) == [*sim.COLUMNS[:4], *options, *sim.COLUMNS[4:]]
    assert list(df.index) == [0, 1, 2]
    assert {c: str(df[c].dtype) for c in ("players", "seed", "moves", "deals", "draw", "winner", "loser")} == {
        "players": "int64", "seed": "int64", "moves": "int64", "deals": "int64", "draw": "bool",
        "winner": "Int64", "loser": "Int64"}
    assert df["draw_reason"].dtype == "string" and df["winner_seat"].dtype == "string"
    row = df.iloc[0]
    assert row["game"] == "bastard" and row["players"] == 3
    assert row["seats"] == ("rule-of-thumb", "random", "random")
    assert row["options.deals"] == 0 and row["deals"] == 3  # one deal per player
    assert len(row["scores"]) == 3 and sorted(row["order"]) == [1, 2, 3]


def test_a_row_is_the_game_replayed_from_its_seed():
    df = run(games=3, seats=("rule-of-thumb", "random"), options={"court_value": 10})
    for _, row in df.iterrows():
        game = sim._play_one(RB, 2, {"court_value": 10}, row["seats"], int(row["seed"]))
        assert len(game.history) == row["moves"]
        assert game.result.draw == row["draw"]
        assert game.result.reason == row["reason"]
        assert row["options.court_value"] == 10
        if not row["draw"]:
            assert row["winner"] == game.result.order[0] + 1
            assert row["winner_seat"] == row["seats"][row["winner"] - 1]


def test_seeds_depend_on_seed_and_index_only():
    assert list(run(games=6)["seed"]) == [sim.game_seed(5, i) for i in range(6)]
    assert run(games=6, chunk_size=4).equals(run(games=6, chunk_size=1))
    assert not run(games=6, seed=6)["seed"].equals(run(games=6)["seed"])


def test_same_table_serial_process_pool_and_dask():
    kwargs = {"players": 3, "seats": ("rule-of-thumb", "random", "random"), "games": 9, "seed": 11,
              "progress": False}
    serial = sim.simulate("danish-bastard", executor="serial", chunk_size=4, **kwargs)
    pooled = sim.simulate("danish-bastard", executor=None, workers=2, chunk_size=2, **kwargs)
    pd.testing.assert_frame_equal(serial, pooled)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        # fresh interpreters: another hash seed, as on a cluster's machines
        pd.testing.assert_frame_equal(serial, sim.simulate("danish-bastard", executor=pool, chunk_size=3, **kwargs))
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed "
                                      "(pip install danish-nb[sim]): the Dask executor is not tested")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = sim.simulate("danish-bastard", executor=client.get_executor(), chunk_size=5, **kwargs)
    pd.testing.assert_frame_equal(serial, on_dask)


def test_a_known_draw_rate():
    df = sim.simulate(RB, games=40, seed=0, executor="serial", progress=False)
    table = sim.draw_table(df)
    assert table.loc["all", "draws"] == 17 and table.loc["all", "repetition"] == 17 / 40
    no_repetition = sim.simulate(RB, games=40, seed=0, executor="serial", progress=False,
                                 options={"repetitions": 0, "turn_limit": 300})
    assert set(no_repetition["draw_reason"].dropna()) == {"turn limit"}


def test_a_draw_reason_is_read_from_the_result_code_not_its_text():
    """``draw_reason`` comes from ``Result.reason_id``: a sentence that reads like another
    reason, or one in another language, does not change it."""
    misleading = dn.core.Result(draw=True, reason="draw: the turn limit came back to share", reason_id="repetition")
    assert sim.draw_kind(misleading) == "repetition"
    assert sim.draw_kind(dn.core.Result(draw=True, reason="nulle", reason_id="turn-limit")) == "turn limit"
    assert sim.draw_kind(dn.core.Result(draw=True, reason="x", reason_id="tie")) == "tie"
    assert sim.draw_kind(dn.core.Result(draw=True, reason="x")) == "other"
    df = sim.simulate(RB, games=12, seed=0, executor="serial", progress=False, options={"repetitions": 2})
    drawn = df[df["draw"]]
    assert len(drawn) and set(drawn["draw_reason"]) <= {"repetition", "turn limit"}
    assert all(("came up 2 times" in reason) == (kind == "repetition")
               for reason, kind in zip(drawn["reason"], drawn["draw_reason"]))


class Stop(Exception):
    pass


def interrupt_after(chunks: int):
    seen = []

    def on_chunk(rows: pd.DataFrame) -> None:
        seen.append(rows)
        if len(seen) == chunks:
            raise KeyboardInterrupt
    return on_chunk, seen


def test_interrupting_keeps_the_finished_chunks():
    full = run(games=12, chunk_size=3)
    on_chunk, seen = interrupt_after(2)
    with pytest.warns(RuntimeWarning, match="interrupted: 6 of 12 games"):
        partial = run(games=12, chunk_size=3, on_chunk=on_chunk)
    assert partial.attrs["complete"] is False and full.attrs["complete"] is True
    pd.testing.assert_frame_equal(partial, full.iloc[:6])
    pd.testing.assert_frame_equal(pd.concat(seen), full.iloc[:6])


def test_interrupting_a_comparison_stops_it():
    on_chunk, _ = interrupt_after(1)
    with pytest.warns(RuntimeWarning, match="interrupted: 3 of 6 games"):
        df = sim.compare(RB, {"a": {}, "b": {}}, games=6, chunk_size=3, executor="serial", progress=False,
                         on_chunk=on_chunk)
    assert len(df) == 3 and set(df["variant"]) == {"a"} and df.attrs["complete"] is False


def test_interrupting_a_process_pool_keeps_the_finished_chunks():
    full = run(games=12, chunk_size=2)
    on_chunk, _ = interrupt_after(3)
    with pytest.warns(RuntimeWarning, match="interrupted: 6 of 12 games"):
        partial = run(games=12, chunk_size=2, executor=None, workers=2, on_chunk=on_chunk)
    assert len(partial) == 6 and partial.attrs["complete"] is False
    pd.testing.assert_frame_equal(partial, full.loc[partial.index])


# The child answers Ctrl-C as a terminal's or a notebook's Python does, even when this suite runs as a
# background job (a shell starts those with SIGINT ignored, and Python then leaves it ignored).
CTRL_C = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
from danish_nb import sim
df = sim.simulate("danish-bastard", players=3, games=5000, chunk_size=2, executor=sys.argv[1] or None, workers=2,
                  progress=False, on_chunk=lambda rows: print("chunk", flush=True))
print(len(df), df.attrs["complete"], sorted(df.index) == list(range(len(df))) or sys.argv[1] == "")
"""


@pytest.mark.parametrize("executor", ["serial", ""])
def test_ctrl_c_keeps_the_finished_chunks(executor):
    """A real SIGINT, as Ctrl-C or a notebook's stop button sends it (to this process only)."""
    child = subprocess.Popen([sys.executable, "-c", CTRL_C, executor], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "chunk\n"
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    games, complete, in_order = out.splitlines()[-1].split()
    assert child.returncode == 0 and complete == "False" and in_order == "True"
    assert 2 <= int(games) < 5000 and int(games) % 2 == 0
    assert "RuntimeWarning: interrupted" in err


@pytest.mark.parametrize("kwargs, message", [
    ({"game_id": "poker"}, "unknown game 'poker'"),
    ({"players": 3}, "takes 2 to 2 players, not 3"),
    ({"seats": ("random",) * 3}, "takes 2 to 2 players, not 3"),
    ({"seats": ("random",), "players": 2}, "1 seats given for 2 players"),
    ({"seats": ("random", 7)}, "seats must be a computer player's name"),
    ({"seats": "genius"}, "unknown computer player 'genius'"),
    ({"options": {"court_value": 11}}, "option 'court_value' must be one of"),
    ({"options": {"jokers": True}}, "unknown option 'jokers'"),
    ({"games": 0}, "games must be a whole number from 1, not 0"),
    ({"games": 2.5}, "games must be a whole number from 1"),
    ({"chunk_size": 0}, "chunk_size must be a whole number from 1"),
    ({"workers": 0}, "workers must be a whole number from 1"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"executor": "threads"}, "executor must be None"),
])
def test_bad_arguments(kwargs, message):
    game_id = kwargs.pop("game_id", RB)
    with pytest.raises(dn.DanishNbError, match=message):
        sim.simulate(game_id, **{"games": 2, "progress": False, "executor": "serial", **kwargs})


def test_bad_variants_and_tables():
    with pytest.raises(dn.OptionsError, match="has no option 'jokers'"):
        sim.option_variants(RB, ["jokers"])
    with pytest.raises(dn.OptionsError, match="non-empty dict"):
        sim.compare(RB, {})
    with pytest.raises(dn.OptionsError, match="variant 'x' must be a dict"):
        sim.compare(RB, {"x": 3})
    mixed = pd.concat([run("sjavs", players=3, games=1), run("sjavs", players=4, games=1)])
    with pytest.raises(dn.OptionsError, match="one value of 'players'"):
        sim.seat_table(mixed)


def test_option_variants_and_compare_play_the_same_deals():
    variants = sim.option_variants("danish-bastard")
    assert list(variants)[:3] == ["defaults", "two_on_anything=False", "seven_allows_equal=False"]
    assert "turn_limit" not in " ".join(variants)  # a safety cap, not a rule to compare
    assert list(sim.option_variants(RB, ["repetitions"])) == ["defaults", "repetitions=2", "repetitions=5",
                                                              "repetitions=0"]
    df = sim.compare(RB, sim.option_variants(RB, ["court_value"]), games=5, executor="serial", progress=False)
    assert list(df["variant"].cat.categories) == ["defaults", "court_value=10"]
    by = dict(iter(df.groupby("variant", observed=True)))
    assert list(by["defaults"]["seed"]) == list(by["court_value=10"]["seed"])
    assert set(by["court_value=10"]["options.court_value"]) == {10}


def test_statistics():
    assert sim.wilson(0, 10)[0] == 0 and sim.wilson(10, 10)[1] == 1
    low, high = sim.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    df = run(games=20, seats=("rule-of-thumb", "random"))
    seats = sim.seat_table(df)
    assert seats["wins"].sum() == 20 - df["draw"].sum()
    assert (seats["low"] <= seats["rate"]).all() and (seats["rate"] <= seats["high"]).all()
    strength = sim.strength_table(df)
    assert strength.loc["rule of thumb", "seats played"] == 20  # (its rows in words)
    assert strength["wins"].sum() == seats["wins"].sum()
    summary = sim.summary_table(df.assign(variant="x"))
    assert summary.loc["x", "P1 wins"] == seats.loc[1, "rate"]
    assert summary.loc["x", "mean moves"] == df["moves"].mean()


def test_plots_say_what_they_show():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    df = sim.compare(RB, {"random": {}, "rule-of-thumb": {"seats": "rule-of-thumb"}}, games=6,
                     executor="serial", progress=False)
    one = df[df["variant"] == "random"]
    figures = [sim.plot_seats(one), sim.plot_lengths(df, by="variant"), sim.plot_draws(df, by="variant"),
               sim.plot_options(df), sim.plot_lengths(run("sjavs", games=3))]
    for figure in figures:
        assert figure.get_suptitle().startswith("How") or figure.get_suptitle().startswith("What")
    plt.close("all")


def test_the_core_needs_no_pandas_or_matplotlib():
    code = ("import sys, danish_nb, danish_nb.agents, danish_nb.records\n"
            "assert 'pandas' not in sys.modules and 'matplotlib' not in sys.modules\n"
            "import danish_nb.sim\n"
            "assert 'matplotlib' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)
