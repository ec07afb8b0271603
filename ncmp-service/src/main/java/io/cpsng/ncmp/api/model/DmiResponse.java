package io.cpsng.ncmp.api.model;

/** A DMI plugin's answer as it came: the status and the body text. */
public record DmiResponse(int status, String body) {

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }
}
