/** The rich-text toolbar: marks, block kinds, link and image; arrow keys move between its buttons. */
import type { KeyboardEvent, ReactNode } from "react";
import { useSlate } from "slate-react";
import { useTranslation } from "../../../lib/i18n";
import { isMarkActive, toggleBlock, toggleMark, type BlockKind } from "./commands";
import { MARKS } from "./convert";

const BLOCKS: { key: string; kind: BlockKind; text: string }[] = [
  { key: "paragraph", kind: { type: "paragraph" }, text: "¶" },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ key: `heading${level}`, kind: { type: "heading" as const, level }, text: `H${level}` })),
  { key: "quote", kind: { type: "quote" }, text: "❝" },
  { key: "codeBlock", kind: { type: "code" }, text: "{ }" },
  { key: "bulleted", kind: { type: "list", format: "unordered" }, text: "•" },
  { key: "numbered", kind: { type: "list", format: "ordered" }, text: "1." },
];
const MARK_TEXT = { bold: "B", italic: "I", underline: "U", strikethrough: "S", code: "</>" } as const;

function Button({ label, pressed, onPress, children }: { label: string; pressed?: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="studio-rich-text__button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {children}
    </button>
  );
}

/** Left and right (and Home, End) move the focus along the toolbar's buttons. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

type Props = { labelledBy: string; onLink: () => void; onImage: () => void; isBlockActive: (kind: BlockKind) => boolean };

export function Toolbar({ labelledBy, onLink, onImage, isBlockActive }: Props) {
  const { t } = useTranslation();
  const editor = useSlate();
  return (
    <div className="studio-rich-text__toolbar" role="toolbar" aria-labelledby={labelledBy} onKeyDown={moveFocus}>
      {MARKS.map((mark) => (
        <Button key={mark} label={t(`studio.richText.${mark}`)} pressed={isMarkActive(editor, mark)} onPress={() => toggleMark(editor, mark)}>
          {MARK_TEXT[mark]}
        </Button>
      ))}
      {BLOCKS.map(({ key, kind, text }) => (
        <Button key={key} label={t(`studio.richText.${key}`)} pressed={isBlockActive(kind)} onPress={() => toggleBlock(editor, kind)}>
          {text}
        </Button>
      ))}
      <Button label={t("studio.richText.link")} onPress={onLink}>
        🔗
      </Button>
      <Button label={t("studio.richText.image")} onPress={onImage}>
        🖼
      </Button>
    </div>
  );
}
