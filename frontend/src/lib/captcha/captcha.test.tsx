import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createI18n } from "../i18n";
import en from "../../locales/en.json";
import { Form } from "../forms/form";
import { SubmitButton, TextField } from "../forms/fields";
import { CAPTCHA_ACTION, CaptchaError, CaptchaProvider, executeRecaptcha, loadRecaptcha, POLL_MS, resetRecaptcha, useCaptcha } from "./index";
import type { Grecaptcha } from "./recaptcha";

const SCRIPT_SELECTOR = 'script[src^="https://www.google.com/recaptcha/"]';
const NOTICE = "This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.";

type CaptchaWindow = Window & { grecaptcha?: Grecaptcha };

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>(SCRIPT_SELECTOR)];

function fakeGrecaptcha(token = "tok") {
  return { ready: vi.fn((callback: () => void) => callback()), execute: vi.fn().mockResolvedValue(token) };
}

function install(grecaptcha: Grecaptcha) {
  (window as CaptchaWindow).grecaptcha = grecaptcha;
}

/** Tracks whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: "pending" | "resolved" | "rejected"; value?: T; error?: unknown } = { settled: "pending" };
  promise.then(
    (value) => Object.assign(state, { settled: "resolved", value }),
    (error: unknown) => Object.assign(state, { settled: "rejected", error }),
  );
  return state;
}

beforeEach(() => {
  resetRecaptcha();
});

afterEach(async () => {
  vi.useRealTimers();
  // An error on each script stops its polling, so no load outlives its test.
  for (const script of scripts()) {
    script.dispatchEvent(new Event("error"));
    script.remove();
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  resetRecaptcha();
  delete (window as CaptchaWindow).grecaptcha;
});

describe("loadRecaptcha", () => {
  test("appends exactly one async script with the site key in the render parameter", () => {
    // given
    vi.useFakeTimers();
    // when
    void loadRecaptcha("site-key-1");
    // then
    expect(scripts().map((script) => [script.src, script.async])).toEqual([["https://www.google.com/recaptcha/api.js?render=site-key-1", true]]);
    expect(scripts()[0]?.parentElement).toBe(document.head);
  });

  test("polls every 25 ms: not resolved before grecaptcha exists, resolved at the first poll after it appears", async () => {
    // given
    vi.useFakeTimers();
    const state = track(loadRecaptcha("site-key-1"));
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(state.settled).toBe("pending");
    // when
    const grecaptcha = fakeGrecaptcha();
    install(grecaptcha);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    // then
    expect(state.settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe("resolved");
    expect(state.value).toBe(grecaptcha);
    expect(grecaptcha.ready).toHaveBeenCalledTimes(1);
    expect(POLL_MS).toBe(25);
  });

  test("an object without execute is not taken for grecaptcha", async () => {
    vi.useFakeTimers();
    const state = track(loadRecaptcha("site-key-1"));
    (window as unknown as { grecaptcha: unknown }).grecaptcha = { ready: () => undefined };
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(state.settled).toBe("pending");
  });

  test("a second call with the same key returns the same promise and adds no script", () => {
    vi.useFakeTimers();
    const first = loadRecaptcha("site-key-1");
    const second = loadRecaptcha("site-key-1");
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
  });

  test("a second call with a different key throws a CaptchaError naming both keys", () => {
    // given
    vi.useFakeTimers();
    void loadRecaptcha("site-key-1");
    // when
    let thrown: unknown = null;
    try {
      void loadRecaptcha("site-key-2");
    } catch (error) {
      thrown = error;
    }
    // then
    expect(thrown).toBeInstanceOf(CaptchaError);
    expect((thrown as CaptchaError).name).toBe("CaptchaError");
    expect((thrown as CaptchaError).message).toContain('"site-key-1"');
    expect((thrown as CaptchaError).message).toContain('"site-key-2"');
    expect(scripts()).toHaveLength(1);
  });

  test("a different key is refused also after the first one has loaded", async () => {
    vi.useFakeTimers();
    install(fakeGrecaptcha());
    const state = track(loadRecaptcha("site-key-1"));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(state.settled).toBe("resolved");
    expect(() => loadRecaptcha("site-key-2")).toThrowError(CaptchaError);
  });

  test("a script error rejects with a CaptchaError and stops polling; a later retry with the same key loads again", async () => {
    // given
    vi.useFakeTimers();
    const first = track(loadRecaptcha("site-key-1"));
    // when
    scripts()[0]?.dispatchEvent(new Event("error"));
    await vi.advanceTimersByTimeAsync(0);
    // then
    expect(first.settled).toBe("rejected");
    expect(first.error).toBeInstanceOf(CaptchaError);
    expect((first.error as Error).message).toBe("reCAPTCHA could not be loaded");
    expect(vi.getTimerCount()).toBe(0);
    // when
    install(fakeGrecaptcha());
    const retry = track(loadRecaptcha("site-key-1"));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    // then
    expect(retry.settled).toBe("resolved");
    expect(scripts().filter((script) => script.isConnected)).toHaveLength(2);
  });

  test("gives up with a CaptchaError when grecaptcha does not appear within 15 seconds", async () => {
    vi.useFakeTimers();
    const state = track(loadRecaptcha("site-key-1"));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(state.settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(state.settled).toBe("rejected");
    expect((state.error as Error).message).toBe("reCAPTCHA did not load in time");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("executeRecaptcha", () => {
  test("passes the site key and {action} and returns the token", async () => {
    // given
    vi.useFakeTimers();
    const grecaptcha = fakeGrecaptcha("tok");
    install(grecaptcha);
    // when
    const state = track(executeRecaptcha("site-key-1", "contact"));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    // then
    expect(state.settled).toBe("resolved");
    expect(state.value).toBe("tok");
    expect(grecaptcha.execute).toHaveBeenCalledTimes(1);
    expect(grecaptcha.execute).toHaveBeenCalledWith("site-key-1", { action: "contact" });
  });

  test("rejects when the script fails to load", async () => {
    vi.useFakeTimers();
    const state = track(executeRecaptcha("site-key-1", "contact"));
    scripts()[0]?.dispatchEvent(new Event("error"));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe("rejected");
    expect(state.error).toBeInstanceOf(CaptchaError);
  });
});

describe("useCaptcha", () => {
  const withKey = (siteKey: string | null) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <CaptchaProvider siteKey={siteKey}>{children}</CaptchaProvider>;
    };

  test("without a provider it is off: token() resolves null and no script is added", async () => {
    const { result } = renderHook(() => useCaptcha());
    expect(result.current.enabled).toBe(false);
    result.current.preload();
    expect(await result.current.token()).toBeNull();
    expect(scripts()).toHaveLength(0);
  });

  test.each([null, ""])("with site key %o it is off", async (siteKey) => {
    const { result } = renderHook(() => useCaptcha(), { wrapper: withKey(siteKey) });
    expect(result.current.enabled).toBe(false);
    result.current.preload();
    expect(await result.current.token()).toBeNull();
    expect(scripts()).toHaveLength(0);
  });

  test("with a site key it is on; preload adds the script and token() executes the submit action", async () => {
    // given
    const grecaptcha = fakeGrecaptcha("tok");
    install(grecaptcha);
    const { result } = renderHook(() => useCaptcha(), { wrapper: withKey("site-key-1") });
    expect(result.current.enabled).toBe(true);
    // when
    result.current.preload();
    // then
    expect(scripts().map((script) => script.src)).toEqual(["https://www.google.com/recaptcha/api.js?render=site-key-1"]);
    expect(await result.current.token()).toBe("tok");
    expect(grecaptcha.execute).toHaveBeenCalledWith("site-key-1", { action: CAPTCHA_ACTION });
    expect(CAPTCHA_ACTION).toBe("submit");
    expect(scripts()).toHaveLength(1);
  });

  test("preload swallows a load failure", async () => {
    const { result } = renderHook(() => useCaptcha(), { wrapper: withKey("site-key-1") });
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    result.current.preload();
    scripts()[0]?.dispatchEvent(new Event("error"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe("<Form captcha>", () => {
  const FIELDS = { email: { label: "Email address", rules: "required|email" } };

  function renderForm(siteKey: string | null, onSubmit = vi.fn(), captcha = true) {
    const view = render(
      <I18nextProvider i18n={createI18n("en", en)}>
        <CaptchaProvider siteKey={siteKey}>
          <Form id="contact" fields={FIELDS} onSubmit={onSubmit} captcha={captcha} initialValues={{ email: "jan@example.com" }}>
            <TextField name="email" />
            <SubmitButton />
          </Form>
        </CaptchaProvider>
      </I18nextProvider>,
    );
    return { ...view, onSubmit, form: view.container.querySelector("form") as HTMLFormElement };
  }

  test("with a site key the form shows the captcha notice with links to Google's privacy policy and terms", () => {
    // given / when
    const { container } = renderForm("site-key-1");
    // then
    const notice = container.querySelector(".captcha-notice") as HTMLElement;
    expect(notice.textContent).toBe(NOTICE);
    const links = [...notice.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")]);
    expect(links).toEqual([
      ["Privacy Policy", "https://policies.google.com/privacy", "_blank", "noopener noreferrer"],
      ["Terms of Service", "https://policies.google.com/terms", "_blank", "noopener noreferrer"],
    ]);
  });

  test("with a site key the script is preloaded when the form appears", () => {
    renderForm("site-key-1");
    expect(scripts().map((script) => script.src)).toEqual(["https://www.google.com/recaptcha/api.js?render=site-key-1"]);
  });

  test("with a site key onSubmit gets the token of the fake grecaptcha", async () => {
    // given
    const grecaptcha = fakeGrecaptcha("tok");
    install(grecaptcha);
    const { form, onSubmit } = renderForm("site-key-1");
    // when
    await act(async () => {
      fireEvent.submit(form);
    });
    // then
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ email: "jan@example.com" }, { captchaToken: "tok" });
    expect(grecaptcha.execute).toHaveBeenCalledWith("site-key-1", { action: "submit" });
  });

  test("when the captcha cannot load, the submit shows forms.captcha.failed and onSubmit is not called", async () => {
    // given
    const { form, onSubmit } = renderForm("site-key-1");
    await act(async () => {
      fireEvent.submit(form);
    });
    // when
    await act(async () => {
      scripts()[0]?.dispatchEvent(new Event("error"));
    });
    // then
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("We could not verify that you are not a robot. Please try again."));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("without a site key there is no notice, no script, and onSubmit gets captchaToken null", async () => {
    const { container, form, onSubmit } = renderForm(null);
    expect(container.querySelector(".captcha-notice")).toBeNull();
    expect(screen.queryByText(/reCAPTCHA/)).toBeNull();
    await act(async () => {
      fireEvent.submit(form);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: "jan@example.com" }, { captchaToken: null }));
    expect(scripts()).toHaveLength(0);
  });

  test("a form without captcha shows no notice and asks no token, even with a site key", async () => {
    const grecaptcha = fakeGrecaptcha("tok");
    install(grecaptcha);
    const { container, form, onSubmit } = renderForm("site-key-1", vi.fn(), false);
    expect(container.querySelector(".captcha-notice")).toBeNull();
    await act(async () => {
      fireEvent.submit(form);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: "jan@example.com" }, { captchaToken: null }));
    expect(grecaptcha.execute).not.toHaveBeenCalled();
    expect(scripts()).toHaveLength(0);
  });
});
