"""The README documents every setting there is, and only those."""

import re

from splash.core.config import REPO_ROOT, Settings


def test_the_configuration_table_names_every_setting():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`(SPLASH_[A-Z_]+)`", readme))
    documented -= {"SPLASH_TEST_POSTGRES_URL"}  # the test harness's, not the app's
    settings = {f"SPLASH_{name.upper()}" for name in Settings.model_fields}
    assert settings - documented == set(), "settings missing from the README"
    assert documented - settings == set(), "README documents settings that do not exist"
