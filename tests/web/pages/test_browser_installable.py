"""The installable app: a web app manifest and a service worker at the root scope, served by
the app; Chromium (at phone size, on 127.0.0.1, a secure context) reports no installability
error. The worker's text names the deploy's version, so a new deploy is a new worker; the same
text whatever the reader's language (a language switch is no new deploy)."""

from __future__ import annotations

import subprocess
import threading

import pytest
from werkzeug.serving import make_server

from tests.support.browser import APPS, ARGS, CHROMIUM, SEAT_PHONE
from tests.support.static import static_url

pytestmark = pytest.mark.browser


def own_profile(browser, folder, *args, env=None):
    """A phone with a profile of its own: Chromium installs nothing from an incognito context,
    which every other test's context is."""
    return browser.browser_type.launch_persistent_context(
        str(folder),
        executable_path=CHROMIUM,
        args=[*ARGS, *args],
        env=env,
        viewport=SEAT_PHONE,
        has_touch=True,
        is_mobile=True,
    )


def test_the_app_is_installable(browser, server, tmp_path):
    context = own_profile(browser, tmp_path / "profile")
    try:
        _installable(context.new_page(), server)
    finally:
        context.close()


def test_the_app_is_installable_over_https(browser, server, tmp_path):
    """The same app served over HTTPS, its certificate (for tracker.test, which Chromium is told
    to map to 127.0.0.1) signed by a certificate authority of this test's own that the phone's
    profile trusts (its NSS database, as a phone trusts a public one): the worker registers
    and Chromium reports no installability error."""
    cert, key = tls_files(tmp_path)
    httpd = make_server("127.0.0.1", 0, APPS[server], threaded=True, ssl_context=(cert, key))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    rules = "--host-resolver-rules=MAP tracker.test 127.0.0.1"
    context = own_profile(browser, tmp_path / "profile", rules, env={"HOME": str(tmp_path)})
    try:
        phone = context.new_page()
        _installable(phone, f"https://tracker.test:{httpd.server_port}")
        assert phone.evaluate("window.isSecureContext") is True
    finally:
        context.close()
        httpd.shutdown()


def tls_files(folder) -> tuple[str, str]:
    """A certificate authority trusted in `folder`/.pki/nssdb (Chromium's on Linux, with HOME
    at `folder`) and a certificate of tracker.test it signed: (certificate, key) files."""

    def run(*command):
        subprocess.run(command, check=True, capture_output=True, cwd=folder)

    run(
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=Tracker test CA",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=keyCertSign",
    )
    run(
        "openssl",
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=tracker.test",
        "-keyout",
        "key.pem",
        "-out",
        "cert.csr",
    )
    (folder / "ext.cnf").write_text("subjectAltName=DNS:tracker.test\n")
    run(
        "openssl",
        "x509",
        "-req",
        "-in",
        "cert.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "ext.cnf",
        "-out",
        "cert.pem",
    )
    (folder / ".pki" / "nssdb").mkdir(parents=True)
    run("certutil", "-d", "sql:.pki/nssdb", "-N", "--empty-password")
    run("certutil", "-d", "sql:.pki/nssdb", "-A", "-t", "C,,", "-n", "tracker-test", "-i", "ca.pem")
    return str(folder / "cert.pem"), str(folder / "key.pem")  # fmt: skip


def _installable(phone, server):
    phone.goto(f"{server}/")
    scope = phone.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{server}/"
    cdp = phone.context.new_cdp_session(phone)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"] == f"{server}/manifest.webmanifest"
    assert not phone.locator("#offline-note").is_visible()  # a secure context: no note


def test_the_manifest_and_the_worker(app, client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    assert (body["display"], body["start_url"], body["scope"]) == ("standalone", "/", "/")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in body["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in body["icons"]:
        assert client.get(icon["src"]).mimetype == "image/png"
    assert (
        client.get("/manifest.webmanifest", headers={"Accept-Language": "fil"}).get_json()["lang"]
        == "fil"
    )
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript" and worker.headers["Cache-Control"] == "no-cache"
    text = worker.get_data(as_text=True)
    assert text.startswith("var VERSION = ")
    outbox, worker_text = static_url(app, "outbox.js"), static_url(app, "sw.js")
    assert f'"{outbox}"' in text and f'"{worker_text}"' not in text  # kept per deploy
    assert f'import {{ flush }} from "{outbox}";' in text  # its import, of this version too
    assert "was not opened on this phone before" in text  # the page for one never opened
    assert client.get("/sw.js", headers={"Accept-Language": "fil"}).get_data(as_text=True) == text


def test_a_new_release_is_a_new_worker(app, client):
    """The worker's text (what the browser compares to find a new deploy) changes with the
    static files, the engine's and the release's name (TRACKER_RELEASE)."""
    before = client.get("/sw.js").get_data(as_text=True)
    app.config["RELEASE"] = "2026-12-02"
    try:
        assert client.get("/sw.js").get_data(as_text=True) != before
    finally:
        app.config["RELEASE"] = ""
    assert client.get("/sw.js").get_data(as_text=True) == before


def test_on_a_plain_http_address_the_page_says_once_that_offline_needs_https(
    browser, server, tmp_path
):
    """The Wi-Fi address serve.sh prints is plain HTTP: no service worker there; the page
    works as before and says once why it will not work offline."""
    port = server.rsplit(":", 1)[1]
    context = own_profile(
        browser, tmp_path / "profile", "--host-resolver-rules=MAP tracker.test 127.0.0.1"
    )
    try:
        phone = context.new_page()
        phone.goto(f"http://tracker.test:{port}/")
        assert phone.evaluate("window.isSecureContext") is False
        note = phone.locator("#offline-note")
        note.wait_for()
        assert "working offline needs the HTTPS setup" in note.inner_text()
        phone.reload()
        phone.wait_for_load_state()
        assert not note.is_visible()  # once
    finally:
        context.close()
