#!/usr/bin/env bash
# The demo: the service on 127.0.0.1:8080 (embedded PostgreSQL, data kept in ./data/postgres) and
# the DMI plugin stub on 127.0.0.1:8783. Arguments go to the service, e.g. --server.port=9090.
# Ctrl-C stops both. The first start after a build records the start-up cache (scripts/startup-cache.sh).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/select-jdk.sh
select_jdk

# build only when a source or pom is newer than the jars (a start on an unchanged tree takes seconds)
service_jar=cps-application/target/cps-application-exec.jar
stub_jar=dmi-stub/target/dmi-stub.jar
if [ ! -f "$service_jar" ] || [ ! -f "$stub_jar" ] \
    || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$stub_jar" -print -quit 2>/dev/null)" ] \
    || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$service_jar" -print -quit 2>/dev/null)" ]; then
    echo "Building (sources changed since the last build)..."
    ./mvnw -q -DskipTests install
fi
launch=$(scripts/startup-cache.sh "$service_jar" cps-application/target/startup-cache)
mapfile -t service_launch <<< "$launch"

java -jar "$stub_jar" --port 8783 &
stub=$!
trap 'kill "$stub" 2>/dev/null || true' EXIT
# out of memory, the process exits instead of limping on half-broken: restart it
java -XX:+ExitOnOutOfMemoryError "${service_launch[@]}" "$@"
