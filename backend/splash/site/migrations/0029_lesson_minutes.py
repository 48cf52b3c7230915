from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0028_schedule_refused')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Lesson',
            name='minutes',
            field=fields.SmallIntField(null=True),
        ),
    ]
