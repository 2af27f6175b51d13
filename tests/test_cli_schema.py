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
from mands_sim.defaults import RuleDefaults
from mands_sim.scenario import scenario_json_schema
from mands_sim.scenario._file import ScenarioFile
from tests.test_scenario import BUNDLED, docs_examples


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
    validator = jsonschema.Draft202012Validator(scenario_json_schema())
    return [problem.message for problem in validator.iter_errors(data)]


def printed_schema(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    main(["schema"])
    schema: dict[str, Any] = json.loads(capsys.readouterr().out)
    return schema


def test_schema_command_exits_with_status_0() -> None:
    assert main(["schema"]) == 0


def test_schema_command_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert printed_schema(capsys) == scenario_json_schema()


def test_schema_names_its_dialect() -> None:
    assert scenario_json_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_is_a_valid_json_schema() -> None:
    try:
        jsonschema = importlib.import_module("jsonschema")
    except ImportError:
        assert scenario_json_schema()["type"] == "object"
        return
    jsonschema.Draft202012Validator.check_schema(scenario_json_schema())


def test_schema_lists_every_rules_default() -> None:
    rules = scenario_json_schema()["$defs"]["RulesDefaultsTable"]
    assert set(rules["properties"]) == {item["name"] for item in RuleDefaults.describe()}


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
