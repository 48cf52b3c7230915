from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from splash.academy.vocabulary import GrantSource, OfferKind
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0008_orders_and_payments')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Course',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('position', fields.IntField(default=0)),
                ('published', fields.BooleanField(default=True)),
                ('image', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('product', fields.ForeignKeyField('splash.Product', source_field='product_id', db_constraint=True, to_field='id', related_name='courses', on_delete=OnDelete.RESTRICT)),
            ],
            options={'table': 'academy_course', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A course, such as "Learn to swim with Splash".'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='CourseText',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('course', fields.ForeignKeyField('splash.Course', source_field='course_id', db_constraint=True, to_field='id', related_name='texts', on_delete=OnDelete.CASCADE)),
                ('locale', fields.CharField(max_length=5)),
                ('slug', fields.CharField(max_length=120)),
                ('title', fields.CharField(max_length=160)),
                ('intro', fields.CharField(max_length=400)),
                ('description', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('image_alt', fields.CharField(default='', max_length=200)),
                ('seo_title', fields.CharField(max_length=160)),
                ('seo_description', fields.CharField(max_length=320)),
            ],
            options={'table': 'academy_course_text', 'app': 'splash', 'unique_together': (('locale', 'slug'), ('course', 'locale')), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Level',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('course', fields.ForeignKeyField('splash.Course', source_field='course_id', db_constraint=True, to_field='id', related_name='levels', on_delete=OnDelete.CASCADE)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('position', fields.IntField(default=0)),
            ],
            options={'table': 'academy_level', 'app': 'splash', 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Lesson',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('level', fields.ForeignKeyField('splash.Level', source_field='level_id', db_constraint=True, to_field='id', related_name='lessons', on_delete=OnDelete.CASCADE)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('position', fields.IntField(default=0)),
                ('minutes', fields.IntField()),
                ('free_preview', fields.BooleanField(default=False)),
                ('poster', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
            ],
            options={'table': 'academy_lesson', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A video lesson, which anyone may watch when it is a ``free_preview``.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Entitlement',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('user', fields.ForeignKeyField('splash.User', source_field='user_id', db_constraint=True, to_field='id', related_name='entitlements', on_delete=OnDelete.CASCADE)),
                ('lesson', fields.ForeignKeyField('splash.Lesson', source_field='lesson_id', db_constraint=True, to_field='id', related_name='entitlements', on_delete=OnDelete.CASCADE)),
                ('order', fields.ForeignKeyField('splash.Order', source_field='order_id', db_constraint=True, to_field='id', related_name='entitlements', on_delete=OnDelete.CASCADE)),
                ('source', fields.CharEnumField(description='PURCHASE: purchase\nSUIT_GIFT: suit_gift', enum_type=GrantSource, max_length=16)),
                ('granted_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'academy_entitlement', 'app': 'splash', 'unique_together': (('user', 'lesson', 'order'),), 'pk_attr': 'id', 'table_description': 'A parent may watch a lesson because an order granted it.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='FreeLesson',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('product', fields.ForeignKeyField('splash.Product', source_field='product_id', db_constraint=True, to_field='id', related_name='free_lessons', on_delete=OnDelete.CASCADE)),
                ('lesson', fields.ForeignKeyField('splash.Lesson', source_field='lesson_id', db_constraint=True, to_field='id', related_name='free_with', on_delete=OnDelete.CASCADE)),
            ],
            options={'table': 'academy_free_lesson', 'app': 'splash', 'unique_together': (('product', 'lesson'),), 'pk_attr': 'id', 'table_description': 'A lesson that comes free with every paid order of a (physical) product.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='LessonProgress',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('user', fields.ForeignKeyField('splash.User', source_field='user_id', db_constraint=True, to_field='id', related_name='lesson_progress', on_delete=OnDelete.CASCADE)),
                ('lesson', fields.ForeignKeyField('splash.Lesson', source_field='lesson_id', db_constraint=True, to_field='id', related_name='progress', on_delete=OnDelete.CASCADE)),
                ('position_ms', fields.IntField(default=0)),
                ('completed_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'academy_lesson_progress', 'app': 'splash', 'unique_together': (('user', 'lesson'),), 'pk_attr': 'id', 'table_description': 'Where a parent is in a lesson, on any device.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='LessonText',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('lesson', fields.ForeignKeyField('splash.Lesson', source_field='lesson_id', db_constraint=True, to_field='id', related_name='texts', on_delete=OnDelete.CASCADE)),
                ('locale', fields.CharField(max_length=5)),
                ('slug', fields.CharField(max_length=120)),
                ('title', fields.CharField(max_length=160)),
                ('description', fields.CharField(max_length=1000)),
            ],
            options={'table': 'academy_lesson_text', 'app': 'splash', 'unique_together': (('lesson', 'locale'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='LessonVideo',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('lesson', fields.OneToOneField('splash.Lesson', source_field='lesson_id', db_constraint=True, to_field='id', related_name='video', on_delete=OnDelete.CASCADE)),
                ('prefix', fields.CharField(unique=True, max_length=200)),
                ('key_hex', fields.CharField(max_length=32)),
                ('duration_ms', fields.IntField()),
                ('width', fields.IntField()),
                ('height', fields.IntField()),
                ('captions', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'academy_lesson_video', 'app': 'splash', 'pk_attr': 'id', 'table_description': "A lesson's packaged video, encrypted with AES-128."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='LevelText',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('level', fields.ForeignKeyField('splash.Level', source_field='level_id', db_constraint=True, to_field='id', related_name='texts', on_delete=OnDelete.CASCADE)),
                ('locale', fields.CharField(max_length=5)),
                ('title', fields.CharField(max_length=160)),
                ('description', fields.CharField(max_length=600)),
            ],
            options={'table': 'academy_level_text', 'app': 'splash', 'unique_together': (('level', 'locale'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Offer',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('kind', fields.CharEnumField(description='LESSON: lesson\nLEVEL: level\nBUNDLE: bundle', enum_type=OfferKind, max_length=16)),
                ('course', fields.ForeignKeyField('splash.Course', source_field='course_id', db_constraint=True, to_field='id', related_name='offers', on_delete=OnDelete.CASCADE)),
                ('level', fields.ForeignKeyField('splash.Level', source_field='level_id', null=True, db_constraint=True, to_field='id', related_name='offers', on_delete=OnDelete.CASCADE)),
                ('lesson', fields.ForeignKeyField('splash.Lesson', source_field='lesson_id', null=True, db_constraint=True, to_field='id', related_name='offers', on_delete=OnDelete.CASCADE)),
                ('variant', fields.ForeignKeyField('splash.ProductVariant', source_field='variant_id', unique=True, db_constraint=True, to_field='id', related_name='offers', on_delete=OnDelete.RESTRICT)),
            ],
            options={'table': 'academy_offer', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'What one unlock button sells, at the list price of its catalog ``variant``.'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='Order',
            name='withdrawal_waived_at',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
    ]
