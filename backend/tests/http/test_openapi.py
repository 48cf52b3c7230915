"""The API describes itself, completely."""

from splash.shared.http.openapi import NO_NUL, build_document
from splash.site.web.payloads import Payload

UNDOCUMENTED = {"api_not_found", "openapi_document", "openapi_docs"}


def test_every_api_route_is_documented(app, settings):
    prefix = settings.api_prefix + "/"
    missing = [
        route.name
        for route in app.router.routes
        if ("/" + route.path).startswith(prefix)
        and route.name.split(".")[-1] not in UNDOCUMENTED
        and not hasattr(route.handler, "__openapi__")
    ]
    assert missing == []


async def test_the_document_describes_paths_models_and_errors(client, database):
    response = await client.get("/api/openapi.json")
    assert response.status == 200
    document = response.json
    assert document["openapi"] == "3.1.0"
    navigation = document["paths"]["/api/navigation/render/{navigation}"]["get"]
    assert [p["name"] for p in navigation["parameters"]] == ["navigation", "locale", "type"]
    assert set(navigation["responses"]) == {"200", "400", "404"}
    assert navigation["responses"]["404"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorEnvelope"
    }
    schemas = document["components"]["schemas"]
    assert schemas["NavigationItemTree"]["properties"]["items"]["items"] == {
        "$ref": "#/components/schemas/NavigationItemTree"
    }
    assert set(schemas["LocalePublic"]["properties"]) == {"code", "name", "isDefault"}
    assert "/api/i18n/locales" in document["paths"]


def test_the_document_only_lists_api_routes(app, settings):
    document = build_document(app, settings.api_prefix)
    assert all(path.startswith("/api/") for path in document["paths"])


async def test_browsable_docs_point_at_the_document(client, database):
    response = await client.get("/api/docs")
    assert response.status == 200
    assert 'url: "/api/openapi.json"' in response.text


async def test_every_operation_describes_its_success_answer(client, database):
    """Every operation of every domain: its 2xx answer has a schema — JSON, or a string for the
    API's HTML pages (the invoice, the test provider's payment page); a redirect, 302 or 303, has
    no body to describe."""
    document = (await client.get("/api/openapi.json")).json
    undescribed = [
        f"{method.upper()} {path} {status}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        for status, response in operation["responses"].items()
        if status.startswith("2")
        and not any("schema" in media for media in response.get("content", {}).values())
    ]
    assert undescribed == []
    invoice = document["paths"]["/api/orders/{slug}/invoice"]["get"]["responses"]
    assert invoice["200"]["content"] == {
        "text/html": {"schema": {"type": "string", "pattern": NO_NUL}}
    }
    assert set(invoice) == {"200", "400", "404"}
    redirects = [
        operation["responses"]
        for operations in document["paths"].values()
        for operation in operations.values()
        if not any(status.startswith("2") for status in operation["responses"])
    ]
    assert redirects and all({"302", "303"} & set(responses) for responses in redirects)
    pages = [
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if "text/html" in operation["responses"].get("200", {}).get("content", {})
    ]
    assert sorted(pages) == [
        "GET /api/orders/{slug}/credit-notes/{number}",
        "GET /api/orders/{slug}/invoice",
        "GET /api/payments/test/{payment_id}",
        "GET /api/studio/orders/{order_id}/credit-notes/{number}",
        "GET /api/studio/packing-slips",
    ]


async def test_the_document_lists_the_published_payload_models(client, database):
    schemas = (await client.get("/api/openapi.json")).json["components"]["schemas"]
    assert schemas["Payload"]["properties"]["product"]["anyOf"][0] == {
        "$ref": "#/components/schemas/ProductPublic"
    }
    assert {"PagePayload", "ArticlePayload", "CoursePayload", "LessonPayload"} <= set(schemas)
    assert set(schemas["CoursePayload"]["properties"]) >= {"levels", "bundle", "lessonCount"}


def test_the_payload_models_take_no_api_models_name(app, settings):
    """A payload model named as an API model would replace its schema in the document."""
    api = build_document(app, settings.api_prefix)["components"]["schemas"]
    both = build_document(app, settings.api_prefix, (Payload,))["components"]["schemas"]
    assert {name: both[name] for name in api} == api
    assert "Payload" in both
