import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { changes, dayAfter, readable } from "./screens/activity";
import { grouped } from "./screens/setup";
import { QrCode } from "./qr-code";

describe("the activity log's before and after", () => {
  test("a change of fields reads field by field", () => {
    expect(changes({ role: "editor" }, { role: "owner" })).toEqual([{ field: "role", before: "editor", after: "owner" }]);
  });

  test("a field only after (an invitation) shows nothing before it", () => {
    expect(changes(null, { role: "shop", locale: "de" })).toEqual([
      { field: "role", before: "–", after: "shop" },
      { field: "locale", before: "–", after: "de" },
    ]);
  });

  test("values without fields are one line; nothing at all is no line", () => {
    expect(changes(4995, 0)).toEqual([{ field: null, before: "4995", after: "0" }]);
    expect(changes(null, null)).toEqual([]);
    expect(readable({ lines: [1, 2] })).toBe('{"lines":[1,2]}');
  });

  test("the last day of a filter is included: the API gets the day after", () => {
    expect(dayAfter("2026-11-30")).toBe("2026-12-01");
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
  });
});

describe("the authenticator's set-up", () => {
  test("the secret is shown in groups of four for typing", () => {
    expect(grouped("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
  });

  test("the QR code is an SVG picture named for screen readers, with the finder squares in its corners", () => {
    render(<QrCode text="otpauth://totp/Splash%20Studio:a%40b.example?secret=JBSWY3DPEHPK3PXP&issuer=Splash%20Studio" label="QR code" />);
    const svg = screen.getByRole("img", { name: "QR code" });
    const size = Number(svg.getAttribute("viewBox")?.split(" ")[2]);
    expect(size).toBeGreaterThanOrEqual(21 + 8); // version 1 and a quiet zone of four on each side
    const path = svg.querySelector("path")?.getAttribute("d") ?? "";
    // The top-left finder pattern starts at the quiet zone's edge: a dark square at (4, 4).
    expect(path).toContain("M4 4h1v1h-1z");
    expect(path).toContain(`M${size - 5} 4h1v1h-1z`);
    expect(path).not.toContain("M0 0h1");
  });
});
