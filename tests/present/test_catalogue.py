"""The catalogue's guard: every source string is in each language's messages.po,
every message has a translation (plurals: every form), no translation drops or adds a
placeholder, and the compiled messages.mo says what messages.po says.

The checks are first shown to catch a fault, on small catalogues made here; then run on the
real ones (tracker/translations/*/LC_MESSAGES/messages.po). The extraction is pybabel's own,
with babel.cfg and the keywords of scripts/catalog.sh (read from the script: one list)."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "tracker" / "translations"
CATALOGUES = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))
PLACEHOLDER = re.compile(
    r"%\((?P<name>\w+)\)[#0 +-]*\d*(?:\.\d+)?[sdifrx]|%[#0 +-]*\d*(?:\.\d+)?[sdifrx]|\{\w*\}"
)


# -- the checks --------------------------------------------------------------------------


def keywords() -> dict:
    """The keywords of scripts/catalog.sh's extract (`-k NAME[:ARGS]`), and Babel's defaults."""
    script = (ROOT / "scripts" / "catalog.sh").read_text()
    extra = parse_keywords(re.findall(r"-k\s+(\S+)", script))
    return {**DEFAULT_KEYWORDS, **extra}


def source_ids(root: Path, config: Path) -> set[str]:
    """The msgids pybabel extracts from `root` with the mapping `config` (babel.cfg)."""
    with config.open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping, str(config))
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(root), method_map, options_map, keywords=keywords()
    ):
        msgid = message[0] if isinstance(message, (tuple, list)) else message
        if msgid:
            found.add((msgid, context))
    return found


def load(text_or_path) -> object:
    if isinstance(text_or_path, Path):
        with text_or_path.open("rb") as po:
            return read_po(po)
    return read_po(io.StringIO(text_or_path))


def catalogue_ids(catalog) -> set:
    return {(m.id[0] if m.pluralizable else m.id, m.context) for m in catalog if m.id}


def missing_from(catalog, sources: set) -> list[str]:
    """Source strings the catalogue lacks: `bash scripts/catalog.sh extract` was not run."""
    return sorted(msgid for msgid, _context in sources - catalogue_ids(catalog))


def untranslated(catalog) -> list[str]:
    """Messages with no translation, a fuzzy one, or an empty plural form."""
    empty = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if message.pluralizable else (message.string,)
        forms = tuple(forms or ())
        whole = len(forms) == (catalog.num_plurals if message.pluralizable else 1)
        if message.fuzzy or not whole or not all(form and form.strip() for form in forms):
            empty.append(message.id[0] if message.pluralizable else message.id)
    return empty


def placeholders(text: str) -> Counter:
    return Counter(m.group(0) for m in PLACEHOLDER.finditer(text.replace("%%", "")))


def placeholder_faults(catalog) -> list[str]:
    """Translations whose placeholders are not the source's (a dropped %(name)s, a new one)."""
    faults = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        if message.pluralizable:
            for form in message.string:
                if form and not _plural_form_fits(placeholders(form), message.id):
                    faults.append(f"{message.id[1]!r} -> {form!r}")
        elif placeholders(message.string) != placeholders(message.id):
            faults.append(f"{message.id!r} -> {message.string!r}")
    return faults


def _plural_form_fits(found: Counter, ids) -> bool:
    """A plural form keeps the named placeholders of the source's plural (or singular) text;
    `%(num)s` may be left out of a form only where English leaves it out too."""
    return found in (placeholders(ids[1]), placeholders(ids[0]))


def stale_mo(po_path: Path) -> list[str]:
    """Messages whose translation in messages.mo is not the one in messages.po (or no .mo)."""
    mo_path = po_path.with_suffix(".mo")
    if not mo_path.exists():
        return ["(no messages.mo: bash scripts/catalog.sh compile)"]
    with mo_path.open("rb") as mo:
        compiled = _pairs(read_mo(mo))
    wanted = _pairs(_compiled(load(po_path)))
    return sorted(
        str(key) for key in set(compiled) | set(wanted) if compiled.get(key) != wanted.get(key)
    )


def _pairs(catalog) -> dict:
    def key(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value

    return {key(m.id): key(m.string) for m in catalog if m.id}


def _compiled(catalog):
    """The catalogue as `pybabel compile` writes it (no fuzzy entries), read back."""
    data = io.BytesIO()
    write_mo(data, catalog, use_fuzzy=False)
    data.seek(0)
    return read_mo(data)


# -- the checks catch what they must (small catalogues made here) ------------------------

HEADER = """msgid ""
msgstr ""
"Language: fil\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

"""
GOOD = (
    HEADER
    + """msgid "Round %(number)s"
msgstr "Round %(number)s"

msgid "Save"
msgstr "I-save"

msgid "%(num)s round"
msgid_plural "%(num)s rounds"
msgstr[0] "%(num)s round"
msgstr[1] "%(num)s na round"

msgid "100%% sure, {name}"
msgstr "Sigurado, {name}"
"""
)


def test_a_complete_catalogue_passes_every_check(tmp_path):
    catalog = load(GOOD)
    assert untranslated(catalog) == []
    assert placeholder_faults(catalog) == []
    (tmp_path / "a.py").write_text('_("Save")\nngettext("%(num)s round", "%(num)s rounds", 2)\n')
    (tmp_path / "babel.cfg").write_text("[python: **.py]\n")
    assert missing_from(catalog, source_ids(tmp_path, tmp_path / "babel.cfg")) == []


def test_a_source_string_missing_from_the_catalogue_is_caught(tmp_path):
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "a.py").write_text(
        "from flask_babel import gettext as _, lazy_gettext as _l\n"
        '_("Save")\nLABEL = _l("New words %(who)s", who="Ana")\n'
    )
    (tmp_path / "pages" / "b.html").write_text('<p>{{ _("Back") }}</p>{% trans %}Hi{% endtrans %}')
    (tmp_path / "babel.cfg").write_text("[python: **.py]\n[jinja2: **.html]\n")
    found = missing_from(load(GOOD), source_ids(tmp_path, tmp_path / "babel.cfg"))
    assert found == ["Back", "Hi", "New words %(who)s"]


def test_a_missing_translation_is_caught():
    catalog = load(GOOD + '\nmsgid "Delete"\nmsgstr ""\n')
    assert untranslated(catalog) == ["Delete"]


def test_a_missing_plural_form_or_a_fuzzy_translation_is_caught():
    plural = 'msgid "%(num)s seat"\nmsgid_plural "%(num)s seats"\nmsgstr[0] "%(num)s upuan"\n'
    plural += 'msgstr[1] ""\n'
    fuzzy = '#, fuzzy\nmsgid "Open"\nmsgstr "Buksan"\n'
    catalog = load(GOOD + "\n" + plural + "\n" + fuzzy)
    assert untranslated(catalog) == ["%(num)s seat", "Open"]


@pytest.mark.parametrize(
    "msgid, msgstr",
    [
        ("Round %(number)s", "Round"),  # dropped
        ("Round %(number)s", "Round %(numero)s"),  # renamed
        ("Round %(number)s", "Round %(number)s ng %(total)s"),  # added
        ("%s paid", "nagbayad"),  # positional dropped
        ("Hi {name}", "Hoy"),  # a brace placeholder dropped
        ("%(a)s to %(b)s", "%(a)s kay %(a)s"),  # one kept twice, the other lost
    ],
)
def test_a_dropped_or_added_placeholder_is_caught(msgid, msgstr):
    catalog = load(HEADER + f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    assert placeholder_faults(catalog) == [f"{msgid!r} -> {msgstr!r}"]


def test_a_plural_form_that_drops_the_count_is_caught():
    text = 'msgid "%(num)s round"\nmsgid_plural "%(num)s rounds"\n'
    text += 'msgstr[0] "%(num)s round"\nmsgstr[1] "mga round"\n'
    assert placeholder_faults(load(HEADER + text)) == ["'%(num)s rounds' -> 'mga round'"]


def test_a_stale_compiled_catalogue_is_caught(tmp_path):
    po = tmp_path / "messages.po"
    po.write_text(GOOD)
    assert stale_mo(po) == ["(no messages.mo: bash scripts/catalog.sh compile)"]
    with po.with_suffix(".mo").open("wb") as mo:
        write_mo(mo, load(GOOD))
    assert stale_mo(po) == []
    po.write_text(GOOD.replace('"I-save"', '"Itago"'))
    assert stale_mo(po) == ["Save"]


# -- the real catalogues -----------------------------------------------------------------


@pytest.fixture(scope="module")
def sources() -> set:
    return source_ids(ROOT, ROOT / "babel.cfg")


def test_there_is_a_filipino_catalogue():
    assert TRANSLATIONS / "fil" / "LC_MESSAGES" / "messages.po" in CATALOGUES


def test_the_source_finds_strings_to_translate(sources):
    assert ("Language", None) in sources  # base.html's switcher


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_every_source_string_is_in_the_catalogue(po, sources):
    missing = missing_from(load(po), sources)
    assert not missing, f"run `bash scripts/catalog.sh extract` and translate: {missing}"


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_every_message_has_a_translation(po):
    empty = untranslated(load(po))
    assert not empty, f"{len(empty)} messages without a translation in {po}: {empty}"


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_no_translation_drops_or_adds_a_placeholder(po):
    faults = placeholder_faults(load(po))
    assert not faults, f"placeholders changed in {po}: {faults}"


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_the_compiled_catalogue_is_up_to_date(po):
    stale = stale_mo(po)
    assert not stale, f"run `bash scripts/catalog.sh compile`: {stale}"
