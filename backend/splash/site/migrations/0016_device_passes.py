from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0015_lesson_length_is_the_video')]

    initial = False

    operations = [
        ops.CreateModel(
            name='DevicePass',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order', fields.OneToOneField('splash.Order', source_field='order_id', db_constraint=True, to_field='id', related_name='device_pass', on_delete=OnDelete.CASCADE)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'orders_device_pass', 'app': 'splash', 'pk_attr': 'id', 'table_description': "The browser that placed a guest's order may watch what that order unlocked, until the"},
            bases=['Model'],
        ),
    ]
