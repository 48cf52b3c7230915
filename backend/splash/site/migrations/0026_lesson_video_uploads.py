from tortoise import migrations
from tortoise.migrations import operations as ops
from splash.academy.vocabulary import VideoImportFailure, VideoUploadStatus
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('splash', '0025_editing')]

    initial = False

    operations = [
        ops.CreateModel(
            name='VideoUpload',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('lesson', fields.ForeignKeyField('splash.Lesson', source_field='lesson_id', db_constraint=True, to_field='id', related_name='video_uploads', on_delete=OnDelete.CASCADE)),
                ('file_name', fields.CharField(max_length=200)),
                ('content_type', fields.CharField(max_length=100)),
                ('size', fields.BigIntField()),
                ('received', fields.BigIntField(default=0)),
                ('status', fields.CharEnumField(default=VideoUploadStatus.RECEIVING, description='RECEIVING: receiving\nQUEUED: queued\nPROBING: probing\nPACKAGING: packaging\nDONE: done\nFAILED: failed\nEXPIRED: expired', enum_type=VideoUploadStatus, max_length=16)),
                ('percent', fields.IntField(default=0)),
                ('failure', fields.CharEnumField(null=True, description='NOT_A_VIDEO: not_a_video\nTOO_LONG: too_long\nTOO_LARGE: too_large\nENCODING_FAILED: encoding_failed\nSTORAGE_FAILED: storage_failed\nFILE_MISSING: file_missing\nINTERRUPTED: interrupted', enum_type=VideoImportFailure, max_length=32)),
                ('detail', fields.CharField(null=True, max_length=500)),
                ('uploaded_by', fields.ForeignKeyField('splash.StaffMember', source_field='uploaded_by_id', null=True, db_constraint=True, to_field='id', related_name='video_uploads', on_delete=OnDelete.SET_NULL)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
                ('finished_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'academy_video_upload', 'app': 'splash', 'pk_attr': 'id', 'table_description': "One file for one lesson: ``received`` of ``size`` bytes are in the upload's file (under"},
            bases=['Model'],
        ),
    ]
