"""The video tests' media: a real small MP4 made by ffmpeg, and S3 through its real API (moto's
S3 server, started here, over real HTTP). tests/conftest.py shares the fixtures: the video and
the server are made once per run (each test reads the video, and makes a bucket of its own)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import boto3
import httpx
import pytest

from splash.academy.packaging import ffmpeg
from splash.academy.storage import S3Storage
from tests.support import free_port

ACCESS, SECRET, REGION = "AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "eu-west-1"
MP4_SECONDS = 3


@pytest.fixture(scope="session")
def mp4(tmp_path_factory) -> Path:
    """A real small video: a test picture with a tone, 3 s, 320x240."""
    path = tmp_path_factory.mktemp("source") / "zwemles.mp4"
    subprocess.run(
        [ffmpeg(), "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25",
         "-f", "lavfi", "-i", "sine=frequency=440", "-t", str(MP4_SECONDS), "-c:v", "libx264",
         "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", str(path)],
        check=True,
    )  # fmt: skip
    return path


@pytest.fixture(scope="session")
def s3_endpoint():
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url, timeout=1)
            break
        except httpx.HTTPError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("moto's S3 server did not start")
            time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def bucket(s3_endpoint):
    """A fresh bucket, and boto3 as an independent client to look into it."""
    client = boto3.client(
        "s3",
        endpoint_url=s3_endpoint,
        region_name=REGION,
        aws_access_key_id=ACCESS,
        aws_secret_access_key=SECRET,
    )
    name = f"splash-{time.monotonic_ns()}"
    client.create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": REGION})
    return name, client


def s3_storage(
    s3_endpoint: str, name: str, prefix: str = "media", list_page_size: int = 1000
) -> S3Storage:
    """Our S3 store on moto's server, in bucket ``name``."""
    return S3Storage(
        name,
        prefix,
        endpoint_url=s3_endpoint,
        region=REGION,
        access_key_id=ACCESS,
        secret_access_key=SECRET,
        base_url="https://cdn.example.com/media",
        list_page_size=list_page_size,
    )
