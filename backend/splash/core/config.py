"""The one settings object. Nothing else in the backend reads the environment.

Every setting comes from a ``SPLASH_`` variable; the defaults make ``make run`` work on a laptop.
Outside development a default or short secret refuses to start.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from splash.core.locales import LOCALES

REPO_ROOT = Path(__file__).resolve().parents[3]
DEV_SECRET = "splash-development-secret-do-not-use-in-production"
DEFAULT_DOMAINS = (
    "nl=localhost,en=en.localhost,de=de.localhost,es=es.localhost,fr=fr.localhost,sv=sv.localhost"
)


class Environment(StrEnum):
    DEVELOPMENT = "development"
    TEST = "test"
    PRODUCTION = "production"


class PaymentsProvider(StrEnum):
    TEST = "test"
    MOLLIE = "mollie"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SPLASH_", extra="ignore", frozen=True)

    env: Environment = Environment.DEVELOPMENT
    secret_key: str = DEV_SECRET
    database_url: str = f"sqlite://{REPO_ROOT / 'var' / 'splash.sqlite3'}"
    # A read replica of that database (PostgreSQL streaming replication, a hot standby), a
    # moment behind it: read only by public reads where a stale answer is harmless, through
    # db.replica() (the product list, GET /api/products: splash/catalog/services.py). Unset:
    # those reads go to the database itself.
    database_replica_url: str | None = None
    domains: Annotated[dict[str, str], NoDecode] = Field(
        default=DEFAULT_DOMAINS,  # type: ignore[arg-type]  # parsed by _parse_domains
        validate_default=True,
    )
    default_locale: str = "nl"
    scheme: str = "http"
    public_port: int = Field(default=8000, ge=0, le=65535)  # 0: none (standard port)
    api_prefix: str = "/api"
    var_dir: Path = REPO_ROOT / "var"
    frontend_dist: Path = REPO_ROOT / "frontend" / "dist"
    server_renderer: Path = REPO_ROOT / "frontend" / "scripts" / "render.mjs"
    routes_file: Path = REPO_ROOT / "contracts" / "routes.json"
    fixtures_dir: Path = REPO_ROOT / "fixtures"
    media_dir: Path = REPO_ROOT / "fixtures" / "media"
    vite_dev_url: str | None = None
    build_poll_seconds: int = Field(default=3600, ge=10)
    # How soon a running server serves a new publish (it looks at var/publish/CURRENT this often).
    publish_check_seconds: float = Field(default=1.0, ge=0, le=60)
    # The published site's builds (splash/site/web/build_store.py): unset, in var_dir/publish,
    # served from there; s3://bucket/prefix, an S3-compatible bucket every instance shares: each
    # keeps the current build in var_dir/publish and asks the bucket for a new one every
    # site_poll_seconds (a conditional GET) and at once when a publish announces one on Redis
    # (SPLASH_REDIS_URL).
    site_storage: str | None = None
    site_endpoint_url: str | None = None
    site_region: str = "us-east-1"
    site_access_key_id: str | None = None
    site_secret_access_key: str | None = None
    site_poll_seconds: float = Field(default=1.0, gt=0, le=60)
    # How long a draft's preview link works (the studio hands it to people without an account).
    preview_days: int = Field(default=7, ge=1, le=90)
    mail_url: str = "outbox://var/outbox"
    mail_from: str = "Splash <hello@splash.localhost>"
    shop_email: str = "hello@splash.localhost"
    # Payments: the built-in test provider (refused in production) or Mollie. Mollie's SDK
    # adds the API version to the base URL itself (``/v2/payments``): tests point it at
    # testkit.mollie_stub.
    payments: PaymentsProvider = PaymentsProvider.TEST
    mollie_api_key: str | None = None
    mollie_base_url: str = "https://api.mollie.com"
    mollie_timeout_seconds: float = Field(default=10, gt=0, le=60)
    # Where the payment provider calls the shop's webhook: by default the order's shop domain.
    # Mollie must reach it from the internet (it refuses localhost); inside a private network
    # (compose's test provider, a tunnel) another origin, such as http://backend:8000.
    payments_webhook_origin: str | None = None
    # Payments still open, pending or authorized this long after their last update are asked
    # about again (a webhook may have been lost while the shop was down), checked this often
    # by every outbox drainer.
    payments_reconcile_after_seconds: float = Field(default=600, gt=0)
    payments_reconcile_every_seconds: float = Field(default=60, gt=0)
    # The checkout's limits (splash/orders/checkout_limits.py): orders per client address and per
    # e-mail address in a window, and open unpaid orders per client address and per e-mail
    # address; past one, a 429 with Retry-After. An unpaid order holds its stock this long
    # (Pay now holds it anew), then it goes back on sale; paid later, it is taken again.
    checkout_orders_per_client: int = Field(default=10, ge=1)
    checkout_orders_per_email: int = Field(default=5, ge=1)
    checkout_window_seconds: int = Field(default=900, ge=1, le=86_400)
    checkout_open_per_client: int = Field(default=5, ge=1)
    checkout_open_per_email: int = Field(default=3, ge=1)
    order_reservation_minutes: int = Field(default=30, ge=1, le=1440)
    # The provider is asked about one payment at most once at a time and then not again for
    # this long (webhooks and reads in between use what is stored; a webhook's news is
    # checked once the interval has passed). Held in the database: across every process.
    payments_check_interval_seconds: float = Field(default=2, gt=0, le=60)
    session_days: int = Field(default=30, ge=1, le=365)
    # The studio's staff sessions (splash/staff): ended after this long without a request, and
    # at the latest this long after signing in; a set-up link is valid this long.
    staff_idle_minutes: int = Field(default=30, ge=1, le=24 * 60)
    staff_session_hours: int = Field(default=12, ge=1, le=24 * 7)
    staff_setup_hours: int = Field(default=72, ge=1, le=24 * 30)
    google_client_id: str | None = None
    google_client_secret: str | None = None
    google_authorize_url: str = "https://accounts.google.com/o/oauth2/v2/auth"
    google_token_url: str = "https://oauth2.googleapis.com/token"
    google_jwks_url: str = "https://www.googleapis.com/oauth2/v3/certs"
    google_issuer: str = "https://accounts.google.com"
    recaptcha_site_key: str | None = None
    recaptcha_secret: str | None = None
    recaptcha_verify_url: str = "https://www.google.com/recaptcha/api/siteverify"
    recaptcha_min_score: float = Field(default=0.5, ge=0, le=1)
    recaptcha_action: str = "submit"
    gtm_id: str | None = None
    redis_url: str | None = None
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    # How long a request waits for a lock another connection holds before it answers 503 with
    # Retry-After: on SQLite all its waits together (splash/core/db/sqlite_engine.py), on PostgreSQL
    # each statement's (lock_timeout).
    database_busy_timeout_ms: int = Field(default=3000, ge=1, le=60_000)
    # Connection timeouts, in seconds: the whole request head must arrive within
    # request_timeout of its first byte; an idle connection (none sent yet, or between
    # keep-alive requests) is closed after keep_alive_timeout; a request is answered within
    # response_timeout of its first byte or cut off with a 503.
    request_timeout_seconds: float = Field(default=10, gt=0, le=300)
    keep_alive_timeout_seconds: float = Field(default=5, gt=0, le=300)
    response_timeout_seconds: float = Field(default=30, gt=0, le=600)
    # The outbox (splash/shared/outbox): drained inside each server process unless switched off for
    # `python -m splash worker`. A lease must outlast one job (SMTP gives up after 15 s).
    outbox_embedded: bool = True
    outbox_poll_seconds: float = Field(default=1.0, gt=0, le=60)
    outbox_max_attempts: int = Field(default=12, ge=1, le=100)
    outbox_backoff_seconds: float = Field(default=5.0, gt=0)
    outbox_backoff_max_seconds: float = Field(default=3600.0, gt=0)
    outbox_lease_seconds: float = Field(default=120.0, ge=1)
    outbox_keep_done_days: int = Field(default=30, ge=1, le=3650)
    # Lesson videos (splash/academy/storage.py): a local folder served at /media/videos
    # (relative to the folder holding var_dir: the repository by default) or an S3-compatible
    # bucket, s3://bucket/prefix, read by the public at video_base_url (a CDN). Imports refuse
    # files longer or larger than these.
    video_storage: str = "file://var/videos"
    video_base_url: str | None = None
    video_endpoint_url: str | None = None
    video_region: str = "us-east-1"
    video_access_key_id: str | None = None
    video_secret_access_key: str | None = None
    video_max_seconds: int = Field(default=3600, ge=1)
    video_max_bytes: int = Field(default=4 * 1024**3, ge=1)
    # Lesson videos sent from the studio (splash/academy/video_uploads.py) arrive in chunks of
    # at most video_upload_chunk_bytes (under the 10 MB request limit), appended to a file
    # under video_upload_dir (var_dir/video-uploads by default; shared by every instance that
    # takes chunks and by the worker), the whole at most video_upload_max_bytes. An upload
    # without a chunk for video_upload_expire_hours is forgotten.
    video_upload_max_bytes: int = Field(default=2 * 1024**3, ge=1)
    video_upload_chunk_bytes: int = Field(default=8 * 1024**2, ge=1024, le=9 * 1024**2)
    video_upload_dir: Path | None = None
    video_upload_expire_hours: float = Field(default=24, gt=0)
    # The media library (splash/media): images in a local folder served at /media/library
    # (relative to the folder holding var_dir, as above) or an S3-compatible bucket,
    # s3://bucket/prefix, read by the public at media_base_url (a CDN). Uploads larger than
    # media_max_bytes, or with more pixels than media_max_pixels (a decompression bomb), are
    # refused before their pixels are decoded.
    media_storage: str = "file://var/media"
    media_base_url: str | None = None
    media_endpoint_url: str | None = None
    media_region: str = "us-east-1"
    media_access_key_id: str | None = None
    media_secret_access_key: str | None = None
    media_max_bytes: int = Field(default=20 * 1024**2, ge=1024, le=200 * 1024**2)
    media_max_pixels: int = Field(default=50_000_000, ge=1, le=500_000_000)
    log_level: str = "INFO"
    access_log: bool = True
    # The access log's lines are written in batches, each at the latest this long after its
    # first line (splash/shared/http/access_log.py).
    access_log_flush_seconds: float = Field(default=0.1, gt=0)
    # The in-app edge (shared/edge): content reads kept per content generation, answers the same
    # for everyone sent again as the bytes that left. Off: every request the plain way.
    edge: bool = True

    @field_validator("domains", mode="before")
    @classmethod
    def _parse_domains(cls, value: object) -> object:
        """``nl=localhost,en=en.localhost`` → ``{"localhost": "nl", "en.localhost": "en"}``."""
        if not isinstance(value, str):
            return value
        hosts: dict[str, str] = {}
        for pair in filter(None, (part.strip() for part in value.split(","))):
            locale, sep, host = pair.partition("=")
            if not sep or locale.strip() not in LOCALES or not host.strip():
                raise ValueError(f"expected locale=host pairs with locales {LOCALES}, got {pair!r}")
            hosts[host.strip().lower()] = locale.strip()
        return hosts

    @field_validator("payments_webhook_origin", mode="before")
    @classmethod
    def _parse_origin(cls, value: object) -> object:
        """An origin (scheme, host, optional port), no path; empty is unset."""
        if value in ("", None):
            return None
        if not isinstance(value, str) or not re.fullmatch(r"https?://[^/?#\s]+", value):
            raise ValueError(f"expected an origin such as https://shop.example, got {value!r}")
        return value

    @field_validator("database_replica_url", mode="before")
    @classmethod
    def _parse_replica(cls, value: object) -> object:
        if value in ("", None):
            return None
        if not isinstance(value, str) or not value.startswith(
            ("sqlite://", "postgres://", "postgresql://")
        ):
            raise ValueError(f"expected a sqlite:// or postgres:// URL, got {value!r}")
        return value

    @field_validator("site_storage", mode="before")
    @classmethod
    def _parse_site_storage(cls, value: object) -> object:
        return None if value == "" else value  # compose passes unset variables as empty

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _parse_proxies(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if self.default_locale not in LOCALES:
            raise ValueError(f"SPLASH_DEFAULT_LOCALE must be one of {LOCALES}")
        missing = set(LOCALES) - set(self.domains.values())
        if missing:
            raise ValueError(f"SPLASH_DOMAINS has no host for {sorted(missing)}")
        weak_secret = self.secret_key == DEV_SECRET or len(self.secret_key) < 32
        if self.env is Environment.PRODUCTION and weak_secret:
            raise ValueError("SPLASH_SECRET_KEY must be a random value of 32+ characters")
        if self.env is Environment.PRODUCTION and self.payments is PaymentsProvider.TEST:
            raise ValueError(
                "SPLASH_PAYMENTS=test is the built-in test provider: set SPLASH_PAYMENTS=mollie "
                "in production"
            )
        if self.payments is PaymentsProvider.MOLLIE and not self.mollie_api_key:
            raise ValueError("SPLASH_PAYMENTS=mollie needs SPLASH_MOLLIE_API_KEY")
        if self.env is Environment.PRODUCTION and not (
            self.recaptcha_site_key and self.recaptcha_secret
        ):
            raise ValueError(
                "production needs SPLASH_RECAPTCHA_SITE_KEY and SPLASH_RECAPTCHA_SECRET: without "
                "the captcha only per-address limits stand between a script and the checkout"
            )
        if not self.database_url.startswith(("sqlite://", "postgres://", "postgresql://")):
            raise ValueError("SPLASH_DATABASE_URL must start with sqlite:// or postgres://")
        if not self.video_storage.startswith(("file://", "s3://")):
            raise ValueError("SPLASH_VIDEO_STORAGE must start with file:// or s3://")
        if self.video_storage.startswith("s3://") and not (
            self.video_storage.removeprefix("s3://").partition("/")[0]
            and self.video_access_key_id
            and self.video_secret_access_key
        ):
            raise ValueError(
                "SPLASH_VIDEO_STORAGE=s3://bucket/prefix needs a bucket, "
                "SPLASH_VIDEO_ACCESS_KEY_ID and SPLASH_VIDEO_SECRET_ACCESS_KEY"
            )
        if not self.media_storage.startswith(("file://", "s3://")):
            raise ValueError("SPLASH_MEDIA_STORAGE must start with file:// or s3://")
        if self.media_storage.startswith("s3://") and not (
            self.media_storage.removeprefix("s3://").partition("/")[0]
            and self.media_access_key_id
            and self.media_secret_access_key
        ):
            raise ValueError(
                "SPLASH_MEDIA_STORAGE=s3://bucket/prefix needs a bucket, "
                "SPLASH_MEDIA_ACCESS_KEY_ID and SPLASH_MEDIA_SECRET_ACCESS_KEY"
            )
        if self.site_storage is not None and not (
            self.site_storage.startswith("s3://")
            and self.site_storage.removeprefix("s3://").partition("/")[0]
            and self.site_access_key_id
            and self.site_secret_access_key
        ):
            raise ValueError(
                "SPLASH_SITE_STORAGE=s3://bucket/prefix needs a bucket, "
                "SPLASH_SITE_ACCESS_KEY_ID and SPLASH_SITE_SECRET_ACCESS_KEY"
            )
        if self.database_busy_timeout_ms >= self.response_timeout_seconds * 1000:
            raise ValueError(
                "SPLASH_DATABASE_BUSY_TIMEOUT_MS must be shorter than "
                "SPLASH_RESPONSE_TIMEOUT_SECONDS"
            )
        return self

    @cached_property
    def hosts_by_locale(self) -> dict[str, str]:
        return {locale: host for host, locale in self.domains.items()}

    def origin(self, locale: str) -> str:
        """The absolute origin of a locale's domain, e.g. ``http://en.localhost:8000``."""
        port = f":{self.public_port}" if self.public_port else ""
        return f"{self.scheme}://{self.hosts_by_locale[locale]}{port}"

    def webhook_origin(self, locale: str) -> str:
        """Where the payment provider reaches the webhook for an order placed in ``locale``."""
        return self.payments_webhook_origin or self.origin(locale)

    @cached_property
    def origins(self) -> frozenset[str]:
        """Every origin of the shop (scheme, host, port): where redirects may go and where
        state-changing requests may come from."""
        return frozenset(self.origin(locale) for locale in self.hosts_by_locale)

    @property
    def google_sign_in(self) -> bool:
        """Google sign-in is on when both of its credentials are set."""
        return bool(self.google_client_id and self.google_client_secret)

    @property
    def video_folder(self) -> Path | None:
        """The folder served at ``/media/videos`` when lesson videos are stored locally."""
        if not self.video_storage.startswith("file://"):
            return None
        folder = Path(self.video_storage.removeprefix("file://"))
        return folder if folder.is_absolute() else self.var_dir.parent / folder

    @property
    def video_uploads_folder(self) -> Path:
        """Where the chunks of lesson videos sent from the studio are appended."""
        return self.video_upload_dir or self.var_dir / "video-uploads"

    @property
    def media_folder(self) -> Path | None:
        """The folder served at ``/media/library`` when the media library is stored locally."""
        if not self.media_storage.startswith("file://"):
            return None
        folder = Path(self.media_storage.removeprefix("file://"))
        return folder if folder.is_absolute() else self.var_dir.parent / folder

    @property
    def publish_dir(self) -> Path:
        """The builds (the site's own storage), or with SPLASH_SITE_STORAGE this instance's copy
        of the bucket's current build."""
        return self.var_dir / "publish"


def load_settings() -> Settings:
    """Read settings, turning a validation failure into one clear line and exit code 2."""
    from pydantic import ValidationError

    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"SPLASH_{'_'.join(str(p) for p in err['loc']).upper() or 'SETTINGS'}: {err['msg']}"
            for err in exc.errors()
        )
        raise SystemExit(f"splash: invalid configuration: {problems}") from None
