/**
 * One library image: its alt text in each of the six languages, where it is used, a new file for
 * it (same image everywhere it is used, shown after the next publish) and its removal — refused,
 * with the uses named, while anything shows it.
 */
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { Confirm } from "../../ui/confirm";
import { deleteMedia, MEDIA_LOCALES, mediaUses, replaceMedia, setAltTexts, type MediaItem, type MediaLocale, type MediaUse } from "../media-api";
import { UploadField, useUploadProgress } from "../media-upload";
import { useSession } from "../session";
import { altChanges, refusedUses, uploadProblem, type UploadClient } from "./media-logic";

type Props = {
  item: MediaItem;
  uploadClient: UploadClient;
  onChanged: (item: MediaItem, text: string) => void;
  onDeleted: (item: MediaItem) => void;
  onClose: () => void;
};

function UseList({ uses }: { uses: MediaUse[] }) {
  const { t } = useTranslation();
  return (
    <ul className="studio-list">
      {uses.map((use) => (
        <li key={`${use.kind}-${use.id}-${use.locale ?? ""}`}>
          {t(`studio.media.kinds.${use.kind}`, { defaultValue: use.kind })}: {use.title}
          {use.locale ? ` (${use.locale})` : ""}
        </li>
      ))}
    </ul>
  );
}

export function MediaDetail({ item, uploadClient, onChanged, onDeleted, onClose }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [texts, setTexts] = useState(() => Object.fromEntries(MEDIA_LOCALES.map((locale) => [locale, item.alt[locale] ?? ""])) as Record<MediaLocale, string>);
  const [uses, setUses] = useState<MediaUse[] | null | "failed">(null);
  const [refused, setRefused] = useState<MediaUse[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, uploading] = useUploadProgress();

  useEffect(() => {
    let current = true;
    mediaUses(client, item.id).then(
      (found) => current && setUses(found),
      () => current && setUses("failed"),
    );
    return () => {
      current = false;
    };
  }, [client, item.id]);

  const saveAlt = async (event: FormEvent) => {
    event.preventDefault();
    const changes = altChanges(item, texts);
    if (Object.keys(changes).length === 0) return;
    try {
      onChanged(await setAltTexts(client, item.id, changes), t("studio.media.altSaved"));
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t("studio.failed"));
    }
  };

  const replace = async (file: File) => {
    try {
      onChanged(await uploading((onProgress) => replaceMedia(uploadClient(onProgress), item.id, file, file.name)), t("studio.media.replaced", { name: file.name }));
      setProblem(null);
    } catch (error) {
      setProblem(uploadProblem(error, t("studio.media.uploadFailed")));
    }
  };

  const remove = async () => {
    setAsking(false);
    try {
      onDeleted(await deleteMedia(client, item.id));
    } catch (error) {
      const named = refusedUses(error);
      if (named) setRefused(named);
      else setProblem(t("studio.failed"));
    }
  };

  return (
    <section className="studio-media-detail" aria-labelledby="studio-media-detail-title">
      <h2 id="studio-media-detail-title" tabIndex={-1}>
        {item.fileName}
      </h2>
      <p>
        <img src={item.url} alt="" width={item.width} height={item.height} className="studio-media-preview" />
      </p>
      <p className="studio-muted">
        {t("studio.media.facts", { format: item.format.toUpperCase(), width: item.width, height: item.height, version: item.version })}
      </p>
      <p className="studio-muted">{t(`studio.media.variants.${item.variantsStatus}`)}</p>
      {problem ? <p role="alert">{problem}</p> : null}
      <form onSubmit={(event) => void saveAlt(event)} className="studio-fieldset">
        <fieldset className="studio-fieldset">
          <legend>{t("studio.media.altTitle")}</legend>
          <p className="studio-help">{t("studio.media.altHelp")}</p>
          {MEDIA_LOCALES.map((locale) => (
            <p key={locale} className="field">
              <label htmlFor={`studio-media-alt-${locale}`}>{t(`studio.languages.${locale}`)}</label>
              <input id={`studio-media-alt-${locale}`} type="text" maxLength={200} lang={locale} value={texts[locale]} onChange={(event) => setTexts({ ...texts, [locale]: event.target.value })} />
            </p>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary">
          {t("studio.media.saveAlt")}
        </button>
      </form>
      <h3>{t("studio.media.usesTitle")}</h3>
      {uses === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : uses === "failed" ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : uses.length === 0 ? (
        <p>{t("studio.media.unused")}</p>
      ) : (
        <UseList uses={uses} />
      )}
      <h3>{t("studio.media.replaceTitle")}</h3>
      <p className="studio-help">{t("studio.media.replaceHelp")}</p>
      <UploadField id="studio-media-replace" label={t("studio.media.replace")} progress={progress} onFile={(file) => void replace(file)} />
      <h3>{t("studio.media.deleteTitle")}</h3>
      {refused ? (
        <div role="alert">
          <p>{t("studio.media.deleteRefused")}</p>
          <UseList uses={refused} />
        </div>
      ) : null}
      {asking ? (
        <Confirm question={t("studio.media.deleteQuestion", { name: item.fileName })} yes={t("studio.media.deleteYes")} no={t("studio.media.deleteNo")} onYes={() => void remove()} onNo={() => setAsking(false)} />
      ) : (
        <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
          {t("studio.media.delete")}
        </button>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("studio.media.close")}
        </button>
      </p>
    </section>
  );
}
