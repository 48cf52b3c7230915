"""The scale benchmark's data: a large shop made in PostgreSQL itself, and the hot queries' plans.

Content and catalogue rows are copies of seeded fixtures (so pages carry real blocks, products
real texts in six locales and variants), made by ``INSERT … SELECT … generate_series`` per table:
a handful of statements for 100,000 orders instead of 100,000 ORM saves. Users, orders, their
lines, payments and entitlements are made the same way. Every generated row carries a tag
(``-m12-`` in a slug, ``m12`` in an order number) so that a second batch adds to the first.

Loaded by loadtests/scale.py; the pure parts (the counts, the SQL text) are unit-tested in
loadtests/tests/test_scale.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

# Fixture pages copied as generated content pages: text-only blocks (no form, cart or list), so
# a copy renders like any content page. Articles and products: every seeded one is a template.
PAGE_TEMPLATES = ("about", "faq", "shipping", "reviews")
# Generated keys and slugs read <template>-gen<batch>-<copy>; a template is a row without.
TEMPLATE = "{} NOT LIKE '%-gen%'"
PRODUCT_TEMPLATES = "{0}.type = 'physical' AND {0}.key NOT LIKE '%-gen%'"
ORDERS_PER_ENTITLEMENT = 10  # one order in ten bought a lesson


@dataclass(frozen=True)
class Counts:
    """What one size of the shop holds beyond the fixtures: content pages and articles in all
    locales together, products, users and orders."""

    pages: int
    articles: int
    products: int
    users: int
    orders: int

    def minus(self, other: Counts) -> Counts:
        """What to add to a shop of ``other`` to reach this size."""
        return Counts(
            self.pages - other.pages,
            self.articles - other.articles,
            self.products - other.products,
            self.users - other.users,
            self.orders - other.orders,
        )


NONE = Counts(0, 0, 0, 0, 0)


def copies(total: int, locales: int, templates: int) -> int:
    """Copies of each template (one row per locale each) so that about ``total`` rows appear."""
    return max(0, round(total / (locales * templates)))


def copy_sql(table: str, columns: list[str], overrides: dict[str, str], where: str) -> str:
    """INSERT … SELECT of ``count`` ($1) copies of the rows of ``table`` that ``where`` picks
    (aliased t, copy number g); a column keeps the template's value unless overridden."""
    kept = [column for column in columns if column != "id"]
    values = ", ".join(overrides.get(column, f"t.{column}") for column in kept)
    return (
        f"INSERT INTO {table} ({', '.join(kept)}) SELECT {values} "
        f"FROM {table} t CROSS JOIN generate_series(1, $1::int) AS g WHERE {where}"
    )


def suffix(column: str, tag: str) -> str:
    """A template's text made unique per copy: ``slug`` → ``slug-m12-7``."""
    return f"t.{column} || '-{tag}-' || g"


def page_copy_sql(columns: list[str], tag: str) -> str:
    return copy_sql(
        "page",
        columns,
        {
            "slug": suffix("slug", tag),
            "localization_key": suffix("localization_key", tag),
            "title": f"t.title || ' {tag}-' || g",
            "parent_id": "NULL",
            "updated_at": "now()",
        },
        "t.localization_key = ANY($2::text[]) AND t.parent_id IS NULL",
    )


def article_copy_sql(columns: list[str], tag: str) -> str:
    return copy_sql(
        "article",
        columns,
        {
            "slug": suffix("slug", tag),
            "localization_key": suffix("localization_key", tag),
            "title": f"t.title || ' {tag}-' || g",
            # older than the fixtures' articles: the home page's latest three stay the same
            "published_at": "t.published_at - make_interval(hours => g)",
            "updated_at": "now()",
        },
        "t.localization_key = ANY($2::text[])",
    )


def product_copy_sql(columns: list[str], tag: str) -> str:
    return copy_sql(
        "catalog_product",
        columns,
        {"key": suffix("key", tag), "position": "t.position + 1000 + g"},
        PRODUCT_TEMPLATES.format("t"),
    )


def product_child_sql(table: str, columns: list[str], tag: str, unique: str) -> str:
    """Copies of the templates' texts or variants, attached to the copied products (found by
    their key, which says which template and which copy they are)."""
    kept = [column for column in columns if column not in ("id", "product_id")]
    values = ", ".join(suffix(c, tag) if c == unique else f"t.{c}" for c in kept)
    return (
        f"INSERT INTO {table} (product_id, {', '.join(kept)}) SELECT copy.id, {values} "
        f"FROM {table} t JOIN catalog_product template ON template.id = t.product_id "
        f"CROSS JOIN generate_series(1, $1::int) AS g "
        f"JOIN catalog_product copy ON copy.key = template.key || '-{tag}-' || g "
        f"WHERE {PRODUCT_TEMPLATES.format('template')}"
    )


USER_SQL = """
INSERT INTO account_user (email, username, password_hash, provider, confirmed, blocked,
  token_version, firstname, lastname, locale, created_at, updated_at)
SELECT 'scale-{tag}-' || g || '@example.com', 'scale-{tag}-' || g, NULL, 'local', true, false,
  0, 'Ouder', 'Nummer ' || g, 'nl', now(), now()
FROM generate_series(1, $1::int) AS g
"""

# Orders spread evenly over the batch's users (user g of the batch has orders g, g+users, …),
# one a minute into the past, each with two lines and one paid payment; a postal code is
# shared by about eleven orders, as on a real street.
ORDER_SQL = """
INSERT INTO orders_order (order_nr, slug, user_id, locale, status, stock_state, email,
  firstname, lastname, shipping_address, currency, subtotal, shipping_cost, vat_country,
  vat_rate, shipping_vat, vat, total, amount_refunded, amount_charged_back, consent_version,
  consented_at, created_at, updated_at, paid_at, parcels, ships)
SELECT '{tag}-' || g, md5('{tag}-' || g), u.id, 'nl', 'paid', 'committed', u.email,
  'Ouder', 'Nummer', jsonb_build_object('street', 'Dorpsstraat', 'housenumber', '1',
  'addition', NULL, 'additionalInfo', NULL, 'postalCode', (1000 + g % 9000) || ' AB',
  'city', 'Zwolle', 'country', 'NL'), 'EUR', 7990, 495, 'NL', 21, 86, 1473, 8485, 0, 0,
  'scale.scale', now(), now() - make_interval(mins => g), now(),
  now() - make_interval(mins => g), '[]'::jsonb, true
FROM generate_series(1, $1::int) AS g
JOIN account_user u ON u.email = 'scale-{tag}-' || (1 + (g - 1) % $2::int) || '@example.com'
"""

ORDER_LINE_SQL = """
INSERT INTO orders_order_line (order_id, position, variant_id, sku, product_type, title,
  variant_label, options, quantity, unit_price, line_total, vat_rate, vat)
SELECT o.id, line, v.id, v.sku, 'physical', 'Splash drijfpak', v.colour || ' ' || v.size,
  '[]'::jsonb, 1, 3995, 3995, 21, 693
FROM orders_order o CROSS JOIN generate_series(1, 2) AS line
JOIN LATERAL (SELECT id, sku, colour, size FROM catalog_product_variant ORDER BY id LIMIT 1) v
  ON true
WHERE o.order_nr LIKE '{tag}-%'
"""

PAYMENT_SQL = """
INSERT INTO orders_payment (order_id, provider, provider_id, status, amount, method,
  amount_refunded, amount_charged_back, created_at, updated_at)
SELECT o.id, 'test', 'tr_' || o.order_nr, 'paid', o.total, 'ideal', 0, 0, o.created_at,
  o.created_at
FROM orders_order o WHERE o.order_nr LIKE '{tag}-%'
"""

ENTITLEMENT_SQL = """
INSERT INTO academy_entitlement (user_id, lesson_id, order_id, source, granted_at)
SELECT o.user_id, (SELECT min(id) FROM academy_lesson), o.id, 'purchase', o.created_at
FROM orders_order o
WHERE o.order_nr LIKE '{tag}-%' AND o.id % {every} = 0
"""


async def columns(connection: Any, table: str) -> list[str]:
    rows = await connection.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_name = $1 "
        "ORDER BY ordinal_position",
        table,
    )
    return [row["column_name"] for row in rows]


async def add(connection: Any, counts: Counts, tag: str) -> None:
    """Adds ``counts`` of generated rows to a seeded shop (asyncpg connection, one transaction)."""
    locales = await connection.fetchval("SELECT count(*) FROM locale")
    articles = [
        row["localization_key"]
        for row in await connection.fetch(
            "SELECT DISTINCT localization_key FROM article WHERE "
            + TEMPLATE.format("localization_key")
        )
    ]
    templates = await connection.fetchval(
        f"SELECT count(*) FROM catalog_product t WHERE {PRODUCT_TEMPLATES.format('t')}"
    )
    async with connection.transaction():
        pages = copies(counts.pages, locales, len(PAGE_TEMPLATES))
        await connection.execute(
            page_copy_sql(await columns(connection, "page"), tag),
            pages,
            list(PAGE_TEMPLATES),
        )
        await connection.execute(
            article_copy_sql(await columns(connection, "article"), tag),
            copies(counts.articles, locales, len(articles)),
            articles,
        )
        products = copies(counts.products, 1, templates)
        await connection.execute(
            product_copy_sql(await columns(connection, "catalog_product"), tag),
            products,
        )
        for table, unique in (
            ("catalog_product_text", "slug"),
            ("catalog_product_variant", "sku"),
        ):
            sql = product_child_sql(table, await columns(connection, table), tag, unique)
            await connection.execute(sql, products)
        if counts.users:
            await connection.execute(USER_SQL.format(tag=tag), counts.users)
            await connection.execute(ORDER_SQL.format(tag=tag), counts.orders, counts.users)
            for sql in (ORDER_LINE_SQL, PAYMENT_SQL):
                await connection.execute(sql.format(tag=tag))
            every = ORDERS_PER_ENTITLEMENT
            await connection.execute(ENTITLEMENT_SQL.format(tag=tag, every=every))
    # As a shop's database is once autovacuum has passed: statistics for the planner, and the
    # visibility map and hint bits set, which rows written a moment ago lack (with ANALYZE alone
    # the small size's order list read 16-17 ms at p95 against 12 at the larger sizes, which
    # autovacuum had already visited).
    await connection.execute("VACUUM ANALYZE")


# -- the hot queries' plans ------------------------------------------------------------------

# name → (the query as the services ask it, how to find its arguments). The arguments come
# from the generated shop: the measured user, one of its orders, a generated page and article.
HOT_QUERIES: dict[str, tuple[str, str]] = {
    "orders of a user, newest first": (
        "SELECT * FROM orders_order WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
        "SELECT id FROM account_user WHERE email = $1",
    ),
    "lines of a user's orders": (
        "SELECT * FROM orders_order_line WHERE order_id = ANY($1::int[])",
        "SELECT array_agg(o.id) FROM orders_order o JOIN account_user u ON u.id = o.user_id"
        " WHERE u.email = $1",
    ),
    "payments of a user's orders": (
        "SELECT * FROM orders_payment WHERE order_id = ANY($1::int[])",
        "SELECT array_agg(o.id) FROM orders_order o JOIN account_user u ON u.id = o.user_id"
        " WHERE u.email = $1",
    ),
    "an order by its number": (
        "SELECT * FROM orders_order WHERE order_nr = $1",
        "SELECT max(order_nr) FROM orders_order WHERE email = $1",
    ),
    "a page by locale and slug": (
        "SELECT * FROM page WHERE locale_id = 'nl' AND slug = $1",
        "SELECT max(slug) FROM page WHERE locale_id = 'nl' AND slug LIKE '%-gen%' AND $1 <> ''",
    ),
    "a page's translations": (
        "SELECT * FROM page WHERE localization_key = $1 AND published",
        "SELECT max(localization_key) FROM page WHERE slug LIKE '%-gen%' AND $1 <> ''",
    ),
    "an article by locale and slug": (
        "SELECT * FROM article WHERE locale_id = 'nl' AND slug = $1 AND published",
        "SELECT max(slug) FROM article WHERE locale_id = 'nl' AND slug LIKE '%-gen%' AND $1 <> ''",
    ),
    "an article's translations": (
        "SELECT * FROM article WHERE localization_key = $1 AND published AND id <> 0",
        "SELECT max(localization_key) FROM article WHERE slug LIKE '%-gen%' AND $1 <> ''",
    ),
    "articles of a locale, newest first": (
        "SELECT * FROM article WHERE locale_id = $1 AND published"
        " ORDER BY published_at DESC LIMIT 6",
        "SELECT 'nl' WHERE $1 <> ''",
    ),
    "variants of a product": (
        "SELECT * FROM catalog_product_variant WHERE product_id = ANY($1::int[])",
        "SELECT array_agg(id) FROM (SELECT id FROM catalog_product ORDER BY id DESC LIMIT 24) p"
        " WHERE $1 <> ''",
    ),
    "entitlements of a user": (
        "SELECT lesson_id FROM academy_entitlement WHERE user_id = $1 AND lesson_id = ANY($2)",
        "SELECT id FROM account_user WHERE email = $1",
    ),
}


def plan_summary(plan: dict[str, Any]) -> str:
    """One line of an EXPLAIN (ANALYZE, FORMAT JSON) plan: its nodes, outermost first, with the
    index or table each reads, and the execution time."""
    nodes = []
    node: dict[str, Any] | None = plan["Plan"]
    while node is not None:
        where = node.get("Index Name") or node.get("Relation Name")
        nodes.append(f"{node['Node Type']}" + (f" on {where}" if where else ""))
        children = node.get("Plans") or []
        node = children[0] if children else None
    return " → ".join(nodes) + f" ({plan['Execution Time']:.2f} ms)"


async def explain(connection: Any, email: str) -> dict[str, str]:
    """Each hot query's plan at the current size, summarised."""
    plans = {}
    lessons = [row["id"] for row in await connection.fetch("SELECT id FROM academy_lesson")]
    for name, (query, finding) in HOT_QUERIES.items():
        argument = await connection.fetchval(finding, email)
        arguments = [argument, lessons] if "$2" in query else [argument]
        found = await connection.fetchval("EXPLAIN (ANALYZE, FORMAT JSON) " + query, *arguments)
        plans[name] = plan_summary(json.loads(found)[0])
    return plans
