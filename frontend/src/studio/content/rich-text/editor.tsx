/**
 * The rich-text editor (Slate, as Strapi's Blocks editor): the stored document in, the stored
 * document out on every change, never HTML. One editor is kept for the field's life; the
 * toolbar's buttons say whether they are on (aria-pressed) and have keyboard shortcuts.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { createEditor, type Descendant, type Range } from "slate";
import { withHistory } from "slate-history";
import { Editable, Slate, withReact, type RenderElementProps, type RenderLeafProps } from "slate-react";
import { useTranslation } from "../../../lib/i18n";
import { fromSlate, toSlate, type ImageData, type RichText } from "./convert";
import { activeLink, insertImage, isBlockActive, setLink, shortcutFor, toggleBlock, toggleMark, withRichText } from "./commands";
import { ImageDialog, LinkDialog } from "./dialogs";
import { Toolbar } from "./toolbar";

export type PickImage = () => Promise<ImageData | null>;

type Props = {
  id: string;
  value: RichText;
  onChange: (value: RichText) => void;
  onBlur?: () => void;
  /** The id of the field's label and of its error message (aria-describedby). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  pickImage?: PickImage;
};

function RenderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case "heading": {
      const Tag = `h${Math.min(Math.max(element.level, 1), 6)}` as "h1";
      return <Tag {...attributes}>{children}</Tag>;
    }
    case "quote":
      return <blockquote {...attributes}>{children}</blockquote>;
    case "code":
      return (
        <pre {...attributes}>
          <code>{children}</code>
        </pre>
      );
    case "list":
      return element.format === "ordered" ? <ol {...attributes}>{children}</ol> : <ul {...attributes}>{children}</ul>;
    case "list-item":
      return <li {...attributes}>{children}</li>;
    case "link":
      return (
        <a {...attributes} href={element.url} onClick={(event) => event.preventDefault()}>
          {children}
        </a>
      );
    case "image":
      return (
        <figure {...attributes} contentEditable={false} className="studio-rich-text__image">
          <img src={element.image.src} alt={element.image.alt} width={element.image.width} height={element.image.height} />
          {children}
        </figure>
      );
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function RenderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.code) content = <code>{content}</code>;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  return <span {...attributes}>{content}</span>;
}

type Dialog = { kind: "link"; url: string } | { kind: "image" } | null;

export function RichTextEditor({ id, value, onChange, onBlur, labelledBy, describedBy, invalid, pickImage }: Props) {
  const { t } = useTranslation();
  const editor = useMemo(() => withRichText(withHistory(withReact(createEditor()))), []);
  const initial = useMemo(() => toSlate(value), []); // eslint-disable-line react-hooks/exhaustive-deps -- the editor keeps its own value after this
  const [dialog, setDialog] = useState<Dialog>(null);
  const saved = useRef<Range | null>(null);

  const change = (next: Descendant[]) => {
    if (editor.operations.some((operation) => operation.type !== "set_selection")) onChange(fromSlate(next));
  };
  const openLink = () => {
    saved.current = editor.selection;
    setDialog({ kind: "link", url: activeLink(editor) ?? "" });
  };
  const openImage = async () => {
    saved.current = editor.selection;
    if (!pickImage) return setDialog({ kind: "image" });
    const image = await pickImage();
    if (image) insertImage(editor, image, saved.current);
  };
  const close = () => {
    setDialog(null);
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // AltGr is Ctrl+Alt to a browser: on a German keyboard AltGr+0 types "}", not a paragraph.
    if (event.getModifierState("AltGraph")) return;
    const shortcut = shortcutFor(event);
    if (!shortcut) return;
    event.preventDefault();
    if ("mark" in shortcut) toggleMark(editor, shortcut.mark);
    else if ("block" in shortcut) toggleBlock(editor, shortcut.block);
    else openLink();
  };

  return (
    <div className={`studio-rich-text${invalid ? " studio-rich-text--invalid" : ""}`}>
      <Slate editor={editor} initialValue={initial} onChange={change}>
        <Toolbar labelledBy={labelledBy} onLink={openLink} onImage={() => void openImage()} isBlockActive={(kind) => isBlockActive(editor, kind)} />
        <Editable
          id={id}
          className="studio-rich-text__area"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-multiline
          role="textbox"
          renderElement={RenderElement}
          renderLeaf={RenderLeaf}
          onKeyDown={keyDown}
          onBlur={onBlur}
          placeholder={t("studio.richText.placeholder")}
        />
      </Slate>
      {dialog?.kind === "link" && (
        <LinkDialog
          initial={dialog.url}
          onDone={(url) => {
            setLink(editor, url, saved.current);
            close();
          }}
          onCancel={close}
        />
      )}
      {dialog?.kind === "image" && (
        <ImageDialog
          onDone={(image) => {
            insertImage(editor, image, saved.current);
            close();
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}
