from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('splash', '0009_academy')]

    initial = False

    operations = [
        ops.AddIndex(
            model_name='Article',
            index=Index(fields=['locale_id', 'published_at'], name='article_locale_published'),
        ),
        ops.AddIndex(
            model_name='Article',
            index=Index(fields=['localization_key'], name='article_localization_key'),
        ),
        ops.AddIndex(
            model_name='Order',
            index=Index(fields=['user_id', 'created_at'], name='orders_order_user_created'),
        ),
        ops.AddIndex(
            model_name='OrderLine',
            index=Index(fields=['order_id'], name='orders_order_line_order'),
        ),
        ops.AddIndex(
            model_name='Payment',
            index=Index(fields=['order_id'], name='orders_payment_order'),
        ),
        ops.AddIndex(
            model_name='ProductVariant',
            index=Index(fields=['product_id'], name='catalog_product_variant_product'),
        ),
    ]
