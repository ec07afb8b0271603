package io.cpsng.ncmp.registration

import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import spock.lang.Specification

class HandleChangesSpec extends Specification {

    def registered = new CmHandle('ch-1', 'http://dmi', null, null, [secret: 'a', region: 'x'], [Color: 'red'],
        'tag-1', '/A=1', 'producer-1', 'COMPLETE', null)

    def 'A created handle takes the request\'s plugins and leaves out properties mapped to null'() {
        given: 'a registration with a data and a model plugin, and a handle with a null property'
            def registration = new DmiPluginRegistration('http://dmi', 'http://data', 'http://model', null, null,
                [], [], [], null)
            def requested = new CmHandle('ch-2', null, null, null, [secret: 'a', gone: null], [Color: null], 'tag',
                '/A=2', 'producer', 'PARTIAL', null)
        when: 'the handle to insert is made'
            def advised = HandleChanges.advised(requested, registration)
        then: 'it names the request\'s plugins'
            [advised.dmiServiceName(), advised.dmiDataServiceName(), advised.dmiModelServiceName()] ==
                ['http://dmi', 'http://data', 'http://model']
        and: 'its properties are those with a value'
            advised.additionalProperties() == [secret: 'a']
            advised.publicProperties() == [:]
        and: 'the rest is as requested'
            [advised.id(), advised.moduleSetTag(), advised.alternateId(), advised.dataProducerIdentifier(),
             advised.trustLevel()] == ['ch-2', 'tag', '/A=2', 'producer', 'PARTIAL']
    }

    def 'An update #scenario'() {
        given: 'an update of the registered handle'
            def update = new CmHandle('ch-1', null, null, null, additional, public_, null, '/B=9', producer, null, null)
        when: 'it is merged into the registered handle'
            def merged = HandleChanges.merged(registered, update, requestedTrustLevel)
        then: 'the properties, producer and trust level are as expected'
            merged.additionalProperties() == expectedAdditional
            merged.publicProperties() == expectedPublic
            merged.dataProducerIdentifier() == expectedProducer
            merged.trustLevel() == requestedTrustLevel
        and: 'the alternate id, plugin and tag stay as registered'
            [merged.alternateId(), merged.dmiServiceName(), merged.moduleSetTag()] == ['/A=1', 'http://dmi', 'tag-1']
        where:
            scenario                               | additional        | public_           | producer | requestedTrustLevel || expectedAdditional             | expectedPublic              | expectedProducer
            'adds and changes properties'          | [region: 'y']     | [Shape: 'round']  | null     | null                || [secret: 'a', region: 'y']     | [Color: 'red', Shape: 'round'] | 'producer-1'
            'removes properties mapped to null'    | [secret: null]    | [Color: null]     | null     | null                || [region: 'x']                  | [:]                         | 'producer-1'
            'keeps a producer already set'         | [:]               | [:]               | 'other'  | null                || [secret: 'a', region: 'x']     | [Color: 'red']              | 'producer-1'
            'takes the trust level it names'       | [:]               | [:]               | null     | 'NONE'              || [secret: 'a', region: 'x']     | [Color: 'red']              | 'producer-1'
    }

    def 'An update gives a producer to a handle that had none'() {
        given: 'a handle registered without a producer'
            def withoutProducer = new CmHandle('ch-3', 'http://dmi', null, null, [:], [:], '', null, '', null, null)
        expect: 'the update\'s producer is taken'
            HandleChanges.merged(withoutProducer, new CmHandle('ch-3', null, null, null, [:], [:], null, null,
                'producer-3', null, null), null).dataProducerIdentifier() == 'producer-3'
    }
}
