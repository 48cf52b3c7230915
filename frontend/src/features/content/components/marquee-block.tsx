import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Icon } from "../../../ui/icon";
import type { MarqueeBlockData } from "../types";

/**
 * A gently scrolling strip of short messages. The list is there twice for a seamless loop; the
 * copy is aria-hidden so screen readers read each message once. It pauses on hover and focus and
 * with its pause button, and stands still (wrapped, no copy) for visitors who prefer less motion.
 */
export function MarqueeBlock({ block }: { block: MarqueeBlockData }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  return (
    <div className={paused ? "block-marquee block-marquee--paused" : "block-marquee"}>
      <div className="marquee">
        <ul className="marquee__group">
          {block.items.map((item, index) => (
            <li className="marquee__item" key={index}>
              {item}
            </li>
          ))}
        </ul>
        <ul className="marquee__group marquee__group--copy" aria-hidden="true">
          {block.items.map((item, index) => (
            <li className="marquee__item" key={index}>
              {item}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="marquee__toggle"
        aria-pressed={paused}
        aria-label={t("blocks.marquee.pause")}
        onClick={() => setPaused((value) => !value)}
      >
        <Icon name={paused ? "mdi:play" : "mdi:pause"} size={20} />
      </button>
    </div>
  );
}
