#!/usr/bin/env bash
# The demo: the service on 127.0.0.1:8080 (embedded PostgreSQL, data kept in ./data/postgres) and
# the DMI plugin stub on 127.0.0.1:8783. Arguments go to the service, e.g. --server.port=9090.
# Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

./mvnw -q -DskipTests install
"$java" -jar dmi-stub/target/dmi-stub.jar --port 8783 &
stub=$!
trap 'kill "$stub" 2>/dev/null || true' EXIT
"$java" -jar cps-application/target/cps-application-exec.jar "$@"
