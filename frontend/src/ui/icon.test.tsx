import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Icon, ICON_NAMES } from "./icon";

afterEach(() => vi.restoreAllMocks());

/** fixtures/, from this file in frontend/src/ui. */
const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures");

/** Every icon name the content fixtures use (`icon: mdi:…` in any locale's YAML). */
function fixtureIcons(): string[] {
  const files = readdirSync(FIXTURES, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".yaml"));
  const names = files.flatMap((file) => [...readFileSync(join(FIXTURES, file), "utf8").matchAll(/\bicon: ['"]?([a-z0-9-]+:[a-z0-9-]+)/g)]);
  return [...new Set(names.map((match) => match[1] as string))];
}

describe("Icon", () => {
  test("the bundled set draws every icon the content uses", () => {
    const used = fixtureIcons();
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !ICON_NAMES.includes(name as (typeof ICON_NAMES)[number]))).toEqual([]);
  });

  test("an icon is a decorative 24×24 inline SVG by default", () => {
    const { container } = render(<Icon name="mdi:swim" />);
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("width")).toBe("24");
    expect(svg?.querySelector("path")?.getAttribute("d")).toMatch(/^M/);
  });

  test("with a title it is an image with that name", () => {
    render(<Icon name="mdi:truck-fast" title="Fast delivery" size={32} />);
    const image = screen.getByRole("img", { name: "Fast delivery" });
    expect(image.getAttribute("width")).toBe("32");
    expect(image.hasAttribute("aria-hidden")).toBe(false);
  });

  test("an unknown name renders nothing and warns in development", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { container } = render(<Icon name="mdi:unicorn" />);
    expect(container.innerHTML).toBe("");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unknown icon "mdi:unicorn"'));
  });

  test("names are looked up as own keys only", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { container } = render(<Icon name="constructor" />);
    expect(container.innerHTML).toBe("");
  });
});
