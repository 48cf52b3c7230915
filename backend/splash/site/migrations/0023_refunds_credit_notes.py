from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from splash.orders.vocabulary import RefundStatus
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('splash', '0022_order_parcels')]

    initial = False

    operations = [
        ops.CreateModel(
            name='CreditNoteSeries',
            fields=[
                ('year', fields.IntField(generated=False, primary_key=True, unique=True, db_index=True)),
                ('last_number', fields.IntField(default=0)),
            ],
            options={'table': 'orders_credit_note_series', 'app': 'splash', 'pk_attr': 'year', 'table_description': 'The last credit note number drawn in a calendar year (``orders.invoice_numbers``).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Refund',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order', fields.ForeignKeyField('splash.Order', source_field='order_id', db_constraint=True, to_field='id', related_name='refunds', on_delete=OnDelete.CASCADE)),
                ('payment', fields.ForeignKeyField('splash.Payment', source_field='payment_id', db_constraint=True, to_field='id', related_name='refunds', on_delete=OnDelete.CASCADE)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('body_hash', fields.CharField(max_length=64)),
                ('credit_note_nr', fields.CharField(unique=True, max_length=16)),
                ('status', fields.CharEnumField(default=RefundStatus.PENDING, description='QUEUED: queued\nPENDING: pending\nPROCESSING: processing\nREFUNDED: refunded\nFAILED: failed\nCANCELED: canceled', enum_type=RefundStatus, max_length=16)),
                ('provider_refund_id', fields.CharField(null=True, max_length=64)),
                ('amount', fields.IntField()),
                ('shipping', fields.IntField(default=0)),
                ('lines', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('vat', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('restock', fields.BooleanField(default=False)),
                ('revoke_lessons', fields.BooleanField(default=False)),
                ('reason', fields.CharField(null=True, max_length=500)),
                ('created_by', fields.CharField(max_length=254)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'orders_refund', 'app': 'splash', 'indexes': [Index(fields=['order_id'], name='orders_refund_order'), Index(fields=['status', 'updated_at'], name='orders_refund_status')], 'pk_attr': 'id', 'table_description': 'Money given back on a paid order, through its provider, and the credit note it makes.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SandboxRefund',
            fields=[
                ('id', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=64)),
                ('payment_id', fields.CharField(max_length=64)),
                ('status', fields.CharEnumField(default=RefundStatus.REFUNDED, description='QUEUED: queued\nPENDING: pending\nPROCESSING: processing\nREFUNDED: refunded\nFAILED: failed\nCANCELED: canceled', enum_type=RefundStatus, max_length=16)),
                ('amount', fields.IntField()),
                ('currency', fields.CharField(max_length=3)),
                ('description', fields.CharField(max_length=255)),
                ('idempotency_key', fields.CharField(unique=True, max_length=128)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'payments_test_refund', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A refund of the built-in test provider, kept as Mollie keeps one: refunded at once.'},
            bases=['Model'],
        ),
    ]
