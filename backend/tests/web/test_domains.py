import pytest

from splash.core.config import Settings
from splash.core.domains import host_name, locale_for_host

DOMAINS = Settings().domains


@pytest.mark.parametrize(
    "host, locale",
    [
        ("localhost:8000", "nl"),
        ("localhost", "nl"),
        ("EN.localhost:8000", "en"),
        ("de.localhost", "de"),
        ("es.localhost:80", "es"),
        ("fr.localhost", "fr"),
        ("sv.localhost:8000", "sv"),
        ("shop.example.org", "nl"),
        ("127.0.0.1:8000", "nl"),
        ("[::1]:8000", "nl"),
        ("", "nl"),
    ],
)
def test_each_domain_has_its_locale_and_unknown_hosts_the_default(host, locale):
    assert locale_for_host(host, DOMAINS, "nl") == locale


def test_host_name_drops_the_port_and_keeps_ipv6_brackets():
    assert host_name("En.Localhost:8000") == "en.localhost"
    assert host_name("[::1]:8000") == "[::1]"
