from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0027_media_library')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Lesson',
            name='minutes',
            field=fields.SmallIntField(null=True),
        ),
    ]
