/**
 * For the editing screens' tests: the content and entry screens rendered at an address over the
 * fake client of ./testing, `GET /content/collections` answered as the API answers the role,
 * every other request by the test (each call kept, to check what was sent).
 */
import { act, render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import type { Method, RequestOptions } from "../lib/api/client";
import type { Me } from "../studio/api";
import { ContentScreen } from "../studio/editing/content-screen";
import { EntryScreen } from "../studio/editing/entry-screen";
import { fakeClient, inStudio, rightsOf, type Call } from "../studio/editing/testing";

export { EDITOR, OWNER, member, type Call } from "../studio/editing/testing";

type Answer = (method: Method, path: string, options?: RequestOptions) => Promise<unknown>;

/** The screens at `at`, each request answered by `answer` after the rights; the calls made. */
export async function showStudio(me: Me, at: string, answer: Answer): Promise<Call[]> {
  const api = fakeClient(({ method, path, options }) => (path === "/content/collections" ? { data: rightsOf(me) } : answer(method, path, options)));
  await act(async () => {
    render(
      inStudio(
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/studio/content" element={<ContentScreen />} />
            <Route path="/studio/content/:collection" element={<ContentScreen />} />
            <Route path="/studio/content/:collection/:key" element={<EntryScreen />} />
          </Routes>
        </MemoryRouter>,
        api.client,
        me,
      ),
    );
  });
  return api.calls;
}
