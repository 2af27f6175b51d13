"""Many adventure days: played on worker processes in chunks, summed up in index order.

:func:`play_days` plays days ``0 … runs − 1`` of a master seed: each is a pure function of the
adventure, the plugins and its index (:func:`~mands_sim.adventure._day.play_day`), so the
result is the same for any ``jobs``. Ctrl-C keeps the days finished before the first one
missing, and says so. :func:`day_summary` turns the days into the report's data: per scene,
how often the party gets there and wins, the state it arrives in and the toughness verdict;
per party member, the chance of making it through the day; where the party usually falls.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mands_sim import interrupts
from mands_sim.adventure._day import DEAD, Day, SceneOutcome, play_day
from mands_sim.adventure._file import Adventure, load_adventure
from mands_sim.batch import budget
from mands_sim.batch.budget import DEFAULT_RUN_TIMEOUT
from mands_sim.batch.runner import Progress
from mands_sim.batch.seeds import scene_seed
from mands_sim.batch.stats import wilson
from mands_sim.carry import IN_ACTION, Carried
from mands_sim.defaults import CoreDefaults
from mands_sim.report.summary import interval
from mands_sim.report.verdict import (
    DEATH_STEP,
    INCONCLUSIVE,
    Runs,
    Verdict,
    toughness,
    toughness_verdict,
)
from mands_sim.simulation import Simulation

CHUNK: Final = 10
"""Days a worker plays at a time."""


@dataclass
class DaysResult:
    """The days played (``days``, in index order, ``0 … len(days) − 1``), how many were
    planned, whether Ctrl-C stopped them and how long they took."""

    adventure: Adventure
    seed: int
    planned: int
    days: list[Day]
    interrupted: bool = False
    worker_lost: bool = False
    """The days stopped because a worker process died (killed, out of memory), not Ctrl-C."""
    seconds: float = 0.0
    disabled: tuple[str, ...] = field(default_factory=tuple)


def scene_simulations(
    adventure: Adventure,
    disabled: Sequence[str] = (),
    extra_plugins: Sequence[object] = (),
) -> list[Simulation]:
    """A prepared simulation for each scene (the plugins loaded and the scenario checked)."""
    simulations = [
        Simulation(scene.scenario, disabled=tuple(disabled), extra_plugins=tuple(extra_plugins))
        for scene in adventure.scenes
    ]
    for simulation in simulations:
        simulation.prepare()
    return simulations


def play_days(
    adventure: Adventure,
    runs: int,
    *,
    seed: int = 0,
    jobs: int | None = None,
    disabled: Sequence[str] = (),
    progress: Progress | None = None,
    run_timeout: float | None = DEFAULT_RUN_TIMEOUT,
) -> DaysResult:
    """Days ``0 … runs − 1`` of master seed ``seed`` on ``jobs`` processes (default: every
    core; 1 plays them in this process), each scene within ``run_timeout`` seconds of wall
    clock (``None`` or 0: no limit). Every scene is prepared before any day is played, so a
    scenario or plugin mistake is an error before the first run."""
    simulations = scene_simulations(adventure, disabled)
    progress = progress or Progress()
    started = time.perf_counter()
    jobs = min(jobs or os.cpu_count() or 1, max(1, -(-runs // CHUNK)))
    chunks = [list(range(start, min(start + CHUNK, runs))) for start in range(0, runs, CHUNK)]
    done: dict[int, list[Day]] = {}
    progress.start(runs, 0)
    interrupted = lost = False
    plan = _Plan(seed, tuple(disabled), run_timeout)
    try:
        with interrupts.watching(), budget.timing():
            for first, days in _played(adventure, simulations, chunks, jobs, plan):
                done[first] = days
                progress.advance(len(days))
    except KeyboardInterrupt:
        interrupted = True
    except BrokenProcessPool:  # a Ctrl-C may break the pool first, or a worker died
        interrupted = True
        lost = interrupts.broken_by_whom() == "worker lost"
    finally:
        progress.stop()
    kept: list[Day] = []
    for chunk in chunks:
        if chunk[0] not in done:
            break
        kept += done[chunk[0]]
    return DaysResult(
        adventure,
        seed,
        runs,
        kept,
        interrupted=interrupted,
        worker_lost=lost,
        seconds=time.perf_counter() - started,
        disabled=tuple(disabled),
    )


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every chunk of days is played with: the master seed, the plugins left out and each
    scene's wall-clock budget."""

    seed: int
    disabled: tuple[str, ...]
    run_timeout: float | None


def _played(
    adventure: Adventure,
    simulations: list[Simulation],
    chunks: list[list[int]],
    jobs: int,
    plan: _Plan,
) -> Iterator[tuple[int, list[Day]]]:
    """Each chunk's days, as they finish (in any order when ``jobs`` > 1)."""
    if jobs <= 1:
        for chunk in chunks:
            yield chunk[0], _play_chunk(adventure, simulations, chunk, plan)
        return
    with ProcessPoolExecutor(
        max_workers=jobs, initializer=_start_worker, initargs=(adventure.path, plan.disabled)
    ) as pool:
        yield from _pooled(pool, chunks, plan, jobs)


def _play_chunk(
    adventure: Adventure, simulations: list[Simulation], chunk: list[int], plan: _Plan
) -> list[Day]:
    return [play_day(adventure, simulations, i, plan.seed, plan.run_timeout) for i in chunk]


def _pooled(
    pool: ProcessPoolExecutor, chunks: list[list[int]], plan: _Plan, jobs: int
) -> Iterator[tuple[int, list[Day]]]:
    """At most ``2 × jobs`` chunks in flight; on Ctrl-C the rest are cancelled."""
    waiting = iter(chunks)
    running: dict[Future[list[Day]], int] = {}
    try:
        for first in waiting:
            running[pool.submit(_play_in_worker, first, plan)] = first[0]
            if len(running) >= 2 * jobs:
                break
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield running.pop(future), future.result()
                more = next(waiting, None)
                if more is not None:
                    running[pool.submit(_play_in_worker, more, plan)] = more[0]
    except (KeyboardInterrupt, BrokenProcessPool):
        for future in running:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        raise KeyboardInterrupt from None


_WORKER: tuple[Adventure, list[Simulation]] | None = None


def _start_worker(path: Path, disabled: tuple[str, ...]) -> None:
    """A worker process: the adventure and its scenes, prepared once; scenes timed. The user's
    Ctrl-C while it prepares or waits for days ends it quietly
    (:func:`mands_sim.interrupts.watch_worker`; the batch's process reports the interrupt)."""
    global _WORKER
    interrupts.watch_worker()
    budget.time_runs()
    try:
        adventure = load_adventure(path)
        _WORKER = (adventure, scene_simulations(adventure, disabled))
    except SystemExit as error:
        interrupts.ended_quietly(error)


def _play_in_worker(indices: list[int], plan: _Plan) -> list[Day]:
    assert _WORKER is not None
    adventure, simulations = _WORKER
    with interrupts.working():
        return _play_chunk(adventure, simulations, indices, plan)


# --- the summary ------------------------------------------------------------------------------


def day_summary(result: DaysResult) -> dict[str, Any]:
    """The report of ``result`` as JSON-ready data (its keys: ``docs/editor-guide.md``, "An
    adventure day")."""
    adventure = result.adventure
    days = [day for day in result.days if day.error is None]
    played = len(days)
    scenes = [_scene(adventure, number, days) for number in range(len(adventure.scenes))]
    party = [_member(member, days) for member in adventure.party]
    through = sum(1 for day in days if day.fell_at is None and _reached_end(adventure, day))
    day_verdict = _day_verdict(through, played, party)
    return {
        "adventure": {
            "name": adventure.name,
            "path": str(adventure.path),
            "party": list(adventure.party),
            "fled": adventure.fled,
        },
        "days": {
            "seed": result.seed,
            "planned": result.planned,
            "runs": len(result.days),
            "played": played,
            "interrupted": result.interrupted,
            "worker_lost": result.worker_lost,
            "seconds": round(result.seconds, 1),
            "disabled": list(result.disabled),
        },
        "through": interval(wilson(through, played)),
        "falls": [
            {
                "scene": number,
                "name": adventure.scenes[number].scenario.name,
                "share": interval(wilson(sum(1 for d in days if d.fell_at == number), played)),
                "could_not_play": interval(wilson(_unplayed(days, number), played)),
            }
            for number in range(len(adventure.scenes))
        ],
        "verdict": {
            "word": day_verdict.word,
            "multiplier": day_verdict.multiplier,
            "reason": day_verdict.reason,
        },
        "award_multiplier": round(
            sum(s["won_per_day"] * s["verdict"]["multiplier"] for s in scenes), 3
        ),
        "scenes": scenes,
        "party": party,
        "failed_days": [
            {
                "day": day.index,
                "seed": day.seed,
                "scene": day.failed_scene,
                "scene_seed": _scene_seed(day),
                "error": day.error,
            }
            for day in result.days
            if day.error is not None
        ][:10],
        "errors": sum(1 for day in result.days if day.error is not None),
    }


def _scene_seed(day: Day) -> int | None:
    """The seed the scene an error stopped was played on (``None``: it was resting for it)."""
    if day.failed_scene is None:
        return None
    return day.seed if day.failed_scene == 0 else scene_seed(day.seed, day.failed_scene)


def _day_verdict(through: int, played: int, party: list[dict[str, Any]]) -> Verdict:
    """G-71's tier for the whole day: the share of days the party gets through every scene,
    stepped up when a member dies in at least :data:`DEATH_STEP` of the days; with no day
    played to its end, none (G-230's word)."""
    if not played:
        return Verdict(INCONCLUSIVE, 1.0, "no day was played to its end")
    share = through / played
    worst = max(party, key=lambda m: m["dead"]["estimate"], default=None)
    death = worst["dead"]["estimate"] if worst else 0.0
    tier = toughness(share, death)
    reason = f"the party gets through every scene in {share:.0%} of days"
    if worst is not None and death >= DEATH_STEP:
        reason += f"; {worst['id']} dies in {death:.0%} of them"
    return Verdict(tier.word, tier.multiplier, reason)


def _unplayed(days: list[Day], number: int) -> int:
    """Days that reached scene ``number`` with nobody of the party able to play it."""
    return sum(1 for d in days for o in d.scenes if o.scene == number and not o.played)


def _reached_end(adventure: Adventure, day: Day) -> bool:
    return len(day.scenes) == len(adventure.scenes)


def _scene(adventure: Adventure, number: int, days: list[Day]) -> dict[str, Any]:
    scene = adventure.scenes[number]
    outcomes = [o for day in days for o in day.scenes if o.scene == number]
    played = [o for o in outcomes if o.played]
    won = sum(1 for o in played if o.won)
    timeouts = sum(1 for o in played if o.reason == "time limit")
    members = [m for m in adventure.party if any(m == c.id for c in scene.scenario.characters)]
    died = {m: sum(1 for o in played if _died(o, m)) for m in members}
    hero_deaths = Counter(hero for o in played for hero in o.heroes_died)
    core = scene.scenario.rule_defaults.of(CoreDefaults)
    verdict = toughness_verdict(
        Runs(
            played=len(played),
            heroes_wins=won,
            timeouts=timeouts,
            worst_death_rate=max(hero_deaths.values(), default=0) / len(played) if played else 0.0,
        ),
        core.G71_toughness_scale,
        core.G230_inconclusive_timeouts,
    )
    return {
        "scene": number,
        "name": scene.scenario.name,
        "path": str(scene.path),
        "rest_minutes": scene.rest_minutes,
        "reached": interval(wilson(len(outcomes), len(days))),
        "played": len(played),
        "won": interval(wilson(won, len(played))),
        "won_per_day": won / len(days) if days else 0.0,
        "timeouts": timeouts,
        "mean_segments": sum(o.segments for o in played) / len(played) if played else 0.0,
        "verdict": {
            "word": verdict.word,
            "multiplier": verdict.multiplier,
            "reason": verdict.reason,
        },
        "members": [_arrival(m, outcomes, died[m], len(played)) for m in members],
    }


def _died(outcome: SceneOutcome, member: str) -> bool:
    before, after = dict(outcome.entered).get(member), dict(outcome.left).get(member)
    return (
        after is not None
        and after.condition == DEAD
        and (before is None or before.condition != DEAD)
    )


def _arrival(member: str, outcomes: list[SceneOutcome], died: int, played: int) -> dict[str, Any]:
    """How ``member`` arrives at a scene: in action, of the days that reach it; its losses, on
    average over the days it arrives alive."""
    entered = [dict(o.entered)[member] for o in outcomes if member in dict(o.entered)]
    alive = [c for c in entered if c.condition != DEAD]
    n = len(alive)

    def mean(value: Callable[[Carried], float]) -> float:
        return float(sum(value(c) for c in alive) / n) if n else 0.0

    return {
        "id": member,
        "arrives": len(entered),
        "alive": n,
        "in_action": interval(
            wilson(sum(1 for c in entered if c.condition == IN_ACTION), len(entered))
        ),
        "vp_lost": round(mean(lambda c: c.virtual_damage_points_lost), 2),
        "dp_lost": round(mean(lambda c: c.damage_points_lost), 2),
        "ep_lost": round(mean(lambda c: float(c.endurance_points_lost)), 2),
        "dies_here": interval(wilson(died, played)),
    }


def _member(member: str, days: list[Day]) -> dict[str, Any]:
    """How ``member`` ends the day: alive, standing (in action at the end), dead."""
    ends = [dict(day.party).get(member) for day in days]
    met = [c for c in ends if c is not None]
    living = [c for c in met if c.condition != DEAD]
    dead = len(met) - len(living)
    standing = sum(1 for c in met if c.condition == IN_ACTION)
    return {
        "id": member,
        "days": len(met),
        "alive": interval(wilson(len(met) - dead, len(met))),
        "standing": interval(wilson(standing, len(met))),
        "dead": interval(wilson(dead, len(met))),
        "injured": interval(
            wilson(sum(1 for c in met if c.injury_points or c.permanent_damage_points), len(met))
        ),
        "dp_lost": round(sum(c.damage_points_lost for c in living) / len(living), 2)
        if living
        else 0.0,
    }


__all__ = ["CHUNK", "DaysResult", "day_summary", "play_days", "scene_simulations"]
