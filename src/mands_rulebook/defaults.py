"""The kit's named defaults (``docs/rules/decisions.md``), registered: the plugin.

The kit (:mod:`mands_rulebook.kit`) registers nothing itself; each kit module that applies a
default declares its class of them beside the code that reads it, and this plugin registers
every such class, under the kit module's name. A chapter's own defaults are registered by the
chapter's plugin. Disabling this plugin leaves the kit's defaults standard and refuses a
scenario that switches one.
"""

from __future__ import annotations

from mands_rulebook.kit.altitude import AltitudeDefaults
from mands_rulebook.kit.combat_pool import CombatPoolDefaults
from mands_rulebook.kit.coming_to import ComingToDefaults
from mands_rulebook.kit.crowding import CrowdingDefaults
from mands_rulebook.kit.damage import DamageDefaults
from mands_rulebook.kit.editing_points.points import EditingPointsDefaults
from mands_rulebook.kit.exhaustion import ExhaustionDefaults
from mands_rulebook.kit.explosions import ExplosionDefaults
from mands_rulebook.kit.falling import FallingDefaults
from mands_rulebook.kit.fists import FistDefaults
from mands_rulebook.kit.injury import InjuryDefaults
from mands_rulebook.kit.movement.bends import BendDefaults
from mands_rulebook.kit.movement.pace import PaceDefaults
from mands_rulebook.kit.opponents.extra_opponents import ExtraOpponentDefaults
from mands_rulebook.kit.opponents.sweeps import SweepDefaults
from mands_rulebook.kit.opponents.teamwork import TeamworkDefaults
from mands_rulebook.kit.out_of_action import OutOfActionDefaults
from mands_rulebook.kit.pinning import PinningDefaults
from mands_rulebook.kit.positions import PositionDefaults
from mands_rulebook.kit.powers.attacks import PowerAttackDefaults
from mands_rulebook.kit.range import RangeDefaults
from mands_rulebook.kit.rest import RestDefaults
from mands_rulebook.kit.room import RoomDefaults
from mands_rulebook.kit.skills import SkillDefaults
from mands_rulebook.kit.surprise import SurpriseDefaults
from mands_rulebook.kit.sweep_weapons import SweepWeaponDefaults
from mands_rulebook.kit.throw_flight import ThrowFlightDefaults
from mands_rulebook.kit.throwback import ThrowbackDefaults
from mands_rulebook.kit.thrown_objects import ThrownObjectDefaults
from mands_rulebook.kit.weaknesses import WeaknessDefaults
from mands_rulebook.kit.weapons.attacking import WeaponAttackDefaults
from mands_rulebook.kit.weapons.thrown import ThrownWeaponDefaults
from mands_sim.api import Register, defaults_summary, hookimpl

KIT_DEFAULTS: dict[str, type] = {
    "kit.altitude": AltitudeDefaults,
    "kit.combat_pool": CombatPoolDefaults,
    "kit.coming_to": ComingToDefaults,
    "kit.crowding": CrowdingDefaults,
    "kit.damage": DamageDefaults,
    "kit.editing_points.points": EditingPointsDefaults,
    "kit.exhaustion": ExhaustionDefaults,
    "kit.explosions": ExplosionDefaults,
    "kit.falling": FallingDefaults,
    "kit.fists": FistDefaults,
    "kit.injury": InjuryDefaults,
    "kit.movement.bends": BendDefaults,
    "kit.movement.pace": PaceDefaults,
    "kit.opponents.extra_opponents": ExtraOpponentDefaults,
    "kit.opponents.sweeps": SweepDefaults,
    "kit.opponents.teamwork": TeamworkDefaults,
    "kit.out_of_action": OutOfActionDefaults,
    "kit.pinning": PinningDefaults,
    "kit.positions": PositionDefaults,
    "kit.powers.attacks": PowerAttackDefaults,
    "kit.range": RangeDefaults,
    "kit.rest": RestDefaults,
    "kit.room": RoomDefaults,
    "kit.skills": SkillDefaults,
    "kit.surprise": SurpriseDefaults,
    "kit.sweep_weapons": SweepWeaponDefaults,
    "kit.throw_flight": ThrowFlightDefaults,
    "kit.throwback": ThrowbackDefaults,
    "kit.thrown_objects": ThrownObjectDefaults,
    "kit.weaknesses": WeaknessDefaults,
    "kit.weapons.attacking": WeaponAttackDefaults,
    "kit.weapons.thrown": ThrownWeaponDefaults,
}
"""Each kit module's class of defaults, by the module's name within the kit."""


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register each kit module's named defaults."""
    for name, kind in KIT_DEFAULTS.items():
        register(name, kind, summary=defaults_summary(kind), source="rules text")
