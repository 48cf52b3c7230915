"""The academy scenario (``--scenario academy``, make bench): Viewer, loaded through
loadtests/locustfile.py."""

from __future__ import annotations

import random
from urllib.parse import urlsplit

from locust import FastHttpUser, between, task

from loadtests.locust_common import client_address, json_body, reference_read, wait_bounds


class Viewer(FastHttpUser):
    """A signed-out parent who watches a free preview lesson, as hls.js does: the lesson's
    access (a short-lived key token), the master and a rendition playlist, the AES key through
    the token, and a segment (a CDN serves those in production; here the backend does).

    The course page's payload names the previews; their lesson payloads name the package.
    ``GET /api/shipping-countries`` (one small read) is the run's reference, as for Buyer: the
    key's p95 is budgeted as a ratio of it."""

    wait_time = between(*wait_bounds())
    weight = 1
    COURSE_PATH = "academy/leren-zwemmen"  # the course page on the Dutch domain

    def on_start(self) -> None:
        # One parent, one address: the key's rate limit counts per address.
        self.json_headers = {
            "Host": f"localhost:{urlsplit(self.host).port or 80}",
            "X-Forwarded-For": client_address(),
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
            payload = json_body(response)
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
        if not reference_read(self.client, headers):
            return
        with self.client.get(
            f"/api/lessons/{lesson_id}/access",
            name="/api/lessons/[id]/access",
            headers=headers,
            catch_response=True,
        ) as response:
            found = json_body(response)
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
