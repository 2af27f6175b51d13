"""The terminal report (``mands_sim.report.terminal``)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from mands_sim.report.terminal import (
    objective_rows,
    optional_columns,
    percent,
    render,
    side_and_role,
)

RATE = {"estimate": 0.62, "low": 0.59, "high": 0.65}
SUMMARY: dict[str, Any] = {
    "scenario": {"name": "Bank job", "path": "bank.toml"},
    "batch": {"played": 100, "runs": 101, "seed": 3, "stopped": "runs", "options": {}},
    "verdict": {"word": "hard", "multiplier": 1.2, "reason": "heroes win 62%"},
    "duration": {"segments": {"median": 90}, "rounds": {"p10": 1.0, "median": 1.8, "p90": 3.0}},
    "sides": {"heroes": RATE},
    "draws": RATE,
    "timeouts": RATE,
    "characters": [
        {"id": "seraph", "side": "heroes",
         "rates": {"out_of_action": RATE, "unconscious": RATE, "injured": RATE, "dead": RATE},
         "median_lost": {"vp": 20, "dp": 1, "ep": 30},
         "damage_dealt_per_run": 12.5, "damage_taken_per_run": 9.25},
    ],
    "action_mix": {"heroes": {"fist-attack": 3, "move": 1}},
    "notable": [{"what": "longest fight", "run": 4, "seed": 77, "detail": "300 segments"}],
    "errors": [{"error": "plugin 'flaky' in hook 'mands_action_after': boom", "runs": 1}],
}  # fmt: skip


def rendered() -> str:
    console = Console(record=True, width=200)
    render(SUMMARY, console)
    return console.export_text()


def test_percent_shows_the_interval() -> None:
    assert percent(RATE) == "62.0% (59.0%–65.0%)"


def test_every_section_is_printed() -> None:
    text = rendered()
    for expected in ("Toughness: hard", "×1.2", "heroes win", "62.0% (59.0%–65.0%)", "seraph",
                     "20 / 1 / 30", "12.5 / 9.2", "fist-attack 75%, move 25%",
                     "mands-sim replay bank.toml --seed 77", "plugin 'flaky'"):  # fmt: skip
        assert expected in text


def test_villain_deaths_are_shown_beside_hero_deaths() -> None:
    villain = {"estimate": 0.125, "low": 0.07, "high": 0.2}
    console = Console(record=True, width=200)
    render({**SUMMARY, "deaths": {"hero": NONE, "villain": villain}}, console)
    text = console.export_text()
    assert "a hero dies" in text and "0.0% (0.0%–3.0%)" in text
    assert "a villain dies" in text and "12.5% (7.0%–20.0%)" in text


def test_no_error_table_without_errors() -> None:
    console = Console(record=True, width=200)
    render({**SUMMARY, "errors": []}, console)
    assert "raised an error" not in console.export_text()


NONE = {"estimate": 0.0, "low": 0.0, "high": 0.03}


def with_counts(bled: dict[str, float], death_shots: float, fate_points: float) -> dict[str, Any]:
    """:data:`SUMMARY` with the counts of record format 2 for its one character."""
    (seraph,) = SUMMARY["characters"]
    rates = {**seraph["rates"], "bled": bled, "exhausted": NONE, "back_in_action": NONE}
    counted = {
        **seraph,
        "rates": rates,
        "metrics": {
            name: {"per_run": per_run, "share_of_runs": RATE}
            for name, per_run in (
                ("death shots given", death_shots),
                ("fate points spent", fate_points),
            )
            if per_run
        },
    }
    return {**SUMMARY, "characters": [counted]}


def text_of(summary: dict[str, Any]) -> str:
    console = Console(record=True, width=300)
    render(summary, console)
    return console.export_text()


def test_the_wear_columns_appear_only_when_something_happened() -> None:
    """Bled in 62 % of the runs, a Death Shot every fourth run, a Fate Point every tenth."""
    shown = text_of(with_counts(RATE, 0.25, 0.1))
    assert "bled / EP below 0 / back in action" in shown and "62% / 0% / 0%" in shown
    assert "death shots given 0.25" in shown
    assert "rules' counts per run" in shown and "fate points spent 0.10" in shown
    quiet = text_of(with_counts(NONE, 0.0, 0.0))
    assert "bled" not in quiet and "Death Shots" not in quiet and "fate points" not in quiet
    assert optional_columns(with_counts(NONE, 0.0, 0.0)) == []
    assert optional_columns(SUMMARY) == []  # a report from before the counts


def test_a_plugins_metrics_show_only_where_they_counted_something() -> None:
    """The Comics Code's blows pulled (G-241): 1.5 per run; none counted (or a report from
    before metrics): no column."""
    quiet = with_counts(NONE, 0.0, 0.0)
    (seraph,) = quiet["characters"]
    pulled = {"blows pulled": {"per_run": 1.5, "share_of_runs": RATE}}
    shown = text_of({**quiet, "characters": [{**seraph, "metrics": pulled}]})
    assert "rules' counts per run" in shown and "blows pulled 1.50" in shown
    assert "blows pulled" not in text_of(quiet)


def test_an_80_column_terminal_shows_every_character_id_whole() -> None:
    """The risks and the losses are two tables, the ids never wrapped: at 80 columns (a pipe,
    a CI log) a long id such as ``police-officer-3`` still reads whole in both."""
    counted = with_counts(RATE, 0.25, 0.1)
    long_id = {**counted["characters"][0], "id": "police-officer-3"}
    summary = {**counted, "characters": [long_id]}
    console = Console(record=True, width=80)
    render(summary, console)
    lines = console.export_text().splitlines()
    assert sum("police-officer-3" in line for line in lines) == 2
    assert max(len(line) for line in lines) <= 80


def test_the_party_knock_out_and_objective_attacks_sit_beside_the_win_rates() -> None:
    summary = {
        **SUMMARY,
        "party_knock_out": RATE,
        "objective_attacks": {
            "heroes": {"runs": RATE, "per_run": 2.5},
            "villains": {"runs": NONE, "per_run": 0.0},
        },
    }
    console = Console(record=True, width=200)
    render(summary, console)
    text = console.export_text()
    assert "every hero out of action" in text
    assert "heroes attacked the objective's performer" in text and "; 2.5 per run" in text
    assert "villains attacked" not in text


def test_a_hostage_shows_its_role_beside_its_side() -> None:
    assert side_and_role({"side": "heroes", "role": "hostage"}) == "heroes (hostage)"
    assert side_and_role({"side": "heroes", "role": "combatant"}) == "heroes"
    assert objective_rows(SUMMARY) == []


def test_a_weakness_that_fired_shows_the_share_of_runs_it_fired_in() -> None:
    """Prototron's vulnerability fired in 62 % of the runs."""
    summary = with_counts(NONE, 0.0, 0.0)
    (seraph,) = summary["characters"]
    fired = {**summary, "characters": [{**seraph, "weaknesses_fired": {"vulnerability": RATE}}]}
    shown = text_of(fired)
    assert "weakness fired (share of runs)" in shown and "vulnerability 62%" in shown
    assert "weakness fired" not in text_of(summary)


def test_errored_runs_are_listed_with_commands_that_replay_them_on_one_line() -> None:
    failed = [{"run": 7, "seed": 123456789012345, "error": "plugin 'flaky' …"}]
    summary = {**SUMMARY, "failed_runs": failed}
    summary["batch"] = {**SUMMARY["batch"], "options": {"without": ["mands_rulebook.combat.rest"]}}
    console = Console(record=True, width=80)
    render(summary, console)
    lines = console.export_text().splitlines()
    command = (
        "mands-sim replay bank.toml --seed 123456789012345 --disable mands_rulebook.combat.rest"
    )
    assert f"  run 7: {command}" in lines


def test_an_interrupted_batch_says_how_many_runs_finished_of_those_planned() -> None:
    batch = {**SUMMARY["batch"], "stopped": "interrupted", "planned": 1000}
    console = Console(record=True, width=200)
    render({**SUMMARY, "batch": batch}, console)
    text = console.export_text()
    assert "100 runs played of 101 finished before the interrupt (1000 planned)" in text


def test_at_80_columns_no_cell_is_cut_and_each_replay_command_is_one_line() -> None:
    """A pipe or a CI log (80 columns): every interval whole (folded under its estimate), no
    ellipsis anywhere, each notable run's replay command on one unbroken line; wide, the
    intervals stand beside their estimates."""
    long_path = "scenarios/a_rather_long_scenario_name_for_the_bank_job.toml"
    summary = {
        **SUMMARY,
        "scenario": {"name": "Bank job", "path": long_path},
        "characters": [{**SUMMARY["characters"][0], "id": "police-officer-3"}],
    }
    console = Console(record=True, width=80)
    render(summary, console)
    text = console.export_text()
    command = f"mands-sim replay {long_path} --seed 77"
    lines = text.splitlines()
    assert "…" not in text
    assert max(len(line) for line in lines if line.strip() != command) <= 80
    assert any(line.strip() == command for line in lines)  # longer than 80, never broken
    assert "62.0%" in text and "59.0–65.0" in text
    assert "62.0% (59.0%–65.0%)" in rendered()


def test_a_risk_no_character_ran_is_named_not_given_a_column_of_zeros() -> None:
    none = {"estimate": 0.0, "low": 0.0, "high": 0.03}
    seraph = SUMMARY["characters"][0]
    unhurt = {**seraph, "rates": {**seraph["rates"], "injured": none, "dead": none}}
    console = Console(record=True, width=200)
    render({**SUMMARY, "errors": [], "characters": [unhurt]}, console)
    text = console.export_text()
    assert "in no run: injured, dead" in text
    header = next(line for line in text.splitlines() if "out of action" in line)
    assert "injured" not in header and "dead" not in header and "unconscious" in header


def test_a_condition_suffered_shows_the_share_of_runs_it_was_put_on_in() -> None:
    """Seraph was stunned in 62 % of the runs."""
    summary = with_counts(NONE, 0.0, 0.0)
    (seraph,) = summary["characters"]
    stunned = {**summary, "characters": [{**seraph, "conditions_suffered": {"stunned": RATE}}]}
    shown = text_of(stunned)
    assert "conditions suffered (share of runs)" in shown and "stunned 62%" in shown
    assert "conditions suffered" not in text_of(summary)
