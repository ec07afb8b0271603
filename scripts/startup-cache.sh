#!/usr/bin/env bash
# Usage: scripts/startup-cache.sh EXEC_JAR CACHE_DIR
#
# Prints, one per line, the java arguments (options, -jar, the jar) that start the service from its start-up
# cache (ADR 0020): the jar extracted by Spring Boot's jar tools, again only when the jar changed, and a CDS
# archive of the classes a start loads, which the JVM writes when the service stops and starts from after that
# (-XX:+AutoCreateSharedArchive: it writes the archive again when the jar or the JDK changed). The first start
# after a build runs without the archive. docker-compose.yml extracts with this script too. Uses JAVA_HOME's
# java. Progress goes to stderr.
set -euo pipefail
jar=$1
cache=$2
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
extracted_jar="$cache/app/$(basename "$jar")"

key="$(sha256sum "$jar" | cut -d' ' -f1)"
if [ "$(cat "$cache/key" 2>/dev/null)" != "$key" ]; then
    echo "Extracting the service jar into $cache/app..." >&2
    # the folder's content, not the folder: in docker-compose it is a volume's mount point
    mkdir -p "$cache"
    rm -rf "$cache/app" "$cache/app.jsa" "$cache/key"
    "$java" -Djarmode=tools -jar "$jar" extract --destination "$cache/app" >&2
    echo "$key" > "$cache/key"
fi
printf "%s\n" -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile="$cache/app.jsa" -jar "$extracted_jar"
