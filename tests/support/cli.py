"""The server owner's `flask --app tracker …` commands, run through the app's CLI runner."""

from __future__ import annotations


def run(app, *args, input=None):
    return app.test_cli_runner().invoke(args=list(args), input=input, catch_exceptions=False)
