"""The rulebook's skills that act in an encounter (seed "Skills"), as builtin plugins.

Each module is a plugin of its own (its own entry point, disabled by its own name):

* :mod:`.catalogue` — registers the skills (``mands_register_skills``) with their canonical names
  and aliases; effective levels through Umbrella and Combination skills (G-85).
* :mod:`.combat_skills` — the Combat Skill's Combat Pool bonus (G-26) for fists, weapons, the
  martial and wrestling attacks and, as Power Use, powers.
* :mod:`.martial_arts` — Martial Kick, Martial Punch, Martial Throw and Nerve Pinch attacks.
* :mod:`.wrestling` — Body Hold, Body Smash and Body Throw attacks.
* :mod:`.holding` — what a Body Hold's grab holds: escaping, letting go, what the two may do.
* :mod:`.defensive_skills` — Evasion spent on a Combat Roll's Defense; Falling.
* :mod:`.figured_skills` — skills that change figured attributes (Endurance, Rolling With
  Attacks, Awareness, Discipline, Weight, Weightlifting, Jumping, Hold Breath).
* :mod:`.first_aid` — First Aid on a bleeding ally (seed "First Aid"; a Knowledge, G-173).
* :mod:`.skill_check` — the generic ``skill-check`` action (seed "Skill Rolls"; Opening Locks).
* :mod:`.action_skills` — Speed (Specific Action), Running, Weightlifting's Lift Pool; the
  numbers of Double Action and Maneuverability (applied by :mod:`mands_rulebook.movement.moving`).
* :mod:`.double_action` — Double Action: the ``double-action`` %Control roll and two actions
  in its segment (G-162).

:mod:`.attacks` holds what the skill attacks share (it is not a plugin).
"""
