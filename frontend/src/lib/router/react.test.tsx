import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { Link, RouterProvider, useLocation, useNavigation, useRouteData } from "./react";
import { createMemoryRouter } from "./router";

function Page() {
  const { pathname } = useLocation();
  const data = useRouteData<string>();
  const navigation = useNavigation();
  return (
    <p data-testid="page">
      {pathname} {data} {navigation.state}
    </p>
  );
}

describe("Link", () => {
  test("a plain click navigates inside the app; a click with a modifier key is the browser's", async () => {
    const router = createMemoryRouter({ initialEntries: ["/"], data: "home", loader: ({ pathname }) => `data of ${pathname}` });
    render(
      <RouterProvider router={router}>
        <Page />
        <Link to="/shop">Shop</Link>
      </RouterProvider>,
    );
    const link = screen.getByRole("link", { name: "Shop" });
    expect(link.getAttribute("href")).toBe("/shop");
    const opened = fireEvent.click(link, { ctrlKey: true });
    expect(opened, "not prevented: the browser opens a new tab").toBe(true);
    expect(screen.getByTestId("page").textContent).toBe("/ home idle");
    await act(async () => {
      expect(fireEvent.click(link)).toBe(false);
    });
    expect(screen.getByTestId("page").textContent).toBe("/shop data of /shop idle");
  });
});
