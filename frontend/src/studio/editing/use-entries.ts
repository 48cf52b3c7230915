/** The entries of another collection an editor picks from or names (a suit's free lessons, an
 * outline's level and lesson titles), in the studio's language; null while loading or failed. */
import { useEffect, useState } from "react";
import { DEFAULT_LOCALE, useTranslation } from "../../lib/i18n";
import { STAFF_LOCALES } from "../api";
import { useSession } from "../session";
import { listEntries, type Collection, type EntrySummary } from "./editing-api";

export function useEntries(collection: Collection): EntrySummary[] | null {
  const { client } = useSession();
  const { i18n } = useTranslation();
  const locale = (STAFF_LOCALES as readonly string[]).includes(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const [entries, setEntries] = useState<EntrySummary[] | null>(null);
  useEffect(() => {
    let current = true;
    listEntries(client, collection, locale).then(
      (found) => current && setEntries(found),
      () => current && setEntries(null),
    );
    return () => {
      current = false;
    };
  }, [client, collection, locale]);
  return entries;
}
