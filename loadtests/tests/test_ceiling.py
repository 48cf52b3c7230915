"""loadtests/ceiling.py: Splash side by side with nginx serving the same bytes (the pure parts,
in ceiling_report.py: the wrk script, reading its result, the median round, the nginx config,
the ratio budgets and the access log's cost).
Nothing is timed here; `make bench` measures."""

from __future__ import annotations

import json

import pytest

from loadtests import ceiling_report, run
from loadtests.ceiling_report import Case, Measure


def measure(rate: float, errors: int = 0, p95: float = 5.0) -> Measure:
    return Measure(int(rate * 10), 10.0, errors, 1.0, p95)


def test_the_result_line_is_read_in_seconds_and_milliseconds():
    output = "Running 10s test @ http://x\n  2 threads\nCEILING 60000 10000000 3 1200 4500\n"

    assert ceiling_report.parse_wrk(output) == Measure(60000, 10.0, 3, 1.2, 4.5)
    assert ceiling_report.parse_wrk(output).rate == 6000


def test_wrk_without_a_result_line_is_a_run_error():
    try:
        ceiling_report.parse_wrk("unable to connect to 127.0.0.1:1 Connection refused")
    except run.RunError as error:
        assert "Connection refused" in str(error)
    else:
        raise AssertionError("no RunError")


def test_a_post_case_is_posted_to_splash_and_fetched_from_nginx():
    case = Case("quote", "/api/cart/quote", "POST", json.dumps({"items": []}))

    splash = ceiling_report.wrk_script(case, "localhost:8000", for_nginx=False)
    nginx = ceiling_report.wrk_script(case, "localhost:8000", for_nginx=True)

    assert 'wrk.method = "POST"' in splash and 'wrk.body = "{\\"items\\": []}"' in splash
    assert 'wrk.headers["Content-Type"] = "application/json"' in splash
    assert 'wrk.method = "GET"' in nginx and "wrk.body" not in nginx
    assert 'wrk.headers["Host"] = "localhost:8000"' in splash
    assert "CEILING" in splash and "CEILING" in nginx


def test_only_a_rate_limited_case_sends_an_address_per_request_and_only_to_splash():
    key = Case("key", "/api/lessons/1/key?token=t", forwarded=True)

    assert "X-Forwarded-For" in ceiling_report.wrk_script(key, "h", for_nginx=False)
    assert "X-Forwarded-For" not in ceiling_report.wrk_script(key, "h", for_nginx=True)
    assert "X-Forwarded-For" not in ceiling_report.wrk_script(
        Case("home", "/"), "h", for_nginx=False
    )


def test_an_order_gets_its_own_key_and_guest_address_per_request_from_splash_only():
    order = Case("order", "/api/orders", "POST", '{"email": "{key}@example.com"}', unique=True)

    script = ceiling_report.wrk_script(order, "h", for_nginx=False)
    to_nginx = ceiling_report.wrk_script(order, "h", for_nginx=True)

    assert 'wrk.headers["Idempotency-Key"] = key' in script
    assert (
        'return wrk.format(nil, nil, nil, "{\\"email\\": \\"" .. key .. "@example.com\\"}")'
        in script
    )
    assert 'thread:set("tid", threads)' in script  # wrk's threads number their keys apart
    assert "Idempotency-Key" not in to_nginx and 'wrk.method = "GET"' in to_nginx


def test_the_median_round_counts():
    rounds = [measure(900), measure(1200), measure(1000)]

    assert ceiling_report.median_measure(rounds) == measure(1000)
    assert ceiling_report.median_measure([measure(5)]) == measure(5)


def test_nginx_serves_the_files_folder_on_its_port_with_two_workers(tmp_path):
    config = ceiling_report.nginx_config(tmp_path, 20123, tmp_path / "nginx.pid")

    assert "worker_processes 2;" in config
    assert "listen 127.0.0.1:20123;" in config
    assert f"root {tmp_path}/files;" in config
    assert f"pid {tmp_path}/nginx.pid;" in config


def test_a_ratio_under_its_budget_fails_and_one_over_passes():
    budgets = {"min_ratio": {"$note": "x", "payload": 0.4, "page-api": 0.05, "absent": 1}}
    results = {
        "payload": (measure(30_000), measure(70_000)),  # 0.43x
        "page-api": (measure(370), measure(70_000)),  # 0.005x
    }

    assert ceiling_report.check(budgets, results) == ["page-api: 0.005x the ceiling < budget 0.05x"]


def test_errors_fail_whatever_the_ratio():
    results = {"key": (measure(9000, errors=12), measure(9000))}

    assert ceiling_report.check({}, results) == ["key: 12 errors (nginx 0)"]


def test_the_table_shows_both_sides_the_ratio_and_the_goal():
    results = {"home": (measure(6000, p95=13.2), measure(70_000, p95=1.2))}

    text = ceiling_report.table(results, {"home": 10})

    assert "6,000" in text and "70,000" in text and "0.086x" in text
    assert "p95 ≤ 10 ms: not met" in text


def test_a_duration_is_split_into_two_whole_second_halves():
    assert ceiling_report.halves("10s") == ("5s", "5s")
    assert ceiling_report.halves("5s") == ("2s", "3s")
    for refused in ("1s", "1m", "2.5s", "s"):
        with pytest.raises(ValueError, match="whole seconds"):
            ceiling_report.halves(refused)


def test_two_halves_combine_into_one_run():
    first, second = Measure(30_000, 2.0, 1, 1.0, 4.0), Measure(10_000, 3.0, 0, 3.0, 8.0)

    assert ceiling_report.combined(first, second) == Measure(40_000, 5.0, 1, 1.5, 5.0)


def test_the_logging_cost_is_the_share_of_req_s_the_access_log_takes():
    assert ceiling_report.logging_cost(measure(37_500), measure(50_000)) == 0.25
    assert ceiling_report.logging_cost(measure(50_000), measure(50_000)) == 0
    assert ceiling_report.logging_cost(measure(100), measure(0)) == 1


def test_the_logging_cost_is_the_median_round_s_each_measured_back_to_back():
    # The load drifted: the second round ran at half the speed, with the log and without it.
    logged = [measure(37_500), measure(15_000), measure(45_000)]
    unlogged = [measure(50_000), measure(20_000), measure(45_000)]

    quiet = ceiling_report.Unlogged.of(logged, unlogged)

    assert quiet.cost == 0.25  # rounds 0.25, 0.25 and 0 (the medians' ratio: 0.17)
    assert quiet.measure == measure(45_000)


def test_a_logging_cost_over_its_budget_fails_and_one_under_passes():
    budgets = {"max_logging_cost": {"payload": 0.15, "home": 0.15, "absent": 0.15}}
    unlogged = {
        "payload": ceiling_report.Unlogged(measure(48_000), 0.458),  # the 26,000 and 48,000
        "home": ceiling_report.Unlogged(measure(9_500, errors=2), 0.05),
    }

    assert ceiling_report.check_logging(budgets, unlogged) == [
        "payload: the access log costs 45.8% of its req/s > budget 15%",
        "home without the access log: 2 errors",
    ]


def test_the_access_log_table_shows_both_req_s_and_the_cost():
    results = {"payload": (measure(45_000), measure(70_000))}
    unlogged = {"payload": ceiling_report.Unlogged(measure(50_000), 0.1)}

    text = ceiling_report.logging_table(results, unlogged, {"payload": 0.15})

    assert "45,000" in text and "50,000" in text
    assert "10.0%" in text and "≤ 15%" in text


def test_the_budgets_file_names_only_measured_cases():
    budgets = json.loads(run.BUDGETS.read_text())["ceiling"]
    names = {"payload", "home", "product", "page-api", "variant-api", "quote", "key"}

    assert set(budgets["min_ratio"]) - {"$comment"} <= names
    assert set(budgets["goal_p95_ms"]) <= names
    assert set(budgets["max_logging_cost"]) - {"$comment"} <= names
