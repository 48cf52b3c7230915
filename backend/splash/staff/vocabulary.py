"""The studio's words, each spelled once: the roles, the permissions every studio route
declares, which role holds which, and the activity log's kinds of entry. The SPA's studio reads
the same names."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    OWNER = "owner"  # everything, including refunds, staff and settings
    SHOP = "shop"  # orders, shipping, customers, stock; no refunds, no staff
    EDITOR = "editor"  # content and catalogue texts; no orders, no customer data


class Permission(StrEnum):
    DASHBOARD = "dashboard"
    ORDERS = "orders"  # read the inbox and an order, notes, packing slips, the CSV export
    SHIP = "ship"  # shipments, cancelling an unpaid order, resending an order's e-mail
    REFUND = "refund"
    CUSTOMERS = "customers"  # read customers, grant and revoke lessons, privacy requests
    STOCK = "stock"
    CONTENT = "content"  # part 2: pages, blog, menus, catalogue texts, media, lessons
    STAFF = "staff"  # invite, change and remove staff
    SETTINGS = "settings"
    ACTIVITY = "activity"  # the whole activity log


ROLE_PERMISSIONS: dict[Role, frozenset[Permission]] = {
    Role.OWNER: frozenset(Permission),
    Role.SHOP: frozenset(
        {
            Permission.DASHBOARD,
            Permission.ORDERS,
            Permission.SHIP,
            Permission.CUSTOMERS,
            Permission.STOCK,
            Permission.ACTIVITY,
        }
    ),
    Role.EDITOR: frozenset({Permission.DASHBOARD, Permission.CONTENT}),
}

# What a studio route may declare instead of a permission: anyone may call it (signing in,
# setting up an account), or any signed-in staff member (who am I, signing out).
SIGNED_OUT = "signed-out"
SIGNED_IN = "signed-in"


class Action(StrEnum):
    """What an activity entry records."""

    SIGN_IN = "staff.sign_in"
    SIGN_IN_REFUSED = "staff.sign_in_refused"
    SIGN_OUT = "staff.sign_out"
    SET_UP = "staff.set_up"
    INVITED = "staff.invited"
    ROLE_CHANGED = "staff.role_changed"
    REMOVED = "staff.removed"
    RECOVERY_CODE_USED = "staff.recovery_code_used"
    LESSONS_GRANTED = "customers.lessons_granted"
    LESSON_REVOKED = "customers.lesson_revoked"
    PASSWORD_LINK_SENT = "customers.password_link_sent"
    EXPORTED = "customers.exported"
    ERASED = "customers.erased"
    STOCK_ADJUSTED = "stock.adjusted"
    THRESHOLD_CHANGED = "stock.threshold_changed"
    ORDER_NOTED = "order.noted"  # an internal note on an order (its text is the entry's note)
    ORDER_SHIPPED = "order.shipped"  # a shipment of some or all of an order's physical units
    REFUND_MADE = "order.refunded"  # money given back, with its credit note
    REFUND_STATUS = "order.refund_status"  # the provider's later word on a refund
    ORDER_CANCELED = "order.canceled"  # an unpaid order cancelled in the studio
    EMAIL_RESENT = "order.email_resent"
    CONTENT_CREATED = "content.created"  # a new variant, level or lesson; after: its fields
    CONTENT_SAVED = "content.saved"  # a draft saved (autosave too); the note names its revision
    CONTENT_PUBLISHED = "content.published"  # after: the version number
    CONTENT_UNPUBLISHED = "content.unpublished"
    CONTENT_SCHEDULED = "content.scheduled"  # after: the time; None: the schedule cancelled
    CONTENT_RESTORED = "content.restored"  # an old version made the draft
    VIDEO_UPLOADED = "lesson.video_uploaded"  # every byte of a lesson video arrived
    VIDEO_IMPORTED = "lesson.video_imported"  # the lesson plays the new video
    VIDEO_IMPORT_FAILED = "lesson.video_import_failed"  # the old video plays on
    CAPTIONS_CHANGED = "lesson.captions_changed"
    POSTER_CHANGED = "lesson.poster_changed"
    MEDIA_UPLOADED = "media.uploaded"  # an image added to the media library
    MEDIA_REPLACED = "media.replaced"  # a library image's file replaced (its uses kept)
    MEDIA_ALT_CHANGED = "media.alt_changed"
    MEDIA_DELETED = "media.deleted"


class SubjectType(StrEnum):
    STAFF = "staff"
    ORDER = "order"
    CUSTOMER = "customer"
    VARIANT = "variant"
    CONTENT = "content"  # an edited entry: "collection:key:locale" (page:faq:nl)
    LESSON = "lesson"
    MEDIA = "media"  # a media library item
