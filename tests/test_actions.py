"""Actions (``mands_sim.actions``): a definition carries its own rules; ``register_actions``
registers definitions played by them; an intent's options, and what its initiation prepared,
are read by their kind."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Prepared, register_actions
from mands_sim.errors import IntentOptionError, PreparedValueError
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


def test_an_intents_options_are_read_by_their_kind() -> None:
    intent = Intent(
        "sweep",
        options={"spread": 3, "mass": 12.5, "power": "Electricity", "targets": ["a", "b"]},
    )

    assert intent.whole("spread") == 3
    assert intent.number("mass", 0.0) == 12.5
    assert intent.whole("mass") == 12  # cut to the whole part, as int() does
    assert intent.text("power") == "Electricity"
    assert intent.names("targets") == ("a", "b")


def test_an_option_the_intent_lacks_reads_as_its_default() -> None:
    intent = Intent("fist-attack")

    assert (intent.whole("withhold_damage"), intent.number("km", 2.5)) == (0, 2.5)
    assert (intent.text("power", "none"), intent.names("fork")) == ("none", ())


def test_true_counts_one_and_a_single_name_is_a_list_of_one() -> None:
    intent = Intent("charm", options={"evasion": True, "targets": "dexter"})

    assert intent.whole("evasion") == 1
    assert intent.names("targets") == ("dexter",)


@pytest.mark.parametrize(
    ("read", "expected"),
    [
        (lambda intent: intent.whole("power"), "expected a number, not 'Electricity'"),
        (lambda intent: intent.text("spread"), "expected text, not 3"),
        (lambda intent: intent.names("spread"), "expected a list of names, not 3"),
    ],
)
def test_an_option_of_another_kind_names_the_action_the_option_and_the_value(
    read: Callable[[Intent], object], expected: str
) -> None:
    intent = Intent("zap", options={"power": "Electricity", "spread": 3})

    with pytest.raises(IntentOptionError, match=expected) as raised:
        read(intent)

    assert (raised.value.action, str(raised.value).startswith("option ")) == ("zap", True)


def test_what_initiation_prepared_is_read_by_kind() -> None:
    prepared = Prepared({"attack": 14, "ep_row": Fraction(15, 2), "place": "roof", "read": ("x",)})

    assert (prepared.whole("attack"), prepared.whole("ep_row")) == (14, 7)
    assert prepared.number("ep_row") == 7.5
    assert prepared.text("place") == "roof"
    assert prepared.of("read", tuple) == ("x",)
    assert prepared.whole("shot", 0) == 0  # missing, with a default
    assert dict(prepared) == {
        "attack": 14,
        "ep_row": Fraction(15, 2),
        "place": "roof",
        "read": ("x",),
    }


def test_items_kept_in_a_list_read_as_a_tuple() -> None:
    assert Prepared({"covers": ["shield", "coat"]}).of("covers", tuple) == ("shield", "coat")


def test_a_prepared_value_missing_without_a_default_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="attack"):
        Prepared().whole("attack")


def test_a_prepared_value_may_default_to_none() -> None:
    """``None`` is a default like any other: a rule may ask for a value that may be missing."""
    prepared = Prepared({"place": "roof"})
    assert (prepared.of("blow", tuple, None), prepared.text("place", "street")) == (None, "roof")
    assert (prepared.whole("attack", 0), prepared.text("motive", "")) == (0, "")
    with pytest.raises(KeyError):
        prepared.of("blow", tuple)


def test_a_prepared_value_of_another_kind_names_the_key_and_the_value() -> None:
    prepared = Prepared({"attack": "high"})

    with pytest.raises(
        PreparedValueError, match="prepared 'attack': expected a number, not 'high'"
    ):
        prepared.whole("attack")
    with pytest.raises(PreparedValueError, match="expected tuple"):
        prepared.of("attack", tuple)


def test_prepared_copies_the_initiations_mapping() -> None:
    initiation = Initiation(5, prepared={"attack": 3})
    action = ActionInProgress(1, TAUNT, Intent("taunt"), 0, 5, Prepared(initiation.prepared))

    assert action.prepared.whole("attack") == 3
