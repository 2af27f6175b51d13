"""``mands-sim replay``: a whole fist fight told from segment 0 to a knockout; an errored run
told up to its error, then the traceback."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mands_sim.cli import main
from mands_sim.simulation import Simulation
from tests.data.unruly_plugin import Exits, Flaky, Stuck

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def test_replay_tells_the_fight_by_sheet_names_to_its_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(SCENARIO), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Segment 0\n  Seraph vs the Sphinx (seed 7): Seraph, Sphinx begin.\n")
    assert "is unconscious." in out or "is dead." in out
    assert out.rstrip().splitlines()[-1].startswith("  The encounter ends: ")
    assert "seraph " not in out  # ids stay in the log, names in the story


def test_replay_until_stops_early_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    main(["replay", str(SCENARIO), "--seed", "7", "--until", "20"])
    out = capsys.readouterr().out
    segments = [int(line.split()[1]) for line in out.splitlines() if line.startswith("Segment")]
    assert max(segments) <= 20
    assert out.rstrip().endswith("(stopped after segment 20)")


def test_replay_writes_the_jsonl_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "fight.jsonl"
    main(["replay", str(SCENARIO), "--seed", "7", "--jsonl", str(log)])
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith('{"characters":["seraph","sphinx"],"kind":"encounter-started"')
    assert '"kind":"encounter-ended"' in lines[-1]


def disabling(tmp_path: Path, plugin: str) -> Path:
    """The Seraph-vs-Sphinx scenario with ``[plugins] disable = [plugin]``."""
    shutil.copytree(SCENARIO.parent / "characters", tmp_path / "characters")
    text = SCENARIO.read_text(encoding="utf-8")
    table = f'\n[plugins]\ndisable = ["{plugin}"]\n\n[[map.places]]'
    file = tmp_path / "scenario.toml"
    file.write_text(text.replace("\n[[map.places]]", table, 1), encoding="utf-8")
    return file


def test_replay_honours_the_scenarios_plugins_to_disable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The replay's simulation reads ``[plugins] disable``: a name no plugin has is an error
    naming the file and the key."""
    file = disabling(tmp_path, "mands_rulebook.nothing")
    assert main(["replay", str(file), "--seed", "7"]) == 2
    assert f"{file} at 'plugins.disable[0]'" in capsys.readouterr().err


def test_run_honours_the_scenarios_plugins_to_disable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = disabling(tmp_path, "mands_rulebook.nothing")
    store = str(tmp_path / "r.db")
    assert main(["run", str(file), "--runs", "2", "--jobs", "1", "--quiet", "--store", store]) == 2
    assert f"{file} at 'plugins.disable[0]'" in capsys.readouterr().err


GRUNTS = SCENARIO.parent / "grunts.toml"


def with_plugins(monkeypatch: pytest.MonkeyPatch, **plugins: object) -> None:
    """``replay``'s simulations get ``plugins`` as if they were installed."""

    def simulation(*args: Any, **kwargs: Any) -> Simulation:
        return Simulation(*args, **{**kwargs, "extra_plugins": plugins})

    monkeypatch.setattr("mands_sim.cli.replay.Simulation", simulation)


def test_replay_of_an_errored_run_tells_it_up_to_the_error_then_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugins(monkeypatch, flaky=Flaky(seed=3))
    assert main(["replay", str(GRUNTS), "--seed", "3"]) == 1
    out = capsys.readouterr().out
    told, _, failed = out.partition("\nThe run raised an error after segment ")
    assert told.startswith("Segment 0\n") and "The encounter ends" not in told
    assert failed.split(": ", 1)[1].startswith(
        "plugin 'flaky' in hook 'mands_action_after': RuntimeError: flaky plugin fails"
    )
    assert "Traceback (most recent call last):" in failed and "unruly_plugin.py" in failed


def test_replay_of_a_run_whose_plugin_calls_sys_exit_is_that_plugins_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugins(monkeypatch, exits=Exits(seed=3))
    assert main(["replay", str(GRUNTS), "--seed", "3"]) == 1
    assert "plugin 'exits' in hook 'mands_action_after': SystemExit: 3" in capsys.readouterr().out


def test_replay_of_a_run_that_never_ends_stops_at_its_timeout_showing_where(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugins(monkeypatch, stuck=Stuck(seed=3))
    assert main(["replay", str(GRUNTS), "--seed", "3", "--run-timeout", "0.5"]) == 1
    out = capsys.readouterr().out
    assert (
        "the run took more than its 0.5 s (--run-timeout) in plugin 'stuck' "
        "(hook 'mands_action_after')"
    ) in out


def test_show_scenario_of_a_replay_leaves_out_the_character_taken_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bank_job = Path(__file__).parent.parent / "scenarios" / "bank_job.toml"
    command = ["replay", str(bank_job), "--without-character", "gunman", "--show-scenario"]
    assert main(command) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"# {bank_job}\n# --without-character gunman\n")
    crew = tomllib.loads(printed)["sides"][1]["characters"]
    assert [c["id"] for c in crew] == ["sun-ruler", "safecracker"]
