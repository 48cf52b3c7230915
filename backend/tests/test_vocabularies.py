"""contracts/vocabularies.json: the lists the server's StrEnums and the SPA's vocabulary
(frontend/src/lib/vocabulary.ts, checked by vocabulary.test.ts) must both spell exactly."""

import json

import pytest

from splash.academy.vocabulary import LessonAccess, OfferKind
from splash.accounts.vocabulary import AccountError, EmailChangeOutcome
from splash.catalog.vocabulary import ProductType
from splash.core.config import REPO_ROOT
from splash.core.countries import Country
from splash.orders.vocabulary import (
    LineRefusal,
    OrderError,
    OrderStatus,
    PaymentStatus,
)

CONTRACT = json.loads((REPO_ROOT / "contracts" / "vocabularies.json").read_text(encoding="utf-8"))
ENUMS = {
    "accountError": AccountError,
    "emailChangeOutcome": EmailChangeOutcome,
    "shippingCountry": Country,
    "productType": ProductType,
    "paymentStatus": PaymentStatus,
    "orderStatus": OrderStatus,
    "orderError": OrderError,
    "lineRefusal": LineRefusal,
    "offerKind": OfferKind,
    "lessonAccess": LessonAccess,
}


def test_the_server_has_exactly_the_vocabularies_of_the_contract():
    assert set(ENUMS) == set(CONTRACT)


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_an_enum_spells_the_contracts_values_in_its_order(name):
    assert [member.value for member in ENUMS[name]] == CONTRACT[name]
