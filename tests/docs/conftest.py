"""Tests of the docs against the code (docs/configuration.md's settings, docs/engine.md's
examples): they read files and run the engine; no database, no app."""
