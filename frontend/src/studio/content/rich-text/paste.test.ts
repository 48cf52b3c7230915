/** Pasted HTML becomes allowed nodes or plain text; never HTML, never a script. */
import { describe, expect, test } from "vitest";
import { richTextFromHtml, richTextFromPlainText } from "./paste";

const text = (value: string, marks = {}) => ({ type: "text", text: value, ...marks });

describe("pasting", () => {
  test("headings, paragraphs, marks and links map to the document's nodes", () => {
    expect(richTextFromHtml("<h2>Before you go</h2><p>Pack <strong>a towel</strong>, <em>goggles</em> and <u>a</u> <s>snack</s> <code>now</code>. See <a href=\"/shop\">the shop</a>.</p>")).toEqual([
      { type: "heading", level: 2, children: [text("Before you go")] },
      {
        type: "paragraph",
        children: [
          text("Pack "),
          text("a towel", { bold: true }),
          text(", "),
          text("goggles", { italic: true }),
          text(" and "),
          text("a", { underline: true }),
          text(" "),
          text("snack", { strikethrough: true }),
          text(" "),
          text("now", { code: true }),
          text(". See "),
          { type: "link", url: "/shop", children: [text("the shop")] },
          text("."),
        ],
      },
    ]);
  });

  test("lists, quotes, code and media-library images come along", () => {
    expect(
      richTextFromHtml(
        '<ul><li>One</li><li><b>Two</b></li></ul><ol><li>First</li></ol><blockquote>Said</blockquote><pre>a = 1\nb = 2\n</pre><img src="/media/swim.jpg" alt="Pool" width="1200" height="800">',
      ),
    ).toEqual([
      { type: "list", format: "unordered", children: [{ type: "list-item", children: [text("One")] }, { type: "list-item", children: [text("Two", { bold: true })] }] },
      { type: "list", format: "ordered", children: [{ type: "list-item", children: [text("First")] }] },
      { type: "quote", children: [text("Said")] },
      { type: "code", children: [text("a = 1\nb = 2")] },
      { type: "image", image: { src: "/media/swim.jpg", alt: "Pool", width: 1200, height: 800 } },
    ]);
  });

  test("scripts, styles, embeds, event handlers and dangerous links are dropped; their text is plain", () => {
    const document = richTextFromHtml(
      '<style>p{color:red}</style><script>alert(1)</script><p onclick="alert(2)" style="color:red">Hello <a href="javascript:alert(3)">there</a><iframe src="https://evil.example"></iframe></p>' +
        '<img src="https://evil.example/x.png" onerror="alert(4)"><table><tr><td>Cell</td></tr></table><span>Loose</span>',
    );
    expect(document).toEqual([
      { type: "paragraph", children: [text("Hello "), text("there")] },
      { type: "paragraph", children: [text("Cell")] },
      { type: "paragraph", children: [text("Loose")] },
    ]);
    expect(JSON.stringify(document)).not.toMatch(/alert|evil|<|style|onclick/);
  });

  test("a word processor's bold-looking wrapper is no bold, and whitespace collapses", () => {
    expect(richTextFromHtml('<b style="font-weight:normal;"><p>  Two   spaces\n here </p></b>')).toEqual([{ type: "paragraph", children: [text("Two spaces here")] }]);
  });

  test("a link inside a link keeps only the outer one", () => {
    expect(richTextFromHtml('<p><a href="https://a.example">A <a href="/b">B</a></a></p>')[0]).toEqual({
      type: "paragraph",
      children: [{ type: "link", url: "https://a.example", children: [text("A ")] }, { type: "link", url: "/b", children: [text("B")] }],
    });
  });

  test("plain text is a paragraph per line", () => {
    expect(richTextFromPlainText("One\n\nTwo\r\n")).toEqual([
      { type: "paragraph", children: [text("One")] },
      { type: "paragraph", children: [text("Two")] },
    ]);
  });
});
