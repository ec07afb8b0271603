package io.cpsng.perf

import groovy.json.JsonOutput

import java.util.concurrent.ThreadLocalRandom

/** The reference's KPI suite's handles and payloads (k6-tests/ncmp in onap/cps), for the specs that use them. */
class KpiPayloads {

    static final int KPI_HANDLES = 50_000
    static final Map JOB_METADATA = [destination: 'device/managed-element-collection',
                                     dataAcceptType: 'application/json', dataContentType: 'application/merge-patch+json']

    static String alternateId(int n) {
        "/SubNetwork=Europe/SubNetwork=Ireland/MeContext=MyRadioNode${n}/ManagedElement=MyManagedElement${n}"
    }

    static int randomHandle() {
        ThreadLocalRandom.current().nextInt(1, KPI_HANDLES + 1)
    }

    /** A write data job: two operations a random alternate id, add under one child and merge under a grandchild. */
    static String jobPayload(int operations) {
        def data = []
        for (int i = 0; i < operations.intdiv(2); i++) {
            def handle = alternateId(randomHandle())
            data << [path: "${handle}/SomeChild=child-1".toString(), op: 'add', operationId: "${i}-1".toString(),
                     value: [key: "some-value-one-${i}".toString()]]
            data << [path: "${handle}/SomeChild=child-2/SomeGrandChild=grand-child-2".toString(), op: 'merge',
                     operationId: "${i}-2".toString(), value: [key: "some-value-two-${i}".toString()]]
        }
        JsonOutput.toJson([dataJobMetadata: JOB_METADATA, dataJobWriteRequest: [data: data]])
    }
}
