from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('splash', '0016_device_passes')]

    initial = False

    operations = [
        ops.CreateModel(
            name='LanguageHandoff',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('browser_hash', fields.CharField(max_length=64)),
                ('locale', fields.CharField(max_length=5)),
                ('path', fields.CharField(max_length=2000)),
                ('user', fields.ForeignKeyField('splash.User', source_field='user_id', null=True, db_constraint=True, to_field='id', related_name='handoffs', on_delete=OnDelete.CASCADE)),
                ('user_version', fields.IntField(null=True)),
                ('lines', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('country', fields.CharField(null=True, max_length=2)),
                ('draft', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'language_handoff', 'app': 'splash', 'indexes': [Index(fields=['expires_at'], name='language_handoff_expires')], 'pk_attr': 'id', 'table_description': "A visitor's cart, checkout draft and sign-in on their way to another language's domain"},
            bases=['Model'],
        ),
    ]
