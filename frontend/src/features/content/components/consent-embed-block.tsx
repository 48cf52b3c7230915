import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Icon } from "../../../ui/icon";
import { NO_CONSENT, readConsent, useConsent, writeConsent } from "../consent";
import type { ConsentEmbedBlockData } from "../types";
import { ContentImage } from "../../../ui/content-image";
import { embedUrl, PROVIDER_NAMES } from "./embed-url";

/**
 * A video or map from another company, loaded only with the visitor's consent: until then a
 * placeholder of the same size (no layout shift) with a "Load video/map" button. A stored
 * consent for embeds (the consent form, or "always load" here) loads it straight away.
 */
export function ConsentEmbedBlock({ block }: { block: ConsentEmbedBlockData }) {
  const { t } = useTranslation();
  const consent = useConsent();
  const titleId = useId();
  const rememberId = useId();
  const [accepted, setAccepted] = useState(false);
  const [remember, setRemember] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const focusFrame = useRef(false);

  const src = embedUrl(block.provider, block.url);
  const provider = PROVIDER_NAMES[block.provider];
  const isMap = block.provider === "google-maps";
  const shown = src !== null && (accepted || consent?.embeds === true);
  const ratio = (block.aspectRatio ?? "16:9").replace(":", "-");

  // The button the visitor pressed is gone: carry the focus on to the player.
  useEffect(() => {
    if (shown && focusFrame.current) {
      focusFrame.current = false;
      frame.current?.focus();
    }
  }, [shown]);

  const load = () => {
    if (remember) {
      const stored = readConsent() ?? NO_CONSENT;
      writeConsent({ statistics: stored.statistics, marketing: stored.marketing, embeds: true });
    }
    focusFrame.current = true;
    setAccepted(true);
  };

  return (
    <section className="block block-embed">
      <h2 className="block-embed__title" id={titleId}>
        {block.title}
      </h2>
      <div className={`embed-frame embed-frame--${ratio}`}>
        {shown ? (
          <iframe
            ref={frame}
            className="embed-frame__iframe"
            title={block.title}
            src={src}
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; fullscreen; gyroscope; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="embed-frame__placeholder">
            {block.poster ? <ContentImage className="embed-frame__poster" image={block.poster} /> : null}
            <div className="embed-frame__overlay">
              <Icon name={isMap ? "mdi:map-marker" : "mdi:play-circle"} size={56} className="embed-frame__icon" />
              {src ? (
                <button type="button" className="button button--primary" onClick={load} aria-describedby={titleId}>
                  {isMap ? t("blocks.embed.loadMap") : t("blocks.embed.loadVideo")}
                </button>
              ) : (
                <a className="button button--primary" href={block.url} rel="noopener noreferrer" aria-describedby={titleId}>
                  {t("blocks.embed.open", { provider })}
                </a>
              )}
            </div>
          </div>
        )}
      </div>
      {!shown && src ? (
        <div className="block-embed__notice">
          <p>{isMap ? t("blocks.embed.noticeMap", { provider }) : t("blocks.embed.noticeVideo", { provider })}</p>
          <div className="field field--checkbox">
            <input id={rememberId} type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <label className="field__label" htmlFor={rememberId}>
              {t("blocks.embed.remember")}
            </label>
          </div>
        </div>
      ) : null}
    </section>
  );
}
