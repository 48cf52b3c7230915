/** Bracket-notation query strings, as the content system reads them (`populate[a][fields][0]=slug`). */
export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

function encode(value: string): string {
  return encodeURIComponent(value);
}

function flatten(prefix: string, value: QueryValue, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => flatten(`${prefix}[${index}]`, item, out));
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) flatten(`${prefix}[${encode(key)}]`, item, out);
  } else {
    out.push(`${prefix}=${encode(String(value))}`);
  }
}

export function stringifyQuery(query: Query | undefined): string {
  if (!query) return "";
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) flatten(encode(key), value, out);
  return out.join("&");
}
