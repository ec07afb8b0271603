package io.cpsng.cps.tree

import static io.cpsng.cps.api.model.FetchDescendantsOption.DIRECT_CHILDREN_ONLY
import static io.cpsng.cps.api.model.FetchDescendantsOption.INCLUDE_ALL_DESCENDANTS
import static io.cpsng.cps.api.model.FetchDescendantsOption.OMIT_DESCENDANTS

import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.cps.api.model.DataNode
import io.cpsng.cps.api.model.ModuleIdentity
import io.cpsng.cps.path.CpsPathParser
import io.cpsng.cps.yang.YangModel
import spock.lang.Shared
import spock.lang.Specification

class DataTreeSpec extends Specification {

    static final String SHOP = '''
        module shop { yang-version 1.1; namespace "urn:spec:shop"; prefix shop; revision 2026-01-01;
          container shop {
            leaf name { type string; }
            list shelf { key "id"; leaf id { type string; }
              leaf floor { type int32; }
              leaf-list tags { type string; }
              leaf weight { type decimal64 { fraction-digits 2; } }
              leaf big { type uint64; }
              leaf open { type boolean; }
              list item { key "sku"; leaf sku { type string; } leaf price { type string; } leaf count { type int64; } }
            }
          }
          container staff { leaf lead { type string; } }
        }'''

    static final String DATA = '''{
        "shop:shop": {"name": "corner", "shelf": [
            {"id": "a", "floor": 1, "tags": ["fruit", "fresh"], "weight": "12.50", "big": "18446744073709551615", "open": true,
             "item": [{"sku": "apple", "price": "0.40", "count": 10}, {"sku": "pear", "price": "1.5", "count": -3}]},
            {"id": "b/c", "floor": 2, "tags": ["tools"], "open": false, "item": [{"sku": "hammer", "count": 1}]}]},
        "shop:staff": {"lead": "ann"}}'''

    static final ModuleIdentity MODULE = new ModuleIdentity('shop', 'shop', 'urn:spec:shop')
    static final String SHELF_A = "/shop/shelf[@id='a']"
    static final String SHELF_BC = "/shop/shelf[@id='b/c']"

    @Shared
    SchemaSetModel model = new SchemaSetModel(YangModel.parse(['shop.yang': SHOP], 1_000))

    @Shared
    DataTree tree = model.parseTree(DATA)

    def 'A tree read back from its bytes is the tree written, leaf types and modules too'() {
        when: 'the tree is written as bytes and read back'
            def readBack = DataTree.fromBytes(tree.toBytes())
        then: 'the nodes, their leaves with their Java types, and the top nodes\' modules are the same'
            readBack.topLevelNodes() == tree.topLevelNodes()
            def shelf = readBack.read(SHELF_A, OMIT_DESCENDANTS)[0]
            shelf.leaves() == [id: 'a', floor: 1L, tags: ['fruit', 'fresh'], weight: 12.5G, big: 18446744073709551615G, open: true]
            shelf.leaves().collectEntries { [it.key, it.value.getClass()] } == [id: String, floor: Long, tags: ArrayList,
                weight: BigDecimal, big: BigInteger, open: Boolean]
            readBack.topLevelNodes()*.module() == [MODULE, MODULE]
        and: 'a negative number survives'
            readBack.read("$SHELF_A/item[@sku='pear']", OMIT_DESCENDANTS)[0].leaves().count == -3L
        and: 'an empty tree too'
            DataTree.fromBytes(DataTree.empty().toBytes()).topLevelNodes().isEmpty()
    }

    def 'Bytes of another format are refused'() {
        when:
            DataTree.fromBytes([9, 0] as byte[])
        then:
            def refused = thrown(IllegalArgumentException)
            refused.message.contains('format 9')
    }

    def 'A read of #xpath with #descendants answers #expected'() {
        expect:
            tree.read(xpath, descendants).collect { describe(it) } == expected
        where:
            xpath                     | descendants             || expected
            '/'                       | OMIT_DESCENDANTS        || ['/shop', '/staff']
            '/'                       | DIRECT_CHILDREN_ONLY    || ["/shop($SHELF_A,$SHELF_BC)", '/staff']
            SHELF_BC                  | INCLUDE_ALL_DESCENDANTS || ["$SHELF_BC($SHELF_BC/item[@sku='hammer'])"]
            '/shop/shelf'             | OMIT_DESCENDANTS        || [SHELF_A, SHELF_BC]
            "$SHELF_A/item"           | OMIT_DESCENDANTS        || ["$SHELF_A/item[@sku='apple']", "$SHELF_A/item[@sku='pear']"]
            "/shop/shelf[@id='zz']"   | OMIT_DESCENDANTS        || []
            '/nothing'                | OMIT_DESCENDANTS        || []
            "/shop/shelf[@id='zz']/item" | OMIT_DESCENDANTS     || []
    }

    def 'Nodes read below the top name the module of the top node they are under'() {
        expect:
            tree.read("$SHELF_A/item[@sku='apple']", OMIT_DESCENDANTS)[0].module() == MODULE
            tree.read(SHELF_A, DIRECT_CHILDREN_ONLY)[0].childDataNodes()*.module() == [null, null]
    }

    def 'The cps-path #cpsPath selects #expected'() {
        expect: 'the nodes in document order, as the store\'s SQL gives them meaning'
            tree.query(CpsPathParser.parse(cpsPath), OMIT_DESCENDANTS)*.xpath() == expected
        where:
            cpsPath                                         || expected
            '/shop'                                         || ['/shop']
            '/shop/shelf'                                   || [SHELF_A, SHELF_BC]
            '//item'                                        || ["$SHELF_A/item[@sku='apple']", "$SHELF_A/item[@sku='pear']", "$SHELF_BC/item[@sku='hammer']"]
            '//shelf[@id="b/c"]/item'                       || ["$SHELF_BC/item[@sku='hammer']"]
            '/shop//item[@count=10]'                        || ["$SHELF_A/item[@sku='apple']"]
            '//item[@count>0]'                              || ["$SHELF_A/item[@sku='apple']", "$SHELF_BC/item[@sku='hammer']"]
            '//item[@price<1]'                              || ["$SHELF_A/item[@sku='apple']"]
            '//item[@price>=1.5]'                           || ["$SHELF_A/item[@sku='pear']"]
            '//shelf[@floor="2"]'                           || [SHELF_BC]
            '//shelf[@weight=12.5]'                         || [SHELF_A]
            '//shelf[@open="true"]'                         || [SHELF_A]
            '//shelf[contains(@id,"/")]'                    || [SHELF_BC]
            '//shelf/tags[text()="tools"]'                  || [SHELF_BC]
            '//shelf/floor[text()="1"]'                     || [SHELF_A]
            '//shelf[@floor=1 or @id="b/c"]'                || [SHELF_A, SHELF_BC]
            '//shelf[@floor=1 and @id="b/c"]'               || []
            '//shelf[@floor=2]/item[@sku="hammer"]'         || ["$SHELF_BC/item[@sku='hammer']"]
            '//shelf[@floor=1]/item[@sku="hammer"]'         || []
            '//item[@sku="pear"]/ancestor::shop'            || ['/shop']
            '//item[@sku="pear"]/ancestor::shelf'           || [SHELF_A]
            '//item/ancestor::shelf[@floor=2]'              || [SHELF_BC]
            '//item/ancestor::staff'                        || []
            '//shelf/item'                                  || ["$SHELF_A/item[@sku='apple']", "$SHELF_A/item[@sku='pear']", "$SHELF_BC/item[@sku='hammer']"]
            '/item'                                         || []
            '//shelf[@floor=1]/@id'                         || [SHELF_A]
    }

    def 'A query answers its nodes with the descendants asked for'() {
        expect:
            tree.query(CpsPathParser.parse('//shelf[@id="a"]'), DIRECT_CHILDREN_ONLY).collect { describe(it) } ==
                ["$SHELF_A($SHELF_A/item[@sku='apple'],$SHELF_A/item[@sku='pear'])"]
    }

    def 'A merge of a tree #kind changes the leaves named and keeps the rest, the children too; the tree it was made from is unchanged'() {
        given:
            def source = treeAs(kind)
        when:
            def merged = source.mergeLeaves(model.parse('/shop', '{"shop:shelf": [{"id": "a", "floor": 7}]}'))
        then:
            merged.read(SHELF_A, DIRECT_CHILDREN_ONLY)[0].leaves().floor == 7L
            merged.read(SHELF_A, DIRECT_CHILDREN_ONLY)[0].leaves().tags == ['fruit', 'fresh']
            merged.read(SHELF_A, DIRECT_CHILDREN_ONLY)[0].childDataNodes().size() == 2
            source.read(SHELF_A, OMIT_DESCENDANTS)[0].leaves().floor == 1L
        where:
            kind << ['made in memory', 'read from bytes']
    }

    def 'A merge of a node that is not there is refused, in a tree #kind'() {
        when:
            treeAs(kind).mergeLeaves(model.parse('/shop', '{"shop:shelf": [{"id": "zz", "floor": 7}]}'))
        then:
            def refused = thrown(IllegalArgumentException)
            refused.message == "no data node at /shop/shelf[@id='zz']"
        where:
            kind << ['made in memory', 'read from bytes']
    }

    def 'A merge made in the bytes of a stored tree (#merge) gives the tree a merge of its nodes gives'() {
        given: 'the merge\'s nodes'
            def nodes = model.parse(parent, json)
        when: 'merged into the tree in memory, and into the tree read from bytes, whose bytes are merged'
            def inMemory = tree.mergeLeaves(nodes)
            def inBytes = DataTree.fromBytes(tree.toBytes()).mergeLeaves(nodes)
        then: 'the same nodes, the same leaves in the same order, and so once written and read back'
            def merged = inBytes.topLevelNodes()
            merged == inMemory.topLevelNodes()
            merged.collect { leafOrder(it) } == inMemory.topLevelNodes().collect { leafOrder(it) }
            DataTree.fromBytes(inBytes.toBytes()).topLevelNodes() == merged
        where:
            merge                                   | parent                 | json
            'a leaf replaced'                       | '/shop'                | '{"shop:shelf": [{"id": "a", "floor": 7}]}'
            'leaves of every type, new ones too'    | '/shop'                | '{"shop:shelf": [{"id": "b/c", "tags": ["x", "tools"], "weight": "0.05", "big": "12", "open": true, "floor": -9}]}'
            'a leaf of a list entry two steps down' | SHELF_A                | '{"shop:item": [{"sku": "pear", "price": "2.0"}]}'
            'a top node\'s leaf'                    | '/'                    | '{"shop:staff": {"lead": "bob"}}'
            'two nodes'                             | '/shop'                | '{"shop:shelf": [{"id": "a", "floor": 3}, {"id": "b/c", "floor": 4}]}'
    }

    def 'Merges in the bytes leave the texts they replace unused, and the tree is written whole before they are most of it'() {
        given: 'a stored tree'
            def stored = DataTree.fromBytes(tree.toBytes())
        when: 'the price of an item is merged 1,000 times, each time a new one, the bytes set beside the tree written whole'
            def largestRatio = 0
            (1..1000).each { n ->
                stored = DataTree.fromBytes(stored.mergeLeaves(model.parse(SHELF_A, "{\"shop:item\": [{\"sku\": \"pear\", \"price\": \"${n}.5\"}]}")).toBytes())
                def wholeLength = DataTree.of(DataTree.fromBytes(stored.toBytes()).topLevelNodes()).toBytes().length
                largestRatio = Math.max(largestRatio, stored.toBytes().length / wholeLength)
            }
        then: 'the last price is there, and the bytes were never more than twice those of the tree written whole'
            stored.read("$SHELF_A/item[@sku='pear']", OMIT_DESCENDANTS)[0].leaves().price == '1000.5'
            largestRatio <= 2
    }

    def 'A put replaces a node with its descendants, or adds it under its parent'() {
        when: 'shelf a is put without items, and a new shelf is put'
            def put = tree.put('/shop', model.parse('/shop', '{"shop:shelf": [{"id": "a", "floor": 3}, {"id": "n"}]}'))
        then: 'shelf a is replaced whole, the new one added after the others'
            put.read('/shop/shelf', INCLUDE_ALL_DESCENDANTS).collect { describe(it) } == [SHELF_A, "$SHELF_BC($SHELF_BC/item[@sku='hammer'])", "/shop/shelf[@id='n']"]
            put.read(SHELF_A, OMIT_DESCENDANTS)[0].leaves() == [id: 'a', floor: 3L]
        and: 'a top-level node put at the root keeps its module'
            tree.put('/', model.parse('/', '{"shop:staff": {"lead": "bob"}}')).read('/staff', OMIT_DESCENDANTS)[0].module() == MODULE
    }

    def 'A put under a parent that is not there is refused'() {
        when:
            tree.put("/shop/shelf[@id='zz']", model.parse("/shop/shelf[@id='zz']", '{"shop:item": [{"sku": "x"}]}'))
        then:
            thrown(IllegalArgumentException)
    }

    def 'A delete removes the node, or the entries of the list it names, with their descendants; a missing one changes nothing'() {
        expect:
            tree.delete(SHELF_A).read('/shop/shelf', OMIT_DESCENDANTS)*.xpath() == [SHELF_BC]
            tree.delete("$SHELF_A/item").read(SHELF_A, DIRECT_CHILDREN_ONLY)[0].childDataNodes().isEmpty()
            tree.delete('/staff').topLevelNodes()*.xpath() == ['/shop']
            tree.delete("/shop/shelf[@id='zz']").topLevelNodes() == tree.topLevelNodes()
            tree.delete("/shop/shelf[@id='zz']/item[@sku='x']").topLevelNodes() == tree.topLevelNodes()
            tree.delete('/').topLevelNodes().isEmpty()
    }

    def 'Data the model refuses are not a tree'() {
        when:
            model.parseTree('{"shop:shop": {"shelf": [{"id": "a", "floor": "high"}]}}')
        then:
            thrown(DataValidationException)
    }

    DataTree treeAs(String kind) {
        kind == 'made in memory' ? tree : DataTree.fromBytes(tree.toBytes())
    }

    static List leafOrder(DataNode node) {
        [node.leaves().keySet() as List, node.childDataNodes().collect { leafOrder(it) }]
    }

    static String describe(DataNode node) {
        node.childDataNodes().isEmpty() ? node.xpath() : node.xpath() + '(' + node.childDataNodes().collect { describe(it) }.join(',') + ')'
    }
}
