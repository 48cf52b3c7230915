import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { MarqueeBlock } from "./marquee-block";
import { renderBlock } from "../../../testing/content";

const items = ["Free shipping from €50", "Free video swimming lessons", "30 days to return"];

describe("MarqueeBlock", () => {
  test("screen readers get each item once: the loop's copy is aria-hidden", () => {
    // given / when
    const { container } = renderBlock(<MarqueeBlock block={{ type: "marquee", items }} />);
    // then
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(items);
    const groups = container.querySelectorAll(".marquee__group");
    expect(groups).toHaveLength(2);
    expect(groups[0]?.hasAttribute("aria-hidden")).toBe(false);
    expect(groups[1]?.getAttribute("aria-hidden")).toBe("true");
    expect([...(groups[1]?.querySelectorAll("li") ?? [])].map((item) => item.textContent)).toEqual(items);
  });

  test("a pause button stops and restarts the strip", () => {
    const { container } = renderBlock(<MarqueeBlock block={{ type: "marquee", items }} />);
    const toggle = screen.getByRole("button", { name: "Pause the moving text" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(container.querySelector(".block-marquee--paused")).not.toBeNull();
    fireEvent.click(toggle);
    expect(container.querySelector(".block-marquee--paused")).toBeNull();
  });
});
