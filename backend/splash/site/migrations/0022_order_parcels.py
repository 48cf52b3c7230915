"""Orders keep a copy of their parcels for the customer's reads (orders.shipments writes it)."""

from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0021_orders_studio')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Order',
            name='parcels',
            field=fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
