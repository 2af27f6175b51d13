"""The movement rules of the kit: a run's pace and bends, the Move and Jump Rolls, jumping and the
Maneuverability skill's numbers, which ``mands_rulebook.movement.moving`` registers."""
