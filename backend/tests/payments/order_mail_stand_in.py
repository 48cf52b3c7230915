"""A stand-in handler for the ``order_confirmation`` outbox job, for the delivery tests of the
payment follow-ups until ``splash.orders.mails`` (the real e-mail, another branch of issue 13)
is merged: it sends a plain mail to the order's address through the real mailer, with the
job's Message-ID. Registered only when no real handler is."""

from __future__ import annotations

from splash.mail.mailer import Email
from splash.orders.fulfilment import ORDER_CONFIRMATION
from splash.orders.models import Order
from splash.outbox import Job, queue


async def send_order_confirmation(job: Job, resources) -> None:
    order = await Order.get(id=job.payload["order_id"])
    text = f"Thank you: order {order.order_nr} is paid ({order.total} cents)."
    mail = Email(
        to=order.email,
        subject=f"Order {order.order_nr}",
        text=text,
        html=f"<p>{text}</p>",
        message_key=job.key,
    )
    await resources.mailer.send(mail)


queue.HANDLERS.setdefault(ORDER_CONFIRMATION, send_order_confirmation)
