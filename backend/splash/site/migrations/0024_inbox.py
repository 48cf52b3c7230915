"""The studio's inbox at 100,000 orders: whether an order holds goods to send (``ships``, so
"to ship" is two columns, not a sum over its lines and shipments), the orders newest first,
every box's count from one index, the money that arrived in a period (the dashboard), and on
PostgreSQL a trigram index for the search (pg_trgm, a trusted extension: the database's owner
may create it)."""

from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

BACKFILL = """
UPDATE orders_order SET ships = EXISTS (
  SELECT 1 FROM orders_order_line l
  WHERE l.order_id = orders_order.id AND l.product_type = 'physical')
"""
# The very expression splash.orders.inbox searches (tests/orders/test_inbox_search.py checks
# that the planner uses this index for it).
SEARCH_INDEX = """
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_order_search ON orders_order USING gin ((lower(
  order_nr || ' ' || coalesce(invoice_nr, '') || ' ' || email || ' ' || firstname || ' '
  || lastname || ' ' || coalesce(shipping_address->>'postalCode', '') || ' '
  || replace(coalesce(shipping_address->>'postalCode', ''), ' ', ''))) gin_trgm_ops);
"""


async def ships_and_search(apps, schema_editor):
    await schema_editor.client.execute_script(BACKFILL)
    if schema_editor.DIALECT == "postgres":
        await schema_editor.client.execute_script(SEARCH_INDEX)


async def no_search(apps, schema_editor):
    if schema_editor.DIALECT == "postgres":
        await schema_editor.client.execute_script("DROP INDEX orders_order_search")


class Migration(migrations.Migration):
    dependencies = [('splash', '0023_refunds_credit_notes')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Order',
            name='ships',
            field=fields.BooleanField(default=False, db_default=False),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['created_at', 'id'], name='orders_order_created'),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['status', 'created_at'], name='orders_order_status_created'),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['status', 'ships', 'stock_state', 'amount_refunded', 'amount_charged_back', 'flagged'], name='orders_order_boxes'),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['paid_at'], name='orders_order_paid'),
        ),
        ops.RunPython(ships_and_search, no_search),
    ]
