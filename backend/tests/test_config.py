import subprocess
import sys

import pytest
from pydantic import ValidationError

from splash.core.config import DEV_SECRET, REPO_ROOT, Settings


def test_defaults_make_a_local_run_work():
    settings = Settings(_env_file=None)
    assert settings.env == "development"
    assert settings.database_url.startswith("sqlite://")
    assert settings.domains == {
        "localhost": "nl",
        "en.localhost": "en",
        "de.localhost": "de",
        "es.localhost": "es",
        "fr.localhost": "fr",
        "sv.localhost": "sv",
    }
    assert settings.origin("sv") == "http://sv.localhost:8000"


def test_domains_are_read_from_locale_host_pairs(monkeypatch):
    monkeypatch.setenv(
        "SPLASH_DOMAINS",
        "nl=splash.nl, en=splash.co.uk,de=splash.de,es=splash.es,fr=splash.fr,sv=splash.se",
    )
    monkeypatch.setenv("SPLASH_PUBLIC_PORT", "0")
    monkeypatch.setenv("SPLASH_SCHEME", "https")
    settings = Settings()
    assert settings.domains["splash.co.uk"] == "en"
    assert settings.origin("en") == "https://splash.co.uk"


@pytest.mark.parametrize("domains", ["nl=localhost", "xx=localhost", "nl", "nl=,en=en.x"])
def test_incomplete_or_malformed_domains_are_refused(monkeypatch, domains):
    monkeypatch.setenv("SPLASH_DOMAINS", domains)
    with pytest.raises(ValidationError):
        Settings()


@pytest.mark.parametrize("secret", [DEV_SECRET, "short"])
def test_production_refuses_a_default_or_weak_secret(secret):
    with pytest.raises(ValidationError, match="SPLASH_SECRET_KEY"):
        Settings(env="production", secret_key=secret)


PRODUCTION = {
    "env": "production",
    "secret_key": "x" * 48,
    "payments": "mollie",
    "mollie_api_key": "live_key",
    "recaptcha_site_key": "site-key",
    "recaptcha_secret": "secret",
}


def test_production_accepts_a_strong_secret_mollie_and_the_captcha():
    assert Settings(**PRODUCTION).env == "production"


@pytest.mark.parametrize("missing", ["recaptcha_site_key", "recaptcha_secret"])
def test_production_refuses_to_start_without_the_captcha(missing):
    with pytest.raises(ValidationError, match="production needs SPLASH_RECAPTCHA_SITE_KEY"):
        Settings(**{**PRODUCTION, missing: None})


@pytest.mark.parametrize("origin", ["https://shop.example", "http://backend:8000"])
def test_the_webhook_origin_is_where_the_provider_reaches_the_shop(origin):
    settings = Settings(payments_webhook_origin=origin)

    assert settings.webhook_origin("en") == origin
    assert Settings().webhook_origin("en") == "http://en.localhost:8000"
    assert Settings(payments_webhook_origin="").payments_webhook_origin is None


@pytest.mark.parametrize("origin", ["backend:8000", "https://shop.example/api", "ftp://x"])
def test_a_webhook_origin_with_a_path_or_without_a_scheme_is_refused(origin):
    with pytest.raises(ValidationError, match="payments_webhook_origin"):
        Settings(payments_webhook_origin=origin)


def test_production_refuses_the_test_payment_provider():
    with pytest.raises(ValidationError, match="SPLASH_PAYMENTS=test is the built-in test"):
        Settings(env="production", secret_key="x" * 48, payments="test")


def test_mollie_refuses_to_start_without_an_api_key():
    with pytest.raises(ValidationError, match="SPLASH_PAYMENTS=mollie needs SPLASH_MOLLIE_API_KEY"):
        Settings(payments="mollie")


def test_an_unknown_payment_provider_is_refused():
    with pytest.raises(ValidationError, match="payments"):
        Settings(payments="paypal")


def test_the_test_provider_in_production_stops_the_cli_with_one_clear_line():
    result = subprocess.run(
        [sys.executable, "-m", "splash", "migrate"],
        cwd=REPO_ROOT / "backend",
        env={
            "PATH": "/usr/bin:/bin",
            "SPLASH_ENV": "production",
            "SPLASH_SECRET_KEY": "k" * 48,
            "SPLASH_PAYMENTS": "test",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "splash: invalid configuration: SPLASH_SETTINGS: Value error, SPLASH_PAYMENTS=test is "
        "the built-in test provider: set SPLASH_PAYMENTS=mollie in production"
    ]


def test_a_bad_database_url_is_refused():
    with pytest.raises(ValidationError, match="SPLASH_DATABASE_URL"):
        Settings(database_url="mysql://db/splash")


def test_a_bad_setting_stops_the_cli_with_one_clear_line():
    result = subprocess.run(
        [sys.executable, "-m", "splash", "migrate"],
        cwd=REPO_ROOT / "backend",
        env={"PATH": "/usr/bin:/bin", "SPLASH_ENV": "production"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("splash: invalid configuration: ")
    assert "SPLASH_SECRET_KEY" in lines[0]


def test_a_read_replica_url_is_a_database_url_or_unset():
    assert Settings().database_replica_url is None
    assert Settings(database_replica_url="").database_replica_url is None
    url = "postgres://splash:x@127.0.0.1:5442/splash"
    assert Settings(database_replica_url=url).database_replica_url == url
    with pytest.raises(ValidationError, match="database_replica_url"):
        Settings(database_replica_url="mysql://replica/splash")
