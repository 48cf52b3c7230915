"""Test set-ups that reach into the domains' models: a confirmed parent, a reset code for them,
and the catalog ids that change from one seeding to the next. They live here, not in the
domains' services, so production code offers no way to make an account without its checks."""

from __future__ import annotations

from splash.accounts import passwords
from splash.accounts.mails import RESET_VALID
from splash.accounts.models import User
from splash.accounts.secrets import new_secret
from splash.accounts.vocabulary import SecretKind
from splash.catalog.models import ProductVariant


async def create_test_user(email: str, password: str) -> User:
    """A confirmed parent with this password (end-to-end and contract test set-ups)."""
    return await User.create(
        email=email.lower(),
        username=email.lower(),
        password_hash=await passwords.hash_password(password),
        confirmed=True,
    )


async def reset_code_for(user: User) -> str:
    return await new_secret(SecretKind.RESET, RESET_VALID, user)


async def catalog_ids() -> dict[str, int]:
    """Ids tests refer to (they change from one seeding to the next): the blue M float suit,
    a sold-out variant and the float suit."""
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    sold_out = await ProductVariant.filter(stock=0).order_by("id").first()
    return {
        "variantId": blue.id,
        "soldOutVariantId": sold_out.id if sold_out else blue.id,
        "productId": blue.product_id,  # type: ignore[attr-defined]
    }
