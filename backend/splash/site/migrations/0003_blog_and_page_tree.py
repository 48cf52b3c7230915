from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0002_form_submissions')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Category',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('locale', fields.ForeignKeyField('splash.Locale', source_field='locale_id', db_constraint=True, to_field='code', related_name='categories', on_delete=OnDelete.CASCADE)),
                ('key', fields.CharField(max_length=64)),
                ('slug', fields.CharField(max_length=80)),
                ('name', fields.CharField(max_length=80)),
            ],
            options={'table': 'category', 'app': 'splash', 'unique_together': (('locale', 'key'), ('locale', 'slug')), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Article',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('locale', fields.ForeignKeyField('splash.Locale', source_field='locale_id', db_constraint=True, to_field='code', related_name='articles', on_delete=OnDelete.CASCADE)),
                ('slug', fields.CharField(max_length=190)),
                ('localization_key', fields.CharField(max_length=64)),
                ('title', fields.CharField(max_length=190)),
                ('excerpt', fields.CharField(max_length=400)),
                ('cover', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('body', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('category', fields.ForeignKeyField('splash.Category', source_field='category_id', null=True, db_constraint=True, to_field='id', related_name='articles', on_delete=OnDelete.SET_NULL)),
                ('seo_title', fields.CharField(null=True, max_length=190)),
                ('seo_description', fields.CharField(null=True, max_length=320)),
                ('published_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('published', fields.BooleanField(default=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'article', 'app': 'splash', 'unique_together': (('locale', 'slug'), ('locale', 'localization_key')), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='Page',
            name='parent',
            field=fields.ForeignKeyField('splash.Page', source_field='parent_id', null=True, db_constraint=True, to_field='id', related_name='children', on_delete=OnDelete.SET_NULL),
        ),
        ops.AddField(
            model_name='Page',
            name='seo_image',
            field=fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
