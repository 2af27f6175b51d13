"""``mands-sim schema``: the JSON Schema of scenario files, and what it accepts.

Files are checked against the schema with the ``jsonschema`` package when it is installed, and
otherwise with the pydantic models the schema is generated from.
"""

from __future__ import annotations

import importlib
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from mands_sim.cli import main
from mands_sim.defaults import CoreDefaults, default_switches, switches_of
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.scenario import scenario_json_schema
from mands_sim.scenario._file import ScenarioFile
from tests.test_scenario import BUNDLED, docs_examples


def installed_schema() -> dict[str, Any]:
    """The schema with the installed plugins' named defaults, as ``mands-sim schema`` prints it."""
    kinds = collect_registries(make_plugin_manager(environ={})).default_kinds()
    return scenario_json_schema(kinds)


def schema_errors(data: dict[str, Any]) -> list[str]:
    """What the schema finds wrong with ``data`` (empty when it conforms)."""
    try:
        jsonschema = importlib.import_module("jsonschema")
    except ImportError:
        try:
            ScenarioFile.model_validate(data)
        except ValidationError as error:
            return [str(problem["msg"]) for problem in error.errors()]
        return []
    validator = jsonschema.Draft202012Validator(installed_schema())
    return [problem.message for problem in validator.iter_errors(data)]


def printed_schema(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    main(["schema"])
    schema: dict[str, Any] = json.loads(capsys.readouterr().out)
    return schema


def test_schema_command_exits_with_status_0() -> None:
    assert main(["schema"]) == 0


def test_schema_command_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert printed_schema(capsys) == installed_schema()


def test_schema_names_its_dialect() -> None:
    assert scenario_json_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_is_a_valid_json_schema() -> None:
    try:
        jsonschema = importlib.import_module("jsonschema")
    except ImportError:
        assert scenario_json_schema()["type"] == "object"
        return
    jsonschema.Draft202012Validator.check_schema(scenario_json_schema())


def test_schema_lists_every_installed_rules_default_with_its_choices() -> None:
    kinds = collect_registries(make_plugin_manager(environ={})).default_kinds()
    rules = installed_schema()["$defs"]["RulesTable"]["properties"]["defaults"]
    switches = switches_of(kinds)
    assert set(rules["properties"]) == set(switches)
    assert rules["properties"]["G62_weapons_start"]["enum"] == ["holstered", "readied"]
    assert rules["additionalProperties"] is False


def test_schema_without_plugins_lists_only_the_cores_defaults() -> None:
    rules = scenario_json_schema()["$defs"]["RulesTable"]["properties"]["defaults"]
    assert set(rules["properties"]) == {switch.name for switch in default_switches(CoreDefaults)}


def test_schema_describes_inline_sheets() -> None:
    sheet = scenario_json_schema()["$defs"]["CharacterTable"]["properties"]["sheet"]
    assert {"$ref": "#/$defs/CharacterSheet"}.items() <= sheet["anyOf"][1].items()


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.name)
def test_bundled_scenario_matches_the_schema(path: Path) -> None:
    assert schema_errors(tomllib.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("index", range(len(docs_examples())))
def test_docs_example_matches_the_schema(index: int) -> None:
    assert schema_errors(docs_examples()[index]) == []


def test_schema_refuses_an_unknown_key() -> None:
    data = tomllib.loads((Path(__file__).parent / "data/scenarios/minimal.toml").read_text())
    assert schema_errors({**data, "colour": "grey"}) != []


def test_schema_refuses_an_unknown_rules_default() -> None:
    data = tomllib.loads((Path(__file__).parent / "data/scenarios/minimal.toml").read_text())
    assert schema_errors({**data, "rules": {"defaults": {"G99_nothing": 1}}}) != []
