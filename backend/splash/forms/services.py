"""Form submissions: validate with the form's rules, store, then mail the shop.

The submission and the outbox job that mails it commit together; the drainer sends the mail
(with retries while the mail server is down) and then sets ``mailed_at``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from splash.core import formatting, locales
from splash.core.errors import NotFoundError, ValidationError, field_error
from splash.forms.definitions import FORMS, FieldError, FormDefinition
from splash.forms.models import FormSubmission
from splash.shared import outbox
from splash.shared.mail import sent, templates
from splash.shared.mail.mailer import Email
from splash.shared.outbox.drain import Resources


def definition(form: str) -> FormDefinition:
    found = FORMS.get(form)
    if found is None:
        raise NotFoundError(f"Form {form!r} not found")
    return found


def public_fields(form: str) -> list[dict[str, Any]]:
    """The fields of a form as the SPA renders them (name, type, rules, autocomplete)."""
    return definition(form).public()


def validate(form: FormDefinition, data: dict[str, Any]) -> dict[str, Any]:
    """The submitted values, or a 400 naming each failing field and the rule it failed (the
    SPA words the message in the visitor's language from ``rule`` and ``args``)."""
    problems = form.check(data)
    if problems:
        errors = [_field_problem(problem) for problem in problems]
        summary = (
            errors[0]["message"] if len(errors) == 1 else f"{len(errors)} fields are not valid"
        )
        raise ValidationError(summary, {"errors": errors})
    return form.clean(data)


async def submit(form_name: str, data: dict[str, Any], locale: str) -> FormSubmission:
    form = definition(form_name)
    values = validate(form, data)
    async with outbox.transaction():
        submission = await FormSubmission.create(form=form.name, locale=locale, data=values)
        await outbox.enqueue(NOTIFICATION, {"submission_id": submission.id})
    return submission


NOTIFICATION = "form_submission"


async def send_notification(job: outbox.Job, resources: Resources) -> None:
    """Mails a stored submission to the shop (in the shop's language), then marks it mailed."""
    submission = await FormSubmission.get_or_none(id=job.payload["submission_id"])
    if submission is None or submission.mailed_at is not None:
        return
    settings = resources.settings
    email = _notification(submission, settings.shop_email, settings.default_locale, job.key)
    await sent.deliver(
        resources.mailer,
        email,
        template=f"{submission.form}_submission",
        locale=settings.default_locale,
    )
    submission.mailed_at = datetime.now(UTC)
    await submission.save(update_fields=["mailed_at"])


def _field_problem(problem: FieldError) -> dict[str, Any]:
    path = ["data", problem.field]
    if problem.rule is None:
        return field_error(path, f"{problem.field!r} {problem.problem}")
    rule = problem.rule.name + (":" + ",".join(problem.rule.args) if problem.rule.args else "")
    return {
        **field_error(path, f"{problem.field!r} does not pass the rule {rule}"),
        "rule": problem.rule.name,
        "args": list(problem.rule.args),
    }


def _notification(submission: FormSubmission, shop_email: str, mail_locale: str, key: str) -> Email:
    values: dict[str, Any] = submission.data
    context = {
        "id": submission.id,
        "name": values.get("name") or "",
        "email": values.get("email") or "",
        "phone": values.get("phone") or "",
        "order_number": values.get("orderNumber") or "",
        "message": values.get("message") or "",
        "received": formatting.moment(submission.created_at, mail_locale),
        "language": locales.text(mail_locale, f"languages.{submission.locale}"),  # the visitor's
    }
    subject, text, html = templates.render(f"{submission.form}_submission", mail_locale, context)
    return Email(
        to=shop_email,
        subject=subject,
        text=text,
        html=html,
        reply_to=values.get("email") or None,
        message_key=key,
    )


# --- privacy requests ----------------------------------------------------------------------------

_BATCH = 500


async def _sent_by(email: str) -> list[FormSubmission]:
    """The submissions whose ``email`` field is the address (any case): read in batches, as a
    privacy request is rare and the field lives inside each submission's JSON."""
    wanted, found, after = email.strip().lower(), [], 0
    while True:
        batch = await FormSubmission.filter(id__gt=after).order_by("id").limit(_BATCH)
        found += [s for s in batch if str(s.data.get("email", "")).strip().lower() == wanted]
        if len(batch) < _BATCH:
            return found
        after = batch[-1].id


async def export_sent_by(email: str) -> list[dict[str, Any]]:
    return [
        {
            "form": s.form,
            "locale": s.locale,
            "data": s.data,
            "createdAt": s.created_at.isoformat(),
            "mailedAt": s.mailed_at.isoformat() if s.mailed_at else None,
        }
        for s in await _sent_by(email)
    ]


async def erase_sent_by(email: str) -> int:
    """Every field of the address's submissions emptied (the form, language and dates stay);
    how many."""
    found = await _sent_by(email)
    for submission in found:
        await FormSubmission.filter(id=submission.id).update(data={"erased": True})
    return len(found)
