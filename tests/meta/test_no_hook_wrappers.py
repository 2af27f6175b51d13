"""No builtin plugin wraps a hook: a rule that changes how something is done takes a stated
stage of a pipeline (``docs/hooks.md``: the initiation, resolution and status-check stages), so
where it applies never depends on the order plugins were registered in."""

from __future__ import annotations

import pytest

from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries

PM = make_plugin_manager(environ={})
OPTIONAL = {
    f"optional-rule:{entry.name}": entry.payload
    for entry in collect_registries(PM).optional_rules.entries
}


def wrappers(pm_plugins: dict[str, object]) -> list[str]:
    found = []
    for caller in PM.hook.__dict__.values():
        for impl in getattr(caller, "get_hookimpls", list)():
            if impl.wrapper or impl.hookwrapper:
                found.append(f"{impl.plugin_name}: {caller.name}")
    for name, plugin in pm_plugins.items():
        for attribute in dir(plugin):
            options = getattr(getattr(plugin, attribute, None), "mands_sim_impl", None)
            if isinstance(options, dict) and (options.get("wrapper") or options.get("hookwrapper")):
                found.append(f"{name}: {attribute}")
    return found


def test_the_builtin_plugins_wrap_no_hook() -> None:
    assert wrappers(OPTIONAL) == []


@pytest.mark.parametrize("name", sorted(OPTIONAL))
def test_an_optional_rule_is_checked_for_wrappers(name: str) -> None:
    """The check reads an optional rule's hook markers before it is registered."""
    marked = [
        attribute
        for attribute in dir(OPTIONAL[name])
        if isinstance(
            getattr(getattr(OPTIONAL[name], attribute, None), "mands_sim_impl", None), dict
        )
    ]
    assert marked, f"{name} shows no hook implementations to check"
