package io.cpsng.ncmp.api.model;

/** The part of a write data job one DMI plugin took for one data producer, with the id the plugin gave it. */
public record SubJobWriteResponse(String subJobId, String dmiServiceName, String dataProducerId) {
}
