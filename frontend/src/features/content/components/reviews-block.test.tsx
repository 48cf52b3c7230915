import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { ReviewsBlockData } from "../types";
import { ReviewsBlock } from "./reviews-block";
import { renderBlock } from "../../../testing/content";

const block: ReviewsBlockData = {
  type: "reviews",
  title: "What parents say",
  items: [
    { name: "Sanne", rating: 4, text: "My daughter loves it!", date: "2025-05-03" },
    { name: "Tom", rating: 5, text: "Swims on her own after a week." },
  ],
};

describe("ReviewsBlock", () => {
  test("each review's stars are one image with a text alternative", () => {
    // given / when
    const { container } = renderBlock(<ReviewsBlock block={block} />);
    // then
    const four = screen.getByRole("img", { name: "4 out of 5 stars" });
    expect(four.querySelectorAll("svg")).toHaveLength(5);
    expect(four.querySelectorAll(".rating__star--filled")).toHaveLength(4);
    expect([...four.querySelectorAll("svg")].every((star) => star.getAttribute("aria-hidden") === "true")).toBe(true);
    expect(screen.getByRole("img", { name: "5 out of 5 stars" })).toBeTruthy();
    expect(container.querySelectorAll(".review-card")).toHaveLength(2);
  });

  test("a card shows the text, the reviewer's name and the date in the page's language", () => {
    renderBlock(<ReviewsBlock block={block} />);
    expect(screen.getByRole("heading", { name: "What parents say" })).toBeTruthy();
    const card = screen.getByText("My daughter loves it!").closest("figure") as HTMLElement;
    expect(card.querySelector("blockquote")?.textContent).toBe("My daughter loves it!");
    expect(within(card).getByText("Sanne")).toBeTruthy();
    const time = card.querySelector("time");
    expect(time?.getAttribute("dateTime")).toBe("2025-05-03");
    expect(time?.textContent).toBe("3 May 2025");
  });

  test.each([
    ["nl", "4 van de 5 sterren", "3 mei 2025"],
    ["de", "4 von 5 Sternen", "3. Mai 2025"],
    ["es", "4 de 5 estrellas", "3 de mayo de 2025"],
    ["fr", "Note\u00a0: 4 sur 5", "3 mai 2025"],
    ["sv", "4 av 5 stjärnor", "3 maj 2025"],
  ] as const)("in %s: %s, %s", (locale, rating, date) => {
    const { container } = renderBlock(<ReviewsBlock block={block} />, { locale });
    expect(screen.getByRole("img", { name: rating })).toBeTruthy();
    expect(container.querySelector("time")?.textContent).toBe(date);
  });

  test("a review without a date shows no date", () => {
    renderBlock(<ReviewsBlock block={{ type: "reviews", items: [{ name: "Tom", rating: 3, text: "Nice." }] }} />);
    expect(document.querySelector("time")).toBeNull();
    expect(screen.getByRole("img", { name: "3 out of 5 stars" })).toBeTruthy();
  });
});
