package io.cpsng.cps.yang

import static io.cpsng.cps.api.model.ContentType.JSON

import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.model.DataNode
import spock.lang.Shared
import spock.lang.Specification

class PlainJsonDataSpec extends Specification {

    static final String SHOP = '''
        module shop { yang-version 1.1; namespace "urn:spec:shop"; prefix shop; revision 2026-01-01;
          typedef label { type string { length "1..8"; } }
          container shop {
            leaf name { type label; }
            list shelf { key "id floor"; leaf id { type string; } leaf floor { type int32; }
              leaf-list tags { type string; }
              leaf weight { type decimal64 { fraction-digits 2; } }
              leaf big { type uint64; }
              leaf open { type boolean; }
              leaf kind { type enumeration { enum food; enum tools; } }
              list item { key "sku"; leaf sku { type string; } leaf count { type int64; } leaf small { type int8; } }
              choice placing { case wall { leaf wall { type string; } } case floor-stand { leaf stand { type string; } } }
              container sizes { leaf width { type uint16; } }
            }
            anydata notes;
          }
          container staff { leaf lead { type string; } leaf since { type union { type int32; type string; } } }
        }
        module shop-extra { yang-version 1.1; namespace "urn:spec:shop-extra"; prefix extra; revision 2026-01-01;
          import shop { prefix shop; }
          augment "/shop:shop" { leaf owner { type string; } container till { leaf cash { type uint32; } } }
        }'''

    @Shared
    YangModel model = YangModel.parse(['shop.yang': SHOP.split('(?m)^\\s+module shop-extra')[0],
        'shop-extra.yang': 'module shop-extra' + SHOP.split('(?m)^\\s+module shop-extra')[1]], 1_000)

    @Shared
    PlainJsonData plainJsonData = new PlainJsonData(model.@modelContext, new ModuleIdentities(model.@modelContext),
        org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier.RFC7951.getShared(model.@modelContext))

    static final String PLAIN = '''{
        "shop:shop": {"name": "corner", "shelf": [
            {"id": "a", "floor": 1, "tags": ["fruit", "fresh", "fruit"], "weight": "12.50", "big": "18446744073709551615",
             "open": true, "kind": "food", "item": [{"sku": "apple", "count": "10", "small": -3}, {"sku": "pear"}],
             "sizes": {"width": 40}},
            {"floor": 2, "id": "b/c'd", "item": [{"sku": "hammer", "count": "-1"}], "sizes": {}}],
          "shop-extra:owner": "ann", "shop-extra:till": {"cash": 100}},
        "shop:staff": {"lead": "bob"}}'''

    def 'A document in plain shapes is read straight into the nodes yangtools\' parser makes of it'() {
        when:
            def plain = plainJsonData.read('/', model.@modelContext, PLAIN)
        then: 'it was read here, and the nodes are those of the full parser: xpaths, keys in key order, typed leaves, modules'
            plain != null
            normalized(plain) == normalized(model.parseData('/', PLAIN, JSON))
        and: 'the answer for the whole document is the same'
            normalized(model.parseJson('/', PLAIN)) == normalized(plain)
    }

    def 'A document with #shape is left to yangtools\' parser, which answers as it always does'() {
        given:
            def document = PLAIN.replace(original, replacement)
            assert document != PLAIN
        expect: 'the plain reader declines it'
            plainJsonData.read('/', model.@modelContext, document) == null
        and: 'the whole-document parse answers what the full parser answers: the same nodes, or the same refusal'
            outcome { model.parseJson('/', document) } == outcome { model.parseData('/', document, JSON) }
        where:
            shape                                        | original                  | replacement
            'an unprefixed top-level member'             | '"shop:staff"'            | '"staff"'
            'a member the model does not have'           | '"lead": "bob"'           | '"lead": "bob", "boss": "x"'
            'a repeated member'                          | '"lead": "bob"'           | '"lead": "bob", "lead": "al"'
            'a case of a choice'                         | '"kind": "food",'         | '"kind": "food", "wall": "north",'
            'anydata'                                    | '"shop-extra:owner"'      | '"notes": {"a": 1}, "shop-extra:owner"'
            'a union'                                    | '"lead": "bob"'           | '"lead": "bob", "since": 2020'
            'an int64 as a JSON number'                  | '"count": "10"'           | '"count": 10'
            'an int32 as a JSON string'                  | '"floor": 1,'             | '"floor": "1",'
            'a decimal64 as a JSON number'               | '"weight": "12.50"'       | '"weight": 12.5'
            'a value out of range'                       | '"small": -3'             | '"small": -300'
            'a string too long for its typedef'          | '"name": "corner"'        | '"name": "a corner shop"'
            'an unknown enum'                            | '"kind": "food"'          | '"kind": "toys"'
            'a null'                                     | '"lead": "bob"'           | '"lead": null'
            'a missing key'                              | '{"sku": "pear"}'         | '{"count": "2"}'
            'a repeated entry'                           | '{"sku": "pear"}'         | '{"sku": "apple"}'
            'a child before the entry\'s last key'       | '"id": "b/c\'d", "item": [{"sku": "hammer", "count": "-1"}]' | '"item": [{"sku": "hammer", "count": "-1"}], "id": "b/c\'d"'
            'broken JSON'                                | '"shop:staff": {'         | '"shop:staff": {{'
            'trailing content'                           | '"lead": "bob"}}'         | '"lead": "bob"}} {}'
    }

    def 'Nodes under #parent in plain shapes are read straight into the nodes yangtools\' parser makes of them'() {
        when:
            def plain = plainJsonData.read(parent, model.@schemaTree.parentOf(parent).node(), json)
        then: 'read here: the nodes of the full parser, under the parent, the top ones naming their module'
            plain != null
            normalized(plain) == normalized(model.parseData(parent, json, JSON))
            normalized(model.parseJson(parent, json)) == normalized(plain)
        where:
            parent                              | json
            '/shop'                             | '{"shop:shelf": [{"id": "x", "floor": 3, "item": [{"sku": "nail", "count": "5"}]}]}'
            '/shop'                             | '{"shop-extra:till": {"cash": 7}}'
            "/shop/shelf[@id='a' and @floor='1']" | '{"shop:item": [{"sku": "nail"}], "shop:sizes": {"width": 2}}'
    }

    def 'Nodes under #parent with #shape are left to yangtools\' parser, which answers as it always does'() {
        expect: 'the plain reader takes none of it (null, or no nodes)'
            !plainJsonData.read(parent, model.@schemaTree.parentOf(parent).node(), json)
        and: 'the parse answers what the full parser answers'
            outcome { model.parseJson(parent, json) } == outcome { model.parseData(parent, json, JSON) }
        where:
            shape                        | parent  | json
            'a leaf of the parent'       | '/shop' | '{"shop:name": "corner"}'
            'an unprefixed member'       | '/shop' | '{"shelf": [{"id": "x", "floor": 3}]}'
            'a node of another parent'   | '/shop' | '{"shop:staff": {"lead": "bob"}}'
            'no nodes at all'            | '/shop' | '{}'
    }

    static Object outcome(Closure<List<DataNode>> parse) {
        try {
            normalized(parse())
        } catch (DataValidationException refused) {
            refused.class.simpleName + ': ' + refused.details
        }
    }

    /** Each node with its leaves and its children grouped by name (the order of a list's entries kept). */
    static List<Map> normalized(Collection<DataNode> nodes) {
        nodes.sort(false) { it.xpath().replaceAll('\\[.*', '') }.collect { node ->
            [xpath: node.xpath(), module: node.module(), leaves: node.leaves(), children: normalized(node.childDataNodes())]
        }
    }
}
