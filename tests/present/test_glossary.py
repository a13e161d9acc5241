"""The catalogue against docs/GLOSSARY.md: each message whose English names a thing of the
glossary says that thing's Filipino term, says no other thing's term, and says no word the
glossary forbids. The check is first shown to catch each kind of fault on a small catalogue
made here, then run on the real Filipino catalogue."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
FILIPINO = ROOT / "tracker" / "translations" / "fil" / "LC_MESSAGES" / "messages.po"
BLANKS = re.compile(r"%\(\w+\)[#0 +-]*\d*(?:\.\d+)?[sdifrx]|\{\w*\}|<[^>]+>")
CELL = re.compile(r"`((?:[^`]|\\`)*)`")
# the things the glossary must name (the reviewer's list: each was said two ways)
THINGS = {
    "verdict", "standings", "talon out", "share (a link)", "optional", "kept (on the phone)",
    "default", "challenge", "agree", "done (with one's cards)", "loss limit", "dealer",
    "import", "secret (meld)", "points in progressive mode",
    # the second review's: each was said two ways, or a word stood for two things
    "a draw's caller", "deadwood cards (their label)", "fix (a mistake)", "wrong, not valid",
    "also owed (in a group)", "challenged-draw stakes", "one stake (its amount)",
    "then tap Agree", "drop (a round not saved)", "discard (a card thrown)", "printed (when)",
    "rotate (the deal)", "create the group", "Export JSON (the button)",
    "new (here, in this tracker)",
    # the third review's: each doubled word, so that a later string cannot bring it back
    "anyone with the link", "ledger", "even (nobody owes)", "settled (a session)",
    "page, home page", "player", "confirm", "again", "cards", "tap",
    "deadwood count (its number)",
}  # fmt: skip


@dataclass(frozen=True)
class Term:
    thing: str
    english: re.Pattern
    forms: re.Pattern
    never: re.Pattern | None


def terms(markdown: str) -> list[Term]:
    """The rows of the glossary's checked table: Thing, `English`, term, `Forms`, `Never`."""
    rows = []
    for line in markdown.splitlines():
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) != 5 or not CELL.fullmatch(cells[1]):
            continue
        english, forms, never = (_pattern(cell) for cell in (cells[1], cells[3], cells[4]))
        rows.append(Term(cells[0], english, forms, never))
    return rows


def _pattern(cell: str) -> re.Pattern | None:
    found = CELL.fullmatch(cell)
    return re.compile(found.group(1).replace("\\|", "|"), re.IGNORECASE) if found else None


def plain(text: str) -> str:
    return BLANKS.sub(" ", text)


def faults(catalog, glossary: list[Term]) -> list[str]:
    """Each message that breaks the glossary, and how."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        said = message.string if message.pluralizable else (message.string,)
        english = plain(f"[{message.context}] " if message.context else "") + plain(" ".join(ids))
        filipino = plain(" ".join(form for form in said if form))
        for term in glossary:
            named, used = bool(term.english.search(english)), bool(term.forms.search(filipino))
            if named and not used:
                out.append(f"{term.thing}: not said in {ids[0]!r} -> {filipino!r}")
            elif used and not named:
                out.append(f"{term.thing}: said for something else in {ids[0]!r} -> {filipino!r}")
            if term.never is not None and term.never.search(filipino):
                out.append(f"{term.thing}: a word it forbids in {ids[0]!r} -> {filipino!r}")
    return out


# -- the check catches what it must ----------------------------------------------------------

SMALL = """\
| Thing | English (pattern) | Filipino term | Forms (pattern) | Never |
|---|---|---|---|---|
| agree | `\\bagree` | payag | `payag` | |
| verdict | `verdict` | hatol | `hatol` | `resulta` |
"""
HEADER = 'msgid ""\nmsgstr ""\n"Language: fil\\n"\n\n'


def small_catalogue(*pairs) -> object:
    text = HEADER + "".join(f'msgid "{en}"\nmsgstr "{fil}"\n\n' for en, fil in pairs)
    return read_po(io.StringIO(text))


def test_the_table_is_read_with_its_escaped_bars():
    table = terms(SMALL + "| kept | `\\bkept\\b\\|saved` | nakatabi | `nakatabi` | |\n")
    assert [term.thing for term in table] == ["agree", "verdict", "kept"]
    assert table[2].english.search("it was SAVED") and table[2].never is None


def test_a_message_that_keeps_to_the_glossary_passes():
    catalog = small_catalogue(("Agree %(name)s", "Payag %(name)s"), ("The verdict", "Ang hatol"))
    assert faults(catalog, terms(SMALL)) == []


@pytest.mark.parametrize(
    "english, filipino, fault",
    [
        ("Check the verdict", "Tingnan ang desisyon", "verdict: not said in"),  # another word
        ("the rules allow it", "payag sa rules", "agree: said for something else in"),
        ("The verdict", "Ang hatol at resulta", "verdict: a word it forbids in"),
    ],
)
def test_each_kind_of_fault_is_caught(english, filipino, fault):
    found = faults(small_catalogue((english, filipino)), terms(SMALL))
    assert len(found) == 1 and found[0].startswith(fault), found


def test_a_placeholder_or_a_tag_is_not_a_word():
    """%(agreed)s and <b class="verdict"> name nothing."""
    catalog = small_catalogue(("%(agreed)s <b class='verdict'>x</b>", "%(agreed)s <b>x</b>"))
    assert faults(catalog, terms(SMALL)) == []


# -- the real catalogue ----------------------------------------------------------------------


def test_the_glossary_names_each_thing_the_table_argued_over():
    assert {term.thing for term in terms(GLOSSARY.read_text())} >= THINGS


def test_the_filipino_catalogue_keeps_to_the_glossary():
    with FILIPINO.open("rb") as po:
        catalog = read_po(po)
    found = faults(catalog, terms(GLOSSARY.read_text()))
    assert not found, f"{len(found)} messages break docs/GLOSSARY.md:\n" + "\n".join(found)


# what the second review found, as the catalogue said it then: the real glossary catches each
REVIEWED = [
    ("%(name)s called a draw with %(deadwood)s.", "Tumawag si %(name)s ng draw."),
    ("Deadwood:", "Puntos:"),
    ("Fix this, everything else is kept:", "Ayusin ito; nakatabi ang iba:"),
    ("the body is not valid JSON", "hindi tamang JSON ang body"),
    ("Also owed in %(group)s:", "May utang pa rin sa %(group)s:"),
    ("Units after a challenged draw", "Taya pagkatapos ng laban"),
    ("Stake: %(amount)s per unit.", "Taya: %(amount)s bawat unit."),
    ("Check the verdict, then Agree.", "Tingnan ang hatol, saka Payag."),
    ("Drop this round", "Itapon ang round na ito"),
    ("Printed %(when)s · %(paper)s paper.", "Na-print %(when)s · papel na %(paper)s."),
    ("Rotate", "Iikot"),
    ("Create the group", "Gawin ang barkada"),
    ("Export JSON", "JSON"),
    ("It becomes a new group here.", "Magiging bagong barkada ito rito."),
    # the third review's, as the catalogue said them then
    ("Anyone with the link can enter and change rounds.", "Kahit sino na may link ay puwedeng."),
    ("The sessions stay: anyone with their link opens them.", "mabubuksan ng sinumang may link."),
    ("Offline · ledger as of %(time)s", "Offline · ledger noong %(time)s"),
    ("Everyone is even: nobody pays.", "Pantay-pantay lahat: walang magbabayad."),
    ("Session settled", "Na-settle ang session"),
    ("settle this one", "i-settle ito"),
    ("listed on its home page,", "nakalista sa simulang pahina nito,"),
    ("%(name)s is another player", "isa pang manlalaro si %(name)s"),
    ("Rounds confirmed on this phone", "Mga round na kinumpirma sa phone na ito"),
    ("Open a session again.", "Buksan muli ang session."),
    ("Every card is kept here.", "Nakatabi rito ang bawat card."),
    ("then tap Bayad na again", "saka i-tap ulit ang Bayad na"),
    ("deadwood %(points)s", "puntos %(points)s"),
]


@pytest.mark.parametrize("english, filipino", REVIEWED)
def test_the_glossary_catches_what_the_review_found(english, filipino):
    assert faults(small_catalogue((english, filipino)), terms(GLOSSARY.read_text()))
