import { useId, useState, type KeyboardEvent } from "react";
import { Icon } from "../../../ui/icon";
import type { FaqBlockData } from "../types";
import { RichText } from "../../../ui/rich-text";

/**
 * Questions and answers as an accordion (WAI-ARIA APG): each question is a heading holding a
 * button that shows or hides its answer. All answers start closed but are in the HTML (hidden),
 * so the published page and search engines have them. Arrow keys, Home and End move between the
 * questions; Enter and Space toggle (the button's own behaviour).
 */
export function FaqBlock({ block }: { block: FaqBlockData }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const Question = block.title ? "h3" : "h2";

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = block.items.length;
    const target = { ArrowDown: (index + 1) % count, ArrowUp: (index - 1 + count) % count, Home: 0, End: count - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    document.getElementById(`${baseId}-q${target}`)?.focus();
  };

  return (
    <section className="block block-faq">
      {block.title ? <h2 className="block-faq__title">{block.title}</h2> : null}
      <div className="faq">
        {block.items.map((item, index) => {
          const isOpen = open.has(index);
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div className={isOpen ? "faq__item faq__item--open" : "faq__item"} key={index}>
              <Question className="faq__question">
                <button
                  type="button"
                  className="faq__button"
                  id={buttonId}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggle(index)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                >
                  <span>{item.question}</span>
                  <Icon name="mdi:chevron-down" className="faq__chevron" />
                </button>
              </Question>
              <div className="faq__answer" id={panelId} hidden={!isOpen}>
                <RichText nodes={item.answer} minHeadingLevel={block.title ? 4 : 3} />
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
