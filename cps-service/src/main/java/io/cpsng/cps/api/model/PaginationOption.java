package io.cpsng.cps.api.model;

/** One page of anchors (pageIndex from 1) for queries across anchors; NO_PAGINATION returns all. */
public record PaginationOption(int pageIndex, int pageSize) {

    public static final PaginationOption NO_PAGINATION = new PaginationOption(1, Integer.MAX_VALUE);
}
