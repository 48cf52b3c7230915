"""``create_app(settings)``: the one Sanic application (run with ``--factory``)."""

from __future__ import annotations

import httpx
from sanic import Blueprint, Sanic

from splash.academy.routes import bp as academy_bp
from splash.academy.studio_routes import bp as studio_academy_bp
from splash.academy.video_studio_routes import bp as studio_lesson_videos_bp
from splash.accounts.google import GoogleKeys
from splash.accounts.routes import bp as accounts_bp
from splash.accounts.studio_routes import bp as studio_accounts_bp
from splash.catalog.routes import bp as catalog_bp
from splash.catalog.studio_routes import bp as studio_catalog_bp
from splash.content.block_form_routes import bp as studio_block_forms_bp
from splash.content.routes import bp as content_bp
from splash.core import db, tls
from splash.core.config import Environment, Settings, load_settings
from splash.core.route_table import RouteTable
from splash.forms.routes import bp as forms_bp
from splash.handoff.routes import bp as handoff_bp
from splash.media.routes import bp as studio_media_bp
from splash.orders.payments.providers import create_provider
from splash.orders.payments.routes import bp as payments_bp
from splash.orders.refund_routes import bp as studio_order_money_bp
from splash.orders.routes import bp as orders_bp
from splash.orders.studio_routes import bp as studio_orders_bp
from splash.shared import edge
from splash.shared.http import (
    compression,
    context,
    cross_site,
    errors,
    logging,
    openapi,
    path,
    request_target,
    security_headers,
)
from splash.shared.http.captcha import CaptchaVerifier
from splash.shared.http.ratelimit import MemoryRateLimiter, create_rate_limiter
from splash.shared.http.request import SplashRequest
from splash.shared.mail.mailer import create_mailer
from splash.shared.outbox.drain import Drainer, Resources
from splash.site import wiring
from splash.site.editing_routes import bp as studio_editing_bp
from splash.site.studio_routes import bp as studio_site_bp
from splash.site.web import build_watch, compose
from splash.site.web.payloads import Payload
from splash.site.web.published import PublishedSite
from splash.site.web.routes import bp as web_bp
from splash.staff.routes import bp as staff_bp


def create_app(settings: Settings | None = None) -> Sanic:
    """The app: its settings and shared services, its routes, the middleware every request goes
    through, and what happens when a server process starts and stops."""
    settings = settings or load_settings()
    logging.configure(settings.log_level)
    wiring.plug_in()
    app = edge.EdgeApp("splash", configure_logging=False, request_class=SplashRequest)
    _configure(app, settings)
    _route(app, settings)
    _pass_through(app, settings)
    _start_and_stop(app, settings)
    return app


def _configure(app: Sanic, settings: Settings) -> None:
    """Sanic's limits and the services every request may use, on ``app.ctx``."""
    app.config.FALLBACK_ERROR_FORMAT = "json"
    app.config.REQUEST_MAX_SIZE = 10 * 1024 * 1024
    # Enforced as deadlines by http.connections.DeadlineHttpProtocol (cli.py serves with it).
    app.config.update(
        REQUEST_TIMEOUT=settings.request_timeout_seconds,
        KEEP_ALIVE_TIMEOUT=settings.keep_alive_timeout_seconds,
        RESPONSE_TIMEOUT=settings.response_timeout_seconds,
    )
    app.ctx.settings = settings
    app.ctx.routes = RouteTable.load(settings.routes_file)
    app.ctx.published = PublishedSite(settings.publish_dir, settings.publish_check_seconds)
    # Content's API pages carry blocks other domains fill in; the app layer supplies them.
    app.ctx.fill_blocks = compose.fill_blocks

    app.ctx.mailer = create_mailer(settings.mail_url, settings.mail_from)
    # Shared by the host's worker processes (a file under var/), or by every host (Redis).
    app.ctx.rate_limiter = create_rate_limiter(settings.redis_url, settings.var_dir / "ratelimit")
    edge.install(app, settings)
    app.ctx.csp_policies = {}  # security_headers: one policy per route kind
    app.ctx.google_keys = GoogleKeys(settings.google_jwks_url)
    app.ctx.payments = create_provider(settings)


def _route(app: Sanic, settings: Settings) -> None:
    """The API under its prefix, the test-only API in tests, the site's own routes."""
    api = Blueprint.group(
        content_bp,
        forms_bp,
        accounts_bp,
        catalog_bp,
        orders_bp,
        payments_bp,
        academy_bp,
        handoff_bp,
        staff_bp,
        studio_accounts_bp,
        studio_academy_bp,
        studio_lesson_videos_bp,
        studio_catalog_bp,
        studio_site_bp,
        studio_editing_bp,
        studio_orders_bp,
        studio_order_money_bp,
        studio_block_forms_bp,
        studio_media_bp,
        url_prefix=settings.api_prefix,
    )
    app.blueprint(api)
    openapi.install(app, settings.api_prefix, published=(Payload,))
    if settings.env is Environment.TEST:
        from testkit.routes import bp as testing_bp

        app.blueprint(testing_bp)
    app.blueprint(web_bp)


def _pass_through(app: Sanic, settings: Settings) -> None:
    """Error answers, the access log and the middleware every request passes through."""
    errors.install(app)
    logging.install(app, settings.access_log, settings.access_log_flush_seconds)

    app.register_middleware(context.decide_locale, "request", priority=90)
    app.signal("http.routing.before")(request_target.require_path)
    app.register_middleware(cross_site.refuse_cross_site, "request", priority=80)
    app.register_middleware(path.decode_path_parameters, "request", priority=70)
    app.register_middleware(compression.compress, "response")
    app.register_middleware(security_headers.add_security_headers, "response")


def _start_and_stop(app: Sanic, settings: Settings) -> None:
    """A server process's start (the database, the HTTP client, the outbox drainer) and stop."""

    @app.before_server_start
    async def _connect(app: Sanic) -> None:
        app.ctx.owns_database = await db.connect_once(
            settings.database_url,
            settings.database_busy_timeout_ms,
            settings.database_replica_url,
        )
        # The first query opens the connection here, before requests arrive. Tortoise 1.1's
        # ConnectionWrapper takes its lock and then connects; a request cancelled while that
        # first connect runs (a client that gives up) never releases the lock, and every later
        # query waits forever (seen in about a third of test-server starts, reproduced by
        # cancelling a first query). Connected here, no request can hit that path; and a
        # database that is down fails the start at once.
        await db.ping()
        app.ctx.http = httpx.AsyncClient(headers={"user-agent": "Splash"}, verify=tls.context())
        app.ctx.captcha = CaptchaVerifier(
            app.ctx.http,
            settings.recaptcha_secret,
            settings.recaptcha_verify_url,
            settings.recaptcha_min_score,
            settings.recaptcha_action,
        )

    @app.before_server_start
    async def _watch_builds(app: Sanic) -> None:
        """With the builds in a bucket: the current one copied (healthy once it is), and new
        ones as they are published (site/web/build_watch.py)."""
        app.ctx.build_watcher = build_watch.watch(settings, app.ctx.published)

    @app.before_server_stop
    async def _stop_watching_builds(app: Sanic) -> None:
        if getattr(app.ctx, "build_watcher", None) is not None:
            await app.ctx.build_watcher.stop()

    @app.after_server_start
    async def _drain(app: Sanic) -> None:
        """The embedded default: this worker process drains the outbox (woken by its own
        commits, polling for the others'). Production switches it off for `splash worker`."""
        app.ctx.drainer = None
        if settings.outbox_embedded:
            resources = Resources(settings, app.ctx.mailer, app.ctx.routes, app.ctx.payments)
            app.ctx.drainer = Drainer(resources)
            app.ctx.drainer.start()

    @app.before_server_stop
    async def _stop_draining(app: Sanic) -> None:
        if getattr(app.ctx, "drainer", None) is not None:
            await app.ctx.drainer.stop()

    @app.after_server_start
    async def _announce(app: Sanic) -> None:
        """Print the URL once the first worker accepts connections (`make run` waits on it)."""
        worker = app.m.name if hasattr(app, "multiplexer") else ""
        if worker in ("", "Sanic-Server-0-0"):
            location = app.serve_location.replace("127.0.0.1", "localhost")
            print(f"splash: ready on {location}", flush=True)

    @app.after_server_stop
    async def _disconnect(app: Sanic) -> None:
        await app.ctx.http.aclose()
        if not isinstance(app.ctx.rate_limiter, MemoryRateLimiter):
            await app.ctx.rate_limiter.close()
        if app.ctx.owns_database:
            await db.disconnect()
