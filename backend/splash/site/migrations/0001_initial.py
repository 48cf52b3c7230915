import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    initial = True

    operations = [
        ops.CreateModel(
            name='Locale',
            fields=[
                ('code', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=5)),
                ('name', fields.CharField(max_length=64)),
                ('is_default', fields.BooleanField(default=False)),
                ('position', fields.SmallIntField(default=0)),
            ],
            options={'table': 'locale', 'app': 'splash', 'pk_attr': 'code'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Navigation',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('slug', fields.CharField(max_length=32)),
                ('locale', fields.ForeignKeyField('splash.Locale', source_field='locale_id', db_constraint=True, to_field='code', related_name='navigations', on_delete=OnDelete.CASCADE)),
            ],
            options={'table': 'navigation', 'app': 'splash', 'unique_together': (('slug', 'locale'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='NavigationItem',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('navigation', fields.ForeignKeyField('splash.Navigation', source_field='navigation_id', db_constraint=True, to_field='id', related_name='items', on_delete=OnDelete.CASCADE)),
                ('parent', fields.ForeignKeyField('splash.NavigationItem', source_field='parent_id', null=True, db_constraint=True, to_field='id', related_name='children', on_delete=OnDelete.CASCADE)),
                ('key', fields.CharField(description='Stable fixture key, the same in every locale', max_length=64)),
                ('title', fields.CharField(max_length=128)),
                ('path', fields.CharField(max_length=512)),
                ('position', fields.SmallIntField(default=0)),
            ],
            options={'table': 'navigation_item', 'app': 'splash', 'unique_together': (('navigation', 'key'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Page',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('locale', fields.ForeignKeyField('splash.Locale', source_field='locale_id', db_constraint=True, to_field='code', related_name='pages', on_delete=OnDelete.CASCADE)),
                ('slug', fields.CharField(max_length=190)),
                ('localization_key', fields.CharField(max_length=64)),
                ('title', fields.CharField(max_length=190)),
                ('seo_title', fields.CharField(null=True, max_length=190)),
                ('seo_description', fields.CharField(null=True, max_length=320)),
                ('layout', fields.CharField(default='default', max_length=16)),
                ('blocks', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('published', fields.BooleanField(default=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'page', 'app': 'splash', 'unique_together': (('locale', 'slug'), ('locale', 'localization_key')), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SiteSettings',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('company_name', fields.CharField(max_length=128)),
                ('coc_number', fields.CharField(max_length=32)),
                ('vat_number', fields.CharField(max_length=32)),
                ('social_links', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
            ],
            options={'table': 'site_settings', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'The single row of shop-wide facts shown in the footer and the head tags.'},
            bases=['Model'],
        ),
    ]
