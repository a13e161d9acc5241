"""What the service worker may keep (the KEEP header), and "Forget this phone" without
JavaScript: the cookie goes (the home page lists nothing, no PIN stays unlocked), the browser
is asked to clear the site's caches and storage, the sessions stay on the server. Flask's test
client on a real database, CSRF on."""

from __future__ import annotations

from tests.support.forms import csrf_token, new_session_fields
from tests.support.group_pages import made_group
from tests.support.pages import text_of
from tracker.web.offline_pages import KEEP

OWNER = 'id="owner-note"'  # the PIN page's line for the phone that started the session


def _started(client) -> str:
    answer = client.post("/new", data=new_session_fields(text_of(client.get("/new"))))
    assert answer.status_code == 303
    return answer.location.split("/s/")[1].split("?")[0]


def test_only_the_pages_offline_needs_are_marked_for_keeping(client):
    token = _started(client)
    first = client.get(f"/s/{token}?new=1")  # the recovery code, shown once
    assert "Recovery code:" in text_of(first) and KEEP not in first.headers
    for kept in ("/", f"/s/{token}", f"/s/{token}/rounds/new", f"/s/{token}/rounds/new?seat=1"):
        assert client.get(kept).headers.get(KEEP) == "1", kept
    group = made_group(client)
    for never in (f"/g/{group}", f"/s/{token}/settle", f"/s/{token}/pin", "/forget", "/new"):
        answer = client.get(never)
        assert answer.status_code == 200 and KEEP not in answer.headers, never
        assert answer.headers["Cache-Control"] == "no-store"


def test_forget_this_phone_forgets_the_cookie_and_asks_to_clear_the_site(client):
    token = _started(client)
    made_group(client)
    home = text_of(client.get("/"))
    assert "Ana · Ben · Cris" in home and "Friday barkada" in home
    assert OWNER in text_of(client.get(f"/s/{token}/pin"))  # the phone that started it
    asked = text_of(client.get("/forget"))
    assert "without its recovery code, no phone can change that PIN" in asked
    refused = client.post("/forget", data={})
    assert refused.status_code == 400 and "The form had expired" in text_of(refused)
    assert "Ana · Ben · Cris" in text_of(client.get("/"))  # nothing forgotten
    done = client.post("/forget", data={"csrf_token": csrf_token(asked)})
    assert done.status_code == 200 and done.headers["Clear-Site-Data"] == '"cache", "storage"'
    assert "This phone has forgotten the sessions and groups it opened." in text_of(done)
    home = text_of(client.get("/"))
    assert "Ana · Ben · Cris" not in home and "Friday barkada" not in home
    assert client.get(f"/api/sessions/{token}").status_code == 200  # still on the server
    assert OWNER not in text_of(client.get(f"/s/{token}/pin"))  # not its owner now
