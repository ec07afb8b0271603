package io.cpsng.cps.api.model;

/** The text format of data going in or out. */
public enum ContentType {
    JSON, XML
}
