"""What a character carries from one scene of an adventure day into the next.

A scene is one encounter; the next scene starts its characters fresh (full VP, DP and EP) unless
they come with a :class:`Carried`: what they lost, whether they are still in action, and the
values plugins keep for them (``mands_carry_over``: a rule's points left to spend, for one). Losses
are carried, not totals, so a character whose next scene gives it another sheet keeps its
wounds against that sheet's figures.

:func:`carried_out` reads a character's :class:`Carried` at the end of a scene;
:func:`~mands_sim.simulation.initial_state` starts a character from one. Between scenes the
rest hook (``mands_rest_between_scenes``) heals what the rules let a rest heal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mands_sim.charts.loading import Charts
    from mands_sim.defaults import RuleDefaults
    from mands_sim.dice import DiceSource
    from mands_sim.kernel.state import CharacterState
    from mands_sim.model.character import Character

IN_ACTION = "active"
"""The condition of a character in action (``CharacterState.condition``)."""


@dataclass(frozen=True, slots=True)
class Carried:
    """A character's state as it enters a scene: what it lost in the scenes before.

    Attributes:
        virtual_damage_points_lost: VP below the figured maximum.
        damage_points_lost: Body DP below the figured maximum.
        penetrating_damage_points: of the DP lost, the penetrating ones (they heal by the day,
            bludgeoning DP by the hour: ``docs/rules/combat.md`` §7.2).
        endurance_points_lost: EP below the figured maximum (more than the maximum: below 0).
        condition: ``active``, or how it went out of action (``unconscious``, ``dead``,
            ``fled``, ``surrendered``, or another condition a rule names).
        injury_points: Injury damage taken (G-18); it heals by the month.
        permanent_damage_points: permanent damage taken; it does not heal by itself.
        kept: the plugins' values for the character (``mands_carry_over``), by key, sorted.
        minutes_rested: minutes of rest since it last fought (a rest's hours and days count
            on from there, G-297); 0 after a scene it played.
    """

    virtual_damage_points_lost: int = 0
    damage_points_lost: int = 0
    penetrating_damage_points: int = 0
    endurance_points_lost: Fraction = Fraction(0)
    condition: str = IN_ACTION
    injury_points: int = 0
    permanent_damage_points: int = 0
    kept: tuple[tuple[str, object], ...] = ()
    minutes_rested: int = 0

    def value(self, key: str, default: object = None) -> object:
        """The value a plugin kept under ``key`` (``mands_carry_over``), or ``default``."""
        return dict(self.kept).get(key, default)

    @property
    def fresh(self) -> bool:
        """Whether the character enters as if it had played no scene before."""
        return self == FRESH


FRESH = Carried()
"""A character that has lost nothing: how everyone enters a lone scenario."""


@dataclass(frozen=True, slots=True)
class RestBetweenScenes:
    """A rest between two scenes, as the rest hook (``mands_rest_between_scenes``) is asked it.

    Attributes:
        character: the character resting (sheet and figured attributes), as the next scene has it.
        carried: what it carries out of the scenes before.
        minutes: how long the rest lasts (the adventure file's ``rest_minutes``).
        dice: the rest's own dice (for rolls made while resting).
        charts: the next scene's charts.
        defaults: the next scene's named defaults.
    """

    character: Character
    carried: Carried
    minutes: int
    dice: DiceSource
    charts: Charts
    defaults: RuleDefaults


def carried_out(
    state: CharacterState,
    before: Carried,
    *,
    penetrating_taken: int,
    injury_points: int,
    permanent_damage_points: int,
    kept: Mapping[str, object],
) -> Carried:
    """What ``state`` carries out of a scene it entered with ``before``.

    ``penetrating_taken``, ``injury_points`` and ``permanent_damage_points`` are what the
    scene's log gave it; of the DP it has lost, at most the penetrating DP of this scene and the
    scenes before are penetrating (healing in the scene is taken from them last). ``kept`` is
    what the plugins keep now; a value kept before that no plugin gives again (a scene played
    without the rule that keeps it) is passed on.
    """
    figured = state.character.figured
    dp_lost = max(0, figured.body_damage_points - state.damage_points)
    return Carried(
        virtual_damage_points_lost=max(
            0, figured.virtual_damage_points - state.virtual_damage_points
        ),
        damage_points_lost=dp_lost,
        penetrating_damage_points=min(
            dp_lost, before.penetrating_damage_points + penetrating_taken
        ),
        endurance_points_lost=max(Fraction(0), figured.endurance_points - state.endurance_points),
        condition=state.condition,
        injury_points=before.injury_points + injury_points,
        permanent_damage_points=before.permanent_damage_points + permanent_damage_points,
        kept=tuple(sorted({**dict(before.kept), **kept}.items())),
    )


__all__ = ["FRESH", "IN_ACTION", "Carried", "RestBetweenScenes", "carried_out"]
