"""Extra Appendage (seed "Extra Appendage"): ``mands_rulebook.powers.extra_appendage``.

Seed: "Some ideas are: telescoping arm, vise hand, normal appendage, eye in back of head. This
will not add to any ability, basic or derived ... This does not use EP."
"""

from __future__ import annotations

import dataclasses

from mands_rulebook.kit.powers.ratings import sheet_power
from mands_rulebook.powers import extra_appendage
from mands_rulebook.powers.extra_appendage import EXTRA_APPENDAGE, appendage, sees_all_sides
from mands_sim.model.sheet import CharacterSheet, PowerEntry, load_sheet
from tests.data.power_plan import SCENARIOS
from tests.data.template_powers import installed_registries

SERAPH = load_sheet(SCENARIOS / "characters" / "seraph.toml")


def with_appendage(kind: str | None) -> CharacterSheet:
    extra = {} if kind is None else {"appendage": kind}
    entry = PowerEntry("Extra Appendage", None, None, extra)
    return dataclasses.replace(SERAPH, powers={**SERAPH.powers, "Extra Appendage": entry})


def test_the_appendage_is_the_sheets_and_an_eye_in_back_sees_all_sides() -> None:
    assert appendage(with_appendage("eye in back of head")) == "eye in back of head"
    assert sees_all_sides(with_appendage("eye in back of head"))
    assert appendage(with_appendage(None)) == "normal appendage"
    assert not sees_all_sides(with_appendage("telescoping arm"))
    assert appendage(SERAPH) is None


def test_it_adds_to_no_ability_and_has_no_pr_and_no_action() -> None:
    """Seed: "This will not add to any ability, basic or derived"; "This does not use EP": the
    plugin adjusts no figured attribute and registers no action."""
    assert not hasattr(extra_appendage, "mands_figured_adjustments")
    assert not hasattr(extra_appendage, "mands_register_actions")
    assert EXTRA_APPENDAGE.uses == () and EXTRA_APPENDAGE.pr_dice == "none"
    assert sheet_power(with_appendage("vise hand"), EXTRA_APPENDAGE) is None
    assert installed_registries().powers.get("Extra Appendage").source == "rules text"
