"""``python -m splash migrate | makemigrations | seed | publish | serve | worker | videos``."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any, NoReturn

from splash.core import db
from splash.core.config import load_settings
from splash.core.locales import LOCALES
from splash.site import wiring


def _migrate(_: argparse.Namespace) -> None:
    settings = load_settings()
    asyncio.run(db.migrate(settings.database_url))
    print("splash: database is up to date")


def _makemigrations(args: argparse.Namespace) -> None:
    from tortoise.cli.cli import run_cli_async

    argv = ["-c", "splash.site.wiring.TORTOISE_ORM", "makemigrations"]
    if args.name:
        argv += ["-n", args.name]
    raise SystemExit(asyncio.run(run_cli_async(argv)))


def _seed(args: argparse.Namespace) -> None:
    from splash.site.seed import seed_fixtures

    settings = load_settings()
    report = asyncio.run(seed_fixtures(settings, only_if_empty=args.if_empty))
    print(f"splash: {report}")


def _publish(args: argparse.Namespace) -> None:
    from splash.site.web.publish import Change, PublishError, publish

    settings = load_settings()
    try:
        changes = [Change.parse(text) for text in args.changed]
        result = asyncio.run(publish(settings, changes=changes))
    except PublishError as exc:
        _fail(str(exc))
    print(
        f"splash: published {result.entries} entries ({result.rendered} rendered) as build "
        f"{result.build_id} in {result.seconds:.2f}s"
    )


def _serve(args: argparse.Namespace) -> None:
    from sanic import Sanic
    from sanic.worker.loader import AppLoader

    from splash.shared.http.connections import DeadlineHttpProtocol

    load_settings()  # fail fast, with one clear line, before any worker starts
    # Workers are separate processes: each imports the factory and reads the same settings.
    loader = AppLoader("splash.site.app:create_app", as_factory=True)
    app = loader.load()
    app.prepare(
        host=args.host,
        port=args.port,
        workers=args.workers,
        dev=args.dev,
        single_process=args.single_process,
        access_log=False,
        motd=False,
        protocol=DeadlineHttpProtocol,  # timeouts a slow client cannot stretch
    )
    Sanic.serve(primary=app, app_loader=loader)


def _worker(_: argparse.Namespace) -> None:
    """Drains the outbox until SIGTERM/SIGINT (production: one or more beside servers started
    with SPLASH_OUTBOX_EMBEDDED=false)."""
    import signal

    from splash.shared.outbox.drain import Drainer

    settings = load_settings()

    async def work() -> None:
        async with db.session(settings.database_url):
            await db.ping()
            drainer = Drainer(wiring.resources(settings))
            stop = asyncio.Event()
            for signum in (signal.SIGTERM, signal.SIGINT):
                asyncio.get_running_loop().add_signal_handler(signum, stop.set)
            drainer.start()
            print("splash: draining the outbox", flush=True)
            await stop.wait()
            await drainer.stop()

    asyncio.run(work())


def _fail(message: str) -> NoReturn:
    """One clear line on stderr and exit code 2 (bad input: nothing was changed)."""
    print(f"splash: {message}", file=sys.stderr)
    raise SystemExit(2)


def _videos_import(args: argparse.Namespace) -> None:
    from splash.academy import videos
    from splash.academy.storage import create_storage

    settings = load_settings()

    async def run() -> videos.Imported:
        storage = create_storage(settings)
        try:
            async with db.session(settings.database_url):
                return await videos.import_video(
                    Path(args.file), args.lesson, args.captions, settings, storage
                )
        finally:
            await storage.aclose()

    try:
        imported = asyncio.run(run())
    except videos.VideoImportError as exc:
        _fail(str(exc))
    package = imported.package
    captions = ", ".join(package.captions) or "no"
    print(
        f"splash: stored {imported.files} files of {package.duration_ms / 1000:.1f} s for lesson "
        f"{imported.lesson_key} under {package.prefix} ({captions} captions)"
    )


def _videos_make_fixtures(args: argparse.Namespace) -> None:
    from splash.academy.fixture_videos import FixtureVideoError, make_fixture_videos

    settings = load_settings()
    try:
        made = make_fixture_videos(settings.fixtures_dir, args.seconds)
    except FixtureVideoError as exc:
        _fail(str(exc))
    print(f"splash: made {len(made)} fixture videos: {', '.join(made)}")


def _add_videos(commands: Any) -> None:
    videos = commands.add_parser("videos", help="lesson videos: import one, make the fixtures")
    actions = videos.add_subparsers(dest="action", required=True)
    import_ = actions.add_parser("import", help="package a video for a lesson (HLS, AES-128)")
    import_.add_argument("file", help="the video (MP4, MOV, …)")
    import_.add_argument("--lesson", required=True, help="the lesson's id or key")
    import_.add_argument(
        "--captions", type=Path, help="a folder of <locale>.vtt (default: the fixtures')"
    )
    import_.set_defaults(run=_videos_import)
    fixtures = actions.add_parser(
        "make-fixtures", help="make the fixture lessons' videos and posters"
    )
    fixtures.add_argument(
        "--seconds",
        type=float,
        help="the length of every video (default: its captions' last second)",
    )
    fixtures.set_defaults(run=_videos_make_fixtures)


def _staff_add(args: argparse.Namespace) -> None:
    """A staff account and its one-time set-up link (password + authenticator), printed: the
    way in for the first owner, and for anyone when no mail goes out. No default password
    exists anywhere."""
    from splash.core.errors import ApiError
    from splash.staff import services
    from splash.staff.vocabulary import Role

    settings = load_settings()

    async def run() -> str:
        async with db.session(settings.database_url):
            member = await services.add(
                args.email, args.name or args.email, Role(args.role), args.locale
            )
            return await services.new_setup_link(member, settings)

    if "@" not in args.email or len(args.email) > 254:
        _fail(f"{args.email!r} is not an e-mail address")
    try:
        raw = asyncio.run(run())
    except ApiError as exc:
        _fail(exc.message)
    hours = settings.staff_setup_hours
    print(f"splash: {args.email} is staff ({args.role}). Within {hours} hours, open this link once")
    print("to choose a password and link an authenticator app:")
    print(services.setup_url(raw, settings))


def _add_staff(commands: Any) -> None:
    from splash.staff.vocabulary import Role

    staff = commands.add_parser("staff", help="studio staff: add one")
    actions = staff.add_subparsers(dest="action", required=True)
    add = actions.add_parser("add", help="add a staff member and print their set-up link")
    add.add_argument("email")
    add.add_argument("--role", required=True, choices=[role.value for role in Role])
    add.add_argument("--name", help="how the studio names them (default: the e-mail address)")
    add.add_argument("--locale", default="nl", choices=LOCALES, help="the studio's language")
    add.set_defaults(run=_staff_add)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m splash")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("migrate", help="apply pending migrations").set_defaults(run=_migrate)
    make = commands.add_parser("makemigrations", help="write a migration for model changes")
    make.add_argument("-n", "--name")
    make.set_defaults(run=_makemigrations)
    seed = commands.add_parser("seed", help="load fixtures/ into the database (idempotent)")
    seed.add_argument("--if-empty", action="store_true", help="only seed an empty database")
    seed.set_defaults(run=_seed)
    publish = commands.add_parser("publish", help="render every public page")
    publish.add_argument(
        "--changed",
        action="append",
        default=[],
        metavar="COLLECTION:ID",
        help="only what this page:<id>, article:<id> or product:<id> touches (repeatable)",
    )
    publish.set_defaults(run=_publish)
    serve = commands.add_parser("serve", help="serve the shop")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    serve.add_argument("--dev", action="store_true", help="auto-reload on code changes")
    serve.add_argument("--single-process", action="store_true")
    serve.set_defaults(run=_serve)
    commands.add_parser("worker", help="drain the outbox (e-mails)").set_defaults(run=_worker)
    _add_videos(commands)
    _add_staff(commands)
    args = parser.parse_args(argv)
    wiring.plug_in()
    args.run(args)


if __name__ == "__main__":
    main(sys.argv[1:])
