import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Icon, ICON_NAMES } from "./icon";

afterEach(() => vi.restoreAllMocks());

const REQUIRED = [
  "mdi:truck-fast", "mdi:swim", "mdi:shield-check", "mdi:refresh", "mdi:star", "mdi:star-outline", "mdi:human-child",
  "mdi:video", "mdi:gift", "mdi:heart", "mdi:clock-outline", "mdi:certificate", "mdi:lifebuoy", "mdi:weather-sunny",
  "mdi:school", "mdi:play-circle", "mdi:cash-refund", "mdi:package-variant", "mdi:thumb-up", "mdi:water",
];

describe("Icon", () => {
  test("the set holds the icons content editors use", () => {
    expect(ICON_NAMES).toEqual(expect.arrayContaining(REQUIRED));
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
