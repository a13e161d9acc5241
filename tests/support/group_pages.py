"""Barkadas made through their pages (the Flask test client, CSRF on): the new-group form, and
a session started from the group page."""

from __future__ import annotations

import re

from tests.support.forms import csrf_token, form_key
from tests.support.pages import plain, text_of

GCASH = "GCash 0917 123 4567"


def new_group(client, members=("Ana", "Ben", "Cris"), notes=None, pin=""):
    page = client.get("/g/new")
    assert page.status_code == 200
    html = text_of(page)
    form = {"csrf_token": csrf_token(html), **form_key(html), "name": "Friday barkada", "pin": pin}
    for row, name in enumerate(members):
        form[f"member_{row}"] = name
        form[f"note_{row}"] = (notes or {}).get(name, "")
    return client.post("/g/new", data=form)


def made_group(client, **kwargs) -> str:
    response = new_group(client, **kwargs)
    assert response.status_code == 303, plain(response)
    match = re.search(r"/g/([A-Za-z0-9_-]+)\?new=1", response.headers["Location"])
    return match.group(1)


def start_from_group(client, token, players):
    """The group page's New session: pick the three, then Start on the new-session form."""
    picked = {f"player_{seat}": name for seat, name in enumerate(players)}
    form_page = client.get("/new", query_string={"group": token, **picked})
    assert form_page.status_code == 200
    html = text_of(form_page)
    assert f'name="group" value="{token}"' in html
    data = {"csrf_token": csrf_token(html), **form_key(html), "group": token, "dealer": "0"}
    data.update(picked)
    return client.post("/new", data=data)
