import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { fakeApi, ok, resetAuthTestState } from "../../testing/auth";
import type { Locale } from "../i18n";
import { useAccountPath } from "./account-path";

function Path({ locale }: { locale: Locale }) {
  return <p data-testid={`path-${locale}`}>{useAccountPath(locale)}</p>;
}

const SLUGS = {
  data: {
    id: 5,
    slug: "mijn-splash",
    locale: "nl",
    path: "/mijn-splash",
    localizations: [
      { id: 6, slug: "my-account", locale: "en" },
      { id: 7, slug: "mein-konto", locale: "de" },
    ],
  },
};

afterEach(() => resetAuthTestState());

describe("useAccountPath", () => {
  test("asks the slugify call once for the Dutch account page and picks each locale's translation", async () => {
    // given
    const server = fakeApi({ "GET /slugify/slugs/page/mijn-splash": () => ok(SLUGS) });
    // when
    render(
      <>
        <Path locale="en" />
        <Path locale="de" />
        <Path locale="nl" />
      </>,
    );
    // then
    await waitFor(() => expect(screen.getByTestId("path-en").textContent).toBe("/my-account"));
    expect(screen.getByTestId("path-de").textContent).toBe("/mein-konto");
    expect(screen.getByTestId("path-nl").textContent).toBe("/mijn-splash");
    const [call, ...more] = server.calls;
    expect(more).toEqual([]);
    expect(call?.query.get("locale")).toBe("nl");
  });

  test("the answer is kept for the session: a later mount asks nothing", async () => {
    const server = fakeApi({ "GET /slugify/slugs/page/mijn-splash": () => ok(SLUGS) });
    const first = render(<Path locale="en" />);
    await waitFor(() => expect(screen.getByTestId("path-en").textContent).toBe("/my-account"));
    first.unmount();
    render(<Path locale="en" />);
    await waitFor(() => expect(screen.getByTestId("path-en").textContent).toBe("/my-account"));
    expect(server.calls).toHaveLength(1);
  });

  test("until it answers, and when it fails, the route table's account path stands in", async () => {
    const server = fakeApi({});
    render(<Path locale="fr" />);
    expect(screen.getByTestId("path-fr").textContent).toBe("/mon-splash");
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.getByTestId("path-fr").textContent).toBe("/mon-splash");
  });

  test("a locale the content system has no translation for keeps the route table's path", async () => {
    fakeApi({ "GET /slugify/slugs/page/mijn-splash": () => ok(SLUGS) });
    render(
      <>
        <Path locale="en" />
        <Path locale="sv" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("path-en").textContent).toBe("/my-account"));
    expect(screen.getByTestId("path-sv").textContent).toBe("/mitt-splash");
  });
});
