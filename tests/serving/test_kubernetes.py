"""deploy/kubernetes/ (issue 29): every manifest valid against Kubernetes' own schemas (kubernetes-validate, offline), and
held to the rest of the setup: the probes, the image's user and port, the seal keys from a Secret, and the Ingress's
annotations the very limits of deploy/nginx.conf."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import pytest
import yaml

from service import serving
from service.core.sealing import parse_lifetime

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml"))
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()
# The oldest Kubernetes the manifests are meant for (the preStop sleep action is on by default from 1.30), and the newest known.
OLDEST = "1.30.0"

kubernetes_validate = pytest.importorskip(
    "kubernetes_validate", reason="kubernetes-validate is not installed (requirements-dev.txt pins it; make install brings it)"
)


def documents() -> list[dict[str, Any]]:
    return [document for path in MANIFESTS for document in yaml.safe_load_all(path.read_text()) if document]


def one(kind: str, name: str | None = None) -> dict[str, Any]:
    [found] = [document for document in documents() if document["kind"] == kind and name in (None, document["metadata"]["name"])]
    return found


@pytest.fixture
def no_network(monkeypatch):
    """Validation reads the schemas the package ships: any connection attempt fails the test."""

    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("kubernetes-validate tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.mark.parametrize("version", [OLDEST, kubernetes_validate.latest_version()])
def test_every_manifest_is_valid_strictly_offline(no_network, version):
    kinds = set()
    for document in documents():
        kubernetes_validate.validate(document, version, strict=True)  # raises on any error or unknown field
        kinds.add(document["kind"])
    assert kinds == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Ingress"}


def test_the_validator_does_refuse_a_wrong_manifest(no_network):
    deployment = one("Deployment")
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    broken = {**deployment, "spec": {**deployment["spec"], "template": {**deployment["spec"]["template"]}}}
    broken["spec"]["template"]["spec"] = {**deployment["spec"]["template"]["spec"], "containers": [{**container, "readinesProbe": {}}]}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, kubernetes_validate.latest_version(), strict=True)


def pod() -> dict[str, Any]:
    spec: dict[str, Any] = one("Deployment")["spec"]["template"]["spec"]
    return spec


def container() -> dict[str, Any]:
    [found] = pod()["containers"]
    return found


def test_ready_on_readyz_alive_on_healthz_on_the_images_port():
    port = re.search(r"PORT=(\d+)", (ROOT / "Dockerfile").read_text()).group(1)  # type: ignore[union-attr]
    assert [p["containerPort"] for p in container()["ports"]] == [int(port)]
    assert container()["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container()["livenessProbe"]["httpGet"]["path"] == "/healthz"


def test_resources_are_requested_and_limited():
    resources = container()["resources"]
    assert set(resources["requests"]) == set(resources["limits"]) == {"cpu", "memory"}


def test_the_seal_keys_come_from_a_secret_and_production_is_on():
    env = {item["name"]: item for item in container()["env"]}
    assert set(env["KINGS_SEAL_KEYS"]["valueFrom"]) == {"secretKeyRef"} and "value" not in env["KINGS_SEAL_KEYS"]
    assert env["KINGS_ENV"]["value"] == "production"
    assert parse_lifetime(env["KINGS_SEAL_TTL"]["value"]) == 24 * 3600  # the lifetime, in a form the service reads
    assert not any(document["kind"] == "Secret" for document in documents())  # no key is ever shipped


def test_the_pod_runs_as_the_images_user_not_root_read_only():
    user = re.findall(r"^USER (\d+):(\d+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE)[-1]
    context = pod()["securityContext"]
    assert context["runAsNonRoot"] is True and (str(context["runAsUser"]), str(context["runAsGroup"])) == user
    assert container()["securityContext"]["readOnlyRootFilesystem"] is True
    assert container()["securityContext"]["allowPrivilegeEscalation"] is False


def test_termination_waits_for_the_pause_and_the_drain():
    pause = container()["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pod()["terminationGracePeriodSeconds"] > pause + serving.graceful_timeout


def test_the_autoscaler_the_budget_and_the_service_find_the_deployment():
    deployment = one("Deployment")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    hpa = one("HorizontalPodAutoscaler")
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": deployment["metadata"]["name"]}
    [metric] = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu" and hpa["spec"]["minReplicas"] >= 2
    budget = one("PodDisruptionBudget")["spec"]
    assert budget["selector"]["matchLabels"].items() <= labels.items() and budget["maxUnavailable"] < hpa["spec"]["minReplicas"]
    assert one("Service")["spec"]["selector"].items() <= labels.items()
    for ingress in (document for document in documents() if document["kind"] == "Ingress"):
        backends = [path["backend"]["service"]["name"] for rule in ingress["spec"]["rules"] for path in rule["http"]["paths"]]
        assert backends and set(backends) == {one("Service")["metadata"]["name"]}


def nginx_limit(zone: str) -> tuple[int, int]:
    rate = re.search(rf"zone={zone}:\S+ rate=(\d+)r/s;", NGINX).group(1)  # type: ignore[union-attr]
    burst = re.search(rf"limit_req zone={zone} burst=(\d+)", NGINX).group(1)  # type: ignore[union-attr]
    return int(rate), int(burst)


@pytest.mark.parametrize(("name", "zone"), [("kings-referee", "referee_rate"), ("kings-referee-healthz", "referee_probe")])
def test_the_ingress_annotations_are_the_nginx_limits(name, zone):
    annotations = {key.removeprefix("nginx.ingress.kubernetes.io/"): value for key, value in one("Ingress", name)["metadata"]["annotations"].items()}
    rate, burst = nginx_limit(zone)
    assert int(annotations["limit-rps"]) == rate and int(annotations["limit-rps"]) * int(annotations["limit-burst-multiplier"]) == burst
    assert annotations["limit-connections"] == re.search(r"limit_conn referee_conn (\d+);", NGINX).group(1)  # type: ignore[union-attr]
    read = re.search(r"proxy_read_timeout (\d+)s;", NGINX).group(1)  # type: ignore[union-attr]
    assert annotations["proxy-read-timeout"] == read and int(read) < serving.timeout


def test_the_main_ingress_reads_bodies_whole_up_to_the_nginx_bound():
    annotations = one("Ingress", "kings-referee")["metadata"]["annotations"]
    body = re.search(r"client_max_body_size (\S+);", NGINX).group(1)  # type: ignore[union-attr]
    assert annotations["nginx.ingress.kubernetes.io/proxy-body-size"] == body
    assert annotations["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"


def test_the_healthz_ingress_is_that_path_exactly():
    [rule] = one("Ingress", "kings-referee-healthz")["spec"]["rules"]
    assert [(path["path"], path["pathType"]) for path in rule["http"]["paths"]] == [("/healthz", "Exact")]
