"""A batch's report as plain data: what the terminal, JSON and HTML reports all show.

The structure (``docs/reports.md`` documents every key) is built once from the aggregate and
rendered three ways, so the three never disagree.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from mands_sim.batch.aggregate import ROUND, Aggregate, CharacterTally
from mands_sim.batch.runner import BatchResult
from mands_sim.batch.runner import replay_command as batch_replay
from mands_sim.batch.stalemates import STALEMATES
from mands_sim.batch.stats import Interval, quantile, wilson
from mands_sim.defaults import CoreDefaults
from mands_sim.errors import PluginHookError
from mands_sim.hook_rules import metric_definitions, report_section_definitions
from mands_sim.report.verdict import Runs, toughness_verdict
from mands_sim.report_sections import ReportInput

SURVIVAL_POINTS = 60
"""Points of each character's survival curve."""


def interval(value: Interval) -> dict[str, float]:
    return {"estimate": value.estimate, "low": value.low, "high": value.high}


def build_summary(result: BatchResult) -> dict[str, Any]:
    """The report of ``result`` as JSON-ready data."""
    agg = result.aggregate
    sides = list(agg.sides)
    parts = {metric.name: metric.parts for metric in metric_definitions(result.registries)}
    characters = [_character(agg, tally, parts) for tally in agg.characters.values()]
    heroes = sides[0] if sides else None
    deaths = [
        c["rates"]["dead"]["estimate"]
        for c in characters
        if c["side"] == heroes and c["role"] == "combatant"
    ]
    core = result.scenario.rule_defaults.of(CoreDefaults)
    runs = Runs(
        played=agg.played,
        heroes_wins=agg.wins[heroes] if heroes else 0,
        timeouts=agg.timeouts,
        stalemates=agg.stalemates,
        worst_death_rate=max(deaths, default=0.0),
    )
    verdict = toughness_verdict(runs, core.G71_toughness_scale, core.G230_inconclusive_timeouts)
    summary = {
        "scenario": {
            "name": result.scenario.name,
            "path": result.batch.scenario,
            "content_hash": result.scenario.content_hash,
        },
        "batch": {
            "seed": result.options.seed,
            "runs": agg.runs,
            "played": agg.played,
            "planned": result.options.planned,
            "stopped": result.stopped,
            "options": result.options.identity(),
            "versions": result.plugin_versions,
            "store": str(result.store_path),
        },
        "verdict": {
            "word": verdict.word,
            "multiplier": verdict.multiplier,
            "reason": verdict.reason,
            "warning": verdict.warning,
        },
        "sides": {side: interval(agg.win_rate(side)) for side in sides},
        "party_knock_out": interval(agg.party_knock_out_rate()),
        "objective_attacks": _objective_attacks(agg, sides),
        "deaths": {
            "hero": interval(wilson(agg.hero_deaths, agg.played)),
            "villain": interval(wilson(agg.villain_deaths, agg.played)),
        },
        "draws": interval(wilson(agg.draws, agg.played)),
        "timeouts": interval(wilson(agg.timeouts, agg.played)),
        "stalemates": [
            {"why": name, "runs": agg.stalemates[name], "meaning": meaning}
            for name, meaning in STALEMATES.items()
            if agg.stalemates[name]
        ],
        "duration": _duration(agg),
        "characters": characters,
        "action_mix": {
            side: dict(agg.actions.get(side, Counter()).most_common()) for side in sides
        },
        "notable": [
            {"what": what, "run": run, "seed": seed, "detail": detail}
            for what, (run, seed, detail) in agg.notable.items()
        ],
        "errors": [{"error": error, "runs": count} for error, count in agg.errors.most_common()],
        "failed_runs": [
            {"run": run, "seed": seed, "error": error} for run, seed, error in agg.failed
        ],
        "convergence": [
            {"runs": n, "wins": {side: wins.get(side, 0) for side in sides}}
            for n, wins in agg.trace
        ],
        "durations": sorted(agg.durations.items()),
    }
    summary["sections"] = plugin_sections(result, summary)
    return summary


def plugin_sections(result: BatchResult, summary: Mapping[str, Any]) -> dict[str, Any]:
    """Each plugin's section of the report (:mod:`mands_sim.report_sections`), by name; a
    section that raises fails the report naming its plugin, its traceback kept as the cause."""
    report = ReportInput(
        MappingProxyType(copy.deepcopy(dict(summary))), result.scenario.rule_defaults
    )
    sections: dict[str, Any] = {}
    for plugin, definition in report_section_definitions(result.registries):
        try:
            section = definition.build(report)
        except Exception as error:
            raise PluginHookError(
                plugin,
                f"building the report section {definition.name!r} failed: "
                f"{type(error).__name__}: {error}",
            ) from error
        if section is not None:
            sections[definition.name] = section.as_data()
    return sections


def runs_played(batch: dict[str, Any]) -> str:
    """``"98 runs played of 100 (seed 0, stopped: runs)"``, the header's count: runs without an
    error of the runs stored that the report covers; an interrupted batch's says how many were
    planned."""
    text = f"{batch['played']} runs played of {batch['runs']}"
    if batch["stopped"] == "interrupted" and "planned" in batch:
        text += f" finished before the interrupt ({batch['planned']} planned)"
    return f"{text} (seed {batch['seed']}, stopped: {batch['stopped']})"


def replay_command(summary: dict[str, Any], seed: int) -> str:
    """The command that replays run ``seed`` of the report's batch, told segment by segment."""
    return batch_replay(str(summary["scenario"]["path"]), seed, summary["batch"]["options"])


def _objective_attacks(agg: Aggregate, sides: list[str]) -> dict[str, Any]:
    """Per side: the share of runs in which one of its characters attacked an objective's
    performer (a character an objective against the side hinges on), and such attacks per run."""
    played = agg.played
    return {
        side: {
            "runs": interval(wilson(agg.objective_attack_runs.get(side, 0), played)),
            "per_run": _per_run(
                sum(t.objective_attacks for t in agg.characters.values() if t.side == side),
                played,
            ),
        }
        for side in sides
    }


def _duration(agg: Aggregate) -> dict[str, Any]:
    values = {name: agg.duration(q) for name, q in (("p10", 0.1), ("median", 0.5), ("p90", 0.9))}
    return {
        "segments": values,
        "rounds": {k: None if v is None else round(v / ROUND, 2) for k, v in values.items()},
    }


def _per_run(total: int, runs: int) -> float:
    return total / runs if runs else 0.0


def _mean(histogram: Counter[int]) -> float:
    runs = sum(histogram.values())
    return sum(value * count for value, count in histogram.items()) / runs if runs else 0.0


def _shares_of_runs(runs_by_name: Mapping[str, int], runs: int) -> dict[str, Any]:
    """Each name's share of the runs it happened in, with its interval, sorted by name."""
    return {name: interval(wilson(count, runs)) for name, count in sorted(runs_by_name.items())}


def _metrics(tally: CharacterTally, parts: Mapping[str, int]) -> dict[str, Any]:
    """Each plugin metric that counted something (:mod:`mands_sim.metrics`): its mean and
    median per run and the share of runs it counted in, sorted by name; counts of a metric
    made of parts (halves …) are divided into its units."""
    runs = tally.runs
    found = {}
    for name, counted in sorted(tally.metric_counts.items()):
        histogram = tally.metric_histogram(name)
        unit = parts.get(name, 1)
        median = quantile(histogram, 0.5)
        found[name] = {
            "per_run": _mean(histogram) / unit,
            "median": None if median is None else median / unit,
            "share_of_runs": interval(wilson(counted.total(), runs)),
        }
    return found


def _character(agg: Aggregate, tally: CharacterTally, parts: Mapping[str, int]) -> dict[str, Any]:
    runs = tally.runs
    conditions = tally.conditions
    out = runs - conditions["active"]
    rates = {
        "out_of_action": wilson(out, runs),
        "unconscious": wilson(conditions["unconscious"], runs),
        "dead": wilson(conditions["dead"], runs),
        "fled": wilson(conditions["fled"], runs),
        "surrendered": wilson(conditions["surrendered"], runs),
        "injured": wilson(tally.injured, runs),
        "bled": wilson(tally.bled, runs),
        "still_bleeding": wilson(tally.bleeding_at_end, runs),
        "exhausted": wilson(tally.exhausted, runs),
        "back_in_action": wilson(tally.back_in_action, runs),
    }
    horizon = max(agg.durations, default=0)
    step = max(1, horizon // SURVIVAL_POINTS)
    return {
        "id": tally.id,
        "side": tally.side,
        "role": tally.role,
        "objective_attacks_per_run": _per_run(tally.objective_attacks, runs),
        "rates": {name: interval(value) for name, value in rates.items()},
        "median_lost": {
            "vp": quantile(tally.vp_lost, 0.5),
            "dp": quantile(tally.dp_lost, 0.5),
            "ep": quantile(tally.ep_spent, 0.5),
        },
        "damage_dealt_per_run": tally.damage_dealt / runs if runs else 0.0,
        "damage_taken_per_run": tally.damage_taken / runs if runs else 0.0,
        "weaknesses_fired": _shares_of_runs(tally.weakness_runs, runs),
        "conditions_suffered": _shares_of_runs(tally.condition_runs, runs),
        "metrics": _metrics(tally, parts),
        "survival": [
            [segment, agg.survival(tally.id, segment)] for segment in range(0, horizon + 1, step)
        ],
    }
