"""The order e-mails, from an outbox job to a real SMTP server (aiosmtpd on 127.0.0.1), in each
of the six languages: what they say about the order, where their links go, and which jobs are
dropped instead of sent."""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from splash.accounts.customers import account_for_paid_order
from splash.accounts.models import User
from splash.catalog.vocabulary import ProductType
from splash.core.locales import LOCALES
from splash.orders.models import Order
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order, create_test_user
from tests.outbox.support import html_text, plain_text, sent_mails

ITEMS = [("SPL-FS-BLUE-M", 2), ("SPL-SUN-PINK-S", 1)]
# Each language's shop ships to its own country here, so rates and shipping costs differ.
COUNTRY = {"nl": "nl", "en": "nl", "de": "de", "es": "es", "fr": "fr", "sv": "se"}
BILLING = {
    "street": "Hoofdstraat",
    "housenumber": "1",
    "addition": "B",
    "additionalInfo": "2e verdieping",
    "postalCode": "3511 AA",
    "city": "Utrecht",
    "country": "nl",
}
BANK = {
    "bankName": "Stichting Mollie Payments",
    "bankAccount": "NL53ABNA0627535577",
    "bankBic": "ABNANL2A",
    "transferReference": "RF12-3456-7890-1234",
}
HOSTS = {
    "nl": "localhost",
    "en": "en.localhost",
    "de": "de.localhost",
    "es": "es.localhost",
    "fr": "fr.localhost",
    "sv": "sv.localhost",
}

# What the confirmation says, per language, as whole blocks of its plain text (money with
# plain spaces here; the mail has no-break spaces, see tests/test_formatting.py).
CONFIRMATION: dict[str, dict[str, str]] = {
    "nl": {
        "subject": "Bedankt voor je bestelling {nr}",
        "intro": "Je bestelnummer is {nr}.",
        "lines": "2 \u00d7 Splash-drijfpak (blue, m)\n  € 49,95 per stuk, samen € 99,90\n\n"
        "1 \u00d7 Splash-drijfpak (pink, s)\n  € 54,95 per stuk, samen € 54,95\n",
        "totals": "Subtotaal: € 154,85\nVerzendkosten: € 3,95\nTotaal: € 158,80\n"
        "Inclusief 21% btw: € 27,57\n",
        "addresses": "Verzendadres\nEva de Vries\nKeizersgracht 12\n1015 CS Amsterdam\n"
        "Nederland\n\nFactuuradres\nEva de Vries\nHoofdstraat 1 B\n2e verdieping\n"
        "3511 AA Utrecht\nNederland\n",
        "ships": "Je bestelling wordt binnen 1 tot 3 werkdagen verzonden.",
        "links": "Volg je bestelling: http://localhost:8000/order/{slug}\n"
        "Je factuur: http://localhost:8000/api/orders/{slug}/invoice\n",
    },
    "en": {
        "subject": "Thank you for your order {nr}",
        "intro": "Your order number is {nr}.",
        "lines": "2 \u00d7 Splash-drijfpak (blue, m)\n  €49.95 each, together €99.90\n\n"
        "1 \u00d7 Splash-drijfpak (pink, s)\n  €54.95 each, together €54.95\n",
        "totals": "Subtotal: €154.85\nShipping: €3.95\nTotal: €158.80\nIncluding 21% VAT: €27.57\n",
        "addresses": "Shipping address\nEva de Vries\nKeizersgracht 12\n1015 CS Amsterdam\n"
        "Netherlands\n\nBilling address\nEva de Vries\nHoofdstraat 1 B\n2e verdieping\n"
        "3511 AA Utrecht\nNetherlands\n",
        "ships": "Your order will be shipped within 1 to 3 business days.",
        "links": "Follow your order: http://en.localhost:8000/order/{slug}\n"
        "Your invoice: http://en.localhost:8000/api/orders/{slug}/invoice\n",
    },
    "de": {
        "subject": "Danke für deine Bestellung {nr}",
        "intro": "Deine Bestellnummer ist {nr}.",
        "lines": "2 \u00d7 Splash-drijfpak (blue, m)\n  49,95 € pro Stück, zusammen 99,90 €\n\n"
        "1 \u00d7 Splash-drijfpak (pink, s)\n  54,95 € pro Stück, zusammen 54,95 €\n",
        "totals": "Zwischensumme: 154,85 €\nVersand: 6,95 €\nGesamtsumme: 161,80 €\n"
        "Enthaltene MwSt. (19 %): 25,83 €\n",
        "addresses": "Lieferadresse\nEva de Vries\nKeizersgracht 12\n1015 CS Amsterdam\n"
        "Deutschland\n\nRechnungsadresse\nEva de Vries\nHoofdstraat 1 B\n2e verdieping\n"
        "3511 AA Utrecht\nNiederlande\n",
        "ships": "Deine Bestellung wird innerhalb von 1 bis 3 Werktagen versandt.",
        "links": "Bestellung verfolgen: http://de.localhost:8000/order/{slug}\n"
        "Deine Rechnung: http://de.localhost:8000/api/orders/{slug}/invoice\n",
    },
    "es": {
        "subject": "Gracias por tu pedido {nr}",
        "intro": "Tu número de pedido es {nr}.",
        "lines": "2 \u00d7 Splash-drijfpak (blue, m)\n  49,95 € por unidad, en total 99,90 €\n\n"
        "1 \u00d7 Splash-drijfpak (pink, s)\n  54,95 € por unidad, en total 54,95 €\n",
        "totals": "Subtotal: 154,85 €\nEnvío: 8,95 €\nTotal: 163,80 €\n"
        "IVA incluido (21 %): 28,43 €\n",
        "addresses": "Dirección de envío\nEva de Vries\nKeizersgracht, 12\n1015 CS Amsterdam\n"
        "España\n\nDirección de facturación\nEva de Vries\nHoofdstraat 1 B\n2e verdieping\n"
        "3511 AA Utrecht\nPaíses Bajos\n",
        "ships": "Tu pedido se enviará en un plazo de 1 a 3 días laborables.",
        "links": "Sigue tu pedido: http://es.localhost:8000/order/{slug}\n"
        "Tu factura: http://es.localhost:8000/api/orders/{slug}/invoice\n",
    },
    "fr": {
        "subject": "Merci pour votre commande {nr}",
        "intro": "Votre numéro de commande est {nr}.",
        "lines": "2 \u00d7 Splash-drijfpak (blue, m)\n  49,95 € l'unité, soit 99,90 €\n\n"
        "1 \u00d7 Splash-drijfpak (pink, s)\n  54,95 € l'unité, soit 54,95 €\n",
        "totals": "Sous-total : 154,85 €\nLivraison : 7,95 €\nTotal : 162,80 €\n"
        "Dont TVA (20 %) : 27,14 €\n",
        "addresses": "Adresse de livraison\nEva de Vries\n12 Keizersgracht\n1015 CS Amsterdam\n"
        "France\n\nAdresse de facturation\nEva de Vries\nHoofdstraat 1 B\n2e verdieping\n"
        "3511 AA Utrecht\nPays-Bas\n",
        "ships": "Votre commande sera expédiée sous 1 à 3 jours ouvrés.",
        "links": "Suivre votre commande : http://fr.localhost:8000/order/{slug}\n"
        "Votre facture : http://fr.localhost:8000/api/orders/{slug}/invoice\n",
    },
    "sv": {
        "subject": "Tack för din beställning {nr}",
        "intro": "Ditt ordernummer är {nr}.",
        "lines": "2 \u00d7 Splash-drijfpak (blue, m)\n  49,95 € per styck, totalt 99,90 €\n\n"
        "1 \u00d7 Splash-drijfpak (pink, s)\n  54,95 € per styck, totalt 54,95 €\n",
        "totals": "Delsumma: 154,85 €\nFrakt: 9,95 €\nTotalt: 164,80 €\n"
        "Varav moms (25 %): 32,96 €\n",
        "addresses": "Leveransadress\nEva de Vries\nKeizersgracht 12\n1015 CS Amsterdam\n"
        "Sverige\n\nFakturaadress\nEva de Vries\nHoofdstraat 1 B\n2e verdieping\n"
        "3511 AA Utrecht\nNederländerna\n",
        "ships": "Din beställning skickas inom 1 till 3 arbetsdagar.",
        "links": "Följ din beställning: http://sv.localhost:8000/order/{slug}\n"
        "Din faktura: http://sv.localhost:8000/api/orders/{slug}/invoice\n",
    },
}
BANK_TRANSFER = {
    "nl": ("Je bestelling {nr}: de gegevens voor je overboeking", "Bedrag: € 158,80",
           "We versturen je bestelling zodra het geld binnen is."),
    "en": ("Your order {nr}: the details for your bank transfer", "Amount: €158.80",
           "We will ship your order as soon as the money has arrived."),
    "de": ("Deine Bestellung {nr}: die Daten für deine Überweisung", "Betrag: 161,80 €",
           "Wir versenden deine Bestellung, sobald das Geld eingegangen ist."),
    "es": ("Tu pedido {nr}: los datos para tu transferencia", "Importe: 163,80 €",
           "Enviaremos tu pedido en cuanto recibamos el dinero."),
    "fr": ("Votre commande {nr} : les coordonnées pour votre virement", "Montant : 162,80 €",
           "Nous expédierons votre commande dès réception du paiement."),
    "sv": ("Din beställning {nr}: uppgifterna för din banköverföring", "Belopp: 164,80 €",
           "Vi skickar din beställning så snart pengarna har kommit fram."),
}  # fmt: skip
ACCOUNT = {
    "nl": ("Je Splash-account staat klaar: kies een wachtwoord", "Bij je bestelling {nr}"),
    "en": ("Your Splash account is ready: choose a password", "With your order {nr}"),
    "de": ("Dein Splash-Konto ist bereit: Wähle ein Passwort", "mit deiner Bestellung {nr}"),
    "es": ("Tu cuenta de Splash está lista: elige una contraseña", "Con tu pedido {nr}"),
    "fr": ("Votre compte Splash est prêt : choisissez un mot de passe", "Avec votre commande {nr}"),
    "sv": ("Ditt Splash-konto är klart: välj ett lösenord", "din beställning {nr}"),
}
PASSWORD = "Zwemmen-2026"


async def _parent(email: str = "eva@example.com") -> User:
    user = await create_test_user(email, PASSWORD)
    user.firstname, user.lastname = "Eva", "de Vries"
    await user.save(update_fields=["firstname", "lastname"])
    return user


async def _paid_order(user: User, locale: str, **changes: Any) -> Order:
    return await create_order(
        user,
        ITEMS,
        locale=locale,
        country=COUNTRY[locale],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
        billing_address=BILLING,
        **changes,
    )


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_confirmation_lists_the_order_in_its_language(settings, seeded, inbox, locale):
    order = await _paid_order(await _parent(), locale)

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    expected = {
        key: value.format(nr=order.order_nr, slug=order.slug)
        for key, value in CONFIRMATION[locale].items()
    }
    assert (mail["To"], mail["Subject"]) == ("eva@example.com", expected["subject"])
    assert mail["Message-ID"].startswith("<job-")
    text, html = plain_text(mail), html_text(mail)
    for key in ("intro", "lines", "totals", "addresses", "ships", "links"):
        assert expected[key] in text, key
    total = expected["totals"].split("\n")[2].split(": ")[1]  # the total line's amount
    for value in (order.order_nr, total, expected["ships"], f"/api/orders/{order.slug}/invoice"):
        assert value in html
    assert f'<html lang="{locale}">' in html


async def test_a_lessons_only_order_is_not_shipped(settings, seeded, inbox):
    # What it says about the lessons it unlocked: tests/academy/test_mails.py.
    order = await _paid_order(await _parent(), "en", product_type=ProductType.DIGITAL)

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    text = plain_text(mail)
    assert "Subtotal: €154.85\nTotal: €154.85\nIncluding 21% VAT: €26.88\n" in text
    assert "shipped" not in text and "shipped" not in html_text(mail)


def _shipping_words(locale: str) -> tuple[str, str]:
    """(the shipping address's heading, the shipping line's label) of a suit order's mail."""
    expected = CONFIRMATION[locale]
    return expected["addresses"].split("\n")[0], expected["totals"].split("\n")[1].split(":")[0]


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_lessons_only_order_has_no_delivery_address_and_no_shipping_line(
    settings, seeded, inbox, locale
):
    order = await _paid_order(await _parent(), locale, product_type=ProductType.DIGITAL)

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    heading, label = _shipping_words(locale)
    text, html = plain_text(mail), html_text(mail)
    billing = CONFIRMATION[locale]["addresses"].split("\n\n")[1]  # what the invoice shows
    assert billing in text
    assert heading not in text and f"\n{label.strip()}" not in text
    assert f">{heading}<" not in html and f">{label.strip()}<" not in html
    assert "Keizersgracht" not in text and "Keizersgracht" not in html  # the delivery address


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_suit_orders_mail_keeps_its_delivery_address_and_shipping_line(
    settings, seeded, inbox, locale
):
    order = await _paid_order(await _parent(), locale)

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    heading, label = _shipping_words(locale)
    text, html = plain_text(mail), html_text(mail)
    assert f"\n{heading}\n" in text and f"\n{label}:" in text
    assert f">{heading}<" in html and f">{label.strip()}<" in html


async def test_a_suits_only_order_says_nothing_about_lessons(settings, seeded, inbox):
    order = await _paid_order(await _parent(), "en")

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    assert "lessons" not in plain_text(mail) and "lessons" not in html_text(mail)


async def test_what_the_customer_typed_is_escaped_in_the_html_part(settings, seeded, inbox):
    order = await _paid_order(await _parent(), "en")
    await Order.filter(id=order.id).update(
        firstname="<b>Eva</b>", shipping_address={**BILLING, "street": "<script>x</script>"}
    )

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    html = html_text(mail)
    assert "<script>" not in html and "<b>Eva" not in html
    assert "&lt;script&gt;x&lt;/script&gt; 1 B" in html and "Hi &lt;b&gt;Eva&lt;/b&gt;," in html
    assert "<script>x</script> 1 B" in plain_text(mail)


async def test_a_confirmation_for_an_unpaid_order_is_dropped(settings, seeded, inbox):
    order = await create_order(await _parent(), ITEMS)  # awaiting payment

    assert await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id}) == []


@pytest.mark.parametrize("kind", ["order_confirmation", "order_bank_transfer"])
async def test_a_job_for_a_vanished_order_is_dropped_not_retried(settings, seeded, inbox, kind):
    assert await sent_mails(settings, inbox, kind, {"order_id": 987654}) == []


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_bank_transfer_mail_names_the_account_and_reference(
    settings, seeded, inbox, locale
):
    order = await create_order(
        await _parent(), ITEMS, locale=locale, country=COUNTRY[locale], bank_details=BANK
    )

    [mail] = await sent_mails(settings, inbox, "order_bank_transfer", {"order_id": order.id})

    subject, amount, ships = BANK_TRANSFER[locale]
    assert mail["Subject"] == subject.format(nr=order.order_nr)
    text = plain_text(mail)
    colon = " : " if locale == "fr" else ": "
    for value in (
        amount,
        f"{colon}Stichting Mollie Payments\n",
        f" (IBAN){colon}NL53ABNA0627535577\n",
        f"BIC{colon}ABNANL2A\n",
        f"{colon}RF12-3456-7890-1234\n",
        ships,
        f"/order/{order.slug}\n",
    ):
        assert value in text, value
    html = html_text(mail)
    for value in ("NL53ABNA0627535577", "RF12-3456-7890-1234", amount.split(colon)[1], ships):
        assert value in html


async def test_a_bank_transfer_mail_for_an_order_paid_meanwhile_is_dropped(settings, seeded, inbox):
    order = await create_order(await _parent(), ITEMS, bank_details=BANK)
    await Order.filter(id=order.id).update(status=OrderStatus.PAID)

    assert await sent_mails(settings, inbox, "order_bank_transfer", {"order_id": order.id}) == []


async def test_a_bank_transfer_mail_without_bank_details_is_dropped(settings, seeded, inbox):
    order = await create_order(await _parent(), ITEMS)  # paid by iDEAL, say: no bank details

    assert await sent_mails(settings, inbox, "order_bank_transfer", {"order_id": order.id}) == []


async def _guest_order(locale: str) -> tuple[User, Order]:
    """A guest's paid order: the checkout's rule made the account (no password)."""
    user, _ = await account_for_paid_order("gast@example.com", "Gerda", "Gast", locale)
    return user, await create_order(user, ITEMS, locale=locale)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_account_mail_links_to_the_reset_page(settings, seeded, inbox, locale):
    user, order = await _guest_order(locale)
    payload = {"user_id": user.id, "order_id": order.id, "locale": locale}

    [mail] = await sent_mails(settings, inbox, "order_account", payload)

    subject, intro = ACCOUNT[locale]
    assert (mail["To"], mail["Subject"]) == ("gast@example.com", subject)
    text = plain_text(mail)
    assert intro.format(nr=order.order_nr) in text
    assert "gast@example.com" in text
    link = next(word for word in text.split() if "/reset?code=" in word)
    assert link.startswith(f"http://{HOSTS[locale]}:8000/reset?code=")
    assert link.endswith("&first=1")  # the page says "choose a password"
    assert link.replace("&", "&amp;") in html_text(mail)


async def test_the_account_mails_link_sets_the_password_and_confirms_the_account(
    settings, seeded, inbox, client
):
    user, order = await _guest_order("nl")
    payload = {"user_id": user.id, "order_id": order.id, "locale": "nl"}
    [mail] = await sent_mails(settings, inbox, "order_account", payload)
    link = next(word for word in plain_text(mail).split() if "/reset?code=" in word)
    [code] = parse_qs(urlsplit(link).query)["code"]
    refused = await client.post(
        "/api/auth/local", json={"identifier": "gast@example.com", "password": PASSWORD}
    )
    assert refused.status == 400  # no password yet

    reset = await client.post(
        "/api/auth/reset-password",
        json={"code": code, "password": PASSWORD, "passwordConfirmation": PASSWORD},
    )

    assert reset.status == 200, reset.text
    assert (await User.get(id=user.id)).confirmed is True
    login = await client.post(
        "/api/auth/local", json={"identifier": "gast@example.com", "password": PASSWORD}
    )
    assert login.status == 200
    assert login.json["user"]["email"] == "gast@example.com"


async def test_an_account_mail_for_an_account_with_a_password_is_dropped(settings, seeded, inbox):
    user = await _parent()  # has a password
    order = await create_order(user, ITEMS)
    payload = {"user_id": user.id, "order_id": order.id, "locale": "nl"}

    assert await sent_mails(settings, inbox, "order_account", payload) == []


async def test_an_account_mail_for_a_vanished_account_is_dropped(settings, seeded, inbox):
    user, order = await _guest_order("nl")
    payload = {"user_id": user.id + 1000, "order_id": order.id, "locale": "nl"}

    assert await sent_mails(settings, inbox, "order_account", payload) == []


# --- mails to an address that never confirmed anything (issue 23 point 2) ---------------------

REPORT = {
    "nl": "Heb je deze bestelling niet geplaatst?",
    "en": "Did you not place this order?",
    "de": "Du hast diese Bestellung nicht aufgegeben?",
    "es": "¿No has hecho este pedido?",
    "fr": "Vous n'avez pas passé cette commande ?",
    "sv": "Har du inte gjort den här beställningen?",
}


async def test_a_bank_transfer_mail_to_a_guests_address_is_dropped(settings, seeded, inbox):
    order = await create_order(None, ITEMS, email="vreemde@example.org", bank_details=BANK)

    assert await sent_mails(settings, inbox, "order_bank_transfer", {"order_id": order.id}) == []


async def test_a_bank_transfer_mail_to_an_unconfirmed_account_is_dropped(settings, seeded, inbox):
    user = await _parent()
    await User.filter(id=user.id).update(confirmed=False)
    order = await create_order(user, ITEMS, bank_details=BANK)

    assert await sent_mails(settings, inbox, "order_bank_transfer", {"order_id": order.id}) == []


async def _mail_of(kind: str, locale: str, settings: Any, inbox: Any) -> EmailMessage:
    if kind == "order_account":
        user, order = await _guest_order(locale)
        payload: dict[str, Any] = {"user_id": user.id, "order_id": order.id, "locale": locale}
    elif kind == "order_bank_transfer":
        order = await create_order(await _parent(), ITEMS, locale=locale, bank_details=BANK)
        payload = {"order_id": order.id}
    else:
        order = await _paid_order(await _parent(), locale)
        payload = {"order_id": order.id}
    [mail] = await sent_mails(settings, inbox, kind, payload)
    return mail


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", ["order_confirmation", "order_bank_transfer", "order_account"])
async def test_every_order_mail_says_how_to_report_an_order_one_did_not_place(
    settings, seeded, inbox, kind, locale
):
    mail = await _mail_of(kind, locale, settings, inbox)

    for part in (plain_text(mail), html_text(mail)):
        assert REPORT[locale] in part.replace("&#39;", "'")
        assert settings.shop_email in part


@pytest.mark.parametrize("kind", ["order_confirmation", "order_bank_transfer"])
async def test_a_long_name_is_cut_and_shown_as_plain_text(settings, seeded, inbox, kind):
    parent = await _parent()
    await User.filter(id=parent.id).update(firstname="Splash Billing Dept " + "x" * 60)
    parent = await User.get(id=parent.id)
    if kind == "order_bank_transfer":
        order = await create_order(parent, ITEMS, locale="en", bank_details=BANK)
    else:
        order = await _paid_order(parent, "en")
    await Order.filter(id=order.id).update(firstname="Splash\nBilling   Dept " + "x" * 55)

    [mail] = await sent_mails(settings, inbox, kind, {"order_id": order.id})

    cut = "Splash Billing Dept " + "x" * 19 + "\u2026"
    assert plain_text(mail).startswith(f"Hi {cut},\n")  # (the shipping label keeps the name)
    assert f"Hi {cut}," in html_text(mail)
