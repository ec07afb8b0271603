package io.cpsng.cps.api.model;

/** The source text of one YANG module as stored, with the module it defines. */
public record YangResource(String fileName, ModuleReference module, String content) {
}
