from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0003_blog_and_page_tree')]

    initial = False

    operations = [
        ops.CreateModel(
            name='User',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('email', fields.CharField(unique=True, max_length=254)),
                ('username', fields.CharField(max_length=254)),
                ('password_hash', fields.CharField(null=True, max_length=255)),
                ('provider', fields.CharField(default='local', max_length=16)),
                ('google_sub', fields.CharField(null=True, unique=True, max_length=255)),
                ('confirmed', fields.BooleanField(default=False)),
                ('blocked', fields.BooleanField(default=False)),
                ('token_version', fields.IntField(default=0)),
                ('firstname', fields.CharField(null=True, max_length=80)),
                ('lastname', fields.CharField(null=True, max_length=80)),
                ('locale', fields.CharField(default='nl', max_length=5)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'account_user', 'app': 'splash', 'pk_attr': 'id', 'table_description': "A parent's account: e-mail and password, Google, or both (linked by the same e-mail)."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='AccountToken',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('kind', fields.CharField(max_length=16)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('user', fields.ForeignKeyField('splash.User', source_field='user_id', null=True, db_constraint=True, to_field='id', related_name='tokens', on_delete=OnDelete.CASCADE)),
                ('data', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('used_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'account_token', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A single-use secret sent to the user (e-mail confirmation, password reset) or kept for a'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Address',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('user', fields.ForeignKeyField('splash.User', source_field='user_id', db_constraint=True, to_field='id', related_name='addresses', on_delete=OnDelete.CASCADE)),
                ('position', fields.IntField(default=0)),
                ('street', fields.CharField(max_length=120)),
                ('housenumber', fields.CharField(max_length=10)),
                ('addition', fields.CharField(null=True, max_length=10)),
                ('additional_info', fields.CharField(null=True, max_length=120)),
                ('postal_code', fields.CharField(max_length=10)),
                ('city', fields.CharField(max_length=80)),
                ('country', fields.CharField(max_length=2)),
            ],
            options={'table': 'account_address', 'app': 'splash', 'pk_attr': 'id'},
            bases=['Model'],
        ),
    ]
