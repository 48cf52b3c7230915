"""The order document the e-mails and the invoice render: money in the order's language, VAT
grouped by rate with what it is levied on, addresses, and whether the order has an invoice."""

from datetime import UTC, datetime

import pytest

from splash.catalog.vocabulary import ProductType
from splash.orders import documents
from splash.orders.models import OrderLine
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order, create_test_user

ITEMS = [("SPL-FS-BLUE-M", 2), ("SPL-SUN-PINK-S", 1)]


async def _user():
    return await create_test_user("ouder@example.com", "Zwemmen-2026")


async def test_one_rate_makes_one_vat_share_with_shipping_in_it(seeded):
    order = await create_order(await _user(), ITEMS, locale="en", country="se")

    document = await documents.by_id(order.id)

    assert document is not None
    # 9990 + 5495 + 995 shipping = 16480, VAT at 25 %: 1998 + 1099 + 199 = 3296
    assert document.vat == (documents.VatShare(rate=25, net="€131.84", amount="€32.96"),)
    assert (document.vat_total, document.net_total, document.total) == (
        "€32.96",
        "€131.84",
        "€164.80",
    )
    assert (document.mixed_rates, document.physical, document.digital) == (False, True, False)
    assert document.billing_address == document.shipping_address
    assert document.shipping_address[-1] == "Sweden"


async def test_lines_at_different_rates_make_a_share_per_rate(seeded):
    order = await create_order(await _user(), ITEMS, locale="nl")
    # A reduced rate on the second line (as a book or a lesson may one day have).
    await OrderLine.filter(order_id=order.id, position=1).update(vat_rate=9, vat=454)

    document = await documents.by_id(order.id)

    assert document is not None
    assert document.mixed_rates is True
    assert [(line.vat_rate, line.vat) for line in document.lines] == [
        (21, "€\u00a017,34"),
        (9, "€\u00a04,54"),
    ]
    # 21 %: the first line (9990, VAT 1734) and shipping (395, VAT 69); 9 %: 5495, VAT 454.
    assert document.vat == (
        documents.VatShare(rate=21, net="€\u00a085,82", amount="€\u00a018,03"),
        documents.VatShare(rate=9, net="€\u00a050,41", amount="€\u00a04,54"),
    )


async def test_a_lessons_only_order_ships_nothing(seeded):
    order = await create_order(await _user(), ITEMS, locale="de", product_type=ProductType.DIGITAL)

    document = await documents.by_id(order.id)

    assert document is not None
    assert (document.physical, document.digital, document.free_shipping) == (False, True, True)
    assert [share.rate for share in document.vat] == [21]  # no empty share for shipping


async def test_bank_details_come_from_the_latest_payment(seeded):
    bank = {
        "bankName": "Stichting Mollie Payments",
        "bankAccount": "NL53ABNA0627535577",
        "bankBic": "ABNANL2A",
        "transferReference": "RF12-3456-7890-1234",
    }
    order = await create_order(await _user(), ITEMS, locale="en", bank_details=bank)

    document = await documents.by_id(order.id)

    assert document is not None
    assert document.bank_transfer == documents.BankTransfer(
        amount="€158.80",
        bank_name="Stichting Mollie Payments",
        bank_account="NL53ABNA0627535577",
        bank_bic="ABNANL2A",
        transfer_reference="RF12-3456-7890-1234",
    )


async def test_dates_refunds_and_the_invoice_flag(seeded):
    paid_at = datetime(2026, 11, 25, 10, tzinfo=UTC)
    order = await create_order(
        await _user(),
        ITEMS,
        locale="fr",
        status=OrderStatus.REFUNDED,
        payment_status=PaymentStatus.PAID,
        paid_at=paid_at,
    )
    order.amount_refunded = 15880
    await order.save(update_fields=["amount_refunded"])

    document = await documents.by_slug(order.slug)

    assert document is not None
    assert (document.invoiced, document.paid_on) == (True, "25 novembre 2026")
    assert (document.refunded, document.charged_back) == ("158,80\u00a0€", None)


async def test_an_unknown_order_has_no_document(database):
    assert await documents.by_id(424242) is None
    assert await documents.by_slug("nope") is None


@pytest.mark.parametrize(
    ("status", "invoiced"),
    [
        (OrderStatus.AWAITING_PAYMENT, False),
        (OrderStatus.PAID, True),
        (OrderStatus.SHIPPED, True),
        (OrderStatus.COMPLETED, True),
        (OrderStatus.REFUNDED, True),
        (OrderStatus.CANCELED, False),
        (OrderStatus.EXPIRED, False),
        (OrderStatus.FAILED, False),
    ],
)
def test_only_an_order_whose_money_arrived_has_an_invoice(status, invoiced):
    assert documents.has_invoice(status) is invoiced
