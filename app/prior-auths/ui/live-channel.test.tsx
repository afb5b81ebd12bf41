/**
 * Issue 24, item 10: the first paint of a live page (server render, before the stream opens) said a
 * grey "Not connected" even with JavaScript on. It now says "Connecting…"; "Not connected" is for a
 * stream that failed.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveChannelProvider, LiveDot } from "./live-channel";

describe("LiveDot on the first paint", () => {
  it("says Connecting…, never Not connected, before the stream has had a chance to open", () => {
    const html = renderToStaticMarkup(
      <LiveChannelProvider url="/o/x/prior-auths/y/events">
        <LiveDot connected={false} />
      </LiveChannelProvider>,
    );
    expect(html).toContain("Connecting…");
    expect(html).not.toContain("Not connected");
    expect(html).toContain('data-connected="false"');
  });
});
