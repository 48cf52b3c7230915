"""Mail templates: one per mail and part, rendered strictly in all six locales (their words:
``mail.*`` of the catalogues, held complete by tests/test_locales.py), and user input escaped in
HTML (and only there)."""

from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest
from jinja2 import UndefinedError, meta

from splash.core.locales import LOCALES
from splash.core.templating import template_environment
from splash.orders.documents import BankTransfer, DocumentLine, OrderDocument, VatShare
from splash.orders.vocabulary import OrderStatus
from splash.shared.mail import templates
from splash.shared.mail.mailer import Email, build_message

TEMPLATES = Path(templates.__file__).parent / "templates"
KINDS = ("subject.txt", "txt", "html")
NAMES = sorted(p.name.removesuffix(".subject.txt") for p in TEMPLATES.glob("*.subject.txt"))

ORDER = OrderDocument(
    id=7,
    order_nr="SPL-7K3M9QX2",
    invoice_nr="2026-00001",
    slug="s1ug",
    locale="en",
    status=OrderStatus.PAID,
    invoiced=True,
    placed_on="25 November 2026",
    paid_on="25 November 2026",
    firstname="Zoë",
    customer="Zoë Åström",
    email="zoe@example.se",
    shipping_address=("Zoë Åström", "Drottninggatan 5", "111 51 Stockholm", "Sweden"),
    billing_address=("Zoë Åström", "Keizersgracht 12 A", "1015 CS Amsterdam", "Netherlands"),
    lines=(
        DocumentLine(
            title="Float suit",
            variant_label="Blue, M",
            options=(("name", "Mila"),),
            quantity=2,
            unit_price="€49.95",
            unit_net="€39.96",
            line_total="€99.90",
            vat_rate=25,
            vat="€19.98",
        ),
    ),
    mixed_rates=False,
    physical=True,
    digital=True,  # a suit and a lesson: every sentence of the confirmation shows
    subtotal="€99.90",
    free_shipping=False,
    shipping="€9.95",
    shipping_net="€7.96",
    shipping_vat_rate=25,
    shipping_vat="€1.99",
    vat=(VatShare(25, "€87.88", "€21.97"),),
    vat_total="€21.97",
    net_total="€87.88",
    total="€109.85",
    refunded=None,
    charged_back=None,
    bank_transfer=BankTransfer(
        "€109.85", "Stichting Test Bank", "NL91ABNA0417164300", "ABNANL2A", "SPL-7K3M9QX2"
    ),
)

# A complete context per template: every variable its files use.
RECEIVED = "21 November 2026 at 13:00 (Amsterdam time)"
CONTEXTS = {
    "contact_submission": {
        "id": 42,
        "name": "Zoë Åström",
        "email": "zoe@example.se",
        "phone": "+46 70 123 45 67",
        "order_number": "SPL-1001",
        "message": "Passar flytdräkten en treåring?\nTack!",
        "received": RECEIVED,
        "language": "Swedish",
    },
    "account_confirmation": {
        "name": "Zoë",
        "link": "https://en.splash.example/api/auth/email-confirmation?confirmation=abc",
        "valid_days": 7,
        "shop_url": "https://en.splash.example",
    },
    "email_change": {
        "name": "Zoë",
        "link": "https://en.splash.example/api/auth/email-change?code=abc",
        "valid_hours": 24,
        "new_email": "zoe.new@example.se",
        "shop_url": "https://en.splash.example",
    },
    "email_changed": {
        "name": "Zoë",
        "new_email": "zoe.new@example.se",
        "when": "21 November 2026 at 13:00 (Amsterdam time)",
        "shop_email": "hello@splash.example",
        "shop_url": "https://en.splash.example",
    },
    "password_changed": {
        "name": "Zoë",
        "when": "21 November 2026 at 13:00 (Amsterdam time)",
        "forgot_link": "https://en.splash.example/forgot-password",
        "shop_email": "hello@splash.example",
        "shop_url": "https://en.splash.example",
    },
    "staff_invitation": {
        "name": "Zoë",
        "inviter": "Sanne",
        "link": "https://splash.example/studio/setup#abc",
        "valid_hours": 72,
        "shop_url": "https://splash.example",
    },
    "password_reset": {
        "name": "Zoë",
        "link": "https://en.splash.example/reset?code=abc",
        "valid_minutes": 60,
        "shop_url": "https://en.splash.example",
    },
    "order_confirmation": {
        "name": "Zoë",
        "order": ORDER,
        "order_link": "https://en.splash.example/order/s1ug",
        "invoice_link": "https://en.splash.example/api/orders/s1ug/invoice",
        "lessons_link": "https://en.splash.example/academy/learn-to-swim",
        "shop_url": "https://en.splash.example",
        "shop_email": "hello@splash.example",
    },
    "order_bank_transfer": {
        "name": "Zoë",
        "order": ORDER,
        "bank": ORDER.bank_transfer,
        "order_link": "https://en.splash.example/order/s1ug",
        "shop_url": "https://en.splash.example",
        "shop_email": "hello@splash.example",
    },
    "order_refund": {
        "name": "Zoë",
        "order_nr": "SPL-7K3M9QX2",
        "amount": "€12.50",
        "credit_note_nr": "CN-2026-00001",
        "credit_note_link": "https://en.splash.example/api/orders/s1ug/credit-notes/CN-2026-00001",
        "order_link": "https://en.splash.example/order/s1ug",
        "shop_url": "https://en.splash.example",
        "shop_email": "hello@splash.example",
    },
    "order_canceled": {
        "name": "Zoë",
        "order_nr": "SPL-7K3M9QX2",
        "shop_url": "https://en.splash.example",
        "shop_email": "hello@splash.example",
    },
    "order_account": {
        "name": "Zoë",
        "email": "zoe@example.se",
        "link": "https://en.splash.example/reset?code=abc",
        "valid_days": 7,
        "order_nr": "SPL-7K3M9QX2",
        "forgot_link": "https://en.splash.example/forgot-password",
        "shop_url": "https://en.splash.example",
        "shop_email": "hello@splash.example",
    },
    "order_shipped": {
        "name": "Zoë",
        "order_nr": "SPL-7K3M9QX2",
        "parcel": {
            "lines": [{"quantity": 1, "title": "Splash float suit", "variant_label": "Blue, M"}],
            "more_to_come": True,
        },
        "carrier": "PostNL",
        "tracking_number": "3SABCD1234567",
        "tracking_link": "https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-1015CS",
        "order_link": "https://en.splash.example/order/s1ug",
        "shop_url": "https://en.splash.example",
        "shop_email": "hello@splash.example",
    },
}
ACCOUNT_MAILS = (
    "account_confirmation",
    "email_change",
    "email_changed",
    "password_changed",
    "password_reset",
    "order_account",
)
# The mails that greet the customer by name: the name is theirs, typed at checkout.
ORDER_MAILS = ("order_confirmation", "order_bank_transfer", "order_shipped")
ORDER_MAILS = ("order_confirmation", "order_bank_transfer", "order_refund", "order_canceled")


def variables(name: str, kind: str) -> set[str]:
    """The context a template reads (``t``, the catalogue's words, comes from ``render``)."""
    env = template_environment("splash.shared.mail")
    source = (TEMPLATES / f"{name}.{kind}").read_text(encoding="utf-8")
    return meta.find_undeclared_variables(env.parse(source)) - {"t"}


def test_there_are_templates_and_a_context_for_each():
    assert NAMES == [
        "account_confirmation",
        "contact_submission",
        "email_change",
        "email_changed",
        "order_account",
        "order_bank_transfer",
        "order_canceled",
        "order_confirmation",
        "order_refund",
        "order_shipped",
        "password_changed",
        "password_reset",
        "staff_invitation",
    ]
    assert sorted(CONTEXTS) == NAMES


def test_every_mail_has_its_three_parts_once_for_all_locales():
    missing = [
        f"{name}.{kind}"
        for name in NAMES
        for kind in KINDS
        if not (TEMPLATES / f"{name}.{kind}").is_file()
    ]
    assert missing == []
    assert [p.name for p in TEMPLATES.iterdir() if p.is_dir()] == []


def test_the_complete_context_covers_every_variable():
    for name in NAMES:
        used = set().union(*(variables(name, kind) for kind in KINDS))
        assert used == set(CONTEXTS[name]), name


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", NAMES)
def test_each_locale_renders_strictly_with_the_complete_context(name, locale):
    context = CONTEXTS[name]

    subject, text, html = templates.render(name, locale, context)

    assert subject and "\n" not in subject
    for value in context.values():
        if isinstance(value, str | int):  # an order's texts: see tests/orders/test_mails.py
            assert str(value) in text and str(value) in html, value
    assert html.startswith("<!doctype html>\n")
    assert f'<html lang="{locale}">' in html
    assert f"<title>{subject}</title>" in html
    if name == "contact_submission":
        assert "Zoë Åström" in subject and "#42" in subject
        assert "Passar flytdräkten en treåring?\nTack!" in text
        for value in ("zoe@example.se", "+46 70 123 45 67", "SPL-1001", RECEIVED):
            assert value in text and value in html
        assert "Passar flytdräkten en treåring?\nTack!" in html


@pytest.mark.parametrize("locale", LOCALES)
def test_optional_lines_are_left_out_when_empty(locale):
    context = {**CONTEXTS["contact_submission"], "phone": "", "order_number": ""}
    full_text = templates.render("contact_submission", locale, CONTEXTS["contact_submission"])[1]

    _, text, html = templates.render("contact_submission", locale, context)

    assert len(text.splitlines()) == len(full_text.splitlines()) - 2
    assert "+46 70" not in text and "SPL-1001" not in text
    assert "+46 70" not in html and "SPL-1001" not in html


def test_a_missing_variable_is_an_error_not_an_empty_string():
    context = dict(CONTEXTS["contact_submission"])
    del context["message"]

    with pytest.raises(UndefinedError, match="'message' is undefined"):
        templates.render("contact_submission", "nl", context)


@pytest.mark.parametrize("locale", LOCALES)
def test_user_input_is_escaped_in_the_html_part(locale):
    context = {
        **CONTEXTS["contact_submission"],
        "name": 'Tom & "Jerry" <b>',
        "email": "tom@example.org",
        "message": "<script>alert('x')</script> & <img src=x onerror=alert(1)>",
    }
    subject, text, html = templates.render("contact_submission", locale, context)
    message = build_message(
        Email(to="shop@splash.example", subject=subject, text=text, html=html),
        "Splash <hello@splash.localhost>",
    )
    parsed = BytesParser(policy=policy.default).parsebytes(message.as_bytes())

    html_part = parsed.get_body(("html",)).get_content()
    assert "<script>" not in html_part and "<img" not in html_part and "<b>" not in html_part
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;img" in html_part
    assert "Tom &amp; &#34;Jerry&#34; &lt;b&gt;" in html_part  # in the title and the body
    # plain text and the subject are not HTML: the visitor's words stay as written
    assert "<script>alert('x')</script> & <img src=x onerror=alert(1)>" in text
    assert 'Tom & "Jerry" <b>' in parsed["Subject"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", ACCOUNT_MAILS + ORDER_MAILS)
def test_the_account_holders_name_is_escaped_in_the_html_part(name, locale):
    context = {**CONTEXTS[name], "name": 'Tom & "Jerry" <b>'}

    _, text, html = templates.render(name, locale, context)

    assert "<b>" not in html and "Tom &amp; &#34;Jerry&#34; &lt;b&gt;" in html
    assert 'Tom & "Jerry" <b>' in text
