import { describe, expect, test } from "vitest";
import { payloadUrl, readInlinePayload } from "./payload";

function documentWith(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html");
}

describe("payloadUrl", () => {
  test.each([
    ["/", "/_payload/index.json"],
    ["", "/_payload/index.json"],
    ["//", "/_payload/index.json"],
    ["/winkelmand", "/_payload/winkelmand.json"],
    ["/a/b", "/_payload/a/b.json"],
    ["/a/b/", "/_payload/a/b.json"],
    ["/shop/zwempak//", "/_payload/shop/zwempak.json"],
  ])("%j → %s", (pathname, expected) => {
    expect(payloadUrl(pathname)).toBe(expected);
  });
});

describe("readInlinePayload", () => {
  test("reads the JSON of #splash-payload", () => {
    // given
    const payload = { status: 200, locale: "nl", route: { name: "home", kind: "page", path: "/", params: {} } };
    const doc = documentWith(`<script id="splash-payload" type="application/json">${JSON.stringify(payload)}</script>`);
    // when
    const result = readInlinePayload(doc);
    // then
    expect(result).toEqual(payload);
  });

  test("throws when the document has no #splash-payload element", () => {
    expect(() => readInlinePayload(documentWith("<main></main>"))).toThrow("The page has no inline payload");
  });

  test("throws when #splash-payload is empty", () => {
    const doc = documentWith('<script id="splash-payload" type="application/json"></script>');
    expect(() => readInlinePayload(doc)).toThrow("The page has no inline payload");
  });

  test("throws on invalid JSON", () => {
    const doc = documentWith('<script id="splash-payload" type="application/json">{"status":</script>');
    expect(() => readInlinePayload(doc)).toThrow(SyntaxError);
  });
});
