# Sourced by .ci/run: prints the failed tests of the last build, each with the start of its report, so that the
# end of the output (all a CI summary may keep) names what failed and why.

print_test_failures() {
    local report
    for report in */target/surefire-reports/*.txt */target/failsafe-reports/*.txt; do
        [ -f "$report" ] || continue
        if grep -q "<<< \(FAILURE\|ERROR\)!" "$report"; then
            echo "==== failed: ${report}"
            grep -v "^\s*at \|^\s*\.\.\. [0-9]* more" "$report" | head -n 40
        fi
    done
}
