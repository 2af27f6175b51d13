"""Many adventure days (``mands_sim.adventure._days``): the same days on any number of
processes, Ctrl-C keeping the days finished first, and the report's data."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mands_sim.adventure import (
    Adventure,
    Day,
    DaysResult,
    SceneOutcome,
    day_summary,
    load_adventure,
    play_days,
)
from mands_sim.batch.runner import Progress
from mands_sim.carry import Carried

ROOT = Path(__file__).parent.parent
SCENARIOS = ROOT / "scenarios"


def rooftops(tmp: Path) -> Adventure:
    """Seraph against the Sphinx, then against Sun-Ruler after half an hour."""
    path = tmp / "rooftops.toml"
    path.write_text(
        "format = 1\n"
        'name = "Two rooftops"\n'
        "[[scenes]]\n"
        f'scenario = "{(SCENARIOS / "seraph_vs_sphinx.toml").as_posix()}"\n'
        "[[scenes]]\n"
        f'scenario = "{(SCENARIOS / "sun_ruler_vs_seraph.toml").as_posix()}"\n'
        "rest_minutes = 30\n",
        encoding="utf-8",
    )
    return load_adventure(path)


@pytest.fixture(scope="module")
def adventure(tmp_path_factory: pytest.TempPathFactory) -> Adventure:
    return rooftops(tmp_path_factory.mktemp("adventure"))


def test_play_days_gives_the_same_days_on_one_process_and_two(adventure: Adventure) -> None:
    one = play_days(adventure, 24, seed=5, jobs=1)
    two = play_days(adventure, 24, seed=5, jobs=2)
    assert [d.index for d in one.days] == list(range(24))
    assert one.days == two.days
    assert day_summary(one) | {"days": None} == day_summary(two) | {"days": None}


def test_another_seed_plays_other_days(adventure: Adventure) -> None:
    assert (
        play_days(adventure, 6, seed=1, jobs=1).days != play_days(adventure, 6, seed=2, jobs=1).days
    )


class StopAfterFirstChunk(Progress):
    def advance(self, runs: int) -> None:
        raise KeyboardInterrupt


def test_ctrl_c_keeps_the_days_finished_first(adventure: Adventure) -> None:
    result = play_days(adventure, 30, seed=0, jobs=1, progress=StopAfterFirstChunk())
    assert result.interrupted
    assert [d.index for d in result.days] == list(range(10))
    assert day_summary(result)["days"]["interrupted"] is True


def test_day_summary_shares_add_up(adventure: Adventure) -> None:
    summary = day_summary(play_days(adventure, 40, seed=3, jobs=1))
    falls = sum(f["share"]["estimate"] for f in summary["falls"])
    assert falls + summary["through"]["estimate"] == pytest.approx(1.0)
    first, second = summary["scenes"]
    assert first["reached"]["estimate"] == 1.0
    assert second["reached"]["estimate"] == pytest.approx(
        1.0 - summary["falls"][0]["share"]["estimate"]
    )
    assert [m["id"] for m in first["members"]] == ["seraph"]
    assert first["members"][0]["vp_lost"] == 0.0  # nobody enters the first scene hurt
    assert summary["party"][0]["days"] == 40


def outcome(scene: int, won: bool, left: Carried) -> SceneOutcome:
    return SceneOutcome(
        scene, 0, True, won, None, "test", 10, (("seraph", Carried()),), (("seraph", left),)
    )


def test_day_summary_counts_by_hand(adventure: Adventure) -> None:
    """Four days: through, through with Seraph dead in scene 2 (the Sun-Ruler fight), fallen at
    scene 1, and one stopped by an error."""
    dead = Carried(damage_points_lost=20, condition="dead")
    days = [
        Day(
            0,
            0,
            (outcome(0, True, Carried()), outcome(1, True, Carried())),
            (("seraph", Carried()),),
        ),
        Day(1, 0, (outcome(0, True, Carried()), outcome(1, True, dead)), (("seraph", dead),)),
        Day(2, 0, (outcome(0, False, Carried()),), (("seraph", Carried()),)),
        Day(3, 0, (), (), error="boom", failed_scene=0),
    ]
    summary = day_summary(DaysResult(adventure, 0, 4, days))
    assert summary["days"]["played"] == 3 and summary["errors"] == 1
    assert summary["through"]["estimate"] == pytest.approx(2 / 3)
    assert [f["share"]["estimate"] for f in summary["falls"]] == pytest.approx([1 / 3, 0.0])
    second = summary["scenes"][1]
    assert second["reached"]["estimate"] == pytest.approx(2 / 3)
    assert second["members"][0]["dies_here"]["estimate"] == 0.5
    assert summary["party"][0]["dead"]["estimate"] == pytest.approx(1 / 3)
    assert summary["failed_days"] == [
        {"day": 3, "seed": 0, "scene": 0, "scene_seed": 0, "error": "boom"}
    ]
    assert "seraph dies in 33%" in summary["verdict"]["reason"]


def test_a_scene_none_of_the_party_could_play_counts_where_it_fell(adventure: Adventure) -> None:
    down = Carried(damage_points_lost=12, condition="unconscious")
    unplayed = SceneOutcome(
        1, 0, False, False, None, "no one", 0, (("seraph", down),), (("seraph", down),)
    )
    days = [
        Day(0, 0, (outcome(0, True, down), unplayed), (("seraph", down),)),
        Day(
            1,
            0,
            (outcome(0, True, Carried()), outcome(1, True, Carried())),
            (("seraph", Carried()),),
        ),
    ]
    summary = day_summary(DaysResult(adventure, 0, 2, days))
    second = summary["falls"][1]
    assert second["share"]["estimate"] == second["could_not_play"]["estimate"] == 0.5
    assert summary["scenes"][1]["played"] == 1
    assert summary["scenes"][1]["members"][0]["in_action"]["estimate"] == 0.5


def test_a_scene_over_its_wall_clock_budget_ends_its_day_as_an_error(adventure: Adventure) -> None:
    """``--run-timeout``: a budget no scene can keep stops each day in its first scene; the
    days are kept, each with its error, and the batch goes on to the last."""
    result = play_days(adventure, 3, seed=0, jobs=1, run_timeout=1e-6)
    assert [d.index for d in result.days] == [0, 1, 2]
    assert all(d.failed_scene == 0 and d.error and "--run-timeout" in d.error for d in result.days)
    assert day_summary(result)["errors"] == 3


def test_a_scenes_toughness_counts_every_heros_death_not_only_the_partys(
    adventure: Adventure,
) -> None:
    """G-71 on the first scene, as a plain batch of it reads it: a hero outside the party who
    dies in 2 of 4 scenes steps the verdict up though the party never dies."""
    won = SceneOutcome(0, 0, True, True, "heroes", "test", 10, (), ())
    fallen = replace(won, heroes_died=("officer-1",))
    days = [Day(i, 0, (o,), ()) for i, o in enumerate((won, fallen, won, fallen))]
    scene = day_summary(DaysResult(adventure, 0, 4, days))["scenes"][0]
    assert scene["won"]["estimate"] == 1.0
    assert "dies in 50%" in scene["verdict"]["reason"]


def test_no_day_played_gives_no_verdict(adventure: Adventure) -> None:
    days = [Day(0, 0, (), (), error="boom", failed_scene=0)]
    summary = day_summary(DaysResult(adventure, 0, 1, days))
    assert summary["verdict"]["word"] == "inconclusive"
    assert summary["verdict"]["reason"] == "no day was played to its end"
