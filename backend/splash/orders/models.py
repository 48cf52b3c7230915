from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class ShippingCountry(Model):
    """A country Splash ships to, with its shipping cost in cents."""

    iso = fields.CharField(max_length=2, primary_key=True)
    shipping_cost = fields.IntField()
    position = fields.IntField(default=0)

    class Meta:
        table = "shipping_country"
        ordering = ("position", "iso")
