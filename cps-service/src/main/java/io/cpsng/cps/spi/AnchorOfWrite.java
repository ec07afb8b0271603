package io.cpsng.cps.spi;

/**
 * What a write needs of its anchor before it parses its data, found in one look-up.
 *
 * @param schemaSet  the schema set the data are validated against
 * @param subscribed whether the anchor's writes are told (its events lock then held until commit)
 */
public record AnchorOfWrite(SchemaSetIdentity schemaSet, boolean subscribed) {
}
