import pytest

from splash.site.web.detection import preferred_locales, root_redirect

SUPPORTED = ["nl", "en", "de", "es", "fr", "sv"]
CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36"


@pytest.mark.parametrize(
    "header, expected",
    [
        ("de-DE,de;q=0.9,en;q=0.8", ["de", "en"]),
        ("en;q=0.3, sv;q=0.8, pt", ["sv", "en"]),
        ("fr-CA;q=0, es", ["es"]),
        ("*", []),
        ("", []),
        ("nl-BE;q=abc, en", ["en"]),
    ],
)
def test_supported_languages_in_header_order_by_quality(header, expected):
    assert preferred_locales(header, SUPPORTED) == expected


def test_a_header_read_again_gives_the_same_answer_whatever_was_done_with_the_first():
    first = preferred_locales("de-DE,de;q=0.9,en;q=0.8", SUPPORTED)
    first.append("sv")

    assert preferred_locales("de-DE,de;q=0.9,en;q=0.8", SUPPORTED) == ["de", "en"]
    assert preferred_locales("de-DE,de;q=0.9,en;q=0.8", ["en", "nl"]) == ["en"]


def visit(domain="nl", cookie=None, languages="", agent=CHROME):
    return root_redirect(
        domain_locale=domain,
        cookie=cookie,
        accept_language=languages,
        user_agent=agent,
        supported=SUPPORTED,
    )


def test_a_browser_preferring_another_supported_language_is_sent_to_its_domain():
    assert visit("nl", languages="de-DE,de;q=0.9,nl;q=0.5") == "de"


def test_the_domains_own_language_first_stays():
    assert visit("nl", languages="nl-NL,en;q=0.9") is None


def test_unsupported_languages_stay_on_the_domain():
    assert visit("en", languages="pt-BR,ja") is None


def test_the_stored_choice_wins_over_the_browser():
    assert visit("nl", cookie="nl", languages="de") is None
    assert visit("nl", cookie="sv", languages="nl") == "sv"
    assert visit("nl", cookie="xx", languages="en") == "en"


@pytest.mark.parametrize(
    "agent",
    [
        "Googlebot/2.1 (+http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0)",
        "facebookexternalhit/1.1",
        "Mozilla/5.0 (Linux; Android 11; moto g power) Chrome/119.0 Mobile Safari/537.36 "
        "Chrome-Lighthouse",
        "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
    ],
)
def test_crawlers_are_never_redirected(agent):
    assert visit("nl", languages="de", agent=agent) is None
