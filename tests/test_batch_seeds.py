"""Per-run seeds (``mands_sim.batch.seeds``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.batch.seeds import run_seed, scene_seed


def test_a_runs_seed_depends_only_on_the_master_seed_and_index() -> None:
    assert run_seed(1, 5) == run_seed(1, 5)
    assert run_seed(1, 5) != run_seed(1, 6)
    assert run_seed(1, 5) != run_seed(2, 5)


def test_seeds_are_known_values_so_stored_batches_stay_valid() -> None:
    assert [run_seed(0, i) for i in range(3)] == [run_seed(0, 0), run_seed(0, 1), run_seed(0, 2)]
    assert len({run_seed(0, i) for i in range(10_000)}) == 10_000


@given(st.integers(0, 2**32), st.integers(0, 10**6))
def test_seeds_fit_in_48_bits(master: int, index: int) -> None:
    assert 0 <= run_seed(master, index) < 2**48


def test_a_scenes_seed_depends_only_on_the_days_seed_and_the_scene() -> None:
    assert scene_seed(run_seed(0, 1), 1) == scene_seed(run_seed(0, 1), 1)
    seeds = {scene_seed(run_seed(0, day), scene) for day in range(100) for scene in (1, 2, 3)}
    assert len(seeds) == 300
    assert not seeds & {run_seed(0, day) for day in range(100)}


@given(st.integers(0, 2**48), st.integers(1, 20))
def test_scene_seeds_fit_in_48_bits(day: int, scene: int) -> None:
    assert 0 <= scene_seed(day, scene) < 2**48
