"""Staff accounts, sessions, recovery codes, set-up links and the append-only activity log."""

from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index


# The activity log is append-only in the database too: PostgreSQL refuses every UPDATE and
# DELETE of a row; SQLite every UPDATE (its tests empty tables with DELETE between tests).
POSTGRES = """
CREATE FUNCTION staff_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the activity log is append-only'; END $$;
CREATE TRIGGER staff_activity_append_only BEFORE UPDATE OR DELETE ON staff_activity
FOR EACH ROW EXECUTE FUNCTION staff_activity_append_only();
"""
SQLITE = """
CREATE TRIGGER staff_activity_append_only BEFORE UPDATE ON staff_activity
BEGIN SELECT RAISE(ABORT, 'the activity log is append-only'); END;
"""


async def append_only(apps, schema_editor):
    sql = POSTGRES if schema_editor.DIALECT == "postgres" else SQLITE
    await schema_editor.client.execute_script(sql)


async def not_append_only(apps, schema_editor):
    sql = "DROP TRIGGER staff_activity_append_only"
    if schema_editor.DIALECT == "postgres":
        sql += " ON staff_activity; DROP FUNCTION staff_activity_append_only()"
    await schema_editor.client.execute_script(sql)


class Migration(migrations.Migration):
    dependencies = [('splash', '0018_sandbox_payments')]

    initial = False

    operations = [
        ops.CreateModel(
            name='StaffMember',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('email', fields.CharField(unique=True, max_length=254)),
                ('name', fields.CharField(max_length=120)),
                ('role', fields.CharField(max_length=16)),
                ('locale', fields.CharField(default='nl', max_length=5)),
                ('password_hash', fields.CharField(null=True, max_length=255)),
                ('totp_secret', fields.CharField(null=True, max_length=255)),
                ('totp_step', fields.BigIntField(default=0)),
                ('removed_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'staff_member', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'Someone who runs the shop in the studio: never a customer account, signed in with a'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ActivityEntry',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('actor', fields.ForeignKeyField('splash.StaffMember', source_field='actor_id', null=True, db_constraint=True, to_field='id', related_name='activity', on_delete=OnDelete.RESTRICT)),
                ('actor_label', fields.CharField(max_length=254)),
                ('action', fields.CharField(max_length=48)),
                ('subject_type', fields.CharField(null=True, max_length=16)),
                ('subject_id', fields.CharField(null=True, max_length=64)),
                ('address', fields.CharField(null=True, max_length=64)),
                ('before', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('after', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('note', fields.CharField(null=True, max_length=500)),
            ],
            options={'table': 'staff_activity', 'app': 'splash', 'indexes': [Index(fields=['subject_type', 'subject_id']), Index(fields=['actor_id', 'at']), Index(fields=['action', 'at'])], 'pk_attr': 'id', 'table_description': 'One line of the append-only activity log: who (a staff member, or nobody for a refused'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='StaffRecoveryCode',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('staff', fields.ForeignKeyField('splash.StaffMember', source_field='staff_id', db_constraint=True, to_field='id', related_name='recovery_codes', on_delete=OnDelete.CASCADE)),
                ('code_hash', fields.CharField(unique=True, max_length=64)),
                ('used_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'staff_recovery_code', 'app': 'splash', 'pk_attr': 'id', 'table_description': "One of a staff member's ten recovery codes, for a lost authenticator: single use,"},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='StaffSession',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('staff', fields.ForeignKeyField('splash.StaffMember', source_field='staff_id', db_constraint=True, to_field='id', related_name='sessions', on_delete=OnDelete.RESTRICT)),
                ('address', fields.CharField(null=True, max_length=64)),
                ('user_agent', fields.CharField(null=True, max_length=255)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('last_seen_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('ended_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'staff_session', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'A signed-in browser: the cookie holds a 256-bit secret, the row only its SHA-256. Ends'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='StaffSetupLink',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('staff', fields.ForeignKeyField('splash.StaffMember', source_field='staff_id', db_constraint=True, to_field='id', related_name='setup_links', on_delete=OnDelete.CASCADE)),
                ('totp_secret', fields.CharField(null=True, max_length=255)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('used_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'staff_setup_link', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'The one-time, expiring link a new staff member sets their password and authenticator'},
            bases=['Model'],
        ),
        ops.RunPython(append_only, not_append_only),
    ]
