"""A throwaway PostgreSQL server for the tests and the store benchmark.

``initdb`` in a temporary folder, ``pg_ctl start`` on a free loopback port, trust
authentication, no fsync (nothing here outlives the run). PostgreSQL refuses to run as root, so
as root the server runs as the ``postgres`` user (or ``nobody``) through ``runuser``.
Set ``NEWSWEAVE_TEST_POSTGRES`` to the URL of a server you run yourself to use it instead (its
user must be allowed to create databases).
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

USER = "newsweave"


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def unavailable() -> str | None:
    """Why no test server can be had here, or None."""
    try:
        import psycopg  # noqa: F401
    except ModuleNotFoundError:
        return "psycopg is not installed (pip install 'newsweave[postgres]')"
    if os.environ.get("NEWSWEAVE_TEST_POSTGRES"):
        return None
    if binaries() is None:
        return "PostgreSQL server binaries (initdb, pg_ctl) not found; install Debian's postgresql"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A running server; ``database()`` gives the URL of a new, empty database on it."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.bin: Path | None = None
        given = os.environ.get("NEWSWEAVE_TEST_POSTGRES")
        self.base = given.rstrip("/").rsplit("/", 1)[0] if given else ""
        self.admin_db = given.rstrip("/").rsplit("/", 1)[1] if given else "postgres"
        self.created: list[str] = []

    def _as_owner(self, args: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return args
        return ["runuser", "-u", self.owner, "--", *args]

    def start(self) -> Server:
        if self.base:
            return self
        self.bin = binaries()
        assert self.bin is not None
        self.folder = Path(tempfile.mkdtemp(prefix="newsweave-pg-"))
        self.owner = ""
        if os.geteuid() == 0:
            self.owner = "postgres" if _user_exists("postgres") else "nobody"
            entry = pwd.getpwnam(self.owner)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        data, log = self.folder / "data", self.folder / "server.log"
        subprocess.run(
            self._as_owner([str(self.bin / "initdb"), "-D", str(data), "-U", USER, "-A", "trust",
                            "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]),
            check=True, capture_output=True, text=True,
        )
        for _ in range(5):  # a port found free can be taken before the server binds it
            port = _free_port()
            options = (f"-c listen_addresses=127.0.0.1 -c port={port}"
                       f" -c unix_socket_directories={self.folder} -c fsync=off"
                       " -c synchronous_commit=off -c full_page_writes=off -c max_connections=100")
            started = subprocess.run(
                self._as_owner([str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(log), "-w",
                                "-t", "60", "-o", options, "start"]),
                capture_output=True, text=True,
            )
            if started.returncode == 0:
                self.base = f"postgresql://{USER}@127.0.0.1:{port}"
                atexit.register(self.stop)  # also when a run is interrupted (twice is harmless)
                return self
            time.sleep(0.2)
        raise RuntimeError(f"PostgreSQL did not start: {started.stderr}\n{log.read_text()}")

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"{self.base}/{self.admin_db}", autocommit=True) as conn:
            conn.execute(sql)

    def database(self, template: str | None = None) -> str:
        """A new database (empty, or a copy of the database at URL ``template``); its URL."""
        name = "nw_" + uuid.uuid4().hex[:12]
        source = f" TEMPLATE {template.rsplit('/', 1)[1]}" if template else ""
        self._admin(f"CREATE DATABASE {name}{source}")
        self.created.append(name)
        return f"{self.base}/{name}"

    def stop(self) -> None:
        if self.folder is None:  # a server of the user's: drop what we made there
            for name in self.created:
                self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            return
        assert self.bin is not None
        if not self.folder.exists():
            return
        subprocess.run(
            self._as_owner([str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                            "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
