import { fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { FaqBlockData } from "../types";
import { FaqBlock } from "./faq-block";
import { Providers, renderBlock } from "../../../testing/content";

const faq: FaqBlockData = {
  type: "faq",
  title: "Questions from parents",
  items: [
    { question: "From what age?", answer: [{ type: "paragraph", children: [{ type: "text", text: "From 3 years." }] }] },
    { question: "Can it be washed?", answer: [{ type: "paragraph", children: [{ type: "text", text: "Yes, at 30 degrees." }] }] },
    { question: "Do I get lessons?", answer: [{ type: "paragraph", children: [{ type: "text", text: "Free video lessons." }] }] },
  ],
};

const button = (name: string) => screen.getByRole("button", { name });
const panelOf = (element: HTMLElement) => document.getElementById(element.getAttribute("aria-controls") ?? "");

describe("FaqBlock", () => {
  test("each question is a heading holding a button; all answers start closed", () => {
    // given / when
    renderBlock(<FaqBlock block={faq} />);
    // then
    expect(screen.getByRole("heading", { level: 2, name: "Questions from parents" })).toBeTruthy();
    const questions = screen.getAllByRole("heading", { level: 3 });
    expect(questions.map((heading) => heading.textContent)).toEqual(["From what age?", "Can it be washed?", "Do I get lessons?"]);
    for (const heading of questions) {
      const toggle = heading.querySelector("button");
      expect(toggle?.getAttribute("type")).toBe("button");
      expect(toggle?.getAttribute("aria-expanded")).toBe("false");
      const panel = panelOf(toggle as HTMLElement);
      expect(panel).not.toBeNull();
      expect(panel?.hidden).toBe(true);
    }
  });

  test("the answers are in the HTML (hidden), so the server-rendered page holds them", () => {
    const html = renderToString(
      <Providers>
        <FaqBlock block={faq} />
      </Providers>,
    );
    expect(html).toContain("From 3 years.");
    expect(html).toContain("Yes, at 30 degrees.");
    expect(html.match(/ hidden=""/g)).toHaveLength(3);
    expect(html).toContain('aria-expanded="false"');
  });

  test("activating a question opens its answer; activating it again closes it", () => {
    // given
    renderBlock(<FaqBlock block={faq} />);
    const toggle = button("Can it be washed?");
    // when
    fireEvent.click(toggle);
    // then
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panelOf(toggle)?.hidden).toBe(false);
    expect(screen.getByText("Yes, at 30 degrees.")).toBeTruthy();
    expect(button("From what age?").getAttribute("aria-expanded")).toBe("false");
    // when
    fireEvent.click(toggle);
    // then
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panelOf(toggle)?.hidden).toBe(true);
  });

  test("several answers can be open at once", () => {
    renderBlock(<FaqBlock block={faq} />);
    fireEvent.click(button("From what age?"));
    fireEvent.click(button("Do I get lessons?"));
    expect(screen.getAllByRole("button").map((toggle) => toggle.getAttribute("aria-expanded"))).toEqual(["true", "false", "true"]);
  });

  test("keyboard: the questions are native buttons (Enter/Space), and arrows, Home and End move between them", () => {
    // given
    renderBlock(<FaqBlock block={faq} />);
    const [first, second, third] = screen.getAllByRole("button") as [HTMLElement, HTMLElement, HTMLElement];
    first.focus();
    // when / then
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: "End" });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third, { key: "ArrowDown" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "ArrowUp" });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third, { key: "Home" });
    expect(document.activeElement).toBe(first);
    // a keyboard activation of a button is a click
    fireEvent.click(first);
    expect(first.getAttribute("aria-expanded")).toBe("true");
  });

  test("without a block title the questions are h2 and answer headings start at h3", () => {
    renderBlock(
      <FaqBlock
        block={{
          type: "faq",
          items: [{ question: "Sizes?", answer: [{ type: "heading", level: 1, children: [{ type: "text", text: "Size chart" }] }] }],
        }}
      />,
    );
    expect(screen.getByRole("heading", { name: "Sizes?" }).tagName).toBe("H2");
    fireEvent.click(button("Sizes?"));
    expect(screen.getByRole("heading", { name: "Size chart" }).tagName).toBe("H3");
  });
});
