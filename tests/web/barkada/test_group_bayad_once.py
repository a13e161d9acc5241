"""Bayad na once (follow-up): after a suggested transfer is recorded, the page it
lands on says so from the stored Payment row (who paid whom, how much, on which day), the
transfer is no longer offered, and what is still owed is shown; the same old form sent again
(Back, a double tap) or another phone's copy of the old page records nothing more, while the
pay form still takes a payment of any amount. And the settle-up as text to share, in English
and Filipino."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.support.forms import csrf_token
from tests.support.group_pages import made_group, start_from_group
from tests.support.pages import plain, text_of
from tests.support.records import TALON, TONGITS
from tests.support.static import static_pattern
from tracker.clock import local_day, local_today
from tracker.extensions import db
from tracker.models import GameSession, Payment
from tracker.present.display import day


def settled_group(client, members=("Ana", "Ben", "Cris"), record=TALON, notes=None):
    """A group whose first session (its first three members) was settled after one round:
    TALON makes Cris the winner (Ana pays Cris 30.00, Ben pays Cris 29.00); TONGITS Ben (Ana
    pays Ben 19.00, Cris pays Ben 65.00). (group token, session token)"""
    token = made_group(client, members=members, notes=notes)
    started = start_from_group(client, token, list(members[:3]))
    session = started.headers["Location"].split("/s/")[1].split("?")[0]
    assert client.post(f"/api/sessions/{session}/rounds", json=record).status_code == 201
    assert client.post(f"/api/sessions/{session}/settle").status_code == 200
    return token, session


def pay_forms(page_html: str) -> dict[tuple[str, str], dict]:
    """Each Bayad na form of a page by (from, to): its fields as the browser would send them."""
    forms = {}
    for form in re.findall(r'<form method="post" action="[^"]*/pay".*?</form>', page_html, re.S):
        fields = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form))
        fields["csrf_token"] = csrf_token(page_html)
        forms[(fields["from"], fields["to"])] = fields
    return forms


def section(page_html: str, anchor: str) -> str:
    """The text of the section with this id, as a reader sees it."""
    part = page_html.split(f'id="{anchor}"', 1)[1].split(">", 1)[1].split("</section>", 1)[0]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", part)).split())


def payments(app) -> int:
    with app.app_context():
        return db.session.query(Payment).count()


def test_a_paid_transfer_shows_as_paid_is_not_offered_and_the_rest_is_still_owed(client, app):
    token, _ = settled_group(client)
    page = text_of(client.get(f"/g/{token}"))
    forms = pay_forms(page)
    assert set(forms) == {("Ana", "Cris"), ("Ben", "Cris")}
    old = {**forms[("Ana", "Cris")], "paid_on": "2026-11-28"}
    assert old["owed"] == old["amount"] == "30.00"  # the form carries what it offers

    paid = client.post(f"/g/{token}/pay", data=old)
    assert paid.status_code == 303
    assert re.search(rf"/g/{token}\?paid=\d+#utang$", paid.headers["Location"])
    assert payments(app) == 1
    landed = text_of(client.get(paid.headers["Location"]))
    owed = section(landed, "utang")
    # the confirmation is on the page, at the top of the section it lands on (not a flash)
    assert owed.startswith("Who owes whom Bayad na: Ana paid Cris ₱30.00 on 28 Nov 2026.")
    assert 'id="paid-notice"' in landed and 'class="flash" role="status"' not in landed
    # shown paid, from the stored row; no longer offered; what is still owed, with its button
    assert "✓ Ana paid Cris ₱30.00 · 28 Nov 2026" in owed
    assert "Ana pays Cris" not in owed
    assert set(pay_forms(landed)) == {("Ben", "Cris")}
    assert "Ben pays Cris ₱29.00" in owed
    # reloaded later (another phone, no ?paid=): still shown paid, still not offered
    later = text_of(client.get(f"/g/{token}"))
    assert "✓ Ana paid Cris ₱30.00 · 28 Nov 2026" in section(later, "utang")
    assert "Bayad na: Ana paid" not in later

    # Back, then Bayad na again on the old page: the same key answers the one payment
    again = client.post(f"/g/{token}/pay", data=old)
    assert again.status_code == 303 and again.headers["Location"] == paid.headers["Location"]
    assert payments(app) == 1
    # another phone's copy of the old page (its own key): refused, nothing stored, and said
    other = client.post(f"/g/{token}/pay", data={**old, "idempotency_key": "phone-2"})
    assert other.status_code == 303
    assert re.search(rf"/g/{token}\?again=\d+#utang$", other.headers["Location"])
    assert payments(app) == 1
    told = section(text_of(client.get(other.headers["Location"])), "utang")
    assert told.startswith(
        "Who owes whom Not recorded: Ana already paid Cris ₱30.00 on 28 Nov 2026. "
        "Nothing new was stored. What is still owed is below."
    )
    assert "Ben pays Cris ₱29.00" in told

    # the pay form (no suggested transfer): any amount, recorded once "Record anyway" says so
    pay_page = text_of(client.get(f"/g/{token}/pay", query_string={"from": "Ana", "to": "Cris"}))
    assert 'name="owed"' not in pay_page
    key = re.search(r'name="idempotency_key" value="([^"]+)"', pay_page).group(1)
    free = {"csrf_token": csrf_token(pay_page), "idempotency_key": key, "from": "Ana", "to": "Cris"}
    asked = client.post(f"/g/{token}/pay", data={**free, "amount": "30.00"})
    assert asked.status_code == 200 and "Ana owes Cris nothing; record ₱30.00 anyway?" in plain(
        asked
    )
    assert payments(app) == 1
    extra = client.post(f"/g/{token}/pay", data={**free, "amount": "30.00", "confirm": "1"})
    assert extra.status_code == 303 and "?paid=" in extra.headers["Location"]
    assert payments(app) == 2

    # what is still owed (Ana's extra 30.00 reroutes it), paid off: all square, and said so
    for _ in range(3):
        still = pay_forms(text_of(client.get(f"/g/{token}")))
        if not still:
            break
        assert client.post(f"/g/{token}/pay", data=next(iter(still.values()))).status_code == 303
    square = text_of(client.get(f"/g/{token}"))
    assert pay_forms(square) == {} and payments(app) >= 3
    assert "Nobody owes anybody." in section(square, "utang")
    # the group's link last: whoever reads the text opens the group itself
    assert share_box(square, "share-utang").split("\n")[1:] == [
        "Nobody owes anybody.",
        f"http://localhost/g/{token}",
    ]


def test_two_phones_on_two_workers_record_one_payment(client, app, second_worker):
    """Both phones have the group page open, each served by its own worker; both tap Bayad na
    for Ana's transfer: the second worker sees the first one's payment and refuses."""
    token, _ = settled_group(client)
    other = second_worker.test_client()
    theirs = pay_forms(text_of(other.get(f"/g/{token}")))[("Ana", "Cris")]
    mine = pay_forms(text_of(client.get(f"/g/{token}")))[("Ana", "Cris")]
    assert client.post(f"/g/{token}/pay", data=mine).status_code == 303
    late = other.post(f"/g/{token}/pay", data=theirs)
    assert late.status_code == 303 and "?again=" in late.headers["Location"]
    assert payments(app) == 1
    assert "Not recorded: Ana already paid Cris ₱30.00" in plain(
        other.get(late.headers["Location"])
    )


def test_a_transfer_paid_in_part_meanwhile_is_refused_for_the_old_amount(client, app):
    token, _ = settled_group(client)
    old = pay_forms(text_of(client.get(f"/g/{token}")))[("Ana", "Cris")]
    # one phone records 10.00 of the 30.00 (the amount changed on the suggested transfer)
    part = client.post(f"/g/{token}/pay", data={**old, "amount": "10.00"})
    assert part.status_code == 303 and payments(app) == 1
    # the other phone's old page still offers 30.00: refused, nothing stored
    late = client.post(f"/g/{token}/pay", data={**old, "idempotency_key": "phone-2"})
    assert late.status_code == 303 and "?again=" in late.headers["Location"]
    assert payments(app) == 1
    landed = text_of(client.get(late.headers["Location"]))
    owed = section(landed, "utang")
    assert "Not recorded: Ana already paid Cris ₱10.00 on " in owed
    assert "Ana pays Cris ₱20.00" in owed
    # the fresh page offers the 20.00 still owed
    fresh = pay_forms(landed)[("Ana", "Cris")]
    assert fresh["owed"] == fresh["amount"] == "20.00"
    assert client.post(f"/g/{token}/pay", data=fresh).status_code == 303
    assert payments(app) == 2
    assert "Ana pays Cris" not in section(text_of(client.get(f"/g/{token}")), "utang")


def test_a_suggested_transfer_owed_more_since_is_still_recorded(client, app):
    """A session settled after the page was opened makes more owed, not less: the old page's
    Bayad na is no repeat, and is recorded."""
    token, _ = settled_group(client)
    old = pay_forms(text_of(client.get(f"/g/{token}")))[("Ana", "Cris")]
    started = start_from_group(client, token, ["Ana", "Ben", "Cris"])
    second = started.headers["Location"].split("/s/")[1].split("?")[0]
    client.post(f"/api/sessions/{second}/rounds", json=TALON)
    client.post(f"/api/sessions/{second}/settle")
    assert client.post(f"/g/{token}/pay", data=old).status_code == 303
    assert payments(app) == 1
    assert "Ana pays Cris ₱30.00" in section(text_of(client.get(f"/g/{token}")), "utang")


def test_a_transfer_gone_with_no_payment_is_refused_and_said(client, app):
    """The session behind the transfer was reopened since the page was opened: nothing is
    owed between the two and no payment paid it; refused, nothing stored, the reason said."""
    token, session = settled_group(client)
    old = pay_forms(text_of(client.get(f"/g/{token}")))[("Ana", "Cris")]
    assert client.post(f"/api/sessions/{session}/reopen").status_code == 200
    refused = client.post(f"/g/{token}/pay", data=old)
    assert refused.status_code == 303 and refused.headers["Location"].endswith(f"/g/{token}#utang")
    assert payments(app) == 0
    landed = plain(client.get(refused.headers["Location"]))
    assert "Ana owes Cris nothing now: nothing was recorded" in landed
    assert "Nobody owes anybody." in landed


def test_a_transfer_owed_less_with_no_payment_between_the_two_is_refused_and_said(client, app):
    """Ana paid Ben meanwhile (through the API): the fewest transfers now have her owe Cris
    20.00, not the 30.00 the old page offers, though she never paid Cris."""
    token, _ = settled_group(client)
    old = pay_forms(text_of(client.get(f"/g/{token}")))[("Ana", "Cris")]
    meanwhile = {"from": "Ana", "to": "Ben", "amount": "10.00"}
    assert client.post(f"/api/groups/{token}/payments", json=meanwhile).status_code == 201
    refused = client.post(f"/g/{token}/pay", data=old)
    assert refused.status_code == 303 and payments(app) == 1
    landed = plain(client.get(refused.headers["Location"]))
    assert (
        "Ana owes Cris ₱20.00 now, not ₱30.00: the group changed meanwhile. Nothing was "
        "recorded: check the amount, then tap Bayad na again"
    ) in landed
    assert "Ana pays Cris ₱20.00" in landed


def test_bayad_na_at_a_session_settle_up_shows_it_paid_there_and_not_again(client, app):
    token, session = settled_group(client, members=("Ana", "Ben", "Cris"), record=TONGITS)
    page = text_of(client.get(f"/s/{session}"))
    forms = pay_forms(page)
    assert set(forms) == {("Ana", "Ben"), ("Cris", "Ben")}
    old = forms[("Cris", "Ben")]
    assert old["session"] == session and old["owed"] == "65.00"
    paid = client.post(f"/g/{token}/pay", data={**old, "paid_on": "2026-11-30"})
    assert re.search(rf"/s/{session}\?paid=\d+#settlement$", paid.headers["Location"])
    landed = text_of(client.get(paid.headers["Location"]))
    settled = section(landed, "settlement")
    assert "Bayad na: Cris paid Ben ₱65.00 on 30 Nov 2026." in settled
    assert "Cris pays Ben ₱65.00 ✓ Cris paid Ben ₱65.00 · 30 Nov 2026" in settled
    assert set(pay_forms(landed)) == {("Ana", "Ben")}  # the paid one is no longer offered
    assert "Ana pays Ben ₱19.00" in settled
    # the ledger part live.js reloads keeps saying it
    part = text_of(client.get(f"/s/{session}/ledger", query_string={"paid": "1"}))
    assert "Bayad na: Cris paid Ben ₱65.00 on 30 Nov 2026." in part
    # the old settle-up sent again (the same form, the same form changed, another phone's):
    # one payment
    same = client.post(f"/g/{token}/pay", data={**old, "paid_on": "2026-11-30"})
    assert same.headers["Location"] == paid.headers["Location"]
    changed = client.post(f"/g/{token}/pay", data={**old, "amount": "60.00"})
    assert changed.status_code == 303 and "?again=" in changed.headers["Location"]
    refused = client.post(f"/g/{token}/pay", data={**old, "idempotency_key": "phone-2"})
    assert re.search(rf"/s/{session}\?again=\d+#settlement$", refused.headers["Location"])
    assert payments(app) == 1
    # Ana pays too: the group is all square, said at the settle-up
    ana = pay_forms(landed)[("Ana", "Ben")]
    assert client.post(f"/g/{token}/pay", data=ana).status_code == 303
    square = section(text_of(client.get(f"/s/{session}")), "settlement")
    assert "All square in Friday barkada: nobody owes anybody." in square
    assert pay_forms(text_of(client.get(f"/s/{session}"))) == {}
    assert payments(app) == 2


def test_undo_offers_the_transfer_again(client, app):
    token, _ = settled_group(client)
    old = pay_forms(text_of(client.get(f"/g/{token}")))[("Ana", "Cris")]
    paid = client.post(f"/g/{token}/pay", data=old)
    payment = re.search(r"paid=(\d+)", paid.headers["Location"]).group(1)
    undo = client.post(
        f"/g/{token}/payments/{payment}/undo", data={"csrf_token": old["csrf_token"]}
    )
    assert undo.status_code == 303 and payments(app) == 0
    assert ("Ana", "Cris") in pay_forms(text_of(client.get(f"/g/{token}")))
    # the landing address of the undone payment says nothing of it any more
    assert 'id="paid-notice"' not in text_of(client.get(paid.headers["Location"]))


# -- the settle-up as text to share -------------------------------------------------------


def share_box(page_html: str, box: str) -> str:
    match = re.search(rf'<textarea id="{box}" readonly[^>]*>(.*?)</textarea>', page_html, re.S)
    assert match, f"no {box} text box"
    return html.unescape(match.group(1))


@pytest.mark.parametrize(
    "lang,lines",
    [
        ("en", ["Ana pays Cris ₱30.00", "Ben pays Cris ₱29.00"]),
        ("fil", ["Magbabayad si Ana kay Cris ng ₱30.00", "Magbabayad si Ben kay Cris ng ₱29.00"]),
    ],
)
def test_the_group_share_text_in_the_pages_language(client, app, lang, lines):
    token, _ = settled_group(client)
    page = text_of(client.get(f"/g/{token}", query_string={"lang": lang}))
    with app.app_context():
        today = day(local_today(), locale=lang)
    link = f"http://localhost/g/{token}"
    assert share_box(page, "share-utang").split("\n") == [f"Friday barkada — {today}", *lines, link]
    # the Share button, hidden without JavaScript (app.css), and its script and words
    assert "data-share-button" in page and _starts_share(page, "group")


@pytest.mark.parametrize(
    "lang,lines,square",
    [
        ("en", ["Ana pays Ben ₱19.00", "Cris pays Ben ₱65.00"], "Nobody owes anybody."),
        (
            "fil",
            ["Magbabayad si Ana kay Ben ng ₱19.00", "Magbabayad si Cris kay Ben ng ₱65.00"],
            "Walang may utang kaninuman.",
        ),
    ],
)
def test_the_session_share_text_in_the_pages_language(client, app, lang, lines, square):
    _, session = settled_group(client, record=TONGITS)
    with app.app_context():
        started = db.session.query(GameSession).filter_by(token=session).one().created_at
        head = f"Ana · Ben · Cris — {day(local_day(started), locale=lang)}"
    shown = text_of(client.get(f"/s/{session}", query_string={"lang": lang}))
    link = f"http://localhost/s/{session}"  # the session's own link, last
    assert share_box(shown, "share-settlement").split("\n") == [head, *lines, link]
    assert _starts_share(shown, "session")
    settle = text_of(client.get(f"/s/{session}/settle", query_string={"lang": lang}))
    assert share_box(settle, "share-settle").split("\n") == [head, *lines, link]
    # a session nobody owes anything in: said so
    empty = client.post("/api/sessions", json={"players": ["Ana", "Ben", "Cris"]})
    token = empty.get_json()["id"]
    nothing = text_of(client.get(f"/s/{token}/settle", query_string={"lang": lang}))
    assert share_box(nothing, "share-settle").split("\n")[1:] == [
        square,
        f"http://localhost/s/{token}",
    ]


def _starts_share(page: str, entry: str) -> bool:
    """The page loads its one entry (static/pages/), and that entry starts share.js."""
    script = Path(__file__).resolve().parents[3] / "static" / "pages" / f"{entry}.js"
    entry_at = static_pattern(f"pages/{entry}.js")
    loaded = re.search(f'<script type="module" src="{entry_at}">', page) is not None
    return loaded and 'import { start as share } from "../share.js";' in script.read_text()
