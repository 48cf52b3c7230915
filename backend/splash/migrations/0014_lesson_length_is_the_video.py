from tortoise import migrations
from tortoise.migrations import operations as ops

class Migration(migrations.Migration):
    dependencies = [('splash', '0013_payment_checks')]

    initial = False

    operations = [
        ops.RemoveField(model_name='Lesson', name='minutes'),
    ]
