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

The checkout's Buyer (loadtests/locust_checkout.py) and the academy's Viewer
(loadtests/locust_academy.py) are imported here, so that Locust finds all three by name.

Run it through ``loadtests/run.py`` (starts a freshly seeded server, checks the budgets), or
directly against a running server, from the repository root (``python -m`` puts it on the
import path, where the ``loadtests`` package is):
  .venv/bin/python -m locust -f loadtests/locustfile.py --host http://127.0.0.1:8000
"""

from __future__ import annotations

import random
import time
from urllib.parse import urlsplit

import gevent
import locust.stats
from locust import FastHttpUser, between, events, task

from loadtests.locust_academy import Viewer
from loadtests.locust_checkout import Buyer
from loadtests.locust_common import (
    DEFAULT_LOCALE,
    LOCALE_WEIGHTS,
    MENU_TYPES,
    MENUS,
    PAGES,
    SCRIPT_RE,
    STYLESHEET_RE,
    json_body,
    pick_locale,
    post,
    wait_bounds,
)

__all__ = ["Buyer", "Viewer", "Visitor"]  # the scenarios' users, as Locust picks them by name


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

    wait_time = between(*wait_bounds())

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
        self.locale = pick_locale()
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
            payload = json_body(response)
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
            items = json_body(response)
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
            locales = json_body(response)
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
            build = json_body(response)
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
            listed = json_body(response)
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
            payload = json_body(response)
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
            found = json_body(response)
            data = found.get("data") if isinstance(found, dict) else None
            if response.status_code != 200 or not isinstance(data, dict):
                return response.failure(f"variant: status {response.status_code}")
            if data.get("price") != variant.get("price"):
                return response.failure("variant: price differs from the product page")
            response.success()
        quantity = random.randint(1, 3)
        with post(
            self.client,
            "/api/cart/quote",
            name="/api/cart/quote",
            json={"items": [{"variantId": variant["id"], "quantity": quantity, "options": []}]},
            headers=json_headers,
        ) as response:
            quoted = json_body(response)
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
