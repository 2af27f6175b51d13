"""No file gives a traceback: a mutated bundled scenario or sheet (``tests/input_mutations.py``:
wrong types, missing and unknown keys, huge, negative and non-finite numbers, odd text, deep
nesting, odd bytes, other encodings, truncation, files past the size bound, named pipes, loops
of symbolic links, folders) loads, or is refused with an error of the project's tree naming the
file, as ``mands-sim validate`` reports it — within ``HANG_SECONDS``. A few hundred cases here;
``benchmarks/fuzz_loaders.py`` plays thousands (``docs/reliability.md``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Registries, collect_registries
from tests.input_mutations import SCENARIOS, Input, Raw, inputs, play, toml_text

EXAMPLES = 300


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of ``scenarios/`` the cases are written into."""
    copy = tmp_path_factory.mktemp("fuzz") / "scenarios"
    shutil.copytree(SCENARIOS, copy)
    return copy


@pytest.fixture(scope="module")
def registries() -> Registries:
    return collect_registries(make_plugin_manager())


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(case=inputs())
def test_a_mutated_file_loads_or_is_refused_naming_the_file(
    case: Input, folder: Path, registries: Registries
) -> None:
    outcome = play(case, folder, registries)
    assert outcome.verdict in ("loaded", "refused"), outcome.detail


def test_an_unchanged_bundled_scenario_loads(folder: Path, registries: Registries) -> None:
    source = SCENARIOS / "seraph_vs_sphinx.toml"
    case = Input("scenario", source.name, source.read_bytes(), "nothing")
    assert play(case, folder, registries).verdict == "loaded"


def test_a_named_pipe_for_a_sheet_is_refused(folder: Path, registries: Registries) -> None:
    case = Input("sheet", "seraph.toml", b"", "a named pipe", "fifo")
    assert play(case, folder, registries).verdict == "refused"


def test_the_writer_writes_what_toml_reads_back() -> None:
    data = {"a": [1, 2.5, "x\x00y"], "b": {"c": True, "d": float("inf")}, "e": Raw("[[]]")}
    assert toml_text(data) == (
        '"a" = [1, 2.5, "x\\u0000y"]\n"b" = {"c" = true, "d" = inf}\n"e" = [[]]\n'
    )
