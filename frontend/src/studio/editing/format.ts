/** A moment as the studio shows it: date and time in the editor's language and clock. */
export function formatDateTime(iso: string, language: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(at);
}
