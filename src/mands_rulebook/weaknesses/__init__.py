"""Handicaps and Weaknesses (seed "Handicap or Weakness", "Sample Weaknesses"): one plugin per
kind, on the kit's helpers for reading a sheet's weaknesses (``mands_rulebook.kit.weaknesses``).

A sheet lists a character's weaknesses as ``[[weaknesses]]`` tables (``docs/weaknesses.md``);
each kind is registered and played by its own plugin, one module each:

* :mod:`.vulnerability` — more damage from some attacks (Prototron: "Negative electrical
  attacks do 3 times normal damage to him");
* :mod:`.tires_easily` — more EP for every action (8-Ball: "twice normal EP"), or a growing
  Combat Pool penalty (Diamondback);
* :mod:`.low_self_control` — a d100 save after damage or berserk (Armadillo);
* :mod:`.focus` — no power without its item (Jake Kotter's Cosmic Guitar);
* :mod:`.limited_use` — a power held too long costs DP (Brinn X'Halikso's Slide Molecules);
* :mod:`.affects_ability` — using a power lowers an ability (Pulsar's Strength, 13 − the EP a
  round of his Gravity Control), read by every rule through ``mands_ability_modifiers``.

:mod:`.power_use` tells a power's actions apart for the kinds that name a power. The damage a
vulnerability multiplies is the kit's (:func:`mands_rulebook.kit.weaknesses.vulnerable_damage`),
since every blow's damage passes through it.

Every time a weakness changes the fight it is logged as a
:class:`~mands_sim.events.WeaknessFired`, which the run summary counts per character.
"""

from __future__ import annotations
