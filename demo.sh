#!/usr/bin/env bash
# The demo: the service on 127.0.0.1:8080 (embedded PostgreSQL, data kept in ./data/postgres) and
# the DMI plugin stub on 127.0.0.1:8783. Arguments go to the service, e.g. --server.port=9090.
# Ctrl-C stops both. The first start after a build records the start-up cache (scripts/startup-cache.sh).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/select-jdk.sh
select_jdk

./mvnw -q -DskipTests install
launch=$(scripts/startup-cache.sh cps-application/target/cps-application-exec.jar cps-application/target/startup-cache)
mapfile -t service_launch <<< "$launch"

java -jar dmi-stub/target/dmi-stub.jar --port 8783 &
stub=$!
trap 'kill "$stub" 2>/dev/null || true' EXIT
# out of memory, the process exits instead of limping on half-broken: restart it
java -XX:+ExitOnOutOfMemoryError "${service_launch[@]}" "$@"
