"""The built-in test provider's payments are the sandbox's: a name pytest does not collect."""

from tortoise import migrations
from tortoise.migrations import operations as ops

class Migration(migrations.Migration):
    dependencies = [('splash', '0017_language_handoff')]

    initial = False

    operations = [
        ops.RenameModel(old_name='TestPayment', new_name='SandboxPayment'),
    ]
