package io.cpsng.cps.api.model;

/**
 * One entry of a delta report to apply, as the delta endpoints write it (either form): the action (create, remove,
 * replace), an xpath, and the source and target data, each naming its node(s): in JSON an object, e.g.
 * {"categories": [{"code": "1", "name": "Comic"}]}; in XML their elements inside one {@code <data>} element, e.g.
 * {@code <data><categories><code>1</code></categories></data>}, with or without the module's namespace. The data
 * name either the node at the xpath or children of it.
 */
public record DeltaChange(String action, String xpath, String sourceData, String targetData,
                          ContentType contentType) {
}
