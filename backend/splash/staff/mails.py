"""The staff invitation e-mail, sent by the outbox drainer in the invited person's language.
As for the account mails, the handler mints the link's secret with the mail: a raw secret never
sits in the database, and sending again (a new invitation) voids the earlier link."""

from __future__ import annotations

from splash.shared import outbox
from splash.shared.mail import sent, templates
from splash.shared.outbox import Job
from splash.shared.outbox.drain import Resources
from splash.staff import services
from splash.staff.models import StaffMember

INVITATION = "staff.invitation"


async def invite(member: StaffMember, inviter: StaffMember) -> None:
    """Queues the invitation with a new set-up link (made when it is sent: earlier links stop
    working), in the caller's transaction."""
    await outbox.enqueue(INVITATION, {"staff_id": member.id, "inviter": inviter.name})


async def send_invitation(job: Job, resources: Resources) -> None:
    member = await StaffMember.get_or_none(id=job.payload["staff_id"], removed_at=None)
    if member is None or member.password_hash is not None:
        return  # removed meanwhile, or set up already
    settings = resources.settings
    raw = await services.new_setup_link(member, settings)
    context = {
        "name": templates.person_name(member.name),
        "inviter": job.payload["inviter"],
        "link": services.setup_url(raw, settings),
        "valid_hours": settings.staff_setup_hours,
        "shop_url": settings.origin(settings.default_locale),
    }
    mail = templates.compose(
        "staff_invitation", member.locale, context, to=member.email, key=job.key
    )
    await sent.deliver(resources.mailer, mail, template="staff_invitation", locale=member.locale)
