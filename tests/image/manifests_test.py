"""docker/compose.yaml and the Kubernetes manifests against the image and ujsond: every field
the service depends on. Debian 12 packages no schema checker that knows these manifests'
Kubernetes (its kubectl is 1.20, before native sidecars and the preStop sleep action), so
this test reads them and checks the fields ujsond needs, with ujsond's own parser for the
values: the image name, each UJSOND_* variable and value, the port, the probes, the
security context and a grace period that covers the drain.

Run by ctest (DockerManifests); UJSOND_BIN names the ujsond to ask (its --help)."""

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

from support import (COMPOSE, ROOT, compose_ports, compose_service, duration_seconds, image_entrypoint,
                     image_env, load_yaml, ujsond_variables)

UJSOND = os.environ.get("UJSOND_BIN", str(ROOT / "build" / "release" / "service" / "ujsond"))
MANIFESTS = [ROOT / "docker" / "k8s-sidecar.yaml", ROOT / "docker" / "k8s-service.yaml"]
WILDCARDS = {"0.0.0.0", "::"}


def accepted_by_ujsond(env):
    """ujsond reads its variables before its flags, so --help exits 2 on a bad value."""
    r = subprocess.run([UJSOND, "--help"], env={**os.environ, **env}, capture_output=True, text=True)
    return r.returncode == 0, r.stderr.splitlines()[0] if r.stderr else ""


class Context:
    """A container of ujsond in a Pod template, with what it runs under."""

    def __init__(self, deployment, container, defaults):
        self.deployment, self.container = deployment, container
        self.pod = deployment["spec"]["template"]["spec"]
        self.name = f"{deployment['metadata']['name']}/{container['name']}"
        self.set = {e["name"]: str(e["value"]) for e in container.get("env", [])}
        self.env = {**defaults, **image_env(), **self.set}

    def port(self, ref):
        """A probe's or Service's port: a number, or a containerPort's name."""
        for p in self.container.get("ports", []):
            if ref in (p.get("name"), p["containerPort"]):
                return p["containerPort"]
        raise AssertionError(f"{self.name}: no container port {ref!r}")


class Manifests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.defaults = ujsond_variables(UJSOND)
        cls.image = compose_service()["image"]
        cls.probe = [image_entrypoint(), "--probe"]
        cls.docs = {m.name: load_yaml(m) for m in MANIFESTS}
        cls.ujsonds = []
        for docs in cls.docs.values():
            for d in docs:
                if d["kind"] != "Deployment":
                    continue
                pod = d["spec"]["template"]["spec"]
                for c in pod.get("initContainers", []) + pod["containers"]:
                    if c["image"].split("/")[-1].startswith("ujsond"):
                        cls.ujsonds.append(Context(d, c, cls.defaults))

    def test_every_manifest_runs_the_image_make_image_builds(self):
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        self.assertIn(f"IMAGE ?= {self.image}\n", makefile)
        self.assertEqual(len(self.ujsonds), len(MANIFESTS))
        for u in self.ujsonds:
            self.assertEqual(u.container["image"], self.image, u.name)

    def test_variables_are_ones_ujsond_reads_with_values_it_accepts(self):
        for u in self.ujsonds:
            for name in u.set:
                self.assertIn(name, self.defaults, u.name)
            ok, why = accepted_by_ujsond(u.set)
            self.assertTrue(ok, f"{u.name}: {why}")

    def test_probes_reach_the_service(self):
        for u in self.ujsonds:
            probes = [u.container[k] for k in ("startupProbe", "readinessProbe", "livenessProbe") if k in u.container]
            self.assertIn("readinessProbe", u.container, u.name)
            self.assertIn("livenessProbe", u.container, u.name)
            for p in probes:
                if "exec" in p:
                    self.assertEqual(p["exec"]["command"], self.probe, u.name)
                else:
                    # The kubelet connects from outside the Pod: ujsond must listen on the
                    # Pod's address, on the port the probe names.
                    self.assertEqual(p["httpGet"]["path"], "/healthz", u.name)
                    self.assertEqual(u.port(p["httpGet"]["port"]), int(u.env["UJSOND_PORT"]), u.name)
                    self.assertIn(u.env["UJSOND_ADDRESS"], WILDCARDS, u.name)

    def test_ports_match_ujsond_port(self):
        for u in self.ujsonds:
            for p in u.container.get("ports", []):
                self.assertEqual(p["containerPort"], int(u.env["UJSOND_PORT"]), u.name)
            for c in u.pod["containers"]:
                for e in c.get("env", []):
                    if str(e.get("value", "")).startswith("http://127.0.0.1:"):
                        self.assertEqual(e["value"], f"http://127.0.0.1:{u.env['UJSOND_PORT']}", c["name"])

    def test_sidecar_is_native_and_starts_first(self):
        sidecars = [u for u in self.ujsonds if u.container in u.pod.get("initContainers", [])]
        self.assertEqual(len(sidecars), 1)
        self.assertEqual(sidecars[0].container.get("restartPolicy"), "Always")
        self.assertIn("startupProbe", sidecars[0].container)

    def test_security_context_is_non_root_read_only_without_capabilities(self):
        for u in self.ujsonds:
            pod_sc, sc = u.pod.get("securityContext", {}), u.container.get("securityContext", {})
            self.assertTrue(sc.get("runAsNonRoot", pod_sc.get("runAsNonRoot")), u.name)
            self.assertNotEqual(sc.get("runAsUser", pod_sc.get("runAsUser")), 0, u.name)
            self.assertTrue(sc.get("readOnlyRootFilesystem"), u.name)
            self.assertFalse(sc.get("allowPrivilegeEscalation", True), u.name)
            self.assertEqual(sc.get("capabilities", {}).get("drop"), ["ALL"], u.name)
            self.assertIn("limits", u.container.get("resources", {}), u.name)

    def test_grace_period_covers_the_drain(self):
        for u in self.ujsonds:
            # preStop, then SIGTERM: idle connections get the drain timeout, a request in
            # flight the read timeout, and ujsond gives itself one second more.
            pre_stop = u.container.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
            needed = (pre_stop + duration_seconds(u.env["UJSOND_DRAIN_TIMEOUT"]) +
                      duration_seconds(u.env["UJSOND_READ_TIMEOUT"]) + 1)
            self.assertGreater(u.pod["terminationGracePeriodSeconds"], needed, u.name)

    def test_schema_dir_is_a_whole_config_map_that_loads(self):
        """A ConfigMap reaches ujsond as a reload only when mounted whole (a subPath mount
        never sees an update), at UJSOND_SCHEMA_DIR; and its schemas must load."""
        with_schemas = [u for u in self.ujsonds if "UJSOND_SCHEMA_DIR" in u.set]
        self.assertTrue(with_schemas)
        for u in with_schemas:
            directory = u.set["UJSOND_SCHEMA_DIR"]
            self.assertGreater(duration_seconds(u.env["UJSOND_SCHEMA_RELOAD_INTERVAL"]), 0, u.name)
            mounts = [m for m in u.container.get("volumeMounts", []) if m["mountPath"] == directory]
            self.assertEqual(len(mounts), 1, u.name)
            self.assertNotIn("subPath", mounts[0], u.name)
            volume, = [v for v in u.pod.get("volumes", []) if v["name"] == mounts[0]["name"]]
            name = volume["configMap"]["name"]
            config_maps = [d for docs in self.docs.values() for d in docs
                           if d["kind"] == "ConfigMap" and d["metadata"]["name"] == name]
            self.assertEqual(len(config_maps), 1, f"{u.name}: no ConfigMap {name}")
            with tempfile.TemporaryDirectory() as tmp:
                for key, text in config_maps[0]["data"].items():
                    (Path(tmp) / key).write_text(text, encoding="utf-8")
                # ujsond exits 2 at once when a schema does not load; loaded, it listens until stopped.
                p = subprocess.Popen([UJSOND, "--port", "0", "--schema-dir", tmp], stderr=subprocess.PIPE, text=True)
                line = p.stderr.readline()
                p.terminate()
                p.communicate(timeout=10)
                self.assertIn('"msg":"schemas loaded"', line, f"{u.name}: {line}")
                self.assertIn(f'"schemas":{len(config_maps[0]["data"])}', line, u.name)

    def test_deployment_service_and_autoscaler_are_wired(self):
        for name, docs in self.docs.items():
            by_kind = {}
            for d in docs:
                self.assertIn("apiVersion", d, name)
                self.assertTrue(d["metadata"]["name"], name)
                by_kind.setdefault(d["kind"], []).append(d)
            for dep in by_kind.get("Deployment", []):
                labels = dep["spec"]["template"]["metadata"]["labels"]
                self.assertLessEqual(dep["spec"]["selector"]["matchLabels"].items(), labels.items(), name)
            for svc in by_kind.get("Service", []):
                targets = [u for u in self.ujsonds if svc["spec"]["selector"].items() <=
                           u.deployment["spec"]["template"]["metadata"]["labels"].items()]
                self.assertEqual(len(targets), 1, f"{name}: Service {svc['metadata']['name']} selects no ujsond")
                for p in svc["spec"]["ports"]:
                    self.assertEqual(targets[0].port(p["targetPort"]), int(targets[0].env["UJSOND_PORT"]), name)
                self.assertIn(targets[0].env["UJSOND_ADDRESS"], WILDCARDS, name)
            for hpa in by_kind.get("HorizontalPodAutoscaler", []):
                ref = hpa["spec"]["scaleTargetRef"]
                self.assertIn(ref["name"], [d["metadata"]["name"] for d in by_kind.get(ref["kind"], [])], name)
                self.assertLessEqual(hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"], name)


class Compose(unittest.TestCase):
    def setUp(self):
        self.service = compose_service()
        self.defaults = ujsond_variables(UJSOND)
        self.set = {k: str(v) for k, v in self.service.get("environment", {}).items()}
        self.env = {**self.defaults, **image_env(), **self.set}

    def test_variables_are_ones_ujsond_reads_with_values_it_accepts(self):
        for name in self.set:
            self.assertIn(name, self.defaults)
        ok, why = accepted_by_ujsond(self.set)
        self.assertTrue(ok, f"{COMPOSE}: {why}")

    def test_healthcheck_is_the_probe(self):
        self.assertEqual(self.service["healthcheck"]["test"], ["CMD"] + [image_entrypoint(), "--probe"])

    def test_port_is_ujsond_port_on_the_loopback(self):
        ports = compose_ports(self.service)
        self.assertEqual([(ip, c) for ip, _, c in ports], [("127.0.0.1", int(self.env["UJSOND_PORT"]))])
        self.assertIn(self.env["UJSOND_ADDRESS"], WILDCARDS)

    def test_read_only_without_capabilities_or_new_privileges(self):
        self.assertIs(self.service["read_only"], True)
        self.assertEqual(self.service["cap_drop"], ["ALL"])
        self.assertIn("no-new-privileges:true", self.service["security_opt"])

    def test_grace_period_covers_the_drain(self):
        needed = duration_seconds(self.env["UJSOND_DRAIN_TIMEOUT"]) + duration_seconds(self.env["UJSOND_READ_TIMEOUT"]) + 1
        self.assertGreater(duration_seconds(self.service["stop_grace_period"]), needed)


if __name__ == "__main__":
    unittest.main()
