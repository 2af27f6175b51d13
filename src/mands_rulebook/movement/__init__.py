"""Movement in combat, as plugins."""
