"""``mands-sim plugins`` (mands_sim.cli.plugins): the listing, --json, --disable."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from mands_sim.cli import main
from mands_sim.cli.plugins import add_plugin_arguments, plugin_manager_from_args
from mands_sim.hookspecs import HOOK_API_VERSION
from mands_sim.plugins import DISABLE_ENV_VAR

BUILTIN = "mands_rulebook.combat.charts"
EXAMPLE = "sonic"
"""The example third-party plugin (plugins/examples/mands-sim-sonic), installed by setup."""


@pytest.fixture(autouse=True)
def no_plugin_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DISABLE_ENV_VAR, raising=False)
    monkeypatch.delenv("MANDS_SIM_TRACE_HOOKS", raising=False)


def listing(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["plugins", "--json", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def plugin(data: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in data["plugins"] if p["name"] == name)
    return found


def test_json_listing_lists_the_builtin_charts_plugin_as_builtin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    charts = plugin(listing(capsys), BUILTIN)

    assert (charts["origin"], charts["distribution"], charts["hooks"]) == (
        "builtin",
        "mands-sim",
        ["mands_register_charts"],
    )


def test_json_listing_shows_what_a_plugin_registered_with_its_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registered = plugin(listing(capsys), BUILTIN)["registered"]

    assert {(r["kind"], r["name"], r["source"]) for r in registered} >= {
        ("chart", "action", "rules text")
    }


def test_json_listing_lists_the_installed_example_plugin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sonic = plugin(listing(capsys), EXAMPLE)

    assert (sonic["origin"], sonic["distribution"], sonic["registered"][0]["name"]) == (
        "entry point",
        "mands-sim-sonic",
        "Sonic Scream",
    )


def test_json_listing_carries_the_hook_api_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert listing(capsys)["hook_api_version"] == HOOK_API_VERSION


def test_disable_flag_removes_a_builtin_from_the_listing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = listing(capsys, "--disable", BUILTIN)

    assert BUILTIN not in [p["name"] for p in data["plugins"]] and data["disabled"] == [BUILTIN]


def test_disable_flag_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    data = listing(capsys, "--disable", BUILTIN, "--disable", EXAMPLE)

    assert data["disabled"] == [BUILTIN, EXAMPLE]


def test_disable_environment_variable_removes_a_builtin_from_the_listing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DISABLE_ENV_VAR, BUILTIN)

    data = listing(capsys)

    assert BUILTIN not in [p["name"] for p in data["plugins"]]


def test_disabling_an_unknown_plugin_is_an_error_exit(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["plugins", "--disable", "no-such-plugin"])

    assert (status, "no-such-plugin" in capsys.readouterr().err) == (2, True)


def test_text_listing_names_each_plugin_and_its_registrations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["plugins"])

    out = capsys.readouterr().out

    assert f"{BUILTIN} " in out and "chart 'action' [rules text]" in out


def test_other_commands_reuse_the_disable_argument() -> None:
    parser = argparse.ArgumentParser()
    add_plugin_arguments(parser)

    pm = plugin_manager_from_args(parser.parse_args(["--disable", BUILTIN]))

    assert pm.disabled() == (BUILTIN,)
