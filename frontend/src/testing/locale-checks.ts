/** What the shop's and the studio's locale tests share: flattening texts, placeholders, the keys the source asks for. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export type Messages = { [key: string]: string | Messages };

/** `{a: {b: "x"}}` → `{"a.b": "x"}`. */
export function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

export function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1] ?? "").sort();
}

/** Source files (not tests) under `dir`, leaving out the folders named in `skip`. */
export function sourceFiles(dir: string, skip: string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.includes(path) ? [] : sourceFiles(path, skip);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Literal keys of t-calls, quoted in any of the three ways (templates without placeholders only), with the file relative to `root`. */
export function literalKeys(files: string[], root: string): { key: string; file: string }[] {
  const pattern = /\bt\(\s*(?:"([^"]+)"|'([^']+)'|`([^`$]+)`)/g;
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(pattern)].map((match) => ({
      key: match[1] ?? match[2] ?? match[3] ?? "",
      file: relative(root, file),
    })),
  );
}
