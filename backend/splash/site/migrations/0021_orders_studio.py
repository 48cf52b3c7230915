"""The studio's order records: payment status history, shipments, and the sent-mail log."""

from tortoise import migrations
from tortoise.migrations import operations as ops
from splash.orders.vocabulary import Carrier, PaymentStatus
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('splash', '0020_customers_stock')]

    initial = False

    operations = [
        ops.CreateModel(
            name='PaymentEvent',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('payment', fields.ForeignKeyField('splash.Payment', source_field='payment_id', db_constraint=True, to_field='id', related_name='events', on_delete=OnDelete.CASCADE)),
                ('status', fields.CharEnumField(description='OPEN: open\nPENDING: pending\nAUTHORIZED: authorized\nPAID: paid\nCANCELED: canceled\nEXPIRED: expired\nFAILED: failed', enum_type=PaymentStatus, max_length=16)),
                ('at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'orders_payment_event', 'app': 'splash', 'indexes': [Index(fields=['payment_id'], name='orders_payment_event_payment')], 'pk_attr': 'id', 'table_description': "A status a payment moved to, and when: written whenever ``payment_updates`` moves it, so"},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SentMail',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('sent_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('to', fields.CharField(max_length=254)),
                ('subject', fields.CharField(max_length=300)),
                ('template', fields.CharField(max_length=64)),
                ('locale', fields.CharField(max_length=5)),
                ('order_id', fields.IntField(null=True)),
                ('user_id', fields.IntField(null=True)),
                ('message_key', fields.CharField(unique=True, max_length=64)),
            ],
            options={'table': 'mail_sent', 'app': 'splash', 'indexes': [Index(fields=['order_id'], name='mail_sent_order'), Index(fields=['user_id'], name='mail_sent_user')], 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Shipment',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order', fields.ForeignKeyField('splash.Order', source_field='order_id', db_constraint=True, to_field='id', related_name='shipments', on_delete=OnDelete.CASCADE)),
                ('carrier', fields.CharEnumField(description='POSTNL: postnl\nDHL: dhl\nDPD: dpd\nUPS: ups\nGLS: gls\nBPOST: bpost\nOTHER: other', enum_type=Carrier, max_length=16)),
                ('tracking_number', fields.CharField(max_length=64)),
                ('tracking_url', fields.CharField(null=True, max_length=500)),
                ('request_key', fields.CharField(unique=True, max_length=64)),
                ('body_hash', fields.CharField(max_length=64)),
                ('staff_id', fields.IntField(null=True)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'orders_shipment', 'app': 'splash', 'indexes': [Index(fields=['order_id'], name='orders_shipment_order')], 'pk_attr': 'id', 'table_description': "A parcel: some units of an order's physical lines, with its carrier and tracking number."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ShipmentLine',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('shipment', fields.ForeignKeyField('splash.Shipment', source_field='shipment_id', db_constraint=True, to_field='id', related_name='lines', on_delete=OnDelete.CASCADE)),
                ('order_line', fields.ForeignKeyField('splash.OrderLine', source_field='order_line_id', db_constraint=True, to_field='id', related_name='shipped', on_delete=OnDelete.CASCADE)),
                ('quantity', fields.IntField()),
            ],
            options={'table': 'orders_shipment_line', 'app': 'splash', 'indexes': [Index(fields=['shipment_id'], name='orders_shipment_line_shipment')], 'pk_attr': 'id', 'table_description': 'How many units of one order line a shipment holds.'},
            bases=['Model'],
        ),
    ]
