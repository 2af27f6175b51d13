"""The bundled scenarios, their character sheets (``characters/``) and golden event logs
(``golden/``), installed as the package ``mands_sim_examples``: ``mands-sim examples DIR``
copies them out (``mands_sim.cli.examples``)."""
