"""The language of an answer: ?lang=, then the device's cookie, then Accept-Language,
then English; the switcher on every page; <html lang>; Vary. Real app, real database."""

from __future__ import annotations

import re

import pytest

from tracker.web import language

SWITCHER = re.compile(r'<nav class="langs" aria-label="([^"]+)">(.*?)</nav>', re.S)
LINK = re.compile(
    r'<a href="([^"]+)" class="lang-switch" lang="([a-z]+)" hreflang="\2">([^<]+)</a>'
)


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


def switches(response) -> list[tuple[str, str, str]]:
    nav = SWITCHER.search(response.get_data(as_text=True))
    assert nav, "no language switcher on the page"
    return [
        (href.replace("&amp;", "&"), code, name) for href, code, name in LINK.findall(nav.group(2))
    ]


def lang_cookie(response) -> str | None:
    for header in response.headers.getlist("Set-Cookie"):
        if header.startswith(language.COOKIE + "="):
            return header
    return None


@pytest.mark.parametrize(
    "tag, expected",
    [
        ("fil", "fil"),
        ("FIL", "fil"),
        ("tl", "fil"),
        ("tl-PH", "fil"),
        ("tl_PH", "fil"),
        ("fil-PH", "fil"),
        ("en", "en"),
        ("en-US", "en"),
        ("de", None),
        ("", None),
        (None, None),
    ],
)
def test_a_tag_is_read_as_one_of_our_languages(tag, expected):
    assert language.known(tag) == expected


def test_the_languages_are_the_catalogues_present():
    assert language.LANGUAGES[0] == "en"
    assert "fil" in language.LANGUAGES
    assert set(language.LANGUAGES) == {"en", *language.catalogues()}
    assert language.name("fil") == "Filipino" and language.name("en") == "English"


def test_english_by_default_with_a_switch_to_filipino(client):
    response = client.get("/")
    assert response.status_code == 200
    assert html_lang(response) == "en"
    assert switches(response) == [("/?lang=fil", "fil", "Filipino")]
    assert SWITCHER.search(response.get_data(as_text=True)).group(1) == "Language"
    assert lang_cookie(response) is None


@pytest.mark.parametrize("header", ["fil", "tl-PH", "tl", "de-DE, tl-PH;q=0.8, en;q=0.5"])
def test_accept_language_chooses_filipino(client, header):
    response = client.get("/", headers={"Accept-Language": header})
    assert html_lang(response) == "fil"
    assert switches(response) == [("/?lang=en", "en", "English")]
    assert SWITCHER.search(response.get_data(as_text=True)).group(1) == "Wika"


def test_accept_language_is_read_by_quality_not_by_order(client):
    response = client.get("/", headers={"Accept-Language": "en;q=0.3, fil;q=0.9"})
    assert html_lang(response) == "fil"
    response = client.get("/", headers={"Accept-Language": "fil;q=0.2, en-GB;q=0.9"})
    assert html_lang(response) == "en"


def test_a_switch_is_remembered_by_the_device_for_a_year(client):
    response = client.get("/?lang=fil", headers={"Accept-Language": "en"})
    assert html_lang(response) == "fil"
    cookie = lang_cookie(response)
    assert cookie.startswith("lang=fil;")
    assert "Max-Age=31536000" in cookie and "SameSite=Lax" in cookie and "HttpOnly" in cookie
    assert "Secure" not in cookie  # plain http on a table's Wi-Fi
    # the next pages, without ?lang, stay in Filipino although the browser says English
    again = client.get("/new", headers={"Accept-Language": "en"})
    assert html_lang(again) == "fil" and lang_cookie(again) is None
    # and back to English with the switcher's link
    ((href, code, _name),) = switches(again)
    assert href == "/new?lang=en" and code == "en"
    back = client.get(href, headers={"Accept-Language": "fil"})
    assert html_lang(back) == "en" and lang_cookie(back).startswith("lang=en;")
    assert html_lang(client.get("/", headers={"Accept-Language": "fil"})) == "en"


def test_tagalog_asked_is_remembered_as_filipino(client):
    response = client.get("/?lang=tl-PH")
    assert html_lang(response) == "fil" and lang_cookie(response).startswith("lang=fil;")


def test_an_unknown_lang_is_ignored(client):
    response = client.get("/?lang=xx", headers={"Accept-Language": "tl"})
    assert html_lang(response) == "fil" and lang_cookie(response) is None


def test_the_cookie_is_secure_over_https(client):
    response = client.get("/?lang=fil", base_url="https://localhost")
    assert "Secure" in lang_cookie(response)


def test_the_cookie_is_secure_when_the_public_address_is_https(app, client):
    app.config["SESSION_COOKIE_SECURE"] = True  # what PUBLIC_URL=https://… sets (config.py)
    assert "Secure" in lang_cookie(client.get("/?lang=fil"))


def test_the_switcher_keeps_the_other_query_arguments(client, make_session):
    token = make_session()
    response = client.get(f"/s/{token}?lang=fil&x=1")
    assert response.status_code == 200
    assert switches(response) == [(f"/s/{token}?lang=en&x=1", "en", "English")]


def test_every_page_says_its_language_and_varies_with_it(client, make_session):
    token = make_session()
    for url in ["/", "/new", f"/s/{token}", f"/s/{token}/rounds/new", "/nothing-here"]:
        for lang in ("en", "fil"):
            response = client.get(f"{url}?lang={lang}")
            assert html_lang(response) == lang, url
            assert {"Accept-Language", "Cookie"} <= set(response.vary), url
            assert switches(response)[0][1] != lang


def test_static_files_do_not_vary_with_the_language(app, client):
    response = client.get(app.extensions["static_files"].prefix + "app.css")
    assert response.status_code == 200
    assert "Accept-Language" not in response.vary
    assert ".lang-switch" in response.get_data(as_text=True)


def test_the_api_follows_the_cookie_and_accept_language_and_never_sets_the_cookie(
    app, client, make_session
):
    """The API's words (errors[].message) are in the locale chosen here: ?lang, then the
    device's cookie, then Accept-Language. A one-off ?lang on the API does not change the
    device's choice; neither does a PDF or a CSV asked with ?lang."""
    from flask_babel import get_locale

    with app.test_request_context("/api/sessions", headers={"Accept-Language": "tl-PH"}):
        assert str(get_locale()) == "fil"
    with app.test_request_context(
        "/api/sessions", headers={"Accept-Language": "fil", "Cookie": "lang=en"}
    ):
        assert str(get_locale()) == "en"
    with app.test_request_context("/api/sessions?lang=fil", headers={"Cookie": "lang=en"}):
        assert str(get_locale()) == "fil"
    token = make_session()
    response = client.get(f"/api/sessions/{token}?lang=fil")
    assert response.status_code == 200
    assert lang_cookie(response) is None
    assert {"Accept-Language", "Cookie"} <= set(response.vary)
    refused = client.post("/api/sessions?lang=fil", json={"players": []})
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["message"]
    assert lang_cookie(refused) is None


def test_outside_a_request_the_language_is_english(app):
    from flask_babel import force_locale, get_locale

    from tracker.present.display import language as current

    with app.app_context():
        assert language.locale() == "en"
        assert current() == "en"
        with force_locale("fil"):
            assert str(get_locale()) == "fil" and current() == "fil"


def test_a_third_language_is_a_catalogue_not_code(tmp_path):
    """`bash scripts/catalog.sh add ceb` makes tracker/translations/ceb/LC_MESSAGES/messages.po:
    LANGUAGES is read from the catalogues present, and the switcher names it in itself."""
    for code in ("fil", "ceb"):
        folder = tmp_path / code / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "messages.po").write_text('msgid ""\nmsgstr ""\n')
    (tmp_path / "xx").mkdir()  # a folder without a catalogue is no language
    assert language.catalogues(tmp_path) == ("ceb", "fil")
    assert language.name("ceb") == "Cebuano"
