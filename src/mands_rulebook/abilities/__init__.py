"""Abilities and attributes used on others, as plugins."""
