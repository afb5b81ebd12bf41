import { describe, expect, it } from "vitest";
import { redactAuditPath } from "~/audit/audit-path";

describe("redactAuditPath", () => {
  it("keeps path and harmless query, replaces signatures and query secrets", () => {
    expect(redactAuditPath("/documents/doc1?expires=1700000000&signature=" + "ab".repeat(32))).toBe("/documents/doc1?expires=1700000000&signature=REDACTED");
    expect(redactAuditPath(new URL("http://h/o/x/prior-auths?q=Whit&page=2"))).toBe("/o/x/prior-auths?q=Whit&page=2");
    expect(
      redactAuditPath(
        "/f?X-Amz-Signature=s&X-Amz-Credential=c&X-Amz-Security-Token=t&access_token=a&api_key=k&key=k2&code=123456&password=p&sig=x&client_secret=cs",
      ),
    ).toBe(
      "/f?X-Amz-Signature=REDACTED&X-Amz-Credential=REDACTED&X-Amz-Security-Token=REDACTED&access_token=REDACTED&api_key=REDACTED&key=REDACTED&code=REDACTED&password=REDACTED&sig=REDACTED&client_secret=REDACTED",
    );
    expect(redactAuditPath("/plain")).toBe("/plain");
  });
});
