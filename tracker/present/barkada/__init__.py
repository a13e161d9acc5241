"""A barkada's words: its pages' (words.py), its stats' (stats_display.py, stats_chart.py) and
a member's statement's (statement.py)."""
