"""The export format (`tongits-tracker/1`): a session as JSON, written and read back, checked
round by round by the engine. Pure like the engine (no Flask, no database): the core imports
and restores sessions with it, the documents print from it."""
