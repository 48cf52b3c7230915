"""Every plug between the parts of Splash, in one list: the domains' models into the database,
what the academy adds to orders, what orders tell the catalog's stock list, and the handler of
every outbox job kind and every periodic work. ``create_app``, the CLI and the worker call
``plug_in``; nothing plugs itself in when imported, so deleting a line here is the only way to
switch a plug off — and its tests then fail (no tables, lessons at list price, a paid order
granting nothing, a job kind without a handler). Tortoise's configuration still names two
modules as strings, as its API requires: the SQLite engine (``splash.core.db.sqlite_engine``)
and the migrations package (``splash.site.migrations``).
"""

from __future__ import annotations

from typing import Any

from splash.academy import (
    describer,
    entitlements,
    video_imports,
    video_upload_models,
    video_uploads,
)
from splash.academy import editable as academy_editable
from splash.academy import editable_create as academy_create
from splash.academy import editable_outline as academy_outline
from splash.academy import models as academy_models
from splash.accounts import mails as account_mails
from splash.accounts import models as accounts_models
from splash.accounts import vocabulary as accounts
from splash.catalog import editable as catalog_editable
from splash.catalog import editable_variants as catalog_variants
from splash.catalog import media_uses as catalog_media_uses
from splash.catalog import models as catalog_models
from splash.catalog import services as catalog
from splash.content import editable as content_editable
from splash.content import editable_site
from splash.content import media_uses as content_media_uses
from splash.content import models as content_models
from splash.core import db
from splash.core.config import Settings, load_settings
from splash.core.route_table import RouteTable
from splash.editing import editable, publishing
from splash.editing import media_uses as editing_media_uses
from splash.editing import models as editing_models
from splash.editing import vocabulary as editing
from splash.forms import models as forms_models
from splash.forms import services as forms
from splash.handoff import models as handoff_models
from splash.handoff import services as handoff
from splash.media import models as media_models
from splash.media import usage as media_usage
from splash.media import variants as media_variants
from splash.media.vocabulary import VARIANTS_JOB
from splash.orders import mails as order_mails
from splash.orders import models as orders_models
from splash.orders import payment_checks, payment_updates, refund_status, reservations
from splash.orders import services as orders
from splash.orders.payments import models as payments_models
from splash.orders.payments import sandbox_page
from splash.orders.payments.providers import create_provider
from splash.shared.mail import models as mail_models
from splash.shared.mail.mailer import create_mailer
from splash.shared.outbox import PeriodicWork, queue
from splash.shared.outbox import models as outbox_models
from splash.shared.outbox.drain import Resources
from splash.site.web import republish
from splash.site.web.compose import fill_blocks
from splash.staff import mails as staff_mails
from splash.staff import models as staff_models

# Every module that defines models: the database's tables.
MODELS = (
    content_models,
    forms_models,
    accounts_models,
    catalog_models,
    orders_models,
    payments_models,
    academy_models,
    video_upload_models,
    handoff_models,
    staff_models,
    editing_models,
    media_models,
    mail_models,
    outbox_models,
)

# Job kind → its handler: ``async def handler(job, resources)``.
JOBS: dict[str, queue.Handler] = {
    accounts.CONFIRMATION_JOB: account_mails.send_confirmation,
    accounts.PASSWORD_RESET_JOB: account_mails.send_password_reset,
    accounts.PASSWORD_CHANGED_JOB: account_mails.send_password_changed,
    accounts.EMAIL_CHANGE_JOB: account_mails.send_email_change,
    accounts.EMAIL_CHANGED_JOB: account_mails.send_email_changed,
    forms.NOTIFICATION: forms.send_notification,
    order_mails.CONFIRMATION: order_mails.send_confirmation,
    order_mails.BANK_TRANSFER: order_mails.send_bank_transfer,
    order_mails.ACCOUNT: order_mails.send_account,
    order_mails.SHIPPED: order_mails.send_shipped,
    order_mails.REFUND: order_mails.send_refund,
    order_mails.CANCELED: order_mails.send_canceled,
    payment_checks.PAYMENT_CHECK: payment_updates.check_again,  # a webhook's news, checked later
    sandbox_page.WEBHOOK_JOB: sandbox_page.call_webhook,  # the sandbox's webhook calls
    staff_mails.INVITATION: staff_mails.send_invitation,
    editing.REPUBLISH_JOB: republish.republish,  # what a studio publish changed, republished
    editing.SCHEDULED_JOB: publishing.publish_when_due,  # a draft published at its time
    video_uploads.IMPORT_JOB: video_imports.import_upload,  # a studio upload made the video
    video_imports.FORGET_JOB: video_imports.forget_package,  # a replaced package, a day later
    VARIANTS_JOB: media_variants.make_variants,  # a library image's responsive variants
}

# What the studio edits: collection name → its adapter (splash.editing.editable.Editable).
EDITABLES: dict[str, editable.Editable] = {
    "page": content_editable.Pages(fill_blocks),
    "article": content_editable.Articles(),
    "menu": editable_site.Menus(),
    "settings": editable_site.Settings(),
    "banner": editable_site.Banners(),
    "product": catalog_editable.Products(),  # texts per language
    "product-setup": catalog_editable.ProductSetups(),  # type, images, place, published
    "variant": catalog_variants.Variants(),  # new ones from the list (price: owners only)
    "price": catalog_variants.Prices(),  # owners only
    "size-guide": catalog_variants.SizeGuides(),
    "course": academy_editable.Courses(),
    "level": academy_create.CreatableLevels(),  # texts; new ones from the list
    "lesson": academy_create.CreatableLessons(),
    "course-outline": academy_outline.CourseOutlines(),  # order, free previews, published
    "offer": academy_outline.Offers(),  # owners only: a lesson's, level's, bundle's price
    "free-lessons": academy_outline.FreeLessons(),  # owners only: what a suit grants
}

# Work every drainer does at start and then every ``every(settings)`` seconds.
PERIODIC = (
    PeriodicWork(
        "payment_reconciliation",  # open payments asked about again (a webhook may be lost)
        lambda settings: settings.payments_reconcile_every_seconds,
        payment_updates.reconcile_payments,
    ),
    PeriodicWork(
        "refund_checks",  # refunds on their way asked about again: refunded, or failed
        lambda settings: settings.payments_reconcile_every_seconds,
        refund_status.follow_refunds,
    ),
    PeriodicWork(
        "order_reservations",  # unpaid orders' stock back on sale
        lambda settings: reservations.RELEASE_EVERY_SECONDS,
        reservations.release_reservations,
    ),
    PeriodicWork(
        "language_handoffs",  # expired language hand-offs forgotten
        lambda settings: handoff.CLEAN_EVERY_SECONDS,
        handoff.clean_up,
    ),
    PeriodicWork(
        "outbox_pruning",  # jobs done long ago deleted
        lambda settings: queue.PRUNE_EVERY_SECONDS,
        queue.prune,
    ),
    PeriodicWork(
        "video_uploads",  # abandoned lesson video uploads forgotten with their files
        lambda settings: video_uploads.CLEAN_EVERY_SECONDS,
        video_uploads.forget_abandoned,
    ),
)


def plug_in() -> None:
    """Every plug, replacing what was plugged in before (calling it twice changes nothing)."""
    db.plug_in(MODELS)
    orders.plug_in(
        describers=[describer.describe_offers],  # a lesson's, a level's, the bundle's price
        grants=[entitlements.grant],  # a paid order's lessons
        revokes=[entitlements.revoke],  # a refund's lessons taken back
        unlocked=[entitlements.WHERE_UNLOCKED],  # the course page in the order's e-mail
    )
    catalog.plug_in_reserved(orders.reserved_units)  # the stock list's units unpaid orders hold
    # Where the media library's images are used (the editing domain's drafts: a finder more).
    media_usage.plug_in([content_media_uses.find, catalog_media_uses.find, editing_media_uses.find])
    queue.plug_in(JOBS, PERIODIC)
    editable.plug_in(EDITABLES)


def resources(settings: Settings) -> Resources:
    """What outbox handlers use, of their own (the worker process, tests); a server shares its
    app's mailer, route table and payment provider."""
    mailer = create_mailer(settings.mail_url, settings.mail_from)
    routes = RouteTable.load(settings.routes_file)
    return Resources(settings, mailer, routes, create_provider(settings))


def __getattr__(name: str) -> Any:
    """``TORTOISE_ORM`` for Tortoise's own CLI (``python -m splash makemigrations`` names it)."""
    if name == "TORTOISE_ORM":
        plug_in()
        return db.tortoise_config(load_settings().database_url)
    raise AttributeError(name)
