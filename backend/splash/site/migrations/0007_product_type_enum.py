from tortoise import migrations
from tortoise.migrations import operations as ops
from splash.catalog.vocabulary import ProductType
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0006_outbox')]

    initial = False

    operations = [
        ops.AlterField(
            model_name='Product',
            name='type',
            field=fields.CharEnumField(default=ProductType.PHYSICAL, description='PHYSICAL: physical\nDIGITAL: digital', enum_type=ProductType, max_length=16),
        ),
    ]
