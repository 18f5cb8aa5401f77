#!/usr/bin/env bash
# Checks deploy/ with what this machine has (it runs no container runtime, so the image itself is
# not built here):
#   1. the Kubernetes manifests (deploy/k8s/) parse as Kubernetes objects (kubectl, offline:
#      `kubectl apply --dry-run=client` needs a cluster's API discovery, which CI has not) and
#      validate against Kubernetes 1.37's schemas, unknown fields refused (kubernetes-validate
#      --strict, from the pinned .venv);
#   2. HAProxy's configuration (deploy/haproxy/haproxy.cfg) parses (haproxy -c);
#   3. the reckon command lines of the Containerfile (ENTRYPOINT + CMD) and of the Deployment
#      (args) start the given binary: on a free loopback port instead of 0.0.0.0:8080 and with a
#      token file of this run instead of the mounted Secret, each must answer /healthz, refuse
#      an execute without the token (401) and answer it with the token, then drain on SIGTERM
#      (/healthz 503) and exit 0.
# Usage: scripts/deploy-check.sh [BIN]   (default target/release/reckon)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/reckon}

echo "-- the manifests: kubectl (offline) and kubernetes-validate --strict"
if command -v kubectl > /dev/null; then
  kubectl label --local -f deploy/k8s/ checked=yes -o name
else
  echo "kubectl not found: skipped its parse (kubernetes-validate still runs)"
fi
.venv/bin/kubernetes-validate --strict --quiet deploy/k8s/*.yaml
echo "-- HAProxy's configuration"
RECKON_LB_ADDR=127.0.0.1:1 RECKON_LB_STATS=/tmp/unused.sock RECKON_REPLICA_1=127.0.0.1:2 \
  RECKON_REPLICA_2=127.0.0.1:3 RECKON_REPLICA_3=127.0.0.1:4 haproxy -c -q -f deploy/haproxy/haproxy.cfg

echo "-- the command lines of the Containerfile and the Deployment, run"
work=$(mktemp -d)
server=""
trap 'if [ -n "$server" ]; then kill -KILL "$server" 2> /dev/null || true; fi; rm -rf "$work"' EXIT
printf 'deploy-check-%s\n' "$RANDOM$RANDOM" > "$work/token"
.venv/bin/python - deploy/Containerfile deploy/k8s/deployment.yaml "$work" <<'PY'
# Writes one command line per file ($work/container.args, $work/deployment.args), NUL-separated,
# with the listen address and the token path replaced by this run's.
import json, re, sys, yaml
containerfile, deployment, work = sys.argv[1:]
text = open(containerfile).read()
entry = json.loads(re.search(r"^ENTRYPOINT (\[.*\])$", text, re.M).group(1))
cmd = json.loads(re.search(r"^CMD (\[.*\])$", text, re.M).group(1))
assert entry[:2] == ["/reckon", "serve"], entry
(container,) = yaml.safe_load(open(deployment))["spec"]["template"]["spec"]["containers"]
def local(args):
    out = []
    for a in args:
        a = a.replace("0.0.0.0:8080", "127.0.0.1:PORT").replace("/run/secrets/reckon/token", f"{work}/token")
        out.append(a)
    return out
open(f"{work}/container.args", "w").write("\0".join(local(cmd)))
open(f"{work}/deployment.args", "w").write("\0".join(local(container["args"])))
PY
for which in container deployment; do
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mapfile -d '' args < "$work/$which.args"
  args=("${args[@]//PORT/$port}")
  "$bin" serve "${args[@]}" 2> "$work/$which.log" &
  server=$!
  url="http://127.0.0.1:$port"
  for _ in $(seq 300); do curl -sf "$url/healthz" > /dev/null 2>&1 && break; sleep 0.1; done
  execute() { curl -s -o /dev/null -w '%{http_code}' "$url/v1/tools/calculate/versions/1.0.0/execute" \
    -H 'content-type: application/json' -d '{"expression": "1 + 1"}' "$@"; }
  health=$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz" || true)
  anonymous=$(execute || true)
  authorized=$(execute -H "authorization: Bearer $(cat "$work/token")" || true)
  kill -TERM "$server"
  draining=000
  for _ in $(seq 50); do
    draining=$(curl -s -o /dev/null -w '%{http_code}' "$url/healthz" || true)
    [ "$draining" = 503 ] && break
    sleep 0.1
  done
  rc=0; wait "$server" || rc=$?
  server=""
  echo "$which: reckon serve ${args[*]}: /healthz $health, execute without the token $anonymous, with it $authorized; after SIGTERM /healthz $draining; exit status $rc"
  if [ "$health" != 200 ] || [ "$anonymous" != 401 ] || [ "$authorized" != 200 ] || [ "$draining" != 503 ] || [ "$rc" != 0 ]; then
    cat "$work/$which.log"
    echo "FAIL: the $which's command line"
    exit 1
  fi
done
