"""``create_app(settings)``: the one Sanic application (run with ``--factory``)."""

from __future__ import annotations

import httpx
from sanic import Blueprint, Request, Sanic

from splash import db
from splash.accounts.routes import bp as accounts_bp
from splash.catalog.routes import bp as catalog_bp
from splash.config import Environment, Settings, load_settings
from splash.content.routes import bp as content_bp
from splash.forms.routes import bp as forms_bp
from splash.http import compression, errors, logging, openapi, path
from splash.http.captcha import CaptchaVerifier
from splash.http.ratelimit import RedisRateLimiter, create_rate_limiter
from splash.mail.mailer import create_mailer
from splash.orders.routes import bp as orders_bp
from splash.route_table import RouteTable
from splash.web.domains import locale_for_host
from splash.web.published import PublishedSite
from splash.web.routes import bp as web_bp


def create_app(settings: Settings | None = None) -> Sanic:
    settings = settings or load_settings()
    logging.configure(settings.log_level)
    app = Sanic("splash", configure_logging=False)
    app.config.FALLBACK_ERROR_FORMAT = "json"
    app.config.REQUEST_MAX_SIZE = 10 * 1024 * 1024
    app.ctx.settings = settings
    app.ctx.routes = RouteTable.load(settings.routes_file)
    app.ctx.published = PublishedSite(settings.publish_dir)

    app.ctx.mailer = create_mailer(settings.mail_url, settings.mail_from)
    app.ctx.rate_limiter = create_rate_limiter(settings.redis_url)

    api = Blueprint.group(
        content_bp, forms_bp, accounts_bp, catalog_bp, orders_bp, url_prefix=settings.api_prefix
    )
    app.blueprint(api)
    openapi.install(app, settings.api_prefix)
    if settings.env is Environment.TEST:
        from splash.testing.routes import bp as testing_bp

        app.blueprint(testing_bp)
    app.blueprint(web_bp)
    errors.install(app)
    logging.install(app, settings.access_log)

    async def _locale(request: Request) -> None:
        request.ctx.locale = locale_for_host(
            request.host, settings.domains, settings.default_locale
        )

    app.register_middleware(_locale, "request", priority=90)
    app.register_middleware(path.decode_path_parameters, "request", priority=80)
    app.register_middleware(compression.compress, "response")

    @app.before_server_start
    async def _connect(app: Sanic) -> None:
        app.ctx.owns_database = await db.connect_once(settings.database_url)
        # The first query opens the connection here, before requests arrive. Tortoise 1.1's
        # ConnectionWrapper takes its lock and then connects; a request cancelled while that
        # first connect runs (a client that gives up) never releases the lock, and every later
        # query waits forever (seen in about a third of test-server starts, reproduced by
        # cancelling a first query). Connected here, no request can hit that path; and a
        # database that is down fails the start at once.
        await db.ping()
        app.ctx.http = httpx.AsyncClient(headers={"user-agent": "Splash"})
        app.ctx.captcha = CaptchaVerifier(
            app.ctx.http,
            settings.recaptcha_secret,
            settings.recaptcha_verify_url,
            settings.recaptcha_min_score,
            settings.recaptcha_action,
        )

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
        if isinstance(app.ctx.rate_limiter, RedisRateLimiter):
            await app.ctx.rate_limiter.close()
        if app.ctx.owns_database:
            await db.disconnect()

    return app
