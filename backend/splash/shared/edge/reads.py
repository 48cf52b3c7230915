"""``@cached_read``: a read's 200 answer kept in the app's answer cache (``edge.answers``).

The key is what the answer depends on: the domain's locale, the path and the query string as
sent; an answer that holds more than content is kept with a token the route computes first (a
variant's stock and switch: one indexed read instead of the whole answer), and computed again
when the token has changed. Anything but a 200
is computed every time and never kept, so an unknown id costs what it always did. A kept
answer is the same for everyone while the content and the token stay as they are: the edge
(``edge.kept``) sends it again, asking only for the generation and the token.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from functools import wraps
from typing import Any

from sanic import Request
from sanic.response import HTTPResponse

from splash.shared.edge import kept
from splash.shared.edge.answers import Answer, AnswerCache
from splash.shared.http.context import domain_locale

Handler = Callable[..., Awaitable[HTTPResponse]]
Token = Callable[..., Awaitable[Hashable]]


def cached_read(token: Token | None = None) -> Callable[[Handler], Handler]:
    def decorate(handler: Handler) -> Handler:
        @wraps(handler)
        async def read(request: Request, **params: Any) -> HTTPResponse:
            cache: AnswerCache | None = request.app.ctx.answers
            if cache is None:  # SPLASH_EDGE off: computed every time
                return await handler(request, **params)
            extra = await token(**params) if token is not None else None
            key = (domain_locale(request), request.path, request.query_string)
            computed: list[HTTPResponse] = []

            async def compute() -> Answer | None:
                response = await handler(request, **params)
                computed.append(response)
                if response.status != 200 or not isinstance(response.body, bytes):
                    return None
                return Answer(response.body, response.content_type or "application/json")

            answer, generation = await cache.answer(key, compute, extra)
            if generation is not None:  # the same for everyone while both stay as they are

                async def current() -> Hashable:
                    now = await cache.generation.current()
                    return now, await token(**params) if token is not None else None

                kept.mark(request, (generation, extra), current)
            if computed:
                return computed[0]
            assert answer is not None  # a kept answer
            return HTTPResponse(answer.body, content_type=answer.content_type)

        return read

    return decorate
