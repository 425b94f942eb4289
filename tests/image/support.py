"""What the image tests read from the tree: docker/compose.yaml, the Dockerfile's runtime
stage and ujsond's own list of variables (its --help)."""

import json
import pathlib
import re
import shlex
import subprocess

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker" / "compose.yaml"


def load_yaml(path):
    """Every document of a YAML file, empty ones dropped."""
    with open(path, encoding="utf-8") as f:
        return [d for d in yaml.safe_load_all(f) if d is not None]


def compose_service():
    """compose.yaml's one service, ujsond, as the image tests run it."""
    services = load_yaml(COMPOSE)[0]["services"]
    if list(services) != ["ujsond"]:
        raise ValueError(f"{COMPOSE}: expected the one service 'ujsond', found {list(services)}")
    return services["ujsond"]


def compose_ports(service):
    """compose's "HOST_IP:HOST_PORT:CONTAINER_PORT" entries as (host_ip, host_port, container_port)."""
    out = []
    for p in service.get("ports", []):
        parts = str(p).split(":")
        if len(parts) != 3:
            raise ValueError(f"{COMPOSE}: port '{p}' is not HOST_IP:HOST_PORT:CONTAINER_PORT")
        out.append((parts[0], int(parts[1]), int(parts[2])))
    return out


def duration_seconds(text):
    """A ujsond duration ("30", "250ms", "10s", "2m"), in seconds; compose's "45s" too."""
    m = re.fullmatch(r"([0-9.]+)(ms|s|m)?", str(text))
    if m is None:
        raise ValueError(f"not a duration: {text!r}")
    return float(m.group(1)) * {"ms": 0.001, "s": 1, None: 1, "m": 60}[m.group(2)]


def runtime_stage():
    """The Dockerfile's last stage: its instructions (continuations joined), by keyword."""
    lines, current = [], ""
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        lines.append(current + line)
        current = ""
    stages = [[]]
    for ins in lines:
        if ins.split()[0].upper() == "FROM":
            stages.append([])
        stages[-1].append(ins)
    stage = {}
    for ins in stages[-1]:
        keyword, _, rest = ins.partition(" ")
        stage.setdefault(keyword.upper(), []).append(rest.strip())
    return stage


def image_entrypoint():
    """The path of ujsond in the image (the exec-form ENTRYPOINT)."""
    return json.loads(runtime_stage()["ENTRYPOINT"][-1])[0]


def image_env():
    """The UJSOND_* defaults the image sets (ENV K=V ...)."""
    env = {}
    for ins in runtime_stage().get("ENV", []):
        for word in shlex.split(ins):
            name, _, value = word.partition("=")
            env[name] = value
    return env


def ujsond_variables(ujsond):
    """{variable: default} as `ujsond --help` lists them."""
    text = subprocess.run([ujsond, "--help"], check=True, capture_output=True, text=True).stdout
    found = dict(re.findall(r"env (UJSOND_[A-Z_]+), default (\S+)", text))
    if len(found) < 10:
        raise ValueError(f"{ujsond} --help lists {len(found)} variables; expected them all")
    return found
