import { Fragment, type ReactNode } from "react";
import { Link } from "./link";
import type { InlineNode, LinkNode, RichNode, RichText as RichTextData, TextNode } from "./rich-text-types";
import { ContentImage } from "./content-image";

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

type Props = {
  nodes: RichTextData;
  /**
   * The highest heading this text may use: headings above it move down to it. 2 by default, so
   * rich text never adds a second h1 to a page; pass 1 only where the text carries the page's title.
   */
  minHeadingLevel?: HeadingLevel;
  className?: string;
};

/** Line breaks inside a text node (soft returns) become <br>. */
function withBreaks(text: string): ReactNode {
  if (!text.includes("\n")) return text;
  return text.split("\n").map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

function renderText(node: TextNode, key: number): ReactNode {
  let content: ReactNode = withBreaks(node.text);
  if (node.code) content = <code>{content}</code>;
  if (node.strikethrough) content = <s>{content}</s>;
  if (node.underline) content = <u>{content}</u>;
  if (node.italic) content = <em>{content}</em>;
  if (node.bold) content = <strong>{content}</strong>;
  return <Fragment key={key}>{content}</Fragment>;
}

/** Site paths go through the router; other web addresses open without handing over this page. */
function renderLink(node: LinkNode, key: number): ReactNode {
  const children = node.children.map(renderText);
  if (node.url.startsWith("/") && !node.url.startsWith("//")) {
    return (
      <Link key={key} to={node.url}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(node.url) || node.url.startsWith("//")) {
    return (
      <a key={key} href={node.url} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  // #anchors, mailto: and tel: links.
  return (
    <a key={key} href={node.url}>
      {children}
    </a>
  );
}

function renderInline(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => (node.type === "link" ? renderLink(node, index) : renderText(node, index)));
}

function isEmpty(nodes: InlineNode[]): boolean {
  return nodes.every((node) => node.type === "text" && node.text.trim() === "");
}

function renderNode(node: RichNode, key: number, minHeadingLevel: HeadingLevel): ReactNode {
  switch (node.type) {
    case "heading": {
      const Heading = `h${Math.max(node.level, minHeadingLevel)}` as "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
      return <Heading key={key}>{renderInline(node.children)}</Heading>;
    }
    case "paragraph":
      // Editors leave empty paragraphs for spacing; the layout takes care of that.
      return isEmpty(node.children) ? null : <p key={key}>{renderInline(node.children)}</p>;
    case "quote":
      return (
        <blockquote key={key}>
          <p>{renderInline(node.children)}</p>
        </blockquote>
      );
    case "code":
      return (
        <pre key={key}>
          <code className={node.language ? `language-${node.language.replace(/[^\w+-]/g, "-")}` : undefined}>
            {node.children.map((child) => child.text).join("")}
          </code>
        </pre>
      );
    case "image":
      return (
        <figure key={key} className="rich-text__figure">
          <ContentImage image={node.image} />
        </figure>
      );
    case "list": {
      const List = node.format === "ordered" ? "ol" : "ul";
      return (
        <List key={key}>
          {node.children.map((item, index) => (
            <li key={index}>{renderInline(item.children)}</li>
          ))}
        </List>
      );
    }
    default:
      return null;
  }
}

/** Structured rich text from the content system, rendered as semantic HTML (never raw HTML). */
export function RichText({ nodes, minHeadingLevel = 2, className }: Props) {
  return (
    <div className={className ? `rich-text ${className}` : "rich-text"}>
      {nodes.map((node, index) => renderNode(node, index, minHeadingLevel))}
    </div>
  );
}
