"""Each house rule describes itself once (tracker/present/house_rules/): the form, the session
page and the printed summary all read their words from there, and amounts wear one set of sign
classes on the pages and in the PDF."""

from __future__ import annotations

import html
import re

from tests.support.documents import played
from tracker.documents.summary import summary_html
from tracker.engine import PRESETS, Rules
from tracker.present import house_rules
from tracker.present.rule_form import option_names


def test_every_option_is_declared_with_its_words():
    names = option_names()  # fails loudly when an option of Rules has no declaration
    assert set(names) == set(house_rules.OPTIONS)
    for preset in PRESETS:
        for option in [house_rules.PRESET, *house_rules.OPTIONS.values()]:
            assert option.label and option.help, option.name
            said = option.says(Rules.preset(preset))
            assert isinstance(said, tuple) and all(isinstance(s, str) and s for s in said)
    # the summary's list is the declarations' sentences, the preset first
    first = house_rules.describe(Rules())[0]
    assert first == "Starting from the classic full rules, with the options below."


def test_the_new_session_form_reads_the_declarations(client):
    page = html.unescape(client.get("/new").get_data(as_text=True))
    for name in house_rules.UPFRONT + tuple(house_rules.OPTIONS):
        option = house_rules.OPTIONS[name]
        assert option.label in page and option.help in page, name
    assert house_rules.PRESET.label in page and house_rules.PRESET.help in page
    for _, text in house_rules.PAPER:
        assert text in page


def test_the_session_page_and_the_summary_say_the_same_terms(client, make_session):
    token = played(client, make_session)
    rules = Rules()
    page = html.unescape(client.get(f"/s/{token}").get_data(as_text=True))
    assert " · ".join(house_rules.terms(rules)) in page
    assert "Classic rules · stake ₱10.00 · point rate ₱1.00 per deadwood point" in page
    export = client.get(f"/api/sessions/{token}/export").get_json()
    summary = html.unescape(summary_html(export))
    assert "Stake ₱10.00 · point rate ₱1.00 per deadwood point" in summary
    assert "PDF, Letter paper" in page


def test_one_set_of_sign_classes(client, make_session):
    token = played(client, make_session)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    export = client.get(f"/api/sessions/{token}/export").get_json()
    summary = summary_html(export)
    pattern = r'class="[^"]*\b(plus|minus|zero|pos|neg)\b'
    assert set(re.findall(pattern, page)) <= {"plus", "minus", "zero"}
    assert {"plus", "minus"} <= set(re.findall(pattern, page))
    assert {"plus", "minus"} <= set(re.findall(pattern, summary))
    assert "pos" not in re.findall(pattern, summary)
