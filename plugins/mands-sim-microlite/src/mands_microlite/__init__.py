"""Microlite Platinum (seed 003) as a mands-sim ruleset: its tables, formulas and plugins.

A scenario that says ``ruleset = "microlite"`` loads these plugins and none of Men & Supermen's
(``docs/rulesets.md`` in mands-sim; ``docs/rules.md`` here for the rules as played).
"""
