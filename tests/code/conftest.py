"""Tests of the code itself: its imports and its layers; no database, no app."""
