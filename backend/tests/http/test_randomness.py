"""Request ids and CSP nonces (splash/shared/http/randomness.py): the kernel's random bytes, taken
from a block, each handed out once, a forked child never handing out its parent's."""

from __future__ import annotations

import os
import re

from splash.shared.http import randomness


def test_each_byte_of_the_kernels_is_handed_out_once_and_in_order(monkeypatch):
    blocks = iter(bytes([n]) * randomness._BLOCK for n in range(1, 4))
    randomness._pool.clear()
    monkeypatch.setattr(os, "urandom", lambda size: next(blocks))

    taken = [randomness.random_bytes(1000) for _ in range(5)]  # the fifth needs a new block
    left = len(randomness._pool)
    randomness._pool.clear()  # the stand-in's bytes go no further than this test

    assert taken[:4] == [b"\x01" * 1000] * 4
    assert taken[4] == b"\x02" * 1000  # the first block's last 96 bytes were too few
    assert left == randomness._BLOCK - 1000


def test_ids_and_nonces_have_their_forms_and_never_repeat():
    ids = [randomness.request_id() for _ in range(2000)]  # eight blocks' worth
    nonces = [randomness.nonce() for _ in range(2000)]

    assert all(re.fullmatch(r"[0-9a-f]{32}", value) for value in ids)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", value) for value in nonces)
    assert len(set(ids)) == len(set(nonces)) == 2000


def test_a_forked_child_never_hands_out_its_parents_bytes():
    randomness.random_bytes(1)  # the parent holds a block
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover  # the child
        os.write(write, randomness.random_bytes(64))
        os._exit(0)
    os.close(write)
    childs = os.read(read, 64)
    os.waitpid(child, 0)
    os.close(read)

    assert len(childs) == 64
    assert childs != randomness.random_bytes(64)


async def test_a_response_carries_a_new_id_or_the_one_the_client_sent(client):
    first = await client.get("/api/i18n/locales")
    second = await client.get("/api/i18n/locales")
    given = await client.get("/api/i18n/locales", headers={"x-request-id": "lb-7f3a-42"})

    assert re.fullmatch(r"[0-9a-f]{32}", first.headers["x-request-id"])
    assert first.headers["x-request-id"] != second.headers["x-request-id"]
    assert given.headers["x-request-id"] == "lb-7f3a-42"
