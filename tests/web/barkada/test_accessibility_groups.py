"""Accessibility of a barkada's pages: axe-core finds no serious or critical
violation at 360×740, light and dark, on the new-group form (empty and refused), the group page
(with utang, payments and a session), a member's page, the payment form refused, the group's
PIN and unlock pages, the import page, and a group session's settle-up with its Bayad na."""

from __future__ import annotations

import pytest

from tests.support.axe import AXE, RUN_AXE, SERIOUS, SMALL, refused, violations_text
from tests.support.records import TONGITS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def groups(browser, server):
    """A group with a settled session (utang), a payment, and a second group with a PIN."""
    context = browser.new_context()
    request = context.request
    members = ["Ana", {"name": "Ben", "note": "GCash 0917 123 4567"}, "Cris"]
    made = request.post(f"{server}/api/groups", data={"name": "Friday", "members": members})
    group = made.json()
    owner = {"X-Owner-Key": group["owner_key"]}
    seated = {"players": ["Ana", "Ben", "Cris"], "group": group["id"]}
    session = request.post(f"{server}/api/sessions", data=seated).json()["id"]
    request.post(f"{server}/api/sessions/{session}/rounds", data=TONGITS)
    request.post(f"{server}/api/sessions/{session}/settle", data={})
    payment = {"from": "Cris", "to": "Ben", "amount": "40.00"}
    request.post(f"{server}/api/groups/{group['id']}/payments", data=payment, headers=owner)
    locked = {"name": "Locked", "members": ["Ana", "Ben", "Cris"], "pin": "4826"}
    other = request.post(f"{server}/api/groups", data=locked).json()
    member = group["members"][1]["id"]
    context.close()
    return {"group": group["id"], "session": session, "locked": other["id"], "member": member}


PAGES = [
    ("group-new", "/g/new", None),
    ("group-new-errors", "/g/new", refused("#member_0", "Ana", "Create the group")),
    ("group", "/g/{group}", None),
    ("group-locked", "/g/{locked}", None),
    ("group-member", "/g/{group}/members/{member}", None),
    ("group-pay-errors", "/g/{group}/pay", refused("#amount", "1.234", "Bayad na")),
    ("group-pin", "/g/{group}/pin", None),
    ("group-pin-stranger", "/g/{locked}/pin", None),
    ("group-unlock", "/g/{locked}/unlock", refused("#pin", "0000", "Unlock")),
    ("group-import", "/g/import", None),
    ("group-session-settled", "/s/{session}", None),
]


@pytest.mark.parametrize("name,path,prepare", PAGES, ids=[page[0] for page in PAGES])
def test_no_serious_violation_on_group_pages(browser, server, groups, name, path, prepare):
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: `bash scripts/setup.sh test` fetches it")
    context = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(8000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    violations = {}
    try:
        if name in ("group", "group-member", "group-session-settled"):
            # this phone may change the group: its forms are shown (Bayad na, Undo, Edit)
            page.goto(f"{server}/g/{groups['group']}")
        page.goto(server + path.format(**groups))
        if prepare:
            prepare(page)
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        page.add_script_tag(path=str(AXE))
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            violations[scheme] = [v for v in page.evaluate(RUN_AXE) if v["impact"] in SERIOUS]
    finally:
        context.close()
    assert errors == [], errors
    report = "\n".join(
        f"{name} ({scheme}):\n{violations_text(found)}"
        for scheme, found in violations.items()
        if found
    )
    if report:
        pytest.fail(report, pytrace=False)
