"""docs/rules.md §2: sets, runs, the ace, jokers, secret melds."""

import pytest

from tracker.engine import MeldError, Rules, parse_cards, validate_meld

CLASSIC = Rules()
PAGAT = Rules.preset("pagat")
JOKERS = Rules(jokers=2)


@pytest.mark.parametrize(
    "cards, kind",
    [
        ("7S 7D 7C", "set"),
        ("7S 7D 7C 7H", "set"),
        ("5H 6H 7H", "run"),
        ("AS 2S 3S", "run"),  # ace is low
        ("9C JC 10C QC KC", "run"),  # order of entry does not matter
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "run"),
    ],
)
def test_valid_melds(cards, kind):
    assert validate_meld(parse_cards(cards), CLASSIC).kind == kind


def test_run_is_shown_in_rank_order():
    assert str(validate_meld(parse_cards("9C JC 10C"), CLASSIC)) == "9C 10C JC"


def test_qka_run_on_by_default_for_classic():
    assert validate_meld(parse_cards("QS KS AS"), CLASSIC).kind == "run"
    assert str(validate_meld(parse_cards("AS JS QS KS"), CLASSIC)) == "JS QS KS AS"


def test_qka_run_off_in_pagat():
    with pytest.raises(MeldError, match="Q-K-A is not a run under these house rules"):
        validate_meld(parse_cards("QS KS AS"), PAGAT)


@pytest.mark.parametrize("rules", [CLASSIC, PAGAT], ids=["classic", "pagat"])
def test_k_a_2_is_never_a_run(rules):
    with pytest.raises(MeldError, match="K-A-2 never counts"):
        validate_meld(parse_cards("KH AH 2H"), rules)


@pytest.mark.parametrize(
    "cards, reason",
    [
        ("7S 8H 9S", "is not a set or a run: a run must be one suit"),
        ("7S 7H 8S", "is not a set or a run: a set must be one rank"),
        ("7S 7H", "a meld needs at least 3 cards"),
        ("7S 9S 10S", "is not a run: the cards are not consecutive"),
        ("7S 7S 7D", "has the same card twice"),
    ],
)
def test_invalid_melds_say_why(cards, reason):
    with pytest.raises(MeldError, match=reason):
        validate_meld(parse_cards(cards), CLASSIC)


def test_message_reads_like_the_rule_book():
    with pytest.raises(MeldError) as caught:
        validate_meld(parse_cards("7S 8H 9S"), CLASSIC)
    assert str(caught.value) == "7S 8H 9S is not a set or a run: a run must be one suit"


def test_set_has_at_most_four_cards():
    with pytest.raises(MeldError, match="a set has 3 or 4 cards"):
        validate_meld(parse_cards("7S 7D 7C 7H JK"), JOKERS)


@pytest.mark.parametrize(
    "cards, kind",
    [
        ("7S 7D JK", "set"),
        ("7S JK JK", "set"),  # the jokers become 7H and 7D (or any two other sevens)
        ("5H JK 7H", "run"),
        ("5H 6H JK", "run"),
        ("JK 2S 3S", "run"),
        ("QS KS JK", "run"),
        ("5H JK JK 8H", "run"),
        ("7S 7D 7C JK", "set"),
    ],
)
def test_jokers_stand_for_any_card(cards, kind):
    assert validate_meld(parse_cards(cards), JOKERS).kind == kind


def test_joker_fills_the_gap_in_a_run():
    assert str(validate_meld(parse_cards("8H JK 6H"), JOKERS)) == "6H JK 8H"


def test_joker_makes_q_k_a_only_when_qka_run_is_on():
    assert str(validate_meld(parse_cards("KH AH JK"), JOKERS)) == "JK KH AH"
    with pytest.raises(MeldError, match="Q-K-A is not a run under these house rules"):
        validate_meld(parse_cards("KH AH JK"), Rules(jokers=2, qka_run=False))


def test_joker_cannot_duplicate_in_a_full_set():
    with pytest.raises(MeldError):
        validate_meld(parse_cards("7S 7D 7C 7H JK"), JOKERS)


def test_jokers_only_when_the_rules_have_them():
    with pytest.raises(MeldError, match="the rules allow no jokers"):
        validate_meld(parse_cards("7S 7D JK"), CLASSIC)
    with pytest.raises(MeldError, match="at most 1 joker"):
        validate_meld(parse_cards("7S JK JK"), Rules(jokers=1))


def test_secret_meld_must_be_four_of_a_kind():
    assert validate_meld(parse_cards("9S 9H 9D 9C"), CLASSIC, secret=True).secret
    with pytest.raises(MeldError, match="a secret meld is four of a kind"):
        validate_meld(parse_cards("9S 9H 9D"), CLASSIC, secret=True)
    with pytest.raises(MeldError, match="a secret meld is four of a kind"):
        validate_meld(parse_cards("5S 6S 7S 8S"), CLASSIC, secret=True)


@pytest.mark.parametrize(
    "cards, rules, message",
    [
        ("7S 8H 9D", CLASSIC, "7S 8H 9D is not a set or a run: a run must be one suit"),
        (
            "2H 5C 9D",
            CLASSIC,
            "2H 5C 9D is not a set or a run: a set must be one rank, a run consecutive cards "
            "of one suit",
        ),
        ("7S 7S 7D", CLASSIC, "7S 7S 7D has the same card twice"),
        (
            "KS AS 2S",
            CLASSIC,
            "KS AS 2S is not a run: K-A-2 never counts: the ace is low (or high in Q-K-A), "
            "never both",
        ),
        ("KS AS 2S", PAGAT, "KS AS 2S is not a run: K-A-2 never counts: the ace is low"),
        ("KS AS 3S", CLASSIC, "KS AS 3S is not a run: the cards are not consecutive"),
    ],
)
def test_the_reason_is_the_rule_the_cards_break(cards, rules, message):
    """An ordinary hand of odd cards is not told "a run must be one suit", and a
    K-A-2 under house rules without Q-K-A does not mention Q-K-A."""
    with pytest.raises(MeldError) as caught:
        validate_meld(parse_cards(cards), rules)
    assert str(caught.value) == message


def test_a_secret_run_valid_under_one_rule_set_is_not_remembered_for_another():
    """validate_meld remembers melds found valid: by the cards and every rule they depend on."""
    run = parse_cards("5H 6H 7H 8H")
    assert validate_meld(run, Rules(secret_runs=True), secret=True)
    with pytest.raises(MeldError, match="secret runs are off"):
        validate_meld(run, Rules(secret_runs=False), secret=True)
    assert validate_meld(run, Rules(secret_runs=False))  # an ordinary run still
