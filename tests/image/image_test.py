"""`make image-test`: the built image, run as its users run it (docker/compose.yaml's
settings), checked from outside: its own HEALTHCHECK reports healthy, every endpoint
answers, the process is a non-root user with a read-only root file system and no
capabilities, UJSOND_* variables configure it, and `stop` drains it: a request in flight
is answered and it exits 0 within the grace period.

The engine is scripts/image-engine's (docker, else podman). The process is read through the
host's /proc, so the engine must run containers on this machine. IMAGE names the image."""

import http.client
import json
import os
import pathlib
import shlex
import socket
import subprocess
import tarfile
import tempfile
import time
import unittest

from support import ROOT, compose_ports, compose_service, duration_seconds

IMAGE = os.environ.get("IMAGE", "ujsond:latest")
MAX_IMAGE_BYTES = 30 * 1000 * 1000


def engine_words(verb=None):
    args = [str(ROOT / "scripts" / "image-engine")] + ([verb] if verb else [])
    return shlex.split(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


ENGINE = engine_words()
RUN = engine_words("run")
PODMAN = pathlib.Path(ENGINE[0]).name == "podman"


def engine(*args, timeout=120, check=True):
    r = subprocess.run(ENGINE + list(args), capture_output=True, text=True, timeout=timeout)
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(ENGINE + list(args))} exited {r.returncode}: {r.stderr.strip()}")
    return r


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# compose.yaml keys and how `run` takes them; the healthcheck is the image's own (checked
# equal below), build and image are how the image is made and named.
def compose_run_args(service, host_port, container_port):
    known = {"build", "image", "ports", "environment", "healthcheck", "stop_grace_period", "read_only", "cap_drop",
             "security_opt", "restart"}
    unknown = set(service) - known
    if unknown:
        raise ValueError(f"compose.yaml sets {sorted(unknown)}, which image_test.py does not apply; teach it")
    args = ["--read-only"] if service.get("read_only") else []
    args += [a for cap in service.get("cap_drop", []) for a in ("--cap-drop", cap)]
    args += [a for opt in service.get("security_opt", []) for a in ("--security-opt", opt)]
    if "restart" in service:
        args += ["--restart", service["restart"]]
    (host_ip, _, _), = compose_ports(service)
    args += ["-p", f"{host_ip}:{host_port}:{container_port}"]
    return args


class Container:
    """One `run -d` of the image with compose's settings, `env` over compose's environment."""

    def __init__(self, label, env=None):
        self.service = compose_service()
        self.env = {k: str(v) for k, v in self.service.get("environment", {}).items()}
        self.env.update(env or {})
        (_, _, compose_port), = compose_ports(self.service)
        self.container_port = int(self.env.get("UJSOND_PORT", compose_port))
        self.port = free_port()  # compose's 8080 may be a `make run` of someone's
        self.name = f"ujsond-image-test-{os.getpid()}-{label}"
        self.grace = int(duration_seconds(self.service["stop_grace_period"]))
        args = compose_run_args(self.service, self.port, self.container_port)
        args += [a for k, v in self.env.items() for a in ("-e", f"{k}={v}")]
        r = subprocess.run(RUN + ["-d", "--name", self.name] + args + [IMAGE], capture_output=True, text=True,
                           timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"run {IMAGE} exited {r.returncode}: {r.stderr.strip()}")

    def inspect(self):
        return json.loads(engine("inspect", self.name).stdout)[0]

    def logs(self):
        r = engine("logs", self.name)
        return r.stdout + r.stderr

    def wait_healthy(self, seconds=60):
        """Until the image's HEALTHCHECK reports healthy. Podman runs it from systemd timers,
        which machines without systemd lack, so here it is run as the timer would run it."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if PODMAN:
                engine("healthcheck", "run", self.name, check=False)
            health = self.inspect()["State"].get("Health") or {}
            if health.get("Status") == "healthy":
                return health
            time.sleep(0.5)
        raise AssertionError(f"{self.name} not healthy within {seconds} s: {health}\n{self.logs()}")

    def request(self, method, path, body=None, content_type="application/json"):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request(method, path, body=body, headers={"Content-Type": content_type} if body else {})
            r = conn.getresponse()
            return r.status, r.read().decode()
        finally:
            conn.close()

    def process_status(self):
        """/proc/PID/status of ujsond, read on the host."""
        pid = self.inspect()["State"]["Pid"]
        fields = (line.split(":", 1) for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines())
        return {k: v.split() for k, v in fields}, pid

    def remove(self):
        engine("rm", "-f", self.name, check=False)


class Image(unittest.TestCase):
    """The built image itself."""

    @classmethod
    def setUpClass(cls):
        r = engine("image", "inspect", IMAGE, check=False)
        if r.returncode != 0:
            raise RuntimeError(f"no image {IMAGE}: run `make image` first ({r.stderr.strip()})")
        cls.image = json.loads(r.stdout)[0]

    def test_at_most_30_mb(self):
        print(f"\n  {IMAGE}: {self.image['Size']:,} bytes", end=" ")
        self.assertLessEqual(self.image["Size"], MAX_IMAGE_BYTES)

    def test_user_port_and_healthcheck(self):
        config = self.image["Config"]
        self.assertRegex(config["User"], r"^[1-9][0-9]*:[1-9][0-9]*$")
        (_, _, container_port), = compose_ports(compose_service())
        self.assertIn(f"{container_port}/tcp", config["ExposedPorts"])
        # podman keeps it beside Config; docker inside it.
        healthcheck = self.image.get("Healthcheck") or config.get("Healthcheck")
        self.assertEqual(healthcheck["Test"], compose_service()["healthcheck"]["test"])
        self.assertEqual(config["Entrypoint"], healthcheck["Test"][1:2])

    def test_root_file_system_is_ujsond_and_its_user(self):
        created = engine("create", IMAGE).stdout.strip()
        try:
            with tempfile.TemporaryFile() as f:
                subprocess.run(ENGINE + ["export", created], stdout=f, check=True, timeout=120)
                f.seek(0)
                with tarfile.open(fileobj=f) as tar:
                    files = sorted(m.name for m in tar.getmembers() if not m.isdir())
        finally:
            engine("rm", created, check=False)
        self.assertEqual(files, ["etc/group", "etc/passwd", "usr/local/bin/ujsond"])


class Serving(unittest.TestCase):
    """A container as compose runs it."""

    @classmethod
    def setUpClass(cls):
        cls.c = Container("serving")
        cls.addClassCleanup(cls.c.remove)
        cls.health = cls.c.wait_healthy()

    def test_healthy_by_its_own_healthcheck(self):
        self.assertEqual(self.health["Status"], "healthy")
        self.assertEqual(self.health["Log"][-1]["ExitCode"], 0)

    def test_every_endpoint_answers(self):
        c = self.c
        self.assertEqual(c.request("POST", "/validate", '{"a": [1, 2.5]}'), (200, '{"valid":true}'))
        status, body = c.request("POST", "/validate", "[1, 2")
        self.assertEqual(status, 422)
        self.assertFalse(json.loads(body)["valid"])
        self.assertEqual(c.request("POST", "/decode", '{"a": 1, "a": 2, "s": "caf\\u00e9"}'),
                         (200, '{"a":2,"s":"café"}'))
        self.assertEqual(c.request("POST", "/encode?sort_keys=true", '{"b": [1], "a": "x/y"}'),
                         (200, '{"a":"x\\/y","b":[1]}'))
        self.assertEqual(c.request("GET", "/healthz"), (200, '{"status":"ok"}'))
        status, metrics = c.request("GET", "/metrics")
        self.assertEqual(status, 200)
        self.assertRegex(metrics, r'ujsond_requests_total\{endpoint="decode",status="200"\} [1-9]')

    def test_runs_as_non_root(self):
        status, pid = self.c.process_status()
        self.assertEqual(status["Uid"], ["10001"] * 4, f"pid {pid}")
        self.assertEqual(status["Gid"], ["10001"] * 4, f"pid {pid}")

    def test_no_capabilities_and_no_new_privileges(self):
        status, pid = self.c.process_status()
        for caps in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
            self.assertEqual(int(status[caps][0], 16), 0, f"{caps} of pid {pid}")
        self.assertEqual(status["NoNewPrivs"], ["1"])

    def test_root_file_system_is_read_only(self):
        pid = self.c.inspect()["State"]["Pid"]
        for line in pathlib.Path(f"/proc/{pid}/mountinfo").read_text().splitlines():
            fields = line.split()
            if fields[4] == "/":
                self.assertIn("ro", fields[5].split(","), line)
                break
        else:
            self.fail(f"pid {pid} has no / mount")

    def test_configured_by_compose_environment(self):
        listening = next(json.loads(l) for l in self.c.logs().splitlines() if '"msg":"listening"' in l)
        self.assertEqual(listening["threads"], int(self.c.env["UJSOND_THREADS"]))


class Configured(unittest.TestCase):
    """UJSOND_* variables over compose's: another port, a small body limit, no access log."""

    @classmethod
    def setUpClass(cls):
        cls.c = Container("configured", {"UJSOND_PORT": "9090", "UJSOND_MAX_BODY": "1KiB",
                                         "UJSOND_ACCESS_LOG": "false"})
        cls.addClassCleanup(cls.c.remove)
        cls.c.wait_healthy()  # the probe, too, follows UJSOND_PORT

    def test_max_body(self):
        self.assertEqual(self.c.request("POST", "/validate", "[" + "1," * 400 + "1]")[0], 200)
        status, body = self.c.request("POST", "/validate", "[" + "1," * 600 + "1]")
        self.assertEqual(status, 413)
        self.assertEqual(json.loads(body)["error"]["code"], "body_too_large")

    def test_access_log_off(self):
        self.c.request("GET", "/healthz")
        self.assertNotIn('"target"', self.c.logs())


class Stopping(unittest.TestCase):
    """`stop` with a request half sent: it is answered, and ujsond exits 0 in time."""

    def setUp(self):
        self.c = Container("stopping")
        self.addCleanup(self.c.remove)
        self.c.wait_healthy()

    def test_stop_answers_the_request_in_flight_and_exits_0(self):
        body = json.dumps({"items": list(range(200))}).encode()
        head = (f"POST /decode HTTP/1.1\r\nHost: ujsond\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", self.c.port), timeout=15) as s:
            s.sendall(head + body[:100])
            time.sleep(0.5)  # the request has started when the stop comes
            started = time.monotonic()
            stop = subprocess.Popen(ENGINE + ["stop", "-t", str(self.c.grace), self.c.name], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            deadline = time.monotonic() + 10
            while '"msg":"draining"' not in self.c.logs():
                self.assertLess(time.monotonic(), deadline, "no drain began")
                time.sleep(0.2)
            s.sendall(body[100:])
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
        _, stop_errors = stop.communicate(timeout=self.c.grace + 30)
        elapsed = time.monotonic() - started
        self.assertEqual(stop.returncode, 0, stop_errors)
        head_text, _, got = answer.partition(b"\r\n\r\n")
        self.assertTrue(head_text.startswith(b"HTTP/1.1 200 "), answer[:200])
        self.assertIn(b"connection: close", head_text.lower())
        self.assertEqual(json.loads(got), json.loads(body))
        state = self.c.inspect()["State"]
        self.assertEqual(state["ExitCode"], 0, state)
        self.assertFalse(state["Running"])
        self.assertLess(elapsed, self.c.grace)
        self.assertIn('"msg":"stopped","connections_left":0', self.c.logs())
        print(f"\n  drained and exited 0 in {elapsed:.1f} s (grace {self.c.grace} s)", end=" ")


if __name__ == "__main__":
    unittest.main(verbosity=2)
