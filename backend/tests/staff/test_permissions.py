"""Every studio route declares what it needs, and gets it: the route walk fails on a route
without a declaration; the matrix checks every role against every route (401 signed out or with
a customer's token, 403 without the permission, through to the handler with it)."""

from __future__ import annotations

import re

import pytest

from splash.staff.vocabulary import ROLE_PERMISSIONS, SIGNED_IN, SIGNED_OUT, Permission, Role
from tests.accounts.support import bearer, confirmed_user
from tests.staff.support import cookie_of, staff, studio_routes

PARAMETER = re.compile(r"<([a-z_]+)(:[a-z]+)?>")


def declared(route) -> str | None:
    return getattr(route.handler, "__studio_permission__", None)


def calls(app) -> list[tuple[str, str, str]]:
    """(method, path with made-up ids, declaration) of every studio route."""
    found = []
    for route in studio_routes(app):
        path = "/" + PARAMETER.sub("999999", route.path.lstrip("/"))
        for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
            found.append((method, path, declared(route)))
    return found


def test_every_studio_route_declares_what_it_needs(app):
    routes = studio_routes(app)
    assert len(routes) >= 8  # the walk sees the studio
    undeclared = [route.path for route in routes if declared(route) is None]
    assert undeclared == []
    known = {SIGNED_OUT, SIGNED_IN, *Permission}
    assert {declared(route) for route in routes} <= known


def test_the_walk_finds_a_route_without_a_declaration(app):
    @app.get("/api/studio/forgotten")
    async def forgotten(request):  # pragma: no cover - never called
        raise AssertionError

    assert [r.path for r in studio_routes(app) if declared(r) is None] == ["api/studio/forgotten"]


def test_each_role_holds_what_the_issue_gives_it():
    assert ROLE_PERMISSIONS[Role.OWNER] == frozenset(Permission)
    assert Permission.REFUND not in ROLE_PERMISSIONS[Role.SHOP]
    assert Permission.STAFF not in ROLE_PERMISSIONS[Role.SHOP]
    assert {
        Permission.ORDERS,
        Permission.SHIP,
        Permission.CUSTOMERS,
        Permission.STOCK,
    } <= ROLE_PERMISSIONS[Role.SHOP]
    assert ROLE_PERMISSIONS[Role.EDITOR].isdisjoint(
        {Permission.ORDERS, Permission.CUSTOMERS, Permission.REFUND, Permission.STOCK}
    )


async def _send(client, method, path, headers):
    body = {} if method in ("POST", "PUT", "PATCH") else None
    return await client.send(
        method, path, headers=headers, **({"json": body} if body is not None else {})
    )


async def test_signed_out_and_customer_tokens_get_401_on_every_studio_route(client, database, app):
    token = (await confirmed_user(client))["jwt"]
    guarded = [(m, p) for m, p, d in calls(app) if d != SIGNED_OUT]
    assert guarded

    statuses = {
        (method, path, who): (await _send(client, method, path, headers)).status
        for method, path in guarded
        for who, headers in (("nobody", {}), ("customer", bearer(token)))
    }

    assert {key: status for key, status in statuses.items() if status != 401} == {}


@pytest.mark.parametrize("role", list(Role))
async def test_every_role_against_every_route(client, database, settings, app, role):
    await staff(settings, "owner", "eigenaar@splash.example")  # the shop keeps an owner
    member = await staff(settings, role.value, f"{role.value}-matrix@splash.example")
    held = ROLE_PERMISSIONS[role]
    wrong = {}
    for method, path, needs in calls(app):
        if needs == SIGNED_OUT:
            continue
        status = (await _send(client, method, path, await cookie_of(member, settings))).status
        allowed = needs == SIGNED_IN or needs in held
        if (status == 403) == allowed or status == 401:
            wrong[(method, path)] = (needs, status)
    assert wrong == {}
