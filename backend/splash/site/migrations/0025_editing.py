from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0024_inbox')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Draft',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('collection', fields.CharField(max_length=32)),
                ('key', fields.CharField(max_length=64)),
                ('locale', fields.CharField(max_length=5)),
                ('document', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('revision', fields.IntField(default=1)),
                ('saved_by', fields.ForeignKeyField('splash.StaffMember', source_field='saved_by_id', null=True, db_constraint=True, to_field='id', related_name='drafts', on_delete=OnDelete.SET_NULL)),
                ('saved_by_label', fields.CharField(max_length=254)),
                ('saved_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('published_revision', fields.IntField(null=True)),
                ('publish_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'editing_draft', 'app': 'splash', 'unique_together': (('collection', 'key', 'locale'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Redirect',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('locale', fields.CharField(max_length=5)),
                ('old_path', fields.CharField(max_length=512)),
                ('new_path', fields.CharField(max_length=512)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'editing_redirect', 'app': 'splash', 'unique_together': (('locale', 'old_path'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Version',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('collection', fields.CharField(max_length=32)),
                ('key', fields.CharField(max_length=64)),
                ('locale', fields.CharField(max_length=5)),
                ('number', fields.IntField()),
                ('document', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('published_by', fields.ForeignKeyField('splash.StaffMember', source_field='published_by_id', null=True, db_constraint=True, to_field='id', related_name='versions', on_delete=OnDelete.SET_NULL)),
                ('published_by_label', fields.CharField(max_length=254)),
                ('published_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'editing_version', 'app': 'splash', 'unique_together': (('collection', 'key', 'locale', 'number'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='SiteSettings',
            name='banner',
            field=fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
