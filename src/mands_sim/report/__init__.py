"""Toughness reports: the report data, the verdict, and the terminal, JSON and HTML renderings."""

from mands_sim.report.summary import build_summary
from mands_sim.report.verdict import Verdict, toughness

__all__ = ["Verdict", "build_summary", "toughness"]
