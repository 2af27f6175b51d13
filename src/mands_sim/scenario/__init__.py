"""Scenario files: loading, validating and the frozen :class:`ScenarioSpec` a simulation runs.

A scenario is a TOML file (``docs/scenarios.md``, format version :data:`FORMAT_VERSION`) naming
the sides, the characters and their sheets, the map, the rules in force and when the encounter
stops. :func:`load_scenario` validates all of it before a run starts — loading never executes
code — and every problem is a :class:`~mands_sim.errors.ScenarioError` naming the file, the
dotted key and what was expected. :func:`check_names` checks the names of policies, optional
rules, outcome conditions and actions against the loaded plugins, :func:`check_plugin_names`
the plugins a scenario does not load (``[plugins] disable``) against the installed ones.
:func:`scenario_json_schema` gives the JSON Schema of the format (``mands-sim schema``).
An :class:`Override` changes a value of a scenario as it is loaded (``--set PATH=VALUE``), and
:func:`without_character` takes a character out, without a copy of the file.
"""

from __future__ import annotations

from mands_sim.scenario._file import FORMAT_VERSION, scenario_json_schema
from mands_sim.scenario._load import (
    load_scenario,
    override_notes,
    parse_scenario,
    scenario_content,
    scenario_data,
)
from mands_sim.scenario._names import (
    check_names,
    check_plugin_names,
    name_problems,
    sheet_problems,
    skill_family,
)
from mands_sim.scenario._overrides import (
    Override,
    as_arguments,
    described,
    read_value,
    without_character,
)
from mands_sim.scenario._spec import (
    MAP_FEATURES,
    SOLID_FEATURES,
    CharacterSpec,
    EdgeSpec,
    ExpectSpec,
    MapFeature,
    MapSpec,
    ObjectiveKind,
    ObjectiveOutcome,
    ObjectiveSpec,
    PlaceSpec,
    Role,
    ScenarioSpec,
    SideSpec,
    StopSpec,
)
from mands_sim.scenario._split import split_edges

__all__ = [
    "FORMAT_VERSION",
    "MAP_FEATURES",
    "SOLID_FEATURES",
    "CharacterSpec",
    "EdgeSpec",
    "ExpectSpec",
    "MapFeature",
    "MapSpec",
    "ObjectiveKind",
    "ObjectiveOutcome",
    "ObjectiveSpec",
    "Override",
    "PlaceSpec",
    "Role",
    "ScenarioSpec",
    "SideSpec",
    "StopSpec",
    "as_arguments",
    "check_names",
    "check_plugin_names",
    "described",
    "load_scenario",
    "name_problems",
    "override_notes",
    "parse_scenario",
    "read_value",
    "scenario_content",
    "scenario_data",
    "scenario_json_schema",
    "sheet_problems",
    "skill_family",
    "split_edges",
    "without_character",
]
