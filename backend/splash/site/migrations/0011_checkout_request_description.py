from tortoise import migrations
from tortoise.migrations import operations as ops

class Migration(migrations.Migration):
    dependencies = [('splash', '0010_scale_indexes')]

    initial = False

    operations = [
        ops.AlterModelOptions(
            name='CheckoutRequest',
            options={'table': 'orders_checkout_request', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'An idempotency key of the checkout, with its order.'},
        ),
    ]
