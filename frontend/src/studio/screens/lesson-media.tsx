/**
 * A lesson's captions per language (a WebVTT file each, checked by the server: a broken one is
 * refused naming its line) and its poster (a JPEG, PNG or WebP image the server turns into a
 * WebP without metadata).
 */
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { STAFF_LOCALES } from "../api";
import { putCaptions, putPoster, removeCaptions, type LessonVideo } from "../lesson-video-api";
import { useSession } from "../session";
import { StatusMessage, type Notice } from "../status";

type Props = { video: LessonVideo; onChanged: (video: LessonVideo) => void };

/** What the server said of a refused captions file, in the studio's language. */
export function captionsRefusal(error: unknown, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (!(error instanceof ApiError)) return t("studio.failed");
  if (error.status === 409) return t("studio.lessonVideo.captionsNeedVideo");
  const { line, rule } = error.details;
  if (error.status === 400 && typeof line === "number" && typeof rule === "string") {
    return t("studio.lessonVideo.captionsLine", { line, rule: t(`studio.lessonVideo.vttRules.${rule}`) });
  }
  return t("studio.failed");
}

export function LessonCaptions({ video, onChanged }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const current = new Map(video.captions.map((caption) => [caption.locale, caption.src]));

  const change = async (locale: string, work: () => Promise<LessonVideo>, done: string) => {
    setBusy(true);
    try {
      onChanged(await work());
      setNotice({ kind: "done", text: t(done, { language: t(`studio.languages.${locale}`) }) });
    } catch (error) {
      setNotice({ kind: "failed", text: captionsRefusal(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lesson-captions">
      <h2 id="lesson-captions">{t("studio.lessonVideo.captions")}</h2>
      <StatusMessage notice={notice} />
      <table className="studio-table">
        <thead>
          <tr>
            <th scope="col">{t("studio.lessonVideo.language")}</th>
            <th scope="col">{t("studio.lessonVideo.captionsNow")}</th>
            <th scope="col">{t("studio.lessonVideo.captionsFile")}</th>
          </tr>
        </thead>
        <tbody>
          {STAFF_LOCALES.map((locale) => {
            const src = current.get(locale);
            const language = t(`studio.languages.${locale}`);
            return (
              <tr key={locale}>
                <th scope="row">{language}</th>
                <td>
                  {src ? (
                    <>
                      <a href={src}>{t("studio.lessonVideo.captionsShow")}</a>{" "}
                      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void change(locale, () => removeCaptions(client, video.lessonId, locale), "studio.lessonVideo.captionsRemoved")}>
                        {t("studio.lessonVideo.captionsRemove", { language })}
                      </button>
                    </>
                  ) : (
                    t("studio.lessonVideo.captionsMissing")
                  )}
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`captions-${locale}`}>
                    {t("studio.lessonVideo.captionsPick", { language })}
                  </label>
                  <input
                    id={`captions-${locale}`}
                    type="file"
                    accept=".vtt,text/vtt"
                    disabled={busy || video.master === null}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      if (file) void change(locale, () => putCaptions(client, video.lessonId, locale, file), "studio.lessonVideo.captionsSaved");
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function LessonPoster({ video, onChanged }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    setBusy(true);
    try {
      onChanged(await putPoster(client, video.lessonId, file));
      setNotice({ kind: "done", text: t("studio.lessonVideo.posterSaved") });
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 400;
      setNotice({ kind: "failed", text: t(refused ? "studio.lessonVideo.posterRefused" : "studio.failed") });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lesson-poster">
      <h2 id="lesson-poster">{t("studio.lessonVideo.poster")}</h2>
      <StatusMessage notice={notice} />
      {video.poster ? <img src={video.poster.src} width={video.poster.width} height={video.poster.height} alt={t("studio.lessonVideo.posterNow")} className="studio-poster" /> : <p>{t("studio.lessonVideo.posterMissing")}</p>}
      <label htmlFor="lesson-poster-file">{t("studio.lessonVideo.posterPick")}</label>
      <input
        id="lesson-poster-file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void send(file);
        }}
      />
    </section>
  );
}
