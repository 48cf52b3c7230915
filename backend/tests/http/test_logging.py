"""http/logging.py with a real server (two worker processes, the access log on as in
production): one line per request, whether the edge or the whole way answered it, none for
/healthz, and none lost when the server stops."""

import asyncio
from urllib.parse import urlsplit

import httpx

from tests.support import live_server, request_lines

# Once per request: the edge answers the payload after its first request, the API goes the
# whole way, an unknown path is a 404; the health checks are not logged.
SENT = {"payload": ("/_payload/index.json", 120), "api": ("/api/i18n/locales", 60)}
SENT |= {"missing": ("/no/such/page", 20), "health": ("/healthz", 20)}
HOSTILE_ID = 'a "quoted" \\ id'


async def test_every_request_is_logged_once_and_a_graceful_stop_loses_none(
    database_url, spa_built, tmp_path
):
    output = tmp_path / "server.log"
    # Batches wait for their size (256 lines) or for the stop: none of them is full here.
    environment = {"SPLASH_ACCESS_LOG_FLUSH_SECONDS": "3600"}
    with (
        output.open("wb") as log,
        live_server(database_url, environment, workers=2, access_log=log) as url,
    ):
        host = f"localhost:{urlsplit(url).port}"
        async with httpx.AsyncClient(base_url=url, headers={"host": host}, timeout=60) as http:
            answers = await asyncio.gather(
                *(
                    http.get(path, headers={"x-request-id": f"{kind}-{number}"})
                    for kind, (path, count) in SENT.items()
                    for number in range(count)
                ),
                http.get("/api/i18n/locales", headers={"x-request-id": HOSTILE_ID}),
            )
            written_before_the_stop = request_lines(output.read_text())

    lines = request_lines(output.read_text())
    assert written_before_the_stop == []
    assert sorted(answer.status_code for answer in answers[:120]) == [200] * 120
    logged = {line["request_id"]: line for line in lines}
    expected = {
        f"{kind}-{number}"
        for kind, (_, count) in SENT.items()
        if kind != "health"
        for number in range(count)
    }
    assert len(lines) == len(expected) + 1
    assert set(logged) == expected | {HOSTILE_ID}
    assert {logged[f"payload-{n}"]["status"] for n in range(120)} == {200}
    assert {logged[f"missing-{n}"]["status"] for n in range(20)} == {404}
    assert logged[HOSTILE_ID]["path"] == "/api/i18n/locales"
    assert all(line["host"] == host and line["duration_ms"] >= 0 for line in lines)
