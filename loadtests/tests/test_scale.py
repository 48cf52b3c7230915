"""loadtests/scale.py, scale_report.py and scale_data.py (pure parts only: the sizes, the
generating SQL's text, the plan summary, reading publish's line, the goals and the table).
Nothing is timed or generated here; `make bench-scale` measures."""

from __future__ import annotations

import json

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
        "studio": studio(1.0),
    }
    return scale_report.SizeResult(**{**values, **changes})


def studio(served_s: float, slowest_s: float | None = None) -> scale_report.StudioPublish:
    return scale_report.StudioPublish(
        served_s=served_s, slowest_s=slowest_s or served_s, call_s=0.05, job_s=0.6
    )


BUDGETS = {"studio_publish": {"max_served_s": 2.0, "max_growth_exponent": 1.0}}


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

    verdicts = scale_report.goals([small, large], BUDGETS)

    assert [met for _, met in verdicts][:5] == [True, True, True, True, False]
    assert verdicts[0][0].startswith("publish 100.0 s for 20,000 pages and articles")
    assert "50.0 s per 10,000 pages" in verdicts[0][0]
    assert verdicts[4][0] == "orders p95 +30% from small to large (goal within ±20%)"


def test_a_slow_republish_at_any_size_misses_its_goal_as_publishing_and_as_a_command():
    slow = [result("small", republish_s=2.5, republish_own_s=2.1), result("large")]

    verdicts = dict(scale_report.goals(slow, BUDGETS))

    assert verdicts["republish one page: publishing ≤ 2.10 s (goal ≤ 2 s)"] is False
    assert (
        verdicts["republish one page: the command with Python's start ≤ 2.50 s (goal ≤ 2 s)"]
        is False
    )


def test_the_table_has_a_row_per_size():
    lines = scale_report.table([result("small"), result("large")]).splitlines()

    assert lines[0].split()[:4] == ["size", "pages", "products", "orders"]
    assert lines[2].split()[:6] == ["small", "10,000", "1,000", "100,000", "16,000", "50.0"]
    assert lines[0].endswith("studio s  (job)")
    assert len(lines) == 4


def test_the_table_shows_the_studio_publish_until_served_and_its_jobs_share():
    row = scale_report.table([result("large", studio=studio(1.234))]).splitlines()[2]

    assert row.split()[-2:] == ["1.23", "0.60"]


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


def test_the_budgets_file_holds_issue_28s_two_seconds_for_the_studio_publish():
    budgets = json.loads(run.BUDGETS.read_text())["scale"]

    assert budgets["studio_publish"] == {"max_served_s": 2.0, "max_growth_exponent": 1.0}


def test_a_studio_publish_over_the_budget_at_the_largest_size_fails_the_run():
    small = result("small", pages=100, studio=studio(2.5))
    large = result("large", pages=10_000, studio=studio(2.01, slowest_s=2.4))

    verdicts = scale_report.studio_goals([small, large], BUDGETS["studio_publish"])

    assert verdicts[0] == (
        "publish one page from the studio until served at large: median 2.01 s, slowest "
        "2.40 s (budget ≤ 2 s)",
        False,
    )


def test_the_budget_is_the_largest_sizes_median_not_a_smaller_sizes():
    small = result("small", pages=100, studio=studio(2.5))
    large = result("large", pages=10_000, studio=studio(2.0, slowest_s=2.6))

    verdicts = scale_report.studio_goals([small, large], BUDGETS["studio_publish"])

    assert verdicts[0][1] is True


def test_the_studio_publishs_growth_is_a_power_of_the_growth_in_pages():
    small = result("small", pages=100, studio=studio(0.5))
    large = result("large", pages=10_000, studio=studio(1.5))

    line, met = scale_report.studio_goals([small, large], BUDGETS["studio_publish"])[1]

    assert line == (
        "publish one page from the studio: large / small 3.00x for 100x the pages "
        "(exponent 0.24, budget below 1: sub-linear)"
    )
    assert met is True


def test_a_studio_publish_growing_as_fast_as_the_pages_is_not_sub_linear():
    small = result("small", pages=100, studio=studio(0.01))
    large = result("large", pages=10_000, studio=studio(1.0))

    line, met = scale_report.studio_goals([small, large], BUDGETS["studio_publish"])[1]

    assert "100.00x for 100x the pages (exponent 1.00" in line
    assert met is False


def test_one_size_has_no_growth_to_judge():
    verdicts = scale_report.studio_goals([result("large")], BUDGETS["studio_publish"])

    assert [line.split(":")[0] for line, _ in verdicts] == [
        "publish one page from the studio until served at large"
    ]


def test_a_missed_studio_budget_counts_among_the_goals_that_fail_the_run():
    verdicts = scale_report.goals([result("large", studio=studio(3.0))], BUDGETS)

    assert verdicts[-1][1] is False
    assert sum(not met for _, met in verdicts) == 1
