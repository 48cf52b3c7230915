"""A lesson's length is its video's (``LessonVideo.duration_ms``): the stated minutes go.

Dropped in place. Tortoise removes a SQLite column by copying the table into a new one and
dropping the old, and with foreign keys on that drop cascades to every row naming a lesson:
its texts, offers, video, the parents' entitlements and progress. SQLite drops a column itself
since 3.35 (the shop's images have 3.40), as PostgreSQL does.
"""

from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.migrations.schema_editor.base import BaseSchemaEditor


class DropColumnInPlace(ops.RemoveField):
    """RemoveField as ``ALTER TABLE … DROP COLUMN`` on every database (no table rebuild)."""

    async def database_forward(self, app_label, old_state, new_state, state_editor=None):
        if state_editor is None:
            return
        model = old_state.apps.get_model(f"{app_label}.{self.model_name}")
        await BaseSchemaEditor.remove_field(state_editor, model, model._meta.fields_map[self.name])


class Migration(migrations.Migration):
    dependencies = [('splash', '0014_invoice_numbers_and_seller_address')]

    initial = False

    operations = [
        DropColumnInPlace(model_name='Lesson', name='minutes'),
    ]
