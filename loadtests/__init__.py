"""Splash's load and speed harness: Locust runs, the nginx ceiling, Lighthouse, the scale run.

Each entry point runs from the repository root as a module (``python -m loadtests.run``,
``loadtests.ceiling``, ``loadtests.bench``, ``loadtests.scale``, ``loadtests.timing``); the
Makefile's load and bench targets call them. locustfile.py stands alone: Locust loads it by path.
"""
