package io.cpsng.perf

import groovy.transform.CompileStatic

/** A list of small entries (yang/perf/flat-list.yang) as JSON text: /flat/entry[@id='n']. */
@CompileStatic
class FlatList {

    static final String MODULE_NAME = 'flat-list'

    static String entryXpath(int id) {
        "/flat/entry[@id='${id}']"
    }

    /** The top container holding entries 1..size, for a save at '/'. */
    static String flatListJson(int size) {
        def json = new StringBuilder(size * 48).append('{"flat-list:flat":{"entry":[')
        for (int id = 1; id <= size; id++) {
            json.append(id == 1 ? '' : ',')
            appendEntry(json, id, 'entry-' + id, id)
        }
        json.append(']}}').toString()
    }

    /** Entries with the given ids as list entries, for a save under '/flat'. */
    static String entriesJson(IntRange ids) {
        def json = new StringBuilder(ids.size() * 48).append('{"entry":[')
        for (int id : ids) {
            json.append(id == ids.from ? '' : ',')
            appendEntry(json, id, 'entry-' + id, id)
        }
        json.append(']}').toString()
    }

    /** One entry with new leaf values, for a replace under '/flat'. */
    static String replacedEntryJson(int id) {
        def json = new StringBuilder('{"entry":[')
        appendEntry(json, id, 'replaced-' + id, -id)
        json.append(']}').toString()
    }

    /** The same entry's leaves as the store holds them, for a replace by one statement. */
    static String replacedEntryLeavesJson(int id) {
        def json = new StringBuilder()
        appendEntry(json, id, 'replaced-' + id, -id)
        json.toString()
    }

    private static void appendEntry(StringBuilder json, int id, String name, int value) {
        json.append('{"id":').append(id).append(',"name":"').append(name).append('","value":').append(value).append('}')
    }
}
