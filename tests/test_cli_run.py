"""``mands-sim run`` and ``mands-sim compare`` from the command line."""

from __future__ import annotations

import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mands_sim.batch.runner import BatchOptions, run_batch
from mands_sim.cli import main

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def run(tmp_path: Path, *extra: str) -> list[str]:
    return ["run", str(SCENARIO), "--runs", "100", "--seed", "1", "--jobs", "1", "--quiet",
            "--store", str(tmp_path / "r.db"), *extra]  # fmt: skip


def test_run_prints_the_report_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    assert main(run(tmp_path, "--json", str(out))) == 0
    printed = capsys.readouterr().out
    assert "Toughness:" in printed and "heroes win" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["batch"]["runs"] == 100
    assert report["scenario"]["name"] == "Seraph vs the Sphinx"


WITHOUT = "mands_rulebook.combat.throwback"
"""A plugin that changes how these runs of Seraph vs the Sphinx go (who dies, who wins)."""


def report(tmp_path: Path, name: str, *extra: str) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    assert main(run(tmp_path, "--json", str(out), *extra)) == 0
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def test_run_without_keeps_the_scenarios_own_headline_and_tables(tmp_path: Path) -> None:
    as_written = report(tmp_path, "plain")
    what_if = report(tmp_path, "what-if", "--without", WITHOUT)
    for key in ("verdict", "sides", "draws", "timeouts", "duration", "characters", "sections"):
        assert what_if[key] == as_written[key], key
    assert what_if["batch"]["options"]["without"] == []
    assert "what_if" not in as_written


def test_run_without_adds_the_comparison_with_the_same_runs_played_without(
    tmp_path: Path,
) -> None:
    comparison = report(tmp_path, "what-if", "--without", WITHOUT)["what_if"]
    alone = run_batch(
        SCENARIO,
        BatchOptions(runs=100, seed=1, jobs=1, without=(WITHOUT,)),
        store=tmp_path / "alone.db",
    ).aggregate
    assert (comparison["a"], comparison["b"], comparison["pairs"]) == (
        "as written", f"without {WITHOUT}", 100
    )  # fmt: skip
    assert comparison["sides"]["heroes"]["b"] == alone.win_rate("heroes").estimate
    shares = [comparison["sides"]["heroes"], comparison["a_hero_dies"], *comparison["deaths"]]
    assert any(s["a"] != s["b"] for s in shares), "the plugin left out should matter here"
    assert set(comparison["length"]) == {"median", "mean"}


def test_run_without_prints_the_headline_then_the_comparison(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path)) == 0
    plain = capsys.readouterr().out
    assert main(run(tmp_path, "--without", WITHOUT)) == 0
    printed = capsys.readouterr().out
    headline = plain[: plain.index("Characters")]
    assert printed.startswith(headline)
    assert f"What-if: A as written, B without {WITHOUT}" in printed
    for row in ("a hero dies", "sphinx dies", "median fight length", "mean fight length"):
        assert row in printed


def test_run_without_puts_the_comparison_in_the_html_report(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(run(tmp_path, "--without", WITHOUT, "--html", str(out))) == 0
    page = out.read_text(encoding="utf-8")
    assert '<section id="what-if">' in page and "sphinx dies" in page


def compare(tmp_path: Path, first: Path, second: Path, *extra: str) -> list[str]:
    return ["compare", str(first), str(second), "--runs", "100", "--seed", "1", "--jobs", "1",
            "--quiet", "--store", str(tmp_path / "c.db"), *extra]  # fmt: skip


def without_throwback(tmp_path: Path) -> Path:
    """Seraph vs the Sphinx with the plugin left out in the scenario file itself."""
    shutil.copytree(SCENARIO.parent / "characters", tmp_path / "characters")
    path = tmp_path / "no_throwback.toml"
    text = SCENARIO.read_text(encoding="utf-8") + f'\n[plugins]\ndisable = ["{WITHOUT}"]\n'
    path.write_text(text, encoding="utf-8")
    return path


def test_compare_reports_death_and_length_differences_with_intervals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "compare.json"
    args = compare(tmp_path, SCENARIO, without_throwback(tmp_path), "--json", str(out))
    assert main(args) == 0
    printed = capsys.readouterr().out
    for row in ("heroes win", "a hero dies", "seraph dies", "sphinx dies", "mean fight length"):
        assert row in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    mean = data["length"]["mean"]["difference"]
    assert mean["low"] <= mean["estimate"] <= mean["high"]
    for death in data["deaths"]:
        difference = death["difference"]
        assert difference["estimate"] == pytest.approx(death["b"] - death["a"])
        assert -1 <= difference["low"] <= difference["estimate"] <= difference["high"] <= 1


def test_compare_of_a_scenario_with_itself_finds_no_difference_but_keeps_a_width(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No run differs in 100 pairs: Agresti–Min gives ± 1.959964 / 102 = ± 1.9 %; every
    length difference is 0, so the paired t interval is the point 0."""
    out = tmp_path / "same.json"
    assert main(compare(tmp_path, SCENARIO, SCENARIO, "--json", str(out))) == 0
    assert "+0.0% (-1.9% to +1.9%)" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["sides"]["heroes"]["difference"]["high"] == pytest.approx(0.0192153, abs=1e-6)
    assert data["length"]["mean"]["difference"] == {"estimate": 0.0, "low": 0.0, "high": 0.0}
    assert data["length"]["median"]["difference"] == 0


def test_an_unknown_plugin_to_leave_out_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--without", "no-such-plugin")) == 2
    assert "no-such-plugin" in capsys.readouterr().err


def test_run_disable_plays_the_batch_without_the_plugin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--disable NAME`` (as on ``replay`` and ``validate``): the report's own batch is played
    without the plugin, and says so; an unknown name is an error before any run."""
    out = tmp_path / "r.json"
    args = ["run", str(SCENARIO), "--runs", "4", "--jobs", "1", "--quiet",
            "--store", str(tmp_path / "r.db"), "--json", str(out)]  # fmt: skip
    assert main([*args, "--disable", "mands_rulebook.policies.comics_code"]) == 0
    report = json.loads(out.read_text("utf-8"))
    assert report["batch"]["options"]["without"] == ["mands_rulebook.policies.comics_code"]
    capsys.readouterr()
    assert main([*args, "--disable", "no-such-plugin"]) == 2
    assert "plugin 'no-such-plugin': cannot be disabled" in capsys.readouterr().err


def test_a_malformed_scenario_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = ROOT / "tests" / "data" / "scenarios" / "bad_missing_key.toml"
    assert main(["run", str(bad), "--store", str(tmp_path / "r.db"), "--quiet"]) == 2
    assert "sides[0].name" in capsys.readouterr().err


def test_run_writes_the_html_report(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(run(tmp_path, "--html", str(out))) == 0
    page = out.read_text(encoding="utf-8")
    for plot in ("convergence", "durations", "risk", "survival"):
        assert f'<figure data-plot="{plot}">' in page


STALLED = """
format = 1
name = "Two grunts who cannot meet"

[[map.places]]
name = "roof"
x = 0.0
y = 0.0

[[map.places]]
name = "cellar"
x = 10.0
y = 0.0

[[sides]]
name = "heroes"

[[sides.characters]]
id = "dexter"
sheet = "characters/dexter.toml"
place = "roof"
aware = true

[[sides]]
name = "villains"

[[sides.characters]]
id = "sinister"
sheet = "characters/sinister.toml"
place = "cellar"
aware = true

[stop]
time_limit = 100
when = ["side-out-of-action"]
"""


def test_run_of_a_batch_that_times_out_is_inconclusive_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No way between the roof and the cellar: nobody can reach anyone, every run ends at the
    time limit, and the terminal and JSON reports say 'inconclusive' and why (G-230)."""
    scenario = tmp_path / "stalled.toml"
    scenario.write_text(STALLED, encoding="utf-8")
    (tmp_path / "characters").mkdir()
    for sheet in ("dexter.toml", "sinister.toml"):
        source = ROOT / "scenarios" / "characters" / sheet
        (tmp_path / "characters" / sheet).write_text(source.read_text(encoding="utf-8"))
    out = tmp_path / "report.json"
    args = ["run", str(scenario), "--runs", "20", "--seed", "1", "--jobs", "1", "--quiet",
            "--store", str(tmp_path / "r.db"), "--json", str(out)]  # fmt: skip
    assert main(args) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "Toughness: inconclusive" in printed
    assert "Warning: 100% of runs ended at the time limit" in printed
    assert "nobody started any action" in printed
    verdict = json.loads(out.read_text(encoding="utf-8"))["verdict"]
    assert (verdict["word"], verdict["multiplier"]) == ("inconclusive", 1.0)
    assert "nobody started any action" in verdict["warning"]


GRUNTS = ROOT / "scenarios" / "grunts.toml"


def stored_runs(store: Path) -> int:
    if not store.exists():
        return 0
    with sqlite3.connect(store) as db:
        count = int(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
    db.close()
    return count


AS_FROM_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'mands_sim', *sys.argv[1:]])"
)
"""``mands-sim`` with Ctrl-C handled as a terminal's shell starts it, even when the test runner
ignores SIGINT (an ignored signal stays ignored across ``exec``)."""


def test_ctrl_c_in_the_first_seconds_says_what_finished_and_exits_130(tmp_path: Path) -> None:
    """SIGINT to a real ``mands-sim run`` as soon as its batch has begun (its lock is taken):
    no verdict from runs it does not have, no traceback, the resume hint, status 130."""
    store = tmp_path / "r.db"
    command = [sys.executable, "-c", AS_FROM_A_TERMINAL, "run", str(GRUNTS), "--runs", "1000",
               "--jobs", "1", "--quiet", "--store", str(store)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".r.db.*.lock")) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    said = " ".join(err.split())
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    assert "Run the same command again (or with --resume) to continue the batch." in said
    stored = stored_runs(store)
    if stored:  # the first chunk of 25 runs finished before the signal came
        assert f"Interrupted: {stored} runs finished" in said
        assert f"{stored} runs played of {stored} finished before the interrupt" in out
    else:
        assert "Interrupted: no runs finished." in said and "Toughness" not in out


def test_ctrl_c_before_the_batch_begins_says_no_runs_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("mands_sim.cli.run.run_batch", interrupted)
    assert main(run(tmp_path)) == 130
    captured = capsys.readouterr()
    assert "Interrupted: no runs finished." in captured.err and captured.out == ""


def test_ctrl_c_after_the_batch_says_its_runs_are_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("mands_sim.cli.run.render", interrupted)
    store = tmp_path / "r.db"
    args = ["run", str(GRUNTS), "--runs", "10", "--jobs", "1", "--quiet", "--store", str(store)]
    assert main(args) == 130
    err = " ".join(capsys.readouterr().err.split())
    assert f"Interrupted: 10 runs finished and are kept in {store}." in err


def test_a_corrupt_store_is_one_clear_error_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "r.db").write_bytes(b"these are not the runs you are looking for\n" * 50)
    assert main(run(tmp_path)) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err.startswith(f"mands-sim: error: {tmp_path / 'r.db'}: damaged, or not a mands-sim")
    assert "Move it aside" in err and "Traceback" not in err


def test_run_help_shows_where_the_default_store_is(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MANDS_SIM_CACHE_DIR", "/where/the/runs/are")
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "/where/the/runs/are/results.sqlite" in help_text
    assert "--run-timeout S" in help_text and "--fresh" in help_text


@pytest.mark.parametrize("value", ["-1", "inf", "nan", "soon"])
def test_a_run_timeout_that_is_not_seconds_is_refused_by_the_parser(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(run(tmp_path, "--run-timeout", value))
    assert exited.value.code == 2 and "--run-timeout" in capsys.readouterr().err


def test_run_without_plays_the_what_if_runs_with_the_batchs_run_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison's runs get the same wall-clock budget as the batch's own."""
    import mands_sim.cli.run as cli_run

    played: list[BatchOptions] = []

    def recording(scenario: Path, options: BatchOptions, **kwargs: Any) -> Any:
        played.append(options)
        return run_batch(scenario, options, **kwargs)

    monkeypatch.setattr(cli_run, "run_batch", recording)
    assert main(run(tmp_path, "--without", WITHOUT, "--run-timeout", "7")) == 0
    assert [(o.run_timeout, o.jobs, o.runs) for o in played] == [(7.0, 1, 100), (7.0, 1, 100)]
    assert played[1].without == (WITHOUT,)


STRONGER = "sides.villains.sphinx.sheet.strength=25"
"""An override of a value in a sheet file that changes how these runs go (the Sphinx dies less)."""


def test_run_set_plays_the_changed_scenario_the_same_on_any_jobs_and_records_it(
    tmp_path: Path,
) -> None:
    """``--set`` reaches the worker processes (the same report on 1 and 2 jobs), the store
    keeps it with the batch, and the report's replay commands repeat it."""
    as_written = report(tmp_path, "plain")
    one = report(tmp_path, "one", "--set", STRONGER)
    two = report(
        tmp_path, "two", "--set", STRONGER, "--jobs", "2", "--store", str(tmp_path / "2.db")
    )
    assert one["characters"] != as_written["characters"]
    for key in ("verdict", "sides", "duration", "characters", "notable"):
        assert one[key] == two[key], key
    assert one["batch"]["options"]["overrides"] == [STRONGER]
    assert "overrides" not in as_written["batch"]["options"]
    with sqlite3.connect(tmp_path / "r.db") as db:
        stored = [json.loads(row[0]) for row in db.execute("SELECT options FROM batches")]
    assert [STRONGER] in [options.get("overrides") for options in stored]
    listing = tmp_path / "list.json"
    assert main(["store", "list", "--store", str(tmp_path / "r.db"), "--json", str(listing)]) == 0
    batches = json.loads(listing.read_text(encoding="utf-8"))["batches"]
    assert sorted(b["overrides"] for b in batches) == [[], [STRONGER]]


def test_the_replay_command_of_a_changed_scenario_repeats_its_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--set", STRONGER)) == 0
    printed, noted = capsys.readouterr()
    assert f"mands-sim: note: --set {STRONGER}: this sheet pins" in noted
    line = next(line.strip() for line in printed.splitlines() if "mands-sim replay" in line)
    assert line.endswith(f"--set {STRONGER}")
    seed = line.split("--seed ")[1].split()[0]
    assert main(["replay", str(SCENARIO), "--seed", seed, "--set", STRONGER]) == 0


def test_show_scenario_prints_the_scenario_as_played_as_toml_and_plays_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(run(tmp_path, "--set", STRONGER, "--set", "stop.time_limit=900", "--show-scenario"))
        == 0
    )
    printed = capsys.readouterr().out
    data = tomllib.loads(printed)
    assert data["stop"]["time_limit"] == 900
    sphinx = data["sides"][1]["characters"][0]
    assert sphinx["sheet"]["abilities"]["strength"] == 25
    assert printed.startswith(f"# {SCENARIO}\n# --set {STRONGER}\n")
    assert not (tmp_path / "r.db").exists()


def test_a_set_that_names_nothing_is_an_error_before_any_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--set", "sides.villains.sfinx.count=2")) == 2
    error = capsys.readouterr().err
    assert "--set sides.villains.sfinx.count=2" in error and 'did you mean "sphinx"?' in error
    with pytest.raises(SystemExit) as parser_exit:
        main(run(tmp_path, "--set", "no value"))
    assert parser_exit.value.code == 2
    assert "expected PATH=VALUE" in capsys.readouterr().err


BANK_JOB = ROOT / "scenarios" / "bank_job.toml"


def test_run_without_character_compares_the_same_runs_without_it(tmp_path: Path) -> None:
    out = tmp_path / "bank.json"
    command = ["run", str(BANK_JOB), "--runs", "20", "--seed", "1", "--jobs", "1", "--quiet",
               "--store", str(tmp_path / "b.db"), "--json", str(out),
               "--without-character", "sun-ruler"]  # fmt: skip
    assert main(command) == 0
    what_if = json.loads(out.read_text(encoding="utf-8"))["what_if"]
    assert (what_if["a"], what_if["b"], what_if["pairs"]) == ("as written", "without sun-ruler", 20)
    assert "sun-ruler" not in {death["id"] for death in what_if["deaths"]}
    assert main([*command[:-1], "sun-rular"]) == 2


def test_compare_one_scenario_as_written_and_with_its_set_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "c.json"
    command = ["compare", str(SCENARIO), "--runs", "100", "--seed", "1", "--jobs", "1",
               "--quiet", "--store", str(tmp_path / "c.db")]  # fmt: skip
    assert main([*command, "--set", STRONGER, "--json", str(out)]) == 0
    comparison = json.loads(out.read_text(encoding="utf-8"))
    assert (comparison["a"], comparison["b"]) == ("as written", f"with {STRONGER}")
    sphinx = next(death for death in comparison["deaths"] if death["id"] == "sphinx")
    assert sphinx["a"] > sphinx["b"]  # the stronger Sphinx dies less, on the same seeds
    plain = report(tmp_path, "plain")["characters"]
    assert sphinx["a"] == next(c for c in plain if c["id"] == "sphinx")["rates"]["dead"]["estimate"]
    capsys.readouterr()
    assert main(command) == 2
    assert "expected a second scenario to compare, or --set values" in capsys.readouterr().err


def test_show_scenario_refuses_a_scenario_that_would_not_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--set", "sides.villains.sphinx.count=0", "--show-scenario")) == 2
    assert "count" in capsys.readouterr().err


def test_a_misspelt_ability_of_a_sheet_is_named_with_the_nearest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--set", "sides.villains.sphinx.sheet.strenght=25")) == 2
    assert 'did you mean "strength"?' in capsys.readouterr().err


def test_compare_of_two_files_names_the_set_values_applied_to_both(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    assert main(compare(tmp_path, SCENARIO, SCENARIO, "--set", STRONGER, "--json", str(out))) == 0
    comparison = json.loads(out.read_text(encoding="utf-8"))
    label = f"{SCENARIO.name} with {STRONGER}"
    assert (comparison["a"], comparison["b"]) == (label, label)


def test_a_what_if_of_a_changed_scenario_names_the_change_in_both_arms(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    command = run(tmp_path, "--set", STRONGER, "--without", WITHOUT, "--json", str(out))
    assert main(command) == 0
    what_if = json.loads(out.read_text(encoding="utf-8"))["what_if"]
    assert (what_if["a"], what_if["b"]) == (
        f"with {STRONGER}", f"with {STRONGER}, without {WITHOUT}"
    )  # fmt: skip
