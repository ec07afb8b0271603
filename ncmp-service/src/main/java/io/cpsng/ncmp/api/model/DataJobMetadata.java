package io.cpsng.ncmp.api.model;

/** What a data job's results are for: where they go, and the media types of what is read and written. */
public record DataJobMetadata(String destination, String dataAcceptType, String dataContentType) {
}
