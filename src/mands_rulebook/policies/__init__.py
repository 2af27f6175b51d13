"""Policies: who does what, when."""
