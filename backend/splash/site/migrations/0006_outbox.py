from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from splash.shared.outbox.models import JobStatus
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0005_catalog_and_shipping')]

    initial = False

    operations = [
        ops.CreateModel(
            name='OutboxJob',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('kind', fields.CharField(max_length=64)),
                ('payload', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('status', fields.CharEnumField(default=JobStatus.PENDING, description='PENDING: pending\nDONE: done\nDEAD: dead', enum_type=JobStatus, max_length=8)),
                ('attempts', fields.IntField(default=0)),
                ('next_attempt_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('lease', fields.CharField(null=True, max_length=32)),
                ('last_error', fields.TextField(null=True, unique=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('finished_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'outbox_job', 'app': 'splash', 'pk_attr': 'id', 'table_description': 'Durable work (an e-mail, later a payment follow-up), committed with the change that causes'},
            bases=['Model'],
        ),
    ]
