import { formatDuration, isoDuration, useTranslation } from "../lib/i18n";

/** How long a lesson's video (or a level's, a course's) lasts, in the page's language: "7 sec", "1 Min. 24 Sek.". */
export function Duration({ ms }: { ms: number }) {
  const { i18n } = useTranslation();
  return <time dateTime={isoDuration(ms)}>{formatDuration(ms, i18n.language)}</time>;
}
