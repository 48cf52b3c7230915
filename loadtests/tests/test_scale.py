"""loadtests/scale.py, scale_report.py and scale_data.py (pure parts only: the sizes, the
generating SQL's text, the plan summary, reading publish's line, the goals and the table).
Nothing is timed or generated here; `make bench-scale` measures."""

from __future__ import annotations

from loadtests import run, scale, scale_data, scale_report
from loadtests.scale_data import Counts


def result(size: str, **changes) -> scale_report.SizeResult:
    values = {
        "size": size,
        "pages": 10_000,
        "products": 1_000,
        "users": 10_000,
        "orders": 100_000,
        "entries": 16_000,
        "publish_s": 50.0,
        "republish_s": 1.5,
        "republish_own_s": 0.5,
        "payload_p50_ms": 1.0,
        "orders_p95_ms": 10.0,
        "output_bytes": 500_000_000,
        "output_files": 32_000,
    }
    return scale_report.SizeResult(**{**values, **changes})


def test_a_larger_size_adds_what_the_smaller_one_lacks():
    large, medium = scale.SIZES["large"], scale.SIZES["medium"]

    assert large.minus(medium) == Counts(4_500, 4_500, 900, 9_000, 90_000)
    assert medium.minus(scale_data.NONE) == medium


def test_every_size_gives_each_user_ten_orders():
    assert {counts.orders / counts.users for counts in scale.SIZES.values()} == {10}


def test_copies_per_template_come_near_the_asked_total():
    assert scale_data.copies(5_000, 6, 4) == 208  # 4,992 pages
    assert scale_data.copies(5_000, 6, 3) == 278  # 5,004 articles
    assert scale_data.copies(1_000, 1, 2) == 500
    assert scale_data.copies(0, 6, 4) == 0


def test_a_copy_keeps_the_templates_columns_but_those_it_overrides():
    sql = scale_data.copy_sql("page", ["id", "slug", "blocks"], {"slug": "t.slug || 'x'"}, "true")

    assert sql == (
        "INSERT INTO page (slug, blocks) SELECT t.slug || 'x', t.blocks "
        "FROM page t CROSS JOIN generate_series(1, $1::int) AS g WHERE true"
    )


def test_generated_pages_are_tagged_top_level_copies_of_the_templates():
    sql = scale_data.page_copy_sql(["id", "slug", "localization_key", "parent_id"], "gen2")

    assert "t.slug || '-gen2-' || g" in sql
    assert "t.localization_key || '-gen2-' || g" in sql
    assert "INSERT INTO page (slug, localization_key, parent_id) SELECT" in sql
    assert "NULL FROM page t" in sql


def test_copied_variants_hang_from_the_copied_products_with_their_own_sku():
    sql = scale_data.product_child_sql(
        "catalog_product_variant", ["id", "product_id", "sku", "price"], "gen3", "sku"
    )

    assert sql.startswith(
        "INSERT INTO catalog_product_variant (product_id, sku, price) SELECT copy.id, "
        "t.sku || '-gen3-' || g, t.price FROM"
    )
    assert "JOIN catalog_product copy ON copy.key = template.key || '-gen3-' || g" in sql


def test_a_plan_reads_as_its_nodes_outermost_first_with_the_execution_time():
    plan = {
        "Plan": {
            "Node Type": "Sort",
            "Plans": [{"Node Type": "Seq Scan", "Relation Name": "orders_order"}],
        },
        "Execution Time": 12.345,
    }
    indexed = {
        "Plan": {"Node Type": "Index Scan", "Index Name": "idx_order_user"},
        "Execution Time": 0.04,
    }

    assert scale_data.plan_summary(plan) == "Sort → Seq Scan on orders_order (12.35 ms)"
    assert scale_data.plan_summary(indexed) == "Index Scan on idx_order_user (0.04 ms)"


def test_publishs_line_gives_its_entries_and_seconds():
    line = "splash: published 16018 entries (3 rendered) as build 20261126-ab in 1.23s\n"

    assert scale_report.published_figures(line) == (16018, 1.23)


def test_a_publish_without_its_line_is_a_run_error():
    try:
        scale_report.published_figures("Traceback …")
    except run.RunError as error:
        assert "publish printed no result" in str(error)
    else:
        raise AssertionError("no RunError")


def test_the_goals_scale_the_publish_to_ten_thousand_pages_and_compare_first_and_last():
    small = result("small", pages=100, payload_p50_ms=1.0, orders_p95_ms=10.0)
    large = result("large", pages=20_000, publish_s=100.0, orders_p95_ms=13.0)

    verdicts = scale_report.goals([small, large])

    assert [met for _, met in verdicts] == [True, True, True, True, False]
    assert verdicts[0][0].startswith("publish 100.0 s for 20,000 pages and articles")
    assert "50.0 s per 10,000 pages" in verdicts[0][0]
    assert verdicts[4][0] == "orders p95 +30% from small to large (goal within ±20%)"


def test_a_slow_republish_at_any_size_misses_its_goal_as_publishing_and_as_a_command():
    slow = [result("small", republish_s=2.5, republish_own_s=2.1), result("large")]

    verdicts = dict(scale_report.goals(slow))

    assert verdicts["republish one page: publishing ≤ 2.10 s (goal ≤ 2 s)"] is False
    assert (
        verdicts["republish one page: the command with Python's start ≤ 2.50 s (goal ≤ 2 s)"]
        is False
    )


def test_the_table_has_a_row_per_size():
    lines = scale_report.table([result("small"), result("large")]).splitlines()

    assert lines[0].split()[:4] == ["size", "pages", "products", "orders"]
    assert lines[2].split()[:6] == ["small", "10,000", "1,000", "100,000", "16,000", "50.0"]
    assert len(lines) == 4


def test_the_output_size_counts_the_build_and_the_files_its_index_names(tmp_path):
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "a.json").write_bytes(b"12345")
    (tmp_path / "files" / "a.html").write_bytes(b"123")
    (tmp_path / "files" / "old.html").write_bytes(b"not this build's")
    build = tmp_path / "b1"
    build.mkdir()
    index = '{"nl /": {"payload": "../files/a.json", "html": "../files/a.html"}}'
    (build / "index.json").write_text(index)

    assert scale_report.output_size(build) == (len(index) + 8, 3)
