"""Sweeps (``mands_sim.batch.sweep``): parameters read from ``PATH=A..B[:STEP]`` or a list,
every point a batch on the same seeds, validated before any run, kept in the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.batch.runner import BatchOptions, Progress
from mands_sim.batch.sweep import MAX_VALUES, Vary, grid, point_options, sweep
from mands_sim.errors import ScenarioError

ROOT = Path(__file__).parent.parent
DUEL = ROOT / "scenarios" / "seraph_vs_sphinx.toml"
STRENGTH = "sides.villains.sphinx.sheet.strength"


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("a.b=1..4", (1, 2, 3, 4)),
        ("a.b=10..40:10", (10, 20, 30, 40)),
        ("a.b=0.5..1.5:0.25", (0.5, 0.75, 1.0, 1.25, 1.5)),
        ("a.b=1.0..3.0", (1.0, 2.0, 3.0)),  # whole numbers written as decimals: step 1
        ("a.b=0..1:0.1", tuple(round(i / 10, 10) for i in range(11))),
        ("a.b=3..3", (3,)),
        ("a.b=brute,blaster,tactician", ("brute", "blaster", "tactician")),
        ('a.b="x", 2, true', ("x", 2, True)),
    ],
)
def test_a_parameter_reads_a_range_or_a_list_of_values(text: str, values: tuple[object]) -> None:
    assert Vary.parse(text) == Vary("a.b", values)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a.b", r"expected PATH=A\.\.B\[:STEP\]"),
        ("=1..3", r"expected PATH=A\.\.B\[:STEP\]"),
        ("a.b=0.5..1.5", "expected a step"),
        ("a.b=5..1", "expected A <= B"),
        ("a.b=1..5:0", "a step above 0"),
        ("a.b=10..45:10", "stops at 40, before 45; write 10..40:10 or 10..50:10"),
        ("a.b=1..4:2", "stops at 3, before 4; write 1..3:2 or 1..5:2"),
        ("a.b=x..5", "expected a number"),
        (f"a.b=1..{MAX_VALUES + 1}", f"at most {MAX_VALUES} values"),
    ],
)
def test_a_malformed_parameter_is_an_error_naming_it(text: str, said: str) -> None:
    with pytest.raises(ScenarioError, match=said) as caught:
        Vary.parse(text)
    assert caught.value.key == f"--vary {text}"


def test_the_grid_is_every_pair_the_first_parameter_slowest_and_bounded() -> None:
    first, second = Vary("a", (1, 2)), Vary("b", ("x", "y", "z"))
    assert grid([first, second]) == [(1, "x"), (1, "y"), (1, "z"), (2, "x"), (2, "y"), (2, "z")]
    with pytest.raises(ValueError, match="one parameter or two"):
        grid([first, second, first])
    with pytest.raises(ValueError, match="at most 441 points"):
        grid([Vary("a", tuple(range(30))), Vary("b", tuple(range(30)))])


def test_a_point_is_the_sweeps_options_with_each_parameter_set() -> None:
    base = BatchOptions(runs=10, overrides=(Vary.parse("stop.time_limit=1..1").override(900),))
    options = point_options(base, [Vary.parse(f"{STRENGTH}=10..20:10")], (20,))
    assert [o.text for o in options.overrides] == ["stop.time_limit=900", f"{STRENGTH}=20"]
    assert (options.runs, options.seed) == (base.runs, base.seed)


def test_every_point_is_validated_before_any_run_is_played(tmp_path: Path) -> None:
    """A value the scenario refuses at the last point stops the sweep before the first run."""
    with pytest.raises(ScenarioError, match="whole number"):
        sweep(
            DUEL,
            [Vary(STRENGTH, (10, 20, "strong"))],
            BatchOptions(runs=5, jobs=1),
            store=tmp_path / "s.db",
        )
    assert not (tmp_path / "s.db").exists()


def test_the_points_play_the_same_seeds_and_the_same_sweep_gives_the_same_points(
    tmp_path: Path,
) -> None:
    """Common random numbers: two points with the same value are the same batch's runs; a
    sweep played again is read back from the store, not played again."""
    options = BatchOptions(runs=30, seed=4, jobs=1)
    varied = [Vary(STRENGTH, (10, 40, 10))]
    first = sweep(DUEL, varied, options, store=tmp_path / "s.db")
    records = [list(point.result.records()) for point in first.points]
    assert [r.seed for r in records[0]] == [r.seed for r in records[1]]
    assert records[0] == records[2]
    again = sweep(DUEL, varied, options, store=tmp_path / "s.db")
    assert all(point.result.reused == 30 for point in again.points)
    assert [p.result.aggregate for p in again.points] == [p.result.aggregate for p in first.points]


class CtrlC(Progress):
    """Presses Ctrl-C once the first chunk of the point it is given to is played."""

    def advance(self, runs: int) -> None:
        raise KeyboardInterrupt


def test_an_interrupted_sweep_keeps_its_points_and_continues(tmp_path: Path) -> None:
    options = BatchOptions(runs=30, seed=4, jobs=1)
    varied = [Vary(STRENGTH, (10, 20, 30))]
    cut = sweep(
        DUEL, varied, options, store=tmp_path / "s.db",
        progress=lambda index, _values: CtrlC() if index == 1 else None,
    )  # fmt: skip
    assert cut.interrupted and len(cut.points) == 2 and cut.planned == 3
    assert not cut.points[0].result.interrupted and cut.points[1].result.interrupted
    whole = sweep(DUEL, varied, options, store=tmp_path / "s.db")
    assert not whole.interrupted
    assert whole.points[0].result.reused == 30
    fresh = sweep(DUEL, varied, options, store=tmp_path / "fresh.db")
    assert [p.result.aggregate for p in whole.points] == [p.result.aggregate for p in fresh.points]


def test_a_name_the_plugins_do_not_know_is_refused_before_any_run(tmp_path: Path) -> None:
    """A policy misspelt at the last point is found with the plugins loaded once, before the
    first point is played."""
    with pytest.raises(ScenarioError, match='did you mean "blaster"'):
        sweep(
            DUEL, [Vary("sides.heroes.seraph.policy", ("brute", "blastr"))],
            BatchOptions(runs=5, jobs=1), store=tmp_path / "s.db",
        )  # fmt: skip
    assert not (tmp_path / "s.db").exists()


def test_a_parameter_varied_twice_or_also_set_is_refused(tmp_path: Path) -> None:
    limit = Vary.parse("stop.time_limit=100,200")
    with pytest.raises(ValueError, match="two different parameters"):
        grid([limit, Vary.parse("stop.time_limit=300,400")])
    with pytest.raises(ScenarioError, match="expected no --set of a parameter --vary varies"):
        sweep(
            DUEL, [limit], BatchOptions(runs=5, overrides=(limit.override(900),)),
            store=tmp_path / "s.db",
        )  # fmt: skip
