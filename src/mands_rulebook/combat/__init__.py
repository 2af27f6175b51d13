"""The Combat chapter's rules, as plugins."""
