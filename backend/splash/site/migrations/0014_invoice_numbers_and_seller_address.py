from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0013_payment_checks')]

    initial = False

    operations = [
        ops.CreateModel(
            name='InvoiceSeries',
            fields=[
                ('year', fields.IntField(generated=False, primary_key=True, unique=True, db_index=True)),
                ('last_number', fields.IntField(default=0)),
            ],
            options={'table': 'orders_invoice_series', 'app': 'splash', 'pk_attr': 'year', 'table_description': 'The last invoice number drawn in a calendar year (``orders.invoice_numbers``).'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='Order',
            name='invoice_nr',
            field=fields.CharField(null=True, unique=True, max_length=16),
        ),
        ops.AddField(
            model_name='SiteSettings',
            name='address',
            field=fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
