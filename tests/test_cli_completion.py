"""``mands-sim completion SHELL``: scripts written from the whole command line, completing
commands, options and scenario files in a real bash."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from mands_sim.cli import COMMANDS, main
from mands_sim.cli.completion import SHELLS, completion_script

ROOT = Path(__file__).parent.parent


def completed(script: Path, *words: str) -> list[str]:
    """What bash offers for the last of ``words`` after ``mands-sim``, with ``script``
    sourced, run in the repository (so ``scenarios/…`` names files)."""
    line = " ".join(words)
    program = (
        f"source {script}; COMP_WORDS=(mands-sim {line}); COMP_CWORD={len(words)}; "
        '_shtab_mands_sim; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    bash = shutil.which("bash")
    assert bash is not None
    out = subprocess.run([bash, "-c", program], cwd=ROOT, capture_output=True, text=True)
    return sorted(filter(None, out.stdout.splitlines()))


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    script = tmp_path_factory.mktemp("completion") / "mands-sim.bash"
    script.write_text(completion_script("bash"), "utf-8")
    return script


def test_bash_completes_every_command(bash_script: Path) -> None:
    assert completed(bash_script, "") == sorted([*COMMANDS, "award", "generate"])  # plugins'
    assert completed(bash_script, "ru") == ["run"]


def test_bash_completes_options_and_scenario_files(bash_script: Path) -> None:
    assert completed(bash_script, "run", "--target-e") == ["--target-error"]
    grunts = completed(bash_script, "run", "scenarios/grunts")
    assert "scenarios/grunts.toml" in grunts and "scenarios/grunts_simpler.toml" in grunts


@pytest.mark.parametrize("shell", SHELLS)
def test_each_shell_gets_a_script_naming_every_command(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert all(name in script for name in COMMANDS)
