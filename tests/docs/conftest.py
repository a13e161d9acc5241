"""Tests of the docs against the code: docs/configuration.md's settings, docs/engine.md's
examples (doctests) and docs/architecture.md's routes (the app's own `flask routes`)."""
