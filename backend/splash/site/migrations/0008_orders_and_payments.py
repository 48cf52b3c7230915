from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from splash.catalog.vocabulary import ProductType
from splash.orders.vocabulary import OrderFlag, OrderStatus, PaymentStatus, StockState
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0007_product_type_enum')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Order',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order_nr', fields.CharField(unique=True, max_length=16)),
                ('slug', fields.CharField(unique=True, max_length=64)),
                ('user', fields.ForeignKeyField('splash.User', source_field='user_id', db_constraint=True, to_field='id', related_name='orders', on_delete=OnDelete.RESTRICT)),
                ('locale', fields.CharField(max_length=5)),
                ('status', fields.CharEnumField(default=OrderStatus.AWAITING_PAYMENT, description='AWAITING_PAYMENT: awaiting_payment\nPAID: paid\nSHIPPED: shipped\nCOMPLETED: completed\nREFUNDED: refunded\nCANCELED: canceled\nEXPIRED: expired\nFAILED: failed', enum_type=OrderStatus, max_length=16)),
                ('stock_state', fields.CharEnumField(default=StockState.RESERVED, description='RESERVED: reserved\nCOMMITTED: committed\nRELEASED: released', enum_type=StockState, max_length=16)),
                ('flagged', fields.CharEnumField(null=True, description='AMOUNT_MISMATCH: amount_mismatch', enum_type=OrderFlag, max_length=32)),
                ('email', fields.CharField(max_length=254)),
                ('firstname', fields.CharField(max_length=80)),
                ('lastname', fields.CharField(max_length=80)),
                ('shipping_address', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('billing_address', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('currency', fields.CharField(default='EUR', max_length=3)),
                ('subtotal', fields.IntField()),
                ('shipping_cost', fields.IntField()),
                ('vat_country', fields.CharField(max_length=2)),
                ('vat_rate', fields.IntField()),
                ('shipping_vat', fields.IntField()),
                ('vat', fields.IntField()),
                ('total', fields.IntField()),
                ('amount_refunded', fields.IntField(default=0)),
                ('amount_charged_back', fields.IntField(default=0)),
                ('consent_version', fields.CharField(max_length=32)),
                ('consented_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
                ('paid_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'orders_order', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A placed order, with what was bought, where it goes and where its money stands.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='CheckoutRequest',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('body_hash', fields.CharField(max_length=64)),
                ('order', fields.ForeignKeyField('splash.Order', source_field='order_id', null=True, db_constraint=True, to_field='id', on_delete=OnDelete.CASCADE)),
                ('answer', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'orders_checkout_request', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'An idempotency key of the checkout, with the answer it gave.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='OrderLine',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order', fields.ForeignKeyField('splash.Order', source_field='order_id', db_constraint=True, to_field='id', related_name='lines', on_delete=OnDelete.CASCADE)),
                ('position', fields.IntField()),
                ('variant_id', fields.IntField()),
                ('sku', fields.CharField(max_length=64)),
                ('product_type', fields.CharEnumField(description='PHYSICAL: physical\nDIGITAL: digital', enum_type=ProductType, max_length=16)),
                ('title', fields.CharField(max_length=160)),
                ('variant_label', fields.CharField(max_length=160)),
                ('options', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('quantity', fields.IntField()),
                ('unit_price', fields.IntField()),
                ('line_total', fields.IntField()),
                ('vat_rate', fields.IntField()),
                ('vat', fields.IntField()),
            ],
            options={'table': 'orders_order_line', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A line as it was sold: the variant texts in the language of the order, at the price then.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Payment',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order', fields.ForeignKeyField('splash.Order', source_field='order_id', db_constraint=True, to_field='id', related_name='payments', on_delete=OnDelete.CASCADE)),
                ('provider', fields.CharField(max_length=16)),
                ('provider_id', fields.CharField(unique=True, max_length=64)),
                ('status', fields.CharEnumField(default=PaymentStatus.OPEN, description='OPEN: open\nPENDING: pending\nAUTHORIZED: authorized\nPAID: paid\nCANCELED: canceled\nEXPIRED: expired\nFAILED: failed', enum_type=PaymentStatus, max_length=16)),
                ('amount', fields.IntField()),
                ('method', fields.CharField(null=True, max_length=32)),
                ('checkout_url', fields.TextField(null=True, unique=False)),
                ('bank_details', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('amount_refunded', fields.IntField(default=0)),
                ('amount_charged_back', fields.IntField(default=0)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'orders_payment', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'One attempt to pay an order at a provider.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='TestPayment',
            fields=[
                ('id', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=64)),
                ('status', fields.CharEnumField(default=PaymentStatus.OPEN, description='OPEN: open\nPENDING: pending\nAUTHORIZED: authorized\nPAID: paid\nCANCELED: canceled\nEXPIRED: expired\nFAILED: failed', enum_type=PaymentStatus, max_length=16)),
                ('amount', fields.IntField()),
                ('currency', fields.CharField(max_length=3)),
                ('description', fields.CharField(max_length=255)),
                ('locale', fields.CharField(max_length=5)),
                ('redirect_url', fields.TextField(unique=False)),
                ('webhook_url', fields.TextField(unique=False)),
                ('method', fields.CharField(null=True, max_length=32)),
                ('bank_details', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('amount_refunded', fields.IntField(default=0)),
                ('amount_charged_back', fields.IntField(default=0)),
                ('idempotency_key', fields.CharField(null=True, unique=True, max_length=128)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'payments_test_payment', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A payment of the built-in test provider, the embedded default.'},
            bases=['Model'],
        ),
    ]
