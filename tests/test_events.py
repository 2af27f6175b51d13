"""Events (``mands_sim.events``): every event class names its own kind."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from mands_sim.events import Event, OutOfAction, by_event_class, to_json_line


def test_an_event_class_without_a_kind_fails_naming_the_kind_to_give() -> None:
    with pytest.raises(TypeError, match='kind: ClassVar\\[str\\] = "field-fizzled"'):

        @dataclasses.dataclass(frozen=True, slots=True)
        class FieldFizzled(Event):
            character: str


def test_an_event_class_of_a_plugins_own_is_logged_by_its_kind() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class FieldFizzled(Event):
        kind: ClassVar[str] = "field-fizzled"
        character: str

    assert to_json_line(FieldFizzled(3, "seraph")) == (
        '{"character":"seraph","kind":"field-fizzled","segment":3}'
    )
    assert '"kind":"out-of-action"' in to_json_line(OutOfAction(3, "seraph", "dead"))


def test_by_event_class_groups_items_by_the_classes_they_name_in_name_order() -> None:
    from mands_sim.metrics import Metric

    late = Metric("zebra", {OutOfAction: lambda e: []})
    early = Metric("aardvark", {OutOfAction: lambda e: [], Event: lambda e: []})
    grouped = by_event_class([late, early], lambda metric: metric.counts)
    assert grouped == {OutOfAction: (early, late), Event: (early,)}
