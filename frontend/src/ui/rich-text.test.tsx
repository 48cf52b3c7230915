import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, test } from "vitest";
import type { RichText as RichTextData } from "./rich-text-types";
import { RichText } from "./rich-text";

function renderRichText(nodes: RichTextData, props: { minHeadingLevel?: 1 | 2 | 3 } = {}) {
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <Routes>
        <Route path="/" element={<RichText nodes={nodes} {...props} />} />
        <Route path="/academy" element={<p>Academy page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: "text" as const, text: value, ...marks });

describe("RichText", () => {
  test("a level-1 heading becomes an h2: rich text never adds a second h1", () => {
    // given / when
    renderRichText([{ type: "heading", level: 1, children: [text("Welcome to Splash")] }]);
    // then
    expect(screen.getByRole("heading", { name: "Welcome to Splash" }).tagName).toBe("H2");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  test("headings 2 to 6 keep their level", () => {
    renderRichText(([2, 3, 4, 5, 6] as const).map((level) => ({ type: "heading", level, children: [text(`Level ${level}`)] })));
    expect(screen.getAllByRole("heading").map((heading) => heading.tagName)).toEqual(["H2", "H3", "H4", "H5", "H6"]);
  });

  test("with minHeadingLevel 1 an h1 stays an h1; with 3 higher headings move down to h3", () => {
    const { unmount } = renderRichText([{ type: "heading", level: 1, children: [text("Title")] }], { minHeadingLevel: 1 });
    expect(screen.getByRole("heading", { name: "Title" }).tagName).toBe("H1");
    unmount();
    renderRichText(
      [
        { type: "heading", level: 2, children: [text("Two")] },
        { type: "heading", level: 4, children: [text("Four")] },
      ],
      { minHeadingLevel: 3 },
    );
    expect(screen.getAllByRole("heading").map((heading) => heading.tagName)).toEqual(["H3", "H4"]);
  });

  test("paragraphs, quotes and lists render as p, blockquote, ul and ol", () => {
    // given
    const { container } = renderRichText([
      { type: "paragraph", children: [text("A paragraph.")] },
      { type: "quote", children: [text("Best swim suit ever!")] },
      { type: "list", format: "unordered", children: [{ type: "list-item", children: [text("Red")] }, { type: "list-item", children: [text("Blue")] }] },
      { type: "list", format: "ordered", children: [{ type: "list-item", children: [text("First")] }, { type: "list-item", children: [text("Second")] }] },
    ]);
    // then
    expect(container.querySelector("p")?.textContent).toBe("A paragraph.");
    expect(container.querySelector("blockquote")?.textContent).toBe("Best swim suit ever!");
    expect([...container.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["Red", "Blue"]);
    expect([...container.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["First", "Second"]);
  });

  test("a code block is pre > code with the language as a class", () => {
    const { container } = renderRichText([{ type: "code", language: "ts", children: [text("const a = 1;"), text("\nconst b = 2;")] }]);
    const code = container.querySelector("pre > code");
    expect(code?.className).toBe("language-ts");
    expect(code?.textContent).toBe("const a = 1;\nconst b = 2;");
  });

  test("a code block without a language has no class", () => {
    const { container } = renderRichText([{ type: "code", children: [text("x")] }]);
    expect(container.querySelector("pre > code")?.hasAttribute("class")).toBe(false);
  });

  test("an image has its size, alt, lazy loading and async decoding", () => {
    renderRichText([{ type: "image", image: { src: "/media/kid.jpg", alt: "A child swimming", width: 800, height: 600 } }]);
    const image = screen.getByRole("img", { name: "A child swimming" });
    expect(image.getAttribute("src")).toBe("/media/kid.jpg");
    expect(image.getAttribute("width")).toBe("800");
    expect(image.getAttribute("height")).toBe("600");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("decoding")).toBe("async");
  });

  test.each([
    ["bold", "STRONG"],
    ["italic", "EM"],
    ["underline", "U"],
    ["strikethrough", "S"],
    ["code", "CODE"],
  ])("the %s mark renders as <%s>", (mark, tag) => {
    const { container } = renderRichText([{ type: "paragraph", children: [text("plain "), text("marked", { [mark]: true })] }]);
    const element = container.querySelector(tag.toLowerCase());
    expect(element?.textContent).toBe("marked");
    expect(container.querySelector("p")?.textContent).toBe("plain marked");
  });

  test("marks combine, each wrapping the text once", () => {
    const { container } = renderRichText([
      { type: "paragraph", children: [text("all", { bold: true, italic: true, underline: true, strikethrough: true, code: true })] },
    ]);
    expect(container.querySelector("p")?.innerHTML).toBe("<strong><em><u><s><code>all</code></s></u></em></strong>");
  });

  test("a line break inside a text becomes <br>", () => {
    const { container } = renderRichText([{ type: "paragraph", children: [text("line one\nline two")] }]);
    expect(container.querySelector("p")?.innerHTML).toBe("line one<br>line two");
  });

  test("an empty paragraph (editor spacing) renders nothing", () => {
    const { container } = renderRichText([{ type: "paragraph", children: [text("")] }]);
    expect(container.querySelector("p")).toBeNull();
  });

  test("an internal link goes through the router without a full page load", () => {
    // given
    renderRichText([{ type: "paragraph", children: [{ type: "link", url: "/academy", children: [text("our academy", { bold: true })] }] }]);
    const link = screen.getByRole("link", { name: "our academy" });
    expect(link.getAttribute("href")).toBe("/academy");
    expect(link.hasAttribute("rel")).toBe(false);
    expect(link.querySelector("strong")).not.toBeNull();
    // when
    fireEvent.click(link);
    // then
    expect(screen.getByText("Academy page")).toBeTruthy();
  });

  test("an external link is a plain anchor with rel=noopener noreferrer", () => {
    renderRichText([{ type: "paragraph", children: [{ type: "link", url: "https://example.com/tips", children: [text("tips")] }] }]);
    const link = screen.getByRole("link", { name: "tips" });
    expect(link.getAttribute("href")).toBe("https://example.com/tips");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  test("mailto:, tel: and #anchor links are plain anchors", () => {
    renderRichText([
      {
        type: "paragraph",
        children: [
          { type: "link", url: "mailto:hello@splash.nl", children: [text("mail")] },
          { type: "link", url: "tel:+31201234567", children: [text("call")] },
          { type: "link", url: "#sizes", children: [text("sizes")] },
        ],
      },
    ]);
    expect(screen.getByRole("link", { name: "mail" }).getAttribute("href")).toBe("mailto:hello@splash.nl");
    expect(screen.getByRole("link", { name: "call" }).getAttribute("href")).toBe("tel:+31201234567");
    expect(screen.getByRole("link", { name: "sizes" }).getAttribute("href")).toBe("#sizes");
  });
});
