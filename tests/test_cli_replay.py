"""``mands-sim replay``: a whole fist fight told from segment 0 to a knockout."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.cli import main

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
