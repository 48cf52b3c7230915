from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from splash.media.vocabulary import MediaFormat, VariantsStatus
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0026_lesson_video_uploads')]

    initial = False

    operations = [
        ops.CreateModel(
            name='MediaItem',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('file_name', fields.CharField(max_length=190)),
                ('format', fields.CharEnumField(description='JPEG: jpeg\nPNG: png\nWEBP: webp\nAVIF: avif', enum_type=MediaFormat, max_length=8)),
                ('width', fields.IntField()),
                ('height', fields.IntField()),
                ('bytes', fields.IntField()),
                ('version', fields.IntField(default=1)),
                ('folder', fields.CharField(default='', max_length=96)),
                ('url', fields.CharField(default='', max_length=512)),
                ('variants', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('variants_status', fields.CharEnumField(default=VariantsStatus.PENDING, description='PENDING: pending\nREADY: ready\nFAILED: failed', enum_type=VariantsStatus, max_length=8)),
                ('alt', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('uploaded_by', fields.CharField(default='', max_length=254)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'media_item', 'app': 'splash', 'pk_attr': 'id'},
            bases=['Model'],
        ),
    ]
