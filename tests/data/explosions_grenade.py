"""A synthetic Anti-Matter throw for the explosion tests (not rulebook content).

``lob-anti-matter`` sends the center of an Anti-Matter explosion (seed "Anti-Matter Production":
"Range of Center") to the place named by ``options["at"]``: the thrower aims at the spot
(``mands_rulebook.kit.thrown_objects.aim_at_spot``, G-24) with the power's "bonus of 3 to Attack",
and when the action completes the explosion of ``options["pr"]`` goes off where the center came down
(``mands_rulebook.kit.explosions.detonate``, G-23). Performance Time 20 and EP row 9 are the seed's
usual power numbers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mands_rulebook.kit.explosions import anti_matter, detonate
from mands_rulebook.kit.fists import roll_event
from mands_rulebook.kit.thrown_objects import Landing, aim_at_spot, landed_event
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.api import hookimpl
from mands_sim.events import Event
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position

LOB = ActionDefinition("lob-anti-matter", performance_time=20, ep_row=9, summary="test")
CREATED_AT_THE_SPOT = 3
"""Seed "Anti-Matter Production": "a bonus of 3 to Attack"."""


class GrenadePlugin:
    """Registers and plays ``lob-anti-matter``."""

    @hookimpl
    def mands_register_actions(self, register: Any) -> None:
        register(
            LOB.name,
            replace(LOB, initiate=self.initiate, resolve=self.resolve),
            summary=LOB.summary,
        )

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation | None:
        if definition.name != LOB.name:
            return None
        spot = Position(str(intent.options["at"]))
        roll, landing = aim_at_spot(encounter, actor, intent, spot, CREATED_AT_THE_SPOT)
        return Initiation(
            LOB.performance_time,
            events=(roll_event(encounter, actor, roll),),
            charges=(Charge(LOB.ep_row, "anti-matter"),),
            prepared={"landing": landing, "pr": int(intent.options["pr"])},
        )

    def resolve(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event] | None:
        if action.name != LOB.name:
            return None
        landing: Landing = action.prepared["landing"]
        explosion = anti_matter(int(action.prepared["pr"]))
        return [
            landed_event(encounter, actor, "anti-matter", landing),
            *detonate(encounter, actor, landing.landed, explosion),
        ]
