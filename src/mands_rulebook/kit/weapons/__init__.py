"""The kit's part of ``mands_rulebook.combat.weapons``: its rules as functions and values."""
