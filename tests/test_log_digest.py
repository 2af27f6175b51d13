"""The reference stays the reference (``benchmarks/log_digest.py``): every bundled scenario's
event logs for seeds 0–2 are byte for byte those recorded in ``tests/data/log_digests.json``.

A refactoring or an optimisation keeps them; a deliberate change of behaviour rewrites the file
(``benchmarks/log_digest.py --seeds 2 --write tests/data/log_digests.json``) in the commit that
makes and explains the change. The full check (seeds 0–50) stays a benchmark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.log_digest import SCENARIOS, differences, scenario_digests

RECORDED = Path(__file__).parent / "data" / "log_digests.json"
DIGESTS: dict[str, list[str]] = json.loads(RECORDED.read_text(encoding="utf-8"))
LAST_SEED = 2


def test_every_bundled_scenario_is_recorded() -> None:
    assert sorted(DIGESTS) == sorted(path.name for path in SCENARIOS.glob("*.toml"))
    assert {len(seeds) for seeds in DIGESTS.values()} == {LAST_SEED + 1}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_a_bundled_scenarios_logs_are_byte_identical_to_the_recorded_ones(name: str) -> None:
    assert scenario_digests(SCENARIOS / name, LAST_SEED) == DIGESTS[name]


def test_a_differing_or_missing_log_is_named_by_scenario_and_seed() -> None:
    before = {"a.toml": ["x", "y"], "b.toml": ["z"]}
    after = {"a.toml": ["x", "Y"], "c.toml": ["w"]}
    assert differences(before, after) == ["a.toml seed 1", "b.toml seed 0", "c.toml seed 0"]
    assert differences(before, before) == []
