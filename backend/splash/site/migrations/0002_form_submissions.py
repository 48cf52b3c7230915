from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0001_initial')]

    initial = False

    operations = [
        ops.CreateModel(
            name='FormSubmission',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('form', fields.CharField(db_index=True, max_length=32)),
                ('locale', fields.CharField(max_length=5)),
                ('data', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('mailed_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'form_submission', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'One sent form. Kept even when mailing it fails (``mailed_at`` stays empty then).'},
            bases=['Model'],
        ),
    ]
