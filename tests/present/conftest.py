"""Tests of the present layer (the formats of dates, money and words in English and Filipino,
the catalogue, the time zone, the words the phone's scripts show): the app and database
fixtures of tests/conftest.py; none of their own."""
