"""mands_rulebook: the Men & Supermen rulebook's own content, built as mands-sim plugins.

The kernel never imports it: its modules are registered through the ``mands_sim`` entry-point group
like any third party's.
"""
