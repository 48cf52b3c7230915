"""The studio's customers and stock: an entitlement a staff member granted (no order, who
granted it and why) and each variant's low-stock threshold.

SQLite makes a column nullable by copying the table, and the copy loses the unique key of
(user, lesson, order) that makes granting twice a no-op: it is put back as a unique index.
PostgreSQL drops the NOT NULL in place and keeps its constraint.
"""

from tortoise import migrations
from tortoise.migrations import operations as ops
from splash.academy.vocabulary import GrantSource
from tortoise.fields.base import OnDelete
from tortoise import fields

UNIQUE_GRANT = (
    'CREATE UNIQUE INDEX IF NOT EXISTS "uid_academy_ent_user_id_lesson_order" '
    'ON "academy_entitlement" ("user_id", "lesson_id", "order_id")'
)


async def unique_grant(apps, schema_editor):
    if schema_editor.DIALECT == "sqlite":
        await schema_editor.client.execute_script(UNIQUE_GRANT)


async def no_unique_grant(apps, schema_editor):
    if schema_editor.DIALECT == "sqlite":
        await schema_editor.client.execute_script(
            'DROP INDEX IF EXISTS "uid_academy_ent_user_id_lesson_order"'
        )


class Migration(migrations.Migration):
    dependencies = [('splash', '0019_staff')]

    initial = False

    operations = [
        ops.AlterModelOptions(
            name='Entitlement',
            options={'table': 'academy_entitlement', 'app': 'splash', 'unique_together': (('user', 'lesson', 'order'),), 'pk_attr': 'id', 'table_description': 'A parent may watch a lesson because an order granted it, or a staff member did.'},
        ),
        ops.AlterField(
            model_name='Entitlement',
            name='order',
            field=fields.ForeignKeyField('splash.Order', source_field='order_id', null=True, db_constraint=True, to_field='id', related_name='entitlements', on_delete=OnDelete.CASCADE),
        ),
        ops.AlterField(
            model_name='Entitlement',
            name='source',
            field=fields.CharEnumField(description='PURCHASE: purchase\nSUIT_GIFT: suit_gift\nGRANTED: granted', enum_type=GrantSource, max_length=16),
        ),
        ops.AddField(
            model_name='Entitlement',
            name='granted_by',
            field=fields.ForeignKeyField('splash.StaffMember', source_field='granted_by_id', null=True, db_constraint=True, to_field='id', related_name='granted', on_delete=OnDelete.SET_NULL),
        ),
        ops.AddField(
            model_name='Entitlement',
            name='reason',
            field=fields.CharField(null=True, max_length=500),
        ),
        ops.AddField(
            model_name='ProductVariant',
            name='low_stock_threshold',
            field=fields.IntField(default=3, db_default=3),
        ),
        ops.RunPython(unique_grant, no_unique_grant),  # last: SQLite copies the table above
    ]
