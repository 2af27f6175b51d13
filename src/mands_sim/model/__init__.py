"""Characters: sheets (:mod:`.sheet`), figured attributes (:mod:`.figured`) and the frozen
:class:`~mands_sim.model.character.Character` (:mod:`.character`). Import a name from the module
that defines it."""
