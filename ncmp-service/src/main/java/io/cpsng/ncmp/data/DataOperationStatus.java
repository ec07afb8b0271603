package io.cpsng.ncmp.data;

/** The reference's status codes of data operation responses (its NcmpResponseStatus), sent as strings. */
enum DataOperationStatus {
    CM_HANDLES_NOT_FOUND("100", "cm handle reference(s) not found"),
    CM_HANDLES_NOT_READY("101", "cm handle(s) not ready"),
    DMI_SERVICE_NOT_RESPONDING("102", "dmi plugin service is not responding"),
    UNABLE_TO_READ_RESOURCE_DATA("103", "dmi plugin service is not able to read resource data"),
    UNKNOWN_ERROR("108", "Unknown error");

    private final String code;
    private final String message;

    DataOperationStatus(final String code, final String message) {
        this.code = code;
        this.message = message;
    }

    String code() {
        return code;
    }

    String message() {
        return message;
    }
}
