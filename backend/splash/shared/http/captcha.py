"""reCAPTCHA v3 verification (spec §1, §5). Off while ``SPLASH_RECAPTCHA_SECRET`` is unset.

The token is checked with Google's siteverify endpoint (its URL is a setting, so tests talk to a
local stub over real HTTP): a missing, failed, wrong-action or low-score token is refused with
400 naming ``captchaToken``.
"""

from __future__ import annotations

import logging

import httpx

from splash.core.errors import ValidationError

log = logging.getLogger(__name__)
MESSAGE = "We could not verify that you are not a robot. Please try again."


class CaptchaVerifier:
    def __init__(
        self,
        client: httpx.AsyncClient,
        secret: str | None,
        verify_url: str,
        min_score: float,
        action: str,
        timeout: float = 5.0,
    ) -> None:
        self.client, self.secret, self.verify_url = client, secret, verify_url
        self.min_score, self.action, self.timeout = min_score, action, timeout

    @property
    def enabled(self) -> bool:
        return bool(self.secret)

    async def verify(self, token: str | None, remote_ip: str) -> None:
        if not self.enabled:
            return
        if not token:
            raise self._refuse("missing token")
        try:
            response = await self.client.post(
                self.verify_url,
                timeout=self.timeout,
                data={"secret": self.secret, "response": token, "remoteip": remote_ip},
            )
            result = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            log.warning("captcha verification unavailable", extra={"error": str(exc)})
            raise self._refuse("verification unavailable") from None
        if not isinstance(result, dict) or result.get("success") is not True:
            raise self._refuse(
                f"failed: {result.get('error-codes') if isinstance(result, dict) else result}"
            )
        if result.get("action") != self.action:
            raise self._refuse(f"unexpected action {result.get('action')!r}")
        score = result.get("score")
        if not isinstance(score, (int, float)) or score < self.min_score:
            raise self._refuse(f"score {score} below {self.min_score}")

    def _refuse(self, reason: str) -> ValidationError:
        log.info("captcha refused", extra={"reason": reason})
        return ValidationError.for_field(["captchaToken"], MESSAGE)
