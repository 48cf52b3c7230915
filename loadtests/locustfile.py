"""Locust scenarios for Splash: a parent browsing the shop on a phone.

One simulated user (``Visitor``) is one parent on one phone. They land on a home page of one
of the six locale domains (the domain is chosen by the Host header: ``localhost:PORT`` is
Dutch, ``en.localhost:PORT`` English, and de./es./fr./sv. likewise), and then mostly stay in
the single-page app: client-side navigation fetches page payloads (revalidated with
If-None-Match, like the browser's HTTP cache does), menus come from the navigation API, the
SPA polls for a new build, and now and then the phone fetches the hashed JS/CSS bundle
(a cold cache) or follows a dead link to a 404 page.

Every response is checked (status code plus a cheap content check) and reported through
``catch_response``, so a wrong body counts as a failure, and the expected 404 counts as a
success. Request names are grouped (``/_payload/[page].json`` and so on), so the statistics
have one row per endpoint, which is what ``loadtests/budgets.json`` is keyed on.

Environment:
  SPLASH_LOADTEST_WAIT  "min,max" seconds between tasks (default "1,3", the full run; the
                        smoke run of loadtests/run.py uses a shorter wait).

Run it through ``loadtests/run.py`` (starts a freshly seeded server, checks the budgets), or
directly against a running server:
  .venv/bin/python -m locust -f loadtests/locustfile.py --host http://127.0.0.1:8000
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from urllib.parse import urlsplit

import gevent
import locust.stats
from locust import FastHttpUser, between, events, task

# The locales, weighted roughly like the traffic we expect (the Dutch shop first). Dutch is
# the default domain (localhost:PORT); the others have a subdomain (en.localhost:PORT, ...).
LOCALE_WEIGHTS: dict[str, int] = {
    "nl": 40,
    "en": 20,
    "de": 15,
    "es": 10,
    "fr": 10,
    "sv": 5,
}
DEFAULT_LOCALE = "nl"

# Published pages whose payload a client-side navigation fetches (/_payload/<page>.json);
# product pages are found through the product list (the ``shop`` task).
PAGES: list[str] = ["index"]

MENUS: list[str] = ["primary", "secondary", "legal"]
MENU_TYPES: list[str] = ["TREE", "FLAT"]

# The hashed bundle the home HTML's entry loader adds after the first paint (shell.html's
# entry-loader.js), and the stylesheet the HTML links.
SCRIPT_RE = re.compile(r'\bentry\.src = "(/assets/[^"]+\.js)"')
STYLESHEET_RE = re.compile(r'<link[^>]*\brel="stylesheet"[^>]*\bhref="(/assets/[^"]+\.css)"')


def _wait_bounds() -> tuple[float, float]:
    raw = os.environ.get("SPLASH_LOADTEST_WAIT", "1,3")
    low, _, high = raw.partition(",")
    return float(low), float(high or low)


def _pick_locale() -> str:
    return random.choices(list(LOCALE_WEIGHTS), weights=list(LOCALE_WEIGHTS.values()))[0]


def _json(response) -> object:
    """The body as JSON, or None when it is not JSON."""
    try:
        return json.loads(response.content)
    except (ValueError, TypeError):
        return None


def _reference_read(client, headers: dict[str, str]) -> bool:
    """``GET /api/shipping-countries`` (one small query): the run's reference, which the
    checkout's and the key's p95 are budgeted against (ratios within one run)."""
    with client.get(
        "/api/shipping-countries",
        name="/api/shipping-countries",
        headers=headers,
        catch_response=True,
    ) as response:
        if response.status_code != 200:
            response.failure(f"shipping countries: status {response.status_code}")
            return False
        response.success()
        return True


@events.init.add_listener
def _complete_csv_stats(environment, **_kwargs) -> None:
    """Let Locust's --csv writer run once more before it closes its files.

    It rewrites <prefix>_stats.csv every second but not at exit, so the file would miss the
    last second of the run (locustio/locust#2299). Users are stopped when ``quit`` fires.
    """
    if getattr(environment.parsed_options, "csv_prefix", None):
        events.quit.add_listener(
            lambda **_: gevent.sleep(locust.stats.CSV_STATS_INTERVAL_SEC + 0.25)
        )


class Visitor(FastHttpUser):
    """A parent on a phone: lands on a home page, then browses in the SPA."""

    wait_time = between(*_wait_bounds())

    def on_start(self) -> None:
        self.locale = DEFAULT_LOCALE  # chosen by open_home
        self.etags: dict[tuple[str, str], str] = {}  # (host, page) → ETag, the phone's HTTP cache
        self.assets: dict[str, str] = {}  # "js"/"css" → /assets/<hashed file>
        self.open_home()  # every visit starts with a full page load

    # -- helpers ---------------------------------------------------------------------------

    @property
    def port(self) -> str:
        return str(urlsplit(self.host).port or 80)

    def host_header(self) -> str:
        subdomain = "" if self.locale == DEFAULT_LOCALE else f"{self.locale}."
        return f"{subdomain}localhost:{self.port}"

    def headers(self, **extra: str) -> dict[str, str]:
        return {"Host": self.host_header(), "Accept-Language": self.locale, **extra}

    # -- tasks -----------------------------------------------------------------------------

    @task(3)
    def open_home(self) -> None:
        """Full page load of the home page on a (possibly new) locale domain."""
        self.locale = _pick_locale()
        headers = self.headers(Accept="text/html")
        with self.client.get("/", name="/", headers=headers, catch_response=True) as response:
            if response.status_code != 200:
                return response.failure(f"home: status {response.status_code}")
            html = response.text or ""
            if f'<html lang="{self.locale}"' not in html:
                return response.failure(
                    f'home: no <html lang="{self.locale}"> for {headers["Host"]}'
                )
            script, stylesheet = SCRIPT_RE.search(html), STYLESHEET_RE.search(html)
            if not script or not stylesheet:
                return response.failure("home: no module script or stylesheet in the HTML")
            self.assets = {"js": script.group(1), "css": stylesheet.group(1)}
            response.success()

    @task(6)
    def navigate(self) -> None:
        """Client-side navigation: the SPA fetches the page payload, revalidating its copy."""
        page = random.choice(PAGES)
        key = (self.host_header(), page)
        headers = self.headers(Accept="application/json")
        sent_etag = self.etags.get(key)
        if sent_etag:
            headers["If-None-Match"] = sent_etag
        with self.client.get(
            f"/_payload/{page}.json",
            name="/_payload/[page].json",
            headers=headers,
            catch_response=True,
        ) as response:
            if response.status_code == 304:
                if not sent_etag:
                    return response.failure("payload: 304 without If-None-Match")
                return response.success()
            if response.status_code != 200:
                return response.failure(f"payload: status {response.status_code}")
            payload = _json(response)
            if (
                not isinstance(payload, dict)
                or payload.get("locale") != self.locale
                or "page" not in payload
            ):
                return response.failure(f"payload: not a {self.locale} page payload")
            etag = response.headers.get("etag")
            if not etag:
                return response.failure("payload: no ETag")
            self.etags[key] = etag
            response.success()

    @task(2)
    def navigation_menu(self) -> None:
        """The SPA renders a menu (the phone's hamburger menu, the footer) from the API."""
        menu, kind = random.choice(MENUS), random.choice(MENU_TYPES)
        with self.client.get(
            f"/api/navigation/render/{menu}?locale={self.locale}&type={kind}",
            name="/api/navigation/render/[menu]",
            headers=self.headers(Accept="application/json"),
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                return response.failure(f"navigation {menu}: status {response.status_code}")
            items = _json(response)
            if not isinstance(items, list) or not items:
                return response.failure(f"navigation {menu}: not a non-empty list")
            if not all(isinstance(i, dict) and {"id", "title", "path"} <= i.keys() for i in items):
                return response.failure(f"navigation {menu}: an item without id/title/path")
            if kind == "TREE" and not all(isinstance(i.get("items"), list) for i in items):
                return response.failure(f"navigation {menu}: a TREE item without items")
            response.success()

    @task(1)
    def locales(self) -> None:
        """The language switcher lists the locales."""
        with self.client.get(
            "/api/i18n/locales",
            headers=self.headers(Accept="application/json"),
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                return response.failure(f"locales: status {response.status_code}")
            locales = _json(response)
            if not isinstance(locales, list) or not all(isinstance(i, dict) for i in locales):
                return response.failure("locales: not a list of objects")
            if {item.get("code") for item in locales} != set(LOCALE_WEIGHTS):
                return response.failure("locales: not the six locales")
            if [item["code"] for item in locales if item.get("isDefault")] != [DEFAULT_LOCALE]:
                return response.failure(f"locales: {DEFAULT_LOCALE} is not the only default")
            response.success()

    @task(2)
    def poll_build(self) -> None:
        """The SPA checks whether a new build was deployed (cache-busted)."""
        with self.client.get(
            f"/builds/latest.json?t={int(time.time() * 1000)}",
            name="/builds/latest.json?t=[now]",
            headers=self.headers(Accept="application/json"),
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                return response.failure(f"build: status {response.status_code}")
            build = _json(response)
            if not isinstance(build, dict) or not build.get("id") or not build.get("builtAt"):
                return response.failure("build: no id/builtAt")
            response.success()

    @task(1)
    def bundle(self) -> None:
        """A cold cache: the phone downloads the hashed JS and CSS, brotli-compressed."""
        for kind, content_type in (("js", "javascript"), ("css", "text/css")):
            path = self.assets.get(kind)
            if not path:  # the landing page failed; that failure is already reported
                return
            with self.client.get(
                path,
                name=f"/assets/[entry].{kind}",
                headers=self.headers(**{"Accept-Encoding": "br"}),
                catch_response=True,
            ) as response:
                if response.status_code != 200:
                    response.failure(f"{path}: status {response.status_code}")
                elif response.headers.get("content-encoding") != "br":
                    response.failure(f"{path}: not brotli-encoded")
                elif content_type not in (response.headers.get("content-type") or ""):
                    response.failure(f"{path}: content-type {response.headers.get('content-type')}")
                elif not response.content:  # decompressed by the client
                    response.failure(f"{path}: empty body")
                else:
                    response.success()

    @task(3)
    def shop(self) -> None:
        """Shopping: the product list, a product page, a variant picked, the cart priced."""
        json_headers = self.headers(Accept="application/json")
        with self.client.get(
            f"/api/products?locale={self.locale}",
            name="/api/products",
            headers=json_headers,
            catch_response=True,
        ) as response:
            listed = _json(response)
            products = listed.get("data") if isinstance(listed, dict) else None
            if response.status_code != 200 or not isinstance(products, list) or not products:
                return response.failure(f"products: status {response.status_code}, no list")
            response.success()
        path = random.choice(products).get("path", "")
        with self.client.get(
            f"/_payload{path}.json",
            name="/_payload/[product].json",
            headers=json_headers,
            catch_response=True,
        ) as response:
            payload = _json(response)
            product = payload.get("product") if isinstance(payload, dict) else None
            if response.status_code != 200 or not isinstance(product, dict):
                return response.failure(f"product payload {path}: status {response.status_code}")
            variants = [v for v in product.get("variants", []) if v.get("available")]
            if not variants:
                return response.failure(f"product payload {path}: no available variant")
            response.success()
        variant = random.choice(variants)
        with self.client.get(
            f"/api/product-variants/{variant['id']}"
            "?populate[introImage]=true&populate[product][populate][introImage]=true",
            name="/api/product-variants/[id]",
            headers=json_headers,
            catch_response=True,
        ) as response:
            found = _json(response)
            data = found.get("data") if isinstance(found, dict) else None
            if response.status_code != 200 or not isinstance(data, dict):
                return response.failure(f"variant: status {response.status_code}")
            if data.get("price") != variant.get("price"):
                return response.failure("variant: price differs from the product page")
            response.success()
        quantity = random.randint(1, 3)
        with self.client.post(
            "/api/cart/quote",
            name="/api/cart/quote",
            json={"items": [{"variantId": variant["id"], "quantity": quantity, "options": []}]},
            headers=json_headers,
            catch_response=True,
        ) as response:
            quoted = _json(response)
            data = quoted.get("data") if isinstance(quoted, dict) else None
            if response.status_code != 200 or not isinstance(data, dict):
                return response.failure(f"quote: status {response.status_code}")
            if data.get("subtotal") != variant["price"] * quantity:
                return response.failure("quote: subtotal is not price × quantity")
            response.success()

    @task(1)
    def dead_link(self) -> None:
        """A stale link: an unknown page answers 404 with the localized HTML error page."""
        with self.client.get(
            "/bestaat-niet",
            name="/[unknown] (404)",
            headers=self.headers(Accept="text/html"),
            catch_response=True,
        ) as response:
            if response.status_code != 404:
                return response.failure(
                    f"unknown page: status {response.status_code}, expected 404"
                )
            if f'<html lang="{self.locale}"' not in (response.text or ""):
                return response.failure(f'unknown page: no <html lang="{self.locale}">')
            response.success()


class Buyer(FastHttpUser):
    """A guest parent who buys: the cart priced, the order placed, paid on the test provider's
    page, the webhook, and the order read back as paid (the order-payment page).

    Each order uses a new e-mail address (a guest's order makes an account) and a new
    Idempotency-Key. The scenario needs plenty of stock: loadtests/run.py restocks the catalog
    through the test-only API before the run. ``GET /api/shipping-countries`` (one small read)
    is the run's reference: the budgets compare the checkout's p95 with it (a ratio, never a
    time), because the load generator shares the machine with the server."""

    wait_time = between(*_wait_bounds())
    weight = 1

    def on_start(self) -> None:
        self.json_headers = {"Host": f"localhost:{urlsplit(self.host).port or 80}"}
        self.variant_ids: list[int] = []
        with self.client.get(
            "/api/products",
            name="/api/products",
            headers=self.json_headers,
            catch_response=True,
        ) as response:
            listed = _json(response)
            products = listed.get("data") if isinstance(listed, dict) else None
            if response.status_code != 200 or not isinstance(products, list):
                return response.failure(f"products: status {response.status_code}")
            response.success()
        for product in products:
            with self.client.get(
                f"/api/products/{product['id']}",
                name="/api/products/[id]",
                headers=self.json_headers,
                catch_response=True,
            ) as response:
                found = _json(response)
                data = found.get("data") if isinstance(found, dict) else None
                if response.status_code != 200 or not isinstance(data, dict):
                    return response.failure(f"product: status {response.status_code}")
                response.success()
            self.variant_ids += [v["id"] for v in data.get("variants", []) if v.get("available")]

    @task
    def buy(self) -> None:
        if not self.variant_ids:
            return
        headers = self.json_headers
        if not _reference_read(self.client, headers):
            return
        items = [{"variantId": random.choice(self.variant_ids), "quantity": 1, "options": []}]
        with self.client.post(
            "/api/cart/quote",
            name="/api/cart/quote",
            json={"items": items, "country": "nl"},
            headers=headers,
            catch_response=True,
        ) as response:
            quoted = _json(response)
            if response.status_code != 200 or not isinstance(quoted, dict):
                return response.failure(f"quote: status {response.status_code}")
            total = quoted["data"]["total"]
            response.success()
        order = self.place_order(items)
        if order is None:
            return
        payment_id = urlsplit(order["checkoutUrl"]).path.rsplit("/", 1)[-1]
        self.pay(payment_id)
        with self.client.get(
            f"/api/orders/{order['slug']}",
            name="/api/orders/[slug]",
            headers=headers,
            catch_response=True,
        ) as response:
            read = _json(response)
            data = read.get("data") if isinstance(read, dict) else None
            if response.status_code != 200 or not isinstance(data, dict):
                return response.failure(f"order: status {response.status_code}")
            if data.get("status") != "paid" or data.get("total") != total:
                return response.failure(
                    f"order: {data.get('status')}, total {data.get('total')} (quote {total})"
                )
            response.success()

    def place_order(self, items: list[dict]) -> dict | None:
        key = f"load-{time.time_ns()}-{random.getrandbits(64):x}"
        draft = {
            "data": {
                "user": {
                    "firstname": "Eva",
                    "lastname": "Load",
                    "email": f"{key}@example.com",
                },
                "locale": "nl",
                "cart": {"items": items},
                "shipping": {
                    "country": "nl",
                    "address": {
                        "street": "Keizersgracht",
                        "housenumber": "12",
                        "postalCode": "1015 CS",
                        "city": "Amsterdam",
                        "country": "nl",
                    },
                },
                "consent": True,
            },
            "returnUrl": f"http://{self.json_headers['Host']}/order-payment",
        }
        with self.client.post(
            "/api/orders",
            name="POST /api/orders",
            json=draft,
            headers={**self.json_headers, "Idempotency-Key": key},
            catch_response=True,
        ) as response:
            created = _json(response)
            data = created.get("data") if isinstance(created, dict) else None
            if response.status_code != 201 or not isinstance(data, dict):
                response.failure(f"order: status {response.status_code} {response.text[:200]}")
                return None
            response.success()
            return data

    def pay(self, payment_id: str) -> None:
        """The tester's choice on the hosted page (303 back to the shop), then the webhook the
        provider calls (also sent by the test provider itself; a duplicate changes nothing)."""
        headers = self.json_headers
        with self.client.post(
            f"/api/payments/test/{payment_id}",
            name="POST /api/payments/test/[id]",
            data="status=paid",
            headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 303:
                return response.failure(f"test page: status {response.status_code}")
            response.success()
        with self.client.post(
            "/api/payments/webhook",
            name="POST /api/payments/webhook",
            data=f"id={payment_id}",
            headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                return response.failure(f"webhook: status {response.status_code}")
            response.success()


class Viewer(FastHttpUser):
    """A signed-out parent who watches a free preview lesson, as hls.js does: the lesson's
    access (a short-lived key token), the master and a rendition playlist, the AES key through
    the token, and a segment (a CDN serves those in production; here the backend does).

    The course page's payload names the previews; their lesson payloads name the package.
    ``GET /api/shipping-countries`` (one small read) is the run's reference, as for Buyer: the
    key's p95 is budgeted as a ratio of it."""

    wait_time = between(*_wait_bounds())
    weight = 1
    COURSE_PATH = "academy/leren-zwemmen"  # the course page on the Dutch domain

    def on_start(self) -> None:
        # One parent, one address (as a load balancer forwards it): the key's rate limit
        # counts per address, like it does in production.
        address = ".".join(str(random.randint(1, 254)) for _ in range(3))
        self.json_headers = {
            "Host": f"localhost:{urlsplit(self.host).port or 80}",
            "X-Forwarded-For": f"10.{address}",
        }
        self.lessons: list[tuple[int, str]] = []  # (lesson id, master playlist URL)
        course = self._payload(self.COURSE_PATH, "course")
        if course is None:
            return
        for level in course["levels"]:
            for lesson in level["lessons"]:
                if not lesson["freePreview"]:
                    continue
                found = self._payload(lesson["path"].strip("/"), "lesson")
                if found is not None and found.get("video"):
                    self.lessons.append((found["id"], found["video"]["master"]))

    def _payload(self, path: str, key: str) -> dict | None:
        with self.client.get(
            f"/_payload/{path}.json",
            name=f"/_payload/[{key}].json",
            headers=self.json_headers,
            catch_response=True,
        ) as response:
            payload = _json(response)
            entity = payload.get(key) if isinstance(payload, dict) else None
            if response.status_code != 200 or not isinstance(entity, dict):
                response.failure(f"{key} payload: status {response.status_code}")
                return None
            response.success()
            return entity

    @task
    def watch(self) -> None:
        if not self.lessons:
            return
        lesson_id, master = random.choice(self.lessons)
        headers = self.json_headers
        if not _reference_read(self.client, headers):
            return
        with self.client.get(
            f"/api/lessons/{lesson_id}/access",
            name="/api/lessons/[id]/access",
            headers=headers,
            catch_response=True,
        ) as response:
            found = _json(response)
            data = found.get("data") if isinstance(found, dict) else None
            if response.status_code != 200 or not isinstance(data, dict) or not data["keyToken"]:
                return response.failure(f"access: status {response.status_code}")
            token = data["keyToken"]
            response.success()
        rendition = self._text(master, "/media/videos/[master].m3u8", "#EXT-X-STREAM-INF")
        if rendition is None:
            return
        playlist_url = master.rsplit("/", 1)[0] + "/" + _first_uri(rendition)
        playlist = self._text(playlist_url, "/media/videos/[rendition].m3u8", "#EXT-X-KEY")
        if playlist is None:
            return
        with self.client.get(
            f"/api/lessons/{lesson_id}/key?token={token}",
            name="/api/lessons/[id]/key",
            headers=headers,
            catch_response=True,
        ) as response:
            if response.status_code != 200 or len(response.content or b"") != 16:
                return response.failure(f"key: status {response.status_code}")
            response.success()
        segment = playlist_url.rsplit("/", 1)[0] + "/" + _first_uri(playlist)
        with self.client.get(
            segment,
            name="/media/videos/[segment].ts",
            headers=headers,
            catch_response=True,
        ) as response:
            if response.status_code != 200 or not response.content:
                return response.failure(f"segment: status {response.status_code}")
            response.success()

    def _text(self, url: str, name: str, marker: str) -> str | None:
        with self.client.get(url, name=name, headers=self.json_headers, catch_response=True) as got:
            if got.status_code != 200 or marker not in (got.text or ""):
                got.failure(f"{name}: status {got.status_code}")
                return None
            got.success()
            return got.text


def _first_uri(playlist: str) -> str:
    """The first URI line of an HLS playlist (a rendition's playlist, or a segment)."""
    return next(line for line in playlist.splitlines() if line and not line.startswith("#"))
