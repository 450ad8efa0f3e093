"""The strength benchmark's saved rows: files that hold the same variant are told apart and
paired deal by deal (how two settings of the strong player are compared)."""

from __future__ import annotations

import json

from benchmarks import strength


def rows(variant, firsts, seed=0):
    return [{"game": "sjavs", "players": 3, "seed": seed, "index": i, "variant": variant, "first": f,
             "decided": True, "times": [], "cpu": []} for i, f in enumerate(firsts)]


def test_rows_of_one_variant_in_two_files_are_paired(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("\n".join(json.dumps(r) for r in rows("halving", [True, True, False, False])))
    b.write_text("\n".join(json.dumps(r) for r in rows("halving", [True, False, True, True])
                           + rows("rule-of-thumb", [False] * 4)))
    loaded = strength.load_rows([str(a), str(b)])
    names = list(dict.fromkeys(r["variant"] for r in loaded))
    assert names == ["halving (a.jsonl)", "halving (b.jsonl)", "rule-of-thumb"]
    lines = strength.paired(loaded, names)
    assert lines[0].startswith("sjavs: halving (a.jsonl) first and halving (b.jsonl) not in 1 deals; the reverse in 2")
    assert "rule-of-thumb not in 2 deals; the reverse in 0" in lines[1]


def test_rows_of_one_variant_from_several_seeds_pool_and_pair_only_on_the_same_deals(tmp_path):
    a, b = tmp_path / "seed1.jsonl", tmp_path / "seed2.jsonl"
    a.write_text("\n".join(json.dumps(r) for r in rows("halving", [True, True, False], seed=1)
                           + rows("rule-of-thumb", [False, True, False], seed=1)))
    b.write_text("\n".join(json.dumps(r) for r in rows("halving", [True, False], seed=2)))
    loaded = strength.load_rows([str(a), str(b)])
    assert sorted(dict.fromkeys(r["variant"] for r in loaded)) == ["halving", "rule-of-thumb"]
    (line,) = [row for row in strength.summarise(loaded) if row[1] == "halving"]
    assert line[2:5] == ("5", "5", "60%")  # 3 firsts of 5 games over both seeds
    assert strength.paired(loaded, ["halving", "rule-of-thumb"]) == [
        "sjavs: halving first and rule-of-thumb not in 1 deals; the reverse in 0 (of 3 paired deals)"]
