# Sourced by demo.sh and .ci/run: exports JAVA_HOME (and PATH) for a JDK 21 or newer, so that neither
# runs an older `java` from PATH and fails with UnsupportedClassVersionError. Keeps JAVA_HOME when it
# is new enough, otherwise takes the first one in JDK_SEARCH_DIRS (default /usr/lib/jvm/*); with none,
# says what is missing and returns 1.

java_major() {
    "$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}'
}

is_jdk_21_or_newer() {
    [ -x "$1/bin/javac" ] && [ "$(java_major "$1")" -ge 21 ] 2>/dev/null
}

select_jdk() {
    if [ -n "${JAVA_HOME:-}" ] && is_jdk_21_or_newer "$JAVA_HOME"; then
        :
    else
        local candidate found=""
        for candidate in ${JDK_SEARCH_DIRS:-/usr/lib/jvm/*}; do
            if is_jdk_21_or_newer "$candidate"; then
                found="$candidate"
                break
            fi
        done
        if [ -z "$found" ]; then
            echo "No JDK 21 or newer found: JAVA_HOME is '${JAVA_HOME:-unset}' and none in ${JDK_SEARCH_DIRS:-/usr/lib/jvm/*}." >&2
            echo "Install a JDK 21 or newer (e.g. Temurin 21) and set JAVA_HOME to it." >&2
            return 1
        fi
        export JAVA_HOME="$found"
    fi
    export PATH="$JAVA_HOME/bin:$PATH"
    echo "Using JAVA_HOME=$JAVA_HOME ($("$JAVA_HOME/bin/java" -version 2>&1 | head -1))" >&2
}
