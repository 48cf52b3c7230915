from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0004_accounts')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Product',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('type', fields.CharField(default='physical', max_length=16)),
                ('position', fields.IntField(default=0)),
                ('published', fields.BooleanField(default=True)),
                ('images', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('size_guide', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('min_age_years', fields.IntField(default=3)),
            ],
            options={'table': 'catalog_product', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A float suit (or, later, another product type), sold in variants (a colour and a size).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ProductText',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('product', fields.ForeignKeyField('splash.Product', source_field='product_id', db_constraint=True, to_field='id', related_name='texts', on_delete=OnDelete.CASCADE)),
                ('locale', fields.CharField(max_length=5)),
                ('slug', fields.CharField(max_length=120)),
                ('title', fields.CharField(max_length=160)),
                ('intro', fields.CharField(max_length=400)),
                ('description', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('image_alt', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('colours', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('seo_title', fields.CharField(max_length=160)),
                ('seo_description', fields.CharField(max_length=320)),
            ],
            options={'table': 'catalog_product_text', 'app': 'splash', 'unique_together': (('locale', 'slug'), ('product', 'locale')), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ProductVariant',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('product', fields.ForeignKeyField('splash.Product', source_field='product_id', db_constraint=True, to_field='id', related_name='variants', on_delete=OnDelete.CASCADE)),
                ('sku', fields.CharField(unique=True, max_length=64)),
                ('colour', fields.CharField(max_length=16)),
                ('size', fields.CharField(max_length=8)),
                ('price', fields.IntField()),
                ('stock', fields.IntField(default=0)),
                ('active', fields.BooleanField(default=True)),
                ('position', fields.IntField(default=0)),
            ],
            options={'table': 'catalog_product_variant', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'One colour and size of a product. ``active`` switches a variant off by hand, and a variant'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ShippingCountry',
            fields=[
                ('iso', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=2)),
                ('shipping_cost', fields.IntField()),
                ('position', fields.IntField(default=0)),
            ],
            options={'table': 'shipping_country', 'app': 'splash', 'pk_attr': 'iso', 'table_description': 'A country Splash ships to, with its shipping cost in cents.'},
            bases=['Model'],
        ),
    ]
