"""``seep simulate --json PATH``: the results as one JSON document (``seep-simulation/1``).

The document validates against the shipped schema (``simulation.json``),
holds the figures the text tables print, and a path that cannot be written
is one line before any game is played.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from seep.cli import main
from seep.serialization import json_schema

jsonschema = pytest.importorskip("jsonschema")

VALIDATOR = jsonschema.Draft202012Validator(json_schema("simulation"))
MATCH = ("simulate", "--bots", "greedy,random", "--games", "2", "--no-progress")
LADDER = (
    "simulate",
    "--bots",
    "greedy,random,seep.bots:RandomBot",
    "--variant",
    "standard-2p",
    "--games",
    "2",
    "--seed",
    "5",
    "--no-progress",
)


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def assert_valid(doc: object) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(doc)]
    assert not errors, errors[:3]


def written(path: Path, *args: str) -> tuple[dict[str, Any], str]:
    """The valid document ``seep simulate ARGS --json PATH`` wrote, and its standard output."""
    code, out, err = run(*args, "--json", str(path))
    assert code == 0, err
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert_valid(doc)
    return doc, out


def test_a_match_writes_its_settings_and_each_sides_summary(tmp_path: Path) -> None:
    doc, out = written(tmp_path / "match.json", *MATCH)
    assert doc["format"] == "seep-simulation/1"
    assert (doc["kind"], doc["variant"], doc["mode"], doc["games"], doc["seed"]) == (
        "match",
        "standard",
        "deal",
        2,
        0,
    )
    assert [(bot["spec"], bot["name"]) for bot in doc["bots"]] == [
        ("greedy", "greedy"),
        ("random", "random"),
    ]
    greedy, random = doc["results"]
    assert (greedy["name"], random["name"]) == ("greedy", "random")
    assert greedy["wins"] == random["losses"] and greedy["games"] == 2
    assert greedy["win_rate"] + random["win_rate"] == pytest.approx(1.0)
    assert greedy["mean_margin"] == pytest.approx(-random["mean_margin"])
    low, high = greedy["win_rate_ci"]
    assert low <= greedy["win_rate"] <= high
    # the text table says the same
    row = next(line for line in out.splitlines() if line.startswith("greedy"))
    assert row.split()[1:3] == [str(greedy["wins"]), str(greedy["draws"])]
    assert f"{greedy['win_rate']:.3f} ({low:.3f}-{high:.3f})" in row


def test_the_text_tables_are_unchanged_by_a_json_file(tmp_path: Path) -> None:
    _, plain, _ = run(*MATCH)
    _, with_json, _ = run(*MATCH, "--json", str(tmp_path / "out.json"))
    assert with_json == plain
    assert plain.startswith("2 deals of standard, greedy vs random")


def test_json_to_standard_output_moves_the_tables_to_standard_error() -> None:
    _, plain, _ = run(*MATCH)
    code, out, err = run(*MATCH, "--json", "-")
    assert code == 0, err
    doc = json.loads(out)  # standard output is the document alone
    assert_valid(doc)
    assert doc["results"][0]["name"] == "greedy"
    assert err == plain


def test_a_round_robin_writes_every_rating_and_the_win_share_table(tmp_path: Path) -> None:
    doc, out = written(tmp_path / "ladder.json", *LADDER)
    assert (doc["kind"], doc["variant"], doc["games"], doc["seed"]) == (
        "ladder",
        "standard-2p",
        2,
        5,
    )
    names = ["greedy", "random", "seep.bots:RandomBot"]
    assert [bot["spec"] for bot in doc["bots"]] == names
    ratings = doc["ratings"]
    assert sorted(r["name"] for r in ratings) == sorted(names)
    assert [r["elo"] for r in ratings] == sorted((r["elo"] for r in ratings), reverse=True)
    assert sum(r["elo"] for r in ratings) == pytest.approx(0.0, abs=1e-6)  # mean 0
    assert all(r["elo_ci"][0] < r["elo"] < r["elo_ci"][1] and r["games"] == 4 for r in ratings)
    shares = doc["win_share"]
    for row in names:
        assert set(shares[row]) == set(names) - {row}
        for col in shares[row]:
            assert shares[row][col] + shares[col][row] == pytest.approx(1.0)
    # the text tables say the same: the ranking, and greedy's row of win shares
    ranked = [line.split()[1] for line in out.splitlines() if line[:4].strip().isdigit()]
    assert ranked == [r["name"] for r in ratings]
    assert f"{shares['greedy']['random']:.3f}" in next(
        line for line in out.splitlines() if line.startswith("greedy ")
    )


def test_a_json_path_in_a_missing_folder_is_one_line_before_any_game(tmp_path: Path) -> None:
    path = tmp_path / "no-such-folder" / "out.json"
    code, out, err = run("simulate", "--bots", "greedy,random", "--games", "2", "--json", str(path))
    assert code == 2
    assert out == ""
    assert err == (
        f"seep simulate: argument --json: no folder {path.parent} to save in "
        "(see 'seep simulate --help')\n"
    )
    assert not path.parent.exists()


def test_a_json_path_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    code, out, err = run(*LADDER, "--json", str(tmp_path))
    assert code == 2
    assert out == ""
    assert "argument --json:" in err and "is a folder" in err
    assert len(err.splitlines()) == 1


def test_a_json_file_that_cannot_be_written_is_one_line_and_status_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: Any, **kwargs: Any) -> int:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_text", refuse)
    path = tmp_path / "out.json"
    code, out, err = run(*MATCH, "--json", str(path))
    assert code == 1
    assert out.startswith("2 deals of standard")  # the tables were printed first
    assert err.startswith(f"seep simulate: cannot write {path}: ")
    assert "Permission denied" in err and "Traceback" not in err


def _match_doc() -> dict[str, Any]:
    _, out, _ = run(*MATCH, "--json", "-")
    doc: dict[str, Any] = json.loads(out)
    return doc


@pytest.mark.parametrize(
    "damage",
    [
        lambda doc: doc.pop("results"),
        lambda doc: doc.update(kind="ladder"),
        lambda doc: doc.update(format="seep-simulation/2"),
        lambda doc: doc["results"][0].update(win_rate=1.5),
        lambda doc: doc["results"][0].update(win_rate_ci=[0.1]),
        lambda doc: doc["bots"].append({"spec": "search", "name": "search"}),
        lambda doc: doc.update(games=0),
    ],
    ids=["no-results", "ladder-without-ratings", "format", "share", "interval", "three", "games"],
)
def test_the_schema_refuses_a_damaged_document(damage: Any) -> None:
    doc = _match_doc()
    assert VALIDATOR.is_valid(doc)
    damage(doc)
    assert not VALIDATOR.is_valid(doc)
