from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('splash', '0011_checkout_request_description')]

    initial = False

    operations = [
        ops.AlterField(
            model_name='Order',
            name='user',
            field=fields.ForeignKeyField('splash.User', source_field='user_id', null=True, db_constraint=True, to_field='id', related_name='orders', on_delete=OnDelete.RESTRICT),
        ),
        ops.AddField(
            model_name='Order',
            name='client_key',
            field=fields.CharField(null=True, max_length=64),
        ),
        ops.AddField(
            model_name='Order',
            name='reserved_until',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['email', 'status'], name='orders_order_email_status'),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['client_key', 'status'], name='orders_order_client_status'),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['status', 'reserved_until'], name='orders_order_reserved_until'),
        ),
    ]
