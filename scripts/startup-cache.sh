#!/usr/bin/env bash
# Usage: scripts/startup-cache.sh EXEC_JAR CACHE_DIR
#
# Prints, one per line, the java arguments (options, -jar, the jar) that start the service from its start-up cache,
# creating the cache first when the jar or the JDK changed (about 30 s, once per build). The cache is
# the jar extracted by Spring Boot's jar tools plus the JDK's AOT cache (JDK 25 and newer) or a CDS
# archive (JDK 21 to 24), recorded by a training run that starts the application on a fresh embedded
# database and exits once the context is refreshed. Uses JAVA_HOME's java. Progress goes to stderr; a
# failed step prints its log and exits non-zero.
set -euo pipefail
jar=$1
cache=$2
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
java_major=$("$java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
extracted_jar="$cache/app/$(basename "$jar")"

if [ "$java_major" -ge 25 ]; then
    # -AOTClassLinking: with linked classes the JDK 25 cache fails to load ("sealing violation: can't
    # seal package org.tukaani.xz"), as xz's jar is sealed; the cache still holds the loaded classes
    record_options=(-XX:AOTCacheOutput="$cache/app.aot" -XX:-AOTClassLinking)
    use_options=(-XX:AOTCache="$cache/app.aot")
else
    record_options=(-XX:ArchiveClassesAtExit="$cache/app.jsa")
    use_options=(-XX:SharedArchiveFile="$cache/app.jsa")
fi

# the cache only serves the very jar and JVM that recorded it
key="$(sha256sum "$jar" | cut -d' ' -f1) $("$java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.vm.version/ {print $2}')"
if [ "$(cat "$cache/key" 2>/dev/null)" != "$key" ]; then
    echo "Creating the start-up cache in $cache (once per build, about 30 s)..." >&2
    rm -rf "$cache"
    mkdir -p "$cache"
    "$java" -Djarmode=tools -jar "$jar" extract --destination "$cache/app" >&2
    training_data=$(mktemp -d)
    if ! "$java" "${record_options[@]}" -Dspring.context.exit=onRefresh -jar "$extracted_jar" \
        --cps.embedded-postgres.data-directory="$training_data" --server.port=0 \
        --security.auth.password=training-run --ncmp.module-sync.enabled=false > "$cache/training.log" 2>&1; then
        rm -rf "$training_data"
        tail -n 30 "$cache/training.log" >&2
        echo "The training run for the start-up cache failed; its log: $cache/training.log" >&2
        exit 1
    fi
    rm -rf "$training_data"
    echo "$key" > "$cache/key"
    echo "Start-up cache ready." >&2
fi
printf "%s\n" "${use_options[@]}" -jar "$extracted_jar"
