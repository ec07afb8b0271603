package io.cpsng.dmistub

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

/** Calls a stub the way NCMP calls a DMI plugin, over HTTP. */
class DmiClient {

    final HttpClient httpClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
    final String baseUrl

    DmiClient(String baseUrl) {
        this.baseUrl = baseUrl
    }

    HttpResponse<String> health() {
        send(HttpRequest.newBuilder(URI.create("${baseUrl}/actuator/health")).GET())
    }

    HttpResponse<String> moduleReferences(String cmHandleId, String moduleSetTag = null) {
        post("/dmi/v1/ch/${cmHandleId}/modules", withTag([cmHandleProperties: [:]], moduleSetTag))
    }

    /** No modules means the request names none. */
    HttpResponse<String> moduleResources(String cmHandleId, String moduleSetTag = null, List<Map> modules = null) {
        def body = [cmHandleProperties: [:]]
        if (modules != null) {
            body.data = [modules: modules]
        }
        post("/dmi/v1/ch/${cmHandleId}/moduleResources", withTag(body, moduleSetTag))
    }

    HttpResponse<String> data(String cmHandleId, String operation, String resourceIdentifier,
                              String datastore = 'ncmp-datastore:passthrough-operational', Map extraBody = [:]) {
        def query = "resourceIdentifier=${URLEncoder.encode(resourceIdentifier, 'UTF-8')}&options=(fields%3Dname)"
        def body = [operation: operation, dataType: 'application/json', data: '{}', cmHandleProperties: [:]] + extraBody
        post("/dmi/v1/ch/${cmHandleId}/data/ds/${datastore}?${query}", body)
    }

    HttpResponse<String> get(String path) {
        send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET())
    }

    HttpResponse<String> post(String path, Map body) {
        send(HttpRequest.newBuilder(URI.create(baseUrl + path))
            .header('Content-Type', 'application/json')
            .POST(HttpRequest.BodyPublishers.ofString(JsonOutput.toJson(body))))
    }

    static Object json(HttpResponse<String> response) {
        new JsonSlurper().parseText(response.body())
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        httpClient.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString())
    }

    private static Map withTag(Map body, String moduleSetTag) {
        moduleSetTag == null ? body : body + [moduleSetTag: moduleSetTag]
    }
}
