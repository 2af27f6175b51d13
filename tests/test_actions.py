"""Actions (``mands_sim.actions``): a definition carries its own rules; ``register_actions``
registers definitions played by them."""

from __future__ import annotations

from typing import Any

from mands_sim.actions import ActionDefinition, register_actions
from mands_sim.kernel.contracts import Initiation

TAUNT = ActionDefinition("taunt", performance_time=5, summary="provoke a foe")
JEER = ActionDefinition("jeer", performance_time=3, summary="mock a foe")


def quick(*_: Any) -> Initiation:
    return Initiation(1)


def nothing(*_: Any) -> list[Any]:
    return []


def test_register_actions_registers_each_played_by_the_rules_given() -> None:
    registered: list[tuple[str, ActionDefinition, str, str]] = []

    def register(name: str, payload: Any, *, summary: str, source: str = "third party") -> None:
        registered.append((name, payload, summary, source))

    register_actions(register, (TAUNT, JEER), initiate=quick, resolve=nothing, source="third party")
    assert [(n, s, src) for n, _, s, src in registered] == [
        ("taunt", "provoke a foe", "third party"),
        ("jeer", "mock a foe", "third party"),
    ]
    assert all(d.initiate is quick and d.resolve is nothing for _, d, _, _ in registered)
    assert [d for _, d, _, _ in registered] == [TAUNT, JEER]  # rules aside, the same actions
    assert TAUNT.initiate is None  # the declared constant is left as it was
