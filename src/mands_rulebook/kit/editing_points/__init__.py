"""The kit's part of ``mands_rulebook.optional.editing_points``: its rules as functions and
values."""
