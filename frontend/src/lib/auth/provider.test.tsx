import { act, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../api";
import { writeCookie } from "../cookies";
import { AuthProvider, useAuth } from "./provider";
import { createAuthStore, TOKEN_COOKIE } from "./store";
import { fakeApi, jwt, ok, resetAuthTestState, userFixture } from "../../testing/auth";

function Status() {
  const { status, user } = useAuth();
  return <p data-testid="status">{`${status}:${user?.email ?? "-"}`}</p>;
}

afterEach(() => resetAuthTestState());

describe("AuthProvider / useAuth", () => {
  test("the server renders 'unknown' even with a token cookie, and makes no request", () => {
    // given
    writeCookie(TOKEN_COOKIE, jwt("saved"), 60);
    const server = fakeApi({ "GET /users/me": () => ok(userFixture()) });
    // when
    const html = renderToString(
      <AuthProvider store={createAuthStore(api)}>
        <Status />
      </AuthProvider>,
    );
    // then
    expect(html).toContain("unknown:-");
    expect(server.calls).toEqual([]);
  });

  test("after mount a saved token is used to load the user, through the one API client with the bearer", async () => {
    writeCookie(TOKEN_COOKIE, jwt("saved"), 60);
    const server = fakeApi({ "GET /users/me": () => ok(userFixture()) });
    render(
      <AuthProvider store={createAuthStore(api)}>
        <Status />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("signed-in:ouder@example.com"));
    expect(server.callsTo("GET /users/me").map((call) => call.headers.authorization)).toEqual([`Bearer ${jwt("saved")}`]);
  });

  test("without a token cookie the visitor is signed out after mount, without a request", async () => {
    const server = fakeApi({});
    render(
      <AuthProvider store={createAuthStore(api)}>
        <Status />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("signed-out:-"));
    expect(server.calls).toEqual([]);
  });

  test("signing out through the hook re-renders every reader", async () => {
    const server = fakeApi({ "GET /users/me": () => ok(userFixture()) });
    const store = createAuthStore(api);
    render(
      <AuthProvider store={store}>
        <Status />
      </AuthProvider>,
    );
    await act(() => store.signIn(jwt("ouder")));
    expect(screen.getByTestId("status").textContent).toBe("signed-in:ouder@example.com");
    act(() => store.signOut());
    expect(screen.getByTestId("status").textContent).toBe("signed-out:-");
    expect(server.callsTo("GET /users/me")).toHaveLength(1);
  });

  test("useAuth outside a provider is a programming error", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Status />)).toThrow("useAuth needs an <AuthProvider>");
    quiet.mockRestore();
  });
});
