from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class User(Model):
    """A parent's account: e-mail and password, Google, or both (linked by the same e-mail).

    ``token_version`` is part of every JWT; raising it revokes every token issued before
    (logout everywhere, password reset or change).
    """

    id = fields.IntField(primary_key=True)
    email = fields.CharField(max_length=254, unique=True)  # stored lower-case
    username = fields.CharField(max_length=254)
    password_hash = fields.CharField(max_length=255, null=True)  # None: Google only
    provider = fields.CharField(max_length=16, default="local")
    google_sub = fields.CharField(max_length=255, null=True, unique=True)
    confirmed = fields.BooleanField(default=False)
    blocked = fields.BooleanField(default=False)
    token_version = fields.IntField(default=0)
    firstname = fields.CharField(max_length=80, null=True)
    lastname = fields.CharField(max_length=80, null=True)
    locale = fields.CharField(max_length=5, default="nl")
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    addresses: fields.ReverseRelation[Address]

    class Meta:
        table = "account_user"


class Address(Model):
    id = fields.IntField(primary_key=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "splash.User", related_name="addresses", on_delete=fields.CASCADE
    )
    position = fields.IntField(default=0)
    street = fields.CharField(max_length=120)
    housenumber = fields.CharField(max_length=10)
    addition = fields.CharField(max_length=10, null=True)
    additional_info = fields.CharField(max_length=120, null=True)
    postal_code = fields.CharField(max_length=10)
    city = fields.CharField(max_length=80)
    country = fields.CharField(max_length=2)

    class Meta:
        table = "account_address"
        ordering = ("position", "id")


class AccountToken(Model):
    """A single-use secret sent to the user (e-mail confirmation, password reset) or kept for a
    sign-in round trip (Google state). Only the SHA-256 of the secret is stored."""

    id = fields.IntField(primary_key=True)
    kind = fields.CharField(max_length=16)
    token_hash = fields.CharField(max_length=64, unique=True)
    user: fields.ForeignKeyNullableRelation[User] = fields.ForeignKeyField(
        "splash.User", related_name="tokens", null=True, on_delete=fields.CASCADE
    )
    data: dict[str, object] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    expires_at = fields.DatetimeField()
    used_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "account_token"
