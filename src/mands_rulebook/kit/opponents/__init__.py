"""The kit's part of ``mands_rulebook.combat.opponents``: its rules as functions and values."""
