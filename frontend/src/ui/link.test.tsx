import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation, useNavigationType } from "react-router";
import { describe, expect, test } from "vitest";
import { Link } from "./link";

/** The link under test on "/" (or `at`), and where the router is after a click. */
function renderLink(link: ReactNode, at = "/") {
  function Where() {
    const location = useLocation();
    return <output>{`${useNavigationType()} ${location.pathname}${location.search}${location.hash}`}</output>;
  }
  const page = (
    <>
      {link}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: "/", element: page },
      { path: "/shop", element: page },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return { where: () => screen.getByRole("status").textContent };
}

describe("Link", () => {
  test("a plain click is followed by the router: no page load, a new history entry", () => {
    // given
    const { where } = renderLink(<Link to="/shop?colour=blue#sizes">Shop</Link>);
    const link = screen.getByRole("link", { name: "Shop" });
    // when
    const followedByTheBrowser = fireEvent.click(link, { button: 0 });
    // then
    expect(link.getAttribute("href")).toBe("/shop?colour=blue#sizes");
    expect(followedByTheBrowser).toBe(false); // the router prevented the browser's navigation
    expect(where()).toBe("PUSH /shop?colour=blue#sizes");
  });

  test("a link to the page one is on replaces its history entry instead of adding one", () => {
    const { where } = renderLink(<Link to="/shop">Shop</Link>, "/shop");
    fireEvent.click(screen.getByRole("link", { name: "Shop" }), { button: 0 });
    expect(where()).toBe("REPLACE /shop");
  });

  test.each([
    ["ctrl", { ctrlKey: true }],
    ["meta", { metaKey: true }],
    ["shift", { shiftKey: true }],
    ["alt", { altKey: true }],
    ["middle button", { button: 1 }],
  ])("a click with %s is left to the browser (a new tab or window)", (_, modifier) => {
    const { where } = renderLink(<Link to="/shop">Shop</Link>);
    const followedByTheBrowser = fireEvent.click(screen.getByRole("link", { name: "Shop" }), { button: 0, ...modifier });
    expect(followedByTheBrowser).toBe(true);
    expect(where()).toBe("POP /");
  });

  test("a link into another window, or one whose onClick prevented it, is not followed by the router", () => {
    const { where } = renderLink(
      <>
        <Link to="/shop" target="_blank" rel="noopener">
          New window
        </Link>
        <Link to="/shop" onClick={(event) => event.preventDefault()}>
          Prevented
        </Link>
      </>,
    );
    expect(fireEvent.click(screen.getByRole("link", { name: "New window" }), { button: 0 })).toBe(true);
    fireEvent.click(screen.getByRole("link", { name: "Prevented" }), { button: 0 });
    expect(where()).toBe("POP /");
  });

  test.each(["https://www.facebook.com/splashswimwear", "//cdn.example.com/x", "mailto:hallo@splash.nl"])(
    "%s is a plain link out of the shop, its onClick still called",
    (to) => {
      const clicks: string[] = [];
      const { where } = renderLink(
        <Link to={to} onClick={() => clicks.push(to)}>
          Out
        </Link>,
      );
      const link = screen.getByRole("link", { name: "Out" });
      const followedByTheBrowser = fireEvent.click(link, { button: 0 });
      expect(link.getAttribute("href")).toBe(to);
      expect(followedByTheBrowser).toBe(true);
      expect(clicks).toEqual([to]);
      expect(where()).toBe("POP /");
    },
  );

  test("its attributes and ref reach the anchor", () => {
    let anchor: HTMLAnchorElement | null = null;
    renderLink(
      <Link
        to="/shop"
        className="button"
        aria-current="page"
        ref={(element) => {
          anchor = element;
        }}
      >
        Shop
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Shop" });
    expect(link.className).toBe("button");
    expect(link.getAttribute("aria-current")).toBe("page");
    expect(anchor).toBe(link);
  });
});
