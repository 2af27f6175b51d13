"""Sixth Sense (template): ``mands_rulebook.powers.sixth_sense``.

Seed ("Optional Rules"): "Sixth Sense doesn't use Endurance Points." Nothing else survives, so the
power is registered with no action and no encounter effect.
"""

from __future__ import annotations

from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.sixth_sense import SIXTH_SENSE
from tests.data.template_powers import installed_registries


def test_mands_register_powers_sixth_sense_is_listed_as_a_template() -> None:
    entry = installed_registries().powers["Sixth Sense"]
    assert (entry.source, entry.plugin) == (TEMPLATE, "mands_rulebook.powers.sixth_sense")


def test_it_has_no_action_so_it_uses_no_ep() -> None:
    assert SIXTH_SENSE.uses == ()
    assert not [a for a in installed_registries().actions if a.startswith("sixth-sense")]
