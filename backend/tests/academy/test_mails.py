"""The confirmation of a paid order that unlocked lessons — bought, or free with a float suit —
says so in the order's language and links to the course page on its domain; an order that
unlocked nothing says nothing about lessons."""

from __future__ import annotations

import pytest

from splash.catalog.vocabulary import ProductType
from tests.academy.support import owning
from tests.outbox.support import html_text, plain_text, sent_mails

UNLOCKED = {
    "nl": "Je lessen zijn vrijgespeeld. Bekijk ze op de cursuspagina: "
    "http://localhost:8000/academy/leren-zwemmen",
    "en": "Your lessons are unlocked. Watch them on the course page: "
    "http://en.localhost:8000/academy/learn-to-swim",
    "de": "Deine Lektionen sind freigeschaltet. Sieh sie dir auf der Kursseite an: "
    "http://de.localhost:8000/course/schwimmen-lernen",
    "es": "Tus clases ya están desbloqueadas. Míralas en la página del curso: "
    "http://es.localhost:8000/course/aprender-a-nadar",
    "fr": "Vos leçons sont débloquées. Regardez-les sur la page du cours : "
    "http://fr.localhost:8000/course/apprendre-a-nager",
    "sv": "Dina lektioner är upplåsta. Titta på dem på kurssidan: "
    "http://sv.localhost:8000/course/lar-dig-simma",
}


@pytest.mark.parametrize("locale", list(UNLOCKED))
async def test_bought_lessons_are_unlocked_on_the_course_page(
    settings, course, parent, inbox, locale
):
    order = await owning(parent, "LEVEL-2", locale=locale)

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    assert UNLOCKED[locale] + "\n" in plain_text(mail)
    assert f'href="{UNLOCKED[locale].rsplit(" ", 1)[1]}"' in html_text(mail)


async def test_a_suit_with_free_lessons_says_they_are_unlocked(settings, course, parent, inbox):
    order = await owning(parent, "SPL-FS-BLUE-M", product_type=ProductType.PHYSICAL)

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    assert UNLOCKED["nl"] in plain_text(mail)
    assert "binnen 1 tot 3 werkdagen verzonden" in plain_text(mail)


async def test_an_order_that_unlocked_nothing_says_nothing_about_lessons(
    settings, course, parent, inbox
):
    order = await owning(parent, "SPL-FS-BLUE-M", product_type=ProductType.PHYSICAL)
    await order.entitlements.all().delete()  # type: ignore[attr-defined]

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    assert "lessen" not in plain_text(mail) and "cursuspagina" not in html_text(mail)
