import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { parseConsent } from "../consent";
import { ConsentFormBlock } from "./consent-form-block";
import { clearConsentCookie, renderBlock, setConsentCookie } from "../../../testing/content";

const block = { type: "consent-form" as const, title: "Cookie settings", text: "You decide what we may do." };

afterEach(() => clearConsentCookie());

describe("ConsentFormBlock", () => {
  test("shows the title, the text and a labelled checkbox with help for statistics, marketing and embeds, all off", () => {
    // given / when
    renderBlock(<ConsentFormBlock block={block} />);
    // then
    expect(screen.getByRole("heading", { name: "Cookie settings" })).toBeTruthy();
    expect(screen.getByText("You decide what we may do.")).toBeTruthy();
    const boxes = screen.getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes.map((box) => box.name)).toEqual(["statistics", "marketing", "embeds"]);
    expect(boxes.map((box) => box.checked)).toEqual([false, false, false]);
    const embeds = screen.getByRole("checkbox", { name: "Videos and maps" });
    expect(embeds.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(embeds.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/YouTube and Vimeo/);
    expect(screen.getByRole("checkbox", { name: "Statistics" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Marketing" })).toBeTruthy();
  });

  test("saving stores the choice in the consent cookie and confirms it", () => {
    // given
    renderBlock(<ConsentFormBlock block={block} />);
    expect(screen.getByRole("status").textContent).toBe("");
    // when
    fireEvent.click(screen.getByRole("checkbox", { name: "Statistics" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Videos and maps" }));
    fireEvent.click(screen.getByRole("button", { name: "Save my choices" }));
    // then
    const stored = parseConsent(document.cookie);
    expect(stored).toMatchObject({ statistics: true, marketing: false, embeds: true });
    expect(Number.isNaN(Date.parse(stored?.savedAt ?? ""))).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("Thank you! Your choices have been saved.");
  });

  test("the stored choice is shown once mounted, and changing it hides the old confirmation", async () => {
    // given
    setConsentCookie({ statistics: false, marketing: true, embeds: true });
    // when
    renderBlock(<ConsentFormBlock block={block} />);
    // then
    expect(((await screen.findByRole("checkbox", { name: "Marketing", checked: true })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Videos and maps" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Statistics" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Save my choices" }));
    expect(screen.getByRole("status").textContent).not.toBe("");
    fireEvent.click(screen.getByRole("checkbox", { name: "Marketing" }));
    expect(screen.getByRole("status").textContent).toBe("");
    expect(parseConsent(document.cookie)).toMatchObject({ marketing: true });
  });

  test("the texts are translated (German, informal)", () => {
    renderBlock(<ConsentFormBlock block={block} />, { locale: "de" });
    expect(screen.getByRole("button", { name: "Meine Auswahl speichern" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Videos und Karten" })).toBeTruthy();
  });
});
