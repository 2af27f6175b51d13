"""The rulebook's "Creating a Character" (seed 001): the procedure, its tables as data, and the
``mands-sim generate`` command (``docs/character-generation.md``).

It stands above the chapters it draws on (the powers' own creation steps: Agility Bonus's
``with_agility_bonus`` …), beside the policies, and no chapter imports it.
"""
