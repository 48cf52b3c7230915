"""An order's lessons from an index of their order. An order's page, its mails and its refund
read its entitlements by ``order_id``, and the only index led with ``user_id``: each read went
through every order's lessons (3 ms at 57,000 rows in an hour's soak, growing with each sale).

Raw SQL, not ``db_index=True`` on the field: Tortoise's ``AlterField`` on SQLite rebuilds the
table and drops its unique key (user, lesson, order), so granting twice would grant twice."""

from tortoise import migrations
from tortoise.migrations import operations as ops

INDEX = "CREATE INDEX academy_entitlement_order ON academy_entitlement (order_id)"


async def order_index(apps, schema_editor):
    await schema_editor.client.execute_script(INDEX)


async def no_order_index(apps, schema_editor):
    await schema_editor.client.execute_script("DROP INDEX academy_entitlement_order")


class Migration(migrations.Migration):
    dependencies = [('splash', '0030_outbox_due')]

    initial = False

    operations = [ops.RunPython(order_index, no_order_index)]
