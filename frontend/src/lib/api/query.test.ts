import { describe, expect, test } from "vitest";
import { stringifyQuery } from "./query";

describe("stringifyQuery", () => {
  test("nested objects and arrays are written in bracket notation", () => {
    // given
    const query = { populate: { localizations: { fields: ["slug", "locale"] } } };
    // when
    const result = stringifyQuery(query);
    // then
    expect(result).toBe("populate[localizations][fields][0]=slug&populate[localizations][fields][1]=locale");
  });

  test("several top-level keys are joined with & in insertion order", () => {
    const result = stringifyQuery({ locale: "nl", filters: { slug: { $eq: "zwempak" } }, sort: ["title:asc", "id:desc"] });
    expect(result).toBe("locale=nl&filters[slug][%24eq]=zwempak&sort[0]=title%3Aasc&sort[1]=id%3Adesc");
  });

  test("arrays of objects get an index, then the object key; the operator sign $ is encoded as %24", () => {
    const result = stringifyQuery({ filters: { $or: [{ slug: "a" }, { id: 2 }] } });
    expect(result).toBe("filters[%24or][0][slug]=a&filters[%24or][1][id]=2");
  });

  test("special characters in values are percent-encoded", () => {
    const result = stringifyQuery({ q: "a&b=c d/é?#+" });
    expect(result).toBe("q=a%26b%3Dc%20d%2F%C3%A9%3F%23%2B");
  });

  test("special characters in keys are percent-encoded, top-level and nested", () => {
    const result = stringifyQuery({ "a b&c": { "x=y": "1" } });
    expect(result).toBe("a%20b%26c[x%3Dy]=1");
  });

  test("null and undefined values are skipped at every level", () => {
    const result = stringifyQuery({ a: null, b: undefined, c: { d: null, e: "kept" }, f: [undefined, "x", null] });
    expect(result).toBe("c[e]=kept&f[1]=x");
  });

  test("booleans and numbers are written as their string form", () => {
    const result = stringifyQuery({ preview: true, draft: false, page: 2, ratio: 0.5, zero: 0 });
    expect(result).toBe("preview=true&draft=false&page=2&ratio=0.5&zero=0");
  });

  test("an empty string value is kept with an empty right-hand side", () => {
    expect(stringifyQuery({ q: "" })).toBe("q=");
  });

  test("empty input gives an empty string", () => {
    expect(stringifyQuery({})).toBe("");
    expect(stringifyQuery(undefined)).toBe("");
  });

  test("a query with only skipped values gives an empty string", () => {
    expect(stringifyQuery({ a: null, b: undefined, c: {}, d: [] })).toBe("");
  });
});
