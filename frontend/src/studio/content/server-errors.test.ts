/** The backend's refusal of a save, at the blocks' fields. */
import { describe, expect, test } from "vitest";
import { ApiError } from "../../lib/api";
import { serverBlockErrors } from "./server-errors";

const refusal = (errors: { path: (string | number)[]; message: string }[]) =>
  new ApiError({ data: null, error: { status: 400, name: "ValidationError", message: "Invalid", details: { errors: errors.map((error) => ({ ...error, path: error.path as string[], name: "ValidationError" })) } } });

describe("a refused save's errors", () => {
  test("land at the block and field they name, without the type pydantic adds", () => {
    const blocks = [{ type: "intro", title: "x", text: "y" }, { type: "faq", items: [{ question: "", answer: [] }] }];
    const error = refusal([
      { path: ["body", "blocks", 1, "faq", "items", 0, "question"], message: "String should have at least 1 character" },
      { path: ["body", "blocks", "0", "intro", "title"], message: "String should have at most 160 characters" },
      { path: ["body", "blocks", 1, "faq", "items", 0, "answer"], message: "List should have at least 1 item after validation, not 0" },
      { path: ["body", "slug"], message: "Slug is taken" },
      { path: ["body", "blocks", 7, "intro", "title"], message: "No such block" },
    ]);
    expect(serverBlockErrors(error, blocks)).toEqual({
      0: { title: "String should have at most 160 characters" },
      1: { "items[0].question": "String should have at least 1 character", "items[0].answer": "List should have at least 1 item after validation, not 0" },
    });
  });
});
