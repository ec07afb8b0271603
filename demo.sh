#!/usr/bin/env bash
# The demo: the service on 127.0.0.1:8080 (embedded PostgreSQL, data kept in ./data/postgres), a one-node Kafka
# on 127.0.0.1:9092 (data kept in ./data/kafka; not started when SPRING_KAFKA_BOOTSTRAP_SERVERS names one) and the
# DMI plugin stub on 127.0.0.1:8783, sending its results and notifications to that Kafka. Arguments go to the
# service, e.g. --server.port=9090. Ctrl-C stops them all. The first start after a build extracts the jar and runs
# without the class archive, which the JVM writes when the service stops (scripts/startup-cache.sh).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/select-jdk.sh
select_jdk

# build only when a source or pom is newer than the jars (a start on an unchanged tree takes seconds)
service_jar=cps-application/target/cps-application-exec.jar
stub_jar=dmi-stub/target/dmi-stub.jar
kafka_jar=demo-kafka/target/demo-kafka.jar
if [ ! -f "$service_jar" ] || [ ! -f "$stub_jar" ] || [ ! -f "$kafka_jar" ] \
    || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$stub_jar" -print -quit 2>/dev/null)" ] \
    || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$service_jar" -print -quit 2>/dev/null)" ]; then
    echo "Building (sources changed since the last build)..."
    ./mvnw -q -DskipTests install
fi
launch=$(scripts/startup-cache.sh "$service_jar" cps-application/target/startup-cache)
mapfile -t service_launch <<< "$launch"

children=()
trap 'kill "${children[@]}" 2>/dev/null || true; wait' EXIT
if [ -z "${SPRING_KAFKA_BOOTSTRAP_SERVERS:-}" ]; then
    mkdir -p data
    java -Xmx512m -jar "$kafka_jar" --data-directory data/kafka --port 9092 > data/kafka.log 2>&1 &
    children+=($!)
    for _ in $(seq 1 120); do
        (exec 3<>/dev/tcp/127.0.0.1/9092) 2>/dev/null && break
        kill -0 "${children[0]}" 2>/dev/null || { echo "Kafka did not start: see data/kafka.log" >&2; exit 1; }
        sleep 0.5
    done
    export SPRING_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:9092
    echo "Kafka on $SPRING_KAFKA_BOOTSTRAP_SERVERS (data in data/kafka, log in data/kafka.log)"
fi
# the stub's device heartbeats (ch-1..ch-10, once a second) drop every handle's trust level to NONE for a second in ten
java -jar "$stub_jar" --port 8783 --kafka-bootstrap-servers "$SPRING_KAFKA_BOOTSTRAP_SERVERS" --heartbeats-per-second 10 &
children+=($!)
# CM data job subscriptions, off by default as in the reference: the stub answers them (docs/events.md)
export NCMP_DATAJOB_SUBSCRIPTION_ENABLED="${NCMP_DATAJOB_SUBSCRIPTION_ENABLED:-true}"
# out of memory, the process exits instead of limping on half-broken: restart it
java -XX:+ExitOnOutOfMemoryError "${service_launch[@]}" "$@"
