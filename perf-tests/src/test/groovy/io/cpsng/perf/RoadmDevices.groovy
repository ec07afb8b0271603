package io.cpsng.perf

import groovy.transform.CompileStatic

/**
 * Open-ROADM-like devices (yang/perf/roadm-devices.yang) as JSON text, generated: one device is
 * 86 data nodes (fragments): the list entry, its org-openroadm-device container and 28 degrees
 * of three nodes each (the entry, circuit-packs, connection-ports).
 */
@CompileStatic
class RoadmDevices {

    static final int DEGREES_PER_DEVICE = 28
    static final int FRAGMENTS_PER_DEVICE = 2 + 3 * DEGREES_PER_DEVICE
    static final String MODULE_NAME = 'roadm-devices'

    static String deviceId(int deviceNumber) {
        'C201-7-1A-' + deviceNumber
    }

    static String deviceXpath(int deviceNumber) {
        "/devices/device[@device-id='${deviceId(deviceNumber)}']"
    }

    /** The top container with the given devices, for a write at '/'. */
    static String devicesJson(Iterable<Integer> deviceNumbers, boolean changedLeaves = false) {
        def json = new StringBuilder('{"roadm-devices:devices":')
        appendDeviceList(json, deviceNumbers, changedLeaves)
        json.append('}').toString()
    }

    /** The device list alone, for a write under '/devices'. */
    static String deviceListJson(Iterable<Integer> deviceNumbers, boolean changedLeaves = false) {
        def json = new StringBuilder()
        appendDeviceList(json, deviceNumbers, changedLeaves)
        json.toString()
    }

    /** Device entries with nothing but their key and a new status, for updateNodeLeaves under '/devices'. */
    static String deviceStatusJson(Iterable<Integer> deviceNumbers, String status) {
        def json = new StringBuilder('{"device":[')
        deviceNumbers.eachWithIndex { Integer deviceNumber, int index ->
            json.append(index == 0 ? '' : ',').append('{"device-id":"').append(deviceId(deviceNumber))
                .append('","status":"').append(status).append('"}')
        }
        json.append(']}').toString()
    }

    private static void appendDeviceList(StringBuilder json, Iterable<Integer> deviceNumbers, boolean changedLeaves) {
        json.append('{"device":[')
        deviceNumbers.eachWithIndex { Integer deviceNumber, int index ->
            if (index > 0) {
                json.append(',')
            }
            appendDevice(json, deviceNumber, changedLeaves)
        }
        json.append(']}')
    }

    private static void appendDevice(StringBuilder json, int deviceNumber, boolean changedLeaves) {
        def state = changedLeaves ? 'outOfService' : 'inService'
        json.append('{"device-id":"').append(deviceId(deviceNumber))
            .append('","status":"').append(changedLeaves ? 'fail' : 'success')
            .append('","ne-state":"').append(state)
            .append('","org-openroadm-device":{"node-id":"').append(deviceId(deviceNumber))
            .append('","node-number":').append(deviceNumber)
            .append(',"vendor":"').append(changedLeaves ? 'vendor-b' : 'vendor-a')
            .append('","operational-state":"').append(state)
            .append('","degree":[')
        for (int degree = 1; degree <= DEGREES_PER_DEVICE; degree++) {
            def circuitPack = "${degree}/0/1-PLUG-NET"
            json.append(degree == 1 ? '' : ',')
                .append('{"degree-number":').append(degree)
                .append(',"max-wavelengths":').append(changedLeaves ? 48 : 96)
                .append(',"operational-state":"').append(state)
                .append('","circuit-packs":{"circuit-pack-name":"').append(circuitPack)
                .append('","shelf":').append(degree % 8).append(',"slot":').append(degree)
                .append('},"connection-ports":{"circuit-pack-name":"').append(circuitPack)
                .append('","port-name":"').append(changedLeaves ? 'port-b' : 'port-a')
                .append('","index":').append(deviceNumber * 100 + degree)
                .append('}}')
        }
        json.append(']}}')
    }
}
