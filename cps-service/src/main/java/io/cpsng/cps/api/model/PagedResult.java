package io.cpsng.cps.api.model;

import java.util.List;

/** One page of results and how many pages there are in all. */
public record PagedResult<T>(List<T> items, int totalPages) {
}
