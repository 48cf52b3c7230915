import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError } from "../api";
import { createI18n } from "../i18n";
import en from "../../locales/en.json";
import { Checkbox, isMessageVisible, SubmitButton, TextField } from "./fields";
import { DEBOUNCE_MS, deriveState, Form, valuesEnteredBeforeHydration, type FormProps, type FormState } from "./form";
import { compileFields, type FieldDefinitions } from "./schema";

const INCOMPLETE = "Sorry, not all fields are filled out correctly.";

const FIELDS: FieldDefinitions = {
  name: { label: "Name", rules: "required" },
  email: { label: "Email address", rules: "required|email" },
};

type Props = Omit<FormProps, "id" | "fields" | "onSubmit" | "children"> & {
  fields?: FieldDefinitions;
  onSubmit?: FormProps["onSubmit"];
  children?: ReactNode;
};

function renderForm({ fields = FIELDS, onSubmit = vi.fn(), children, ...props }: Props = {}) {
  const i18n = createI18n("en", en);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Form id="contact" fields={fields} onSubmit={onSubmit} {...props}>
        {children ?? (
          <>
            <TextField name="name" />
            <TextField name="email" type="email" />
            <SubmitButton />
          </>
        )}
      </Form>
    </I18nextProvider>,
  );
  return { ...view, onSubmit, form: view.container.querySelector("form") as HTMLFormElement };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (id: string) => document.getElementById(`${id}-error`) as HTMLElement;

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

async function submit(form: HTMLFormElement) {
  await act(async () => {
    fireEvent.submit(form);
  });
}

function deferred() {
  let resolve: (value?: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function apiError(status: number, errors?: { path: string[]; message: string; name: string; rule?: string; args?: string[] }[]): ApiError {
  return new ApiError({
    data: null,
    error: { status, name: status === 429 ? "RateLimitError" : "ValidationError", message: "Server says no", details: errors ? { errors } : {} },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("isMessageVisible", () => {
  test.each([
    ["blur", { submitted: false, touched: false, dirty: false }, false],
    ["blur", { submitted: false, touched: false, dirty: true }, false],
    ["blur", { submitted: false, touched: true, dirty: false }, true],
    ["blur", { submitted: true, touched: false, dirty: false }, true],
    ["dirty", { submitted: false, touched: false, dirty: false }, false],
    ["dirty", { submitted: false, touched: true, dirty: false }, false],
    ["dirty", { submitted: false, touched: false, dirty: true }, true],
    ["dirty", { submitted: true, touched: false, dirty: false }, true],
    ["live", { submitted: false, touched: false, dirty: false }, false],
    ["live", { submitted: false, touched: false, dirty: true }, true],
    ["live", { submitted: false, touched: true, dirty: false }, true],
    ["live", { submitted: true, touched: false, dirty: false }, true],
  ] as const)("%s with %o → %s", (mode, state, expected) => {
    expect(isMessageVisible(mode, state)).toBe(expected);
  });
});

describe("deriveState", () => {
  const base = { validating: false, submitting: false, submitted: false, attempted: false, hasErrors: false };

  test.each([
    [{}, "complete"],
    [{ hasErrors: true }, "invalid"],
    [{ hasErrors: true, attempted: true }, "incomplete"],
    [{ attempted: true }, "complete"],
    [{ submitted: true }, "submitted"],
    [{ validating: true }, "validating"],
    [{ validating: true, hasErrors: true, attempted: true }, "validating"],
    [{ submitting: true }, "loading"],
    [{ submitting: true, validating: true, submitted: true, hasErrors: true, attempted: true }, "loading"],
    [{ submitted: true, hasErrors: true, attempted: true }, "submitted"],
  ] as [Partial<typeof base>, FormState][])("%o → %s", (input, expected) => {
    expect(deriveState({ ...base, ...input })).toBe(expected);
  });
});

describe("message visibility in the form", () => {
  test("blur: an invalid value shows its message only after leaving the field", async () => {
    // given
    renderForm();
    type("Email address", "jan@");
    await act(() => new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS + 10)));
    expect(errorOf("contact-email").textContent).toBe("");
    expect(input("Email address").getAttribute("aria-invalid")).toBeNull();
    // when
    fireEvent.blur(input("Email address"));
    // then
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("Please enter a valid email address."));
    expect(input("Email address").getAttribute("aria-invalid")).toBe("true");
  });

  test("blur: leaving one field shows only that field's message", async () => {
    renderForm();
    fireEvent.blur(input("Email address"));
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("Email address is required."));
    expect(errorOf("contact-name").textContent).toBe("");
  });

  test("dirty: a checkbox's message shows once it has changed, not on blur alone", async () => {
    // given
    const fields: FieldDefinitions = { terms: { label: "I accept the terms", rules: "accepted" } };
    const { form } = renderForm({ fields, children: <Checkbox name="terms" /> });
    const box = input("I accept the terms");
    fireEvent.blur(box);
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("invalid"));
    expect(errorOf("contact-terms").textContent).toBe("");
    // when
    fireEvent.click(box);
    fireEvent.click(box);
    // then
    await waitFor(() => expect(errorOf("contact-terms").textContent).toBe("I accept the terms must be accepted."));
    expect(box.getAttribute("aria-invalid")).toBe("true");
  });

  test("live: the message shows while typing, before leaving the field", async () => {
    const fields: FieldDefinitions = { email: { label: "Email address", rules: "required|email", show: "live" } };
    renderForm({ fields, children: <TextField name="email" /> });
    type("Email address", "jan@");
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("Please enter a valid email address."));
    expect(input("Email address").getAttribute("aria-invalid")).toBe("true");
  });

  test("after a submit attempt every message shows, also of fields never touched", async () => {
    // given
    const fields: FieldDefinitions = {
      name: { label: "Name", rules: "required" },
      terms: { label: "I accept the terms", rules: "accepted" },
      email: { label: "Email address", rules: "required|email", show: "live" },
    };
    const { form } = renderForm({
      fields,
      children: (
        <>
          <TextField name="name" />
          <Checkbox name="terms" />
          <TextField name="email" />
        </>
      ),
    });
    // when
    await submit(form);
    // then
    await waitFor(() => expect(errorOf("contact-name").textContent).toBe("Name is required."));
    expect(errorOf("contact-terms").textContent).toBe("I accept the terms must be accepted.");
    expect(errorOf("contact-email").textContent).toBe("Email address is required.");
  });
});

describe("accessibility", () => {
  test("each input has a real <label for> with the field's label", () => {
    const { container } = renderForm();
    expect(container.querySelector('label[for="contact-name"]')?.textContent).toBe("Name");
    expect(container.querySelector('label[for="contact-email"]')?.textContent).toBe("Email address");
    expect(input("Name").id).toBe("contact-name");
    expect(input("Email address").id).toBe("contact-email");
  });

  test("without a message: no aria-invalid, no aria-describedby, an empty live region", () => {
    renderForm();
    expect(input("Email address").getAttribute("aria-invalid")).toBeNull();
    expect(input("Email address").getAttribute("aria-describedby")).toBeNull();
    expect(errorOf("contact-email").getAttribute("aria-live")).toBe("polite");
    expect(errorOf("contact-email").textContent).toBe("");
  });

  test("with a message: aria-invalid and aria-describedby pointing at the error in an aria-live region", async () => {
    // given
    renderForm();
    // when
    fireEvent.blur(input("Email address"));
    // then
    await waitFor(() => expect(input("Email address").getAttribute("aria-invalid")).toBe("true"));
    const describedBy = input("Email address").getAttribute("aria-describedby");
    expect(describedBy).toBe("contact-email-error");
    const error = document.getElementById(describedBy as string) as HTMLElement;
    expect(error.textContent).toBe("Email address is required.");
    expect(error.getAttribute("aria-live")).toBe("polite");
  });

  test("help text is linked too, before the error", async () => {
    renderForm({ children: <TextField name="email" help="We never share it." /> });
    expect(input("Email address").getAttribute("aria-describedby")).toBe("contact-email-help");
    expect(document.getElementById("contact-email-help")?.textContent).toBe("We never share it.");
    fireEvent.blur(input("Email address"));
    await waitFor(() => expect(input("Email address").getAttribute("aria-describedby")).toBe("contact-email-help contact-email-error"));
  });

  test("the message disappears, and aria-invalid with it, once the value is fixed", async () => {
    renderForm();
    fireEvent.blur(input("Email address"));
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("Email address is required."));
    type("Email address", "jan@example.com");
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe(""));
    expect(input("Email address").getAttribute("aria-invalid")).toBeNull();
    expect(input("Email address").getAttribute("aria-describedby")).toBeNull();
  });
});

describe("states", () => {
  test("complete: valid values and nothing submitted", async () => {
    const { form } = renderForm({ initialValues: { name: "Jan", email: "jan@example.com" } });
    fireEvent.blur(input("Name"));
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("complete"));
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  test("invalid: errors before any submit, without an alert", async () => {
    const { form } = renderForm();
    fireEvent.blur(input("Name"));
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("invalid"));
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  test("incomplete: a blocked submit shows the given incomplete message in an alert and does not submit", async () => {
    // given
    const { form, onSubmit } = renderForm({ incompleteMessage: INCOMPLETE });
    // when
    await submit(form);
    // then
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("incomplete"));
    expect(screen.getByRole("alert").textContent).toBe(INCOMPLETE);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("incomplete: without an incomplete message it shows 'Form incomplete.'", async () => {
    const { form } = renderForm();
    await submit(form);
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("incomplete"));
    expect(screen.getByRole("alert").textContent).toBe("Form incomplete.");
  });

  test("incomplete: focus moves to the first invalid field in declaration order, not in page order", async () => {
    // given: name is declared first but rendered last
    const { form } = renderForm({
      children: (
        <>
          <TextField name="email" />
          <TextField name="name" />
        </>
      ),
    });
    // when
    await submit(form);
    // then
    await waitFor(() => expect(document.activeElement).toBe(input("Name")));
  });

  test("incomplete: focus skips valid fields", async () => {
    const { form } = renderForm({ initialValues: { name: "Jan", email: "jan@" } });
    await submit(form);
    await waitFor(() => expect(document.activeElement).toBe(input("Email address")));
  });

  test("incomplete: a second blocked submit moves focus again", async () => {
    const { form } = renderForm();
    await submit(form);
    await waitFor(() => expect(document.activeElement).toBe(input("Name")));
    act(() => input("Email address").focus());
    await submit(form);
    await waitFor(() => expect(document.activeElement).toBe(input("Name")));
  });

  test("loading: while onSubmit is pending the button is disabled and reads 'Loading...'; then it returns", async () => {
    // given
    const pending = deferred();
    const { form } = renderForm({ initialValues: { name: "Jan", email: "jan@example.com" }, onSubmit: () => pending.promise });
    expect(screen.getByRole("button").textContent).toBe("Submit");
    // when
    await submit(form);
    // then
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("loading"));
    const button = screen.getByRole("button") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe("Loading...");
    expect(form.getAttribute("aria-busy")).toBe("true");
    // when
    await act(async () => pending.resolve());
    // then
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("submitted"));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Submit");
    expect(form.getAttribute("aria-busy")).toBe("false");
  });

  test("submitted: the success message shows in a status region and the values are reset", async () => {
    // given
    const { form } = renderForm({ successMessage: "Thank you! Your message has been sent.", onSubmit: () => Promise.resolve() });
    type("Name", "Jan");
    type("Email address", "jan@example.com");
    expect(screen.queryByRole("status")).toBeNull();
    // when
    await submit(form);
    // then
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("submitted"));
    expect(screen.getByRole("status").textContent).toBe("Thank you! Your message has been sent.");
    expect(input("Name").value).toBe("");
    expect(input("Email address").value).toBe("");
    expect(errorOf("contact-name").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  test("submitted: typing again leaves the submitted state and hides the success message", async () => {
    const { form } = renderForm({ successMessage: "Sent.", initialValues: { name: "Jan", email: "jan@example.com" } });
    await submit(form);
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("submitted"));
    type("Name", "Piet");
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("complete"));
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("the form passes through validating while it validates", async () => {
    // given
    const { form } = renderForm();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(form.getAttribute("data-state") ?? ""));
    observer.observe(form, { attributes: true, attributeFilter: ["data-state"] });
    // when
    fireEvent.blur(input("Name"));
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("invalid"));
    observer.disconnect();
    // then
    expect(seen).toEqual(["validating", "invalid"]);
  });
});

describe("onSubmit", () => {
  test("receives the values and captchaToken null when there is no captcha site key", async () => {
    // given
    const onSubmit = vi.fn();
    const { form } = renderForm({ onSubmit, captcha: true });
    type("Name", "Jan");
    type("Email address", "jan@example.com");
    // when
    await submit(form);
    // then
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Jan", email: "jan@example.com" }, { captchaToken: null });
    expect(document.querySelectorAll('script[src*="recaptcha"]').length).toBe(0);
  });

  test("the values include initial values of fields that were not rendered", async () => {
    const onSubmit = vi.fn();
    const { form } = renderForm({ onSubmit, initialValues: { name: "Jan", email: "jan@example.com", source: "footer" } });
    await submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Jan", email: "jan@example.com", source: "footer" }, { captchaToken: null });
  });
});

describe("server errors", () => {
  async function submitRejected(error: unknown, incompleteMessage?: string) {
    const onSubmit = vi.fn().mockRejectedValue(error);
    const view = renderForm({ onSubmit, incompleteMessage, initialValues: { name: "Jan", email: "jan@example.com" } });
    await submit(view.form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(view.form.getAttribute("data-state")).not.toBe("loading"));
    return view;
  }

  test("a field error names the rule: its message shows at that field, with the incomplete message", async () => {
    // given / when
    const { form } = await submitRejected(
      apiError(400, [{ path: ["data", "email"], message: "x", name: "ValidationError", rule: "email", args: [] }]),
      INCOMPLETE,
    );
    // then
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("Please enter a valid email address."));
    expect(input("Email address").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe(INCOMPLETE);
    expect(form.getAttribute("data-state")).toBe("incomplete");
    expect(errorOf("contact-name").textContent).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(input("Email address")));
  });

  test("a field error without a known rule shows the server's message at that field", async () => {
    await submitRejected(apiError(400, [{ path: ["data", "email"], message: "This email address is already registered.", name: "ValidationError" }]));
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("This email address is already registered."));
    expect(screen.getByRole("alert").textContent).toBe("Form incomplete.");
  });

  test("status 429 shows forms.rateLimited", async () => {
    const { form } = await submitRejected(apiError(429));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("You have sent this form several times in a short while. Please try again in a few minutes."),
    );
    expect(form.getAttribute("data-state")).toBe("complete");
    expect(input("Name").value).toBe("Jan");
  });

  test("an error that is not an API error shows forms.failed", async () => {
    await submitRejected(new TypeError("Failed to fetch"));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Sorry, something went wrong. Please try again in a moment."));
  });

  test("an API error with status 500 shows forms.failed", async () => {
    await submitRejected(apiError(500));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Sorry, something went wrong. Please try again in a moment."));
  });

  test("an error at captchaToken shows forms.captcha.failed", async () => {
    await submitRejected(apiError(400, [{ path: ["captchaToken"], message: "Invalid captcha", name: "ValidationError" }]), INCOMPLETE);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("We could not verify that you are not a robot. Please try again."));
    expect(errorOf("contact-email").textContent).toBe("");
  });

  test("the next submit clears the previous error", async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error("boom")).mockResolvedValueOnce(undefined);
    const { form } = renderForm({ onSubmit, initialValues: { name: "Jan", email: "jan@example.com" } });
    await submit(form);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Sorry, something went wrong. Please try again in a moment."));
    await submit(form);
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("submitted"));
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});

describe("describeError: the form's own wording of a failure", () => {
  async function submitDescribed(error: unknown, describeError: FormProps["describeError"]) {
    const onSubmit = vi.fn().mockRejectedValue(error);
    const view = renderForm({ onSubmit, describeError, incompleteMessage: INCOMPLETE, initialValues: { name: "Jan", email: "jan@example.com" } });
    await submit(view.form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(view.form.getAttribute("data-state")).not.toBe("loading"));
    return view;
  }

  test("a text for the form replaces the defaults (also the rate-limit text)", async () => {
    const describeError = vi.fn(() => ({ form: "Too many attempts." }));
    await submitDescribed(apiError(429), describeError);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many attempts."));
    expect(describeError).toHaveBeenCalledWith(expect.objectContaining({ status: 429 }));
  });

  test("texts per field land at those fields, with the incomplete message, and focus the first", async () => {
    await submitDescribed(apiError(400), () => ({ fields: { email: "That address already has an account." } }));
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("That address already has an account."));
    expect(input("Email address").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe(INCOMPLETE);
    await waitFor(() => expect(document.activeElement).toBe(input("Email address")));
  });

  test("null leaves the failure to the defaults", async () => {
    await submitDescribed(apiError(400, [{ path: ["data", "email"], message: "Server text", name: "ValidationError" }]), () => null);
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe("Server text"));
  });

  test("an error that is not an API error never reaches it", async () => {
    const describeError = vi.fn(() => ({ form: "described" }));
    await submitDescribed(new TypeError("Failed to fetch"), describeError);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Sorry, something went wrong. Please try again in a moment."));
    expect(describeError).not.toHaveBeenCalled();
  });
});

describe("resetOnSuccess", () => {
  test("by default a successful submit empties the form", async () => {
    const { form } = renderForm({ onSubmit: vi.fn(), initialValues: { name: "", email: "" } });
    type("Name", "Jan");
    type("Email address", "jan@example.com");
    await submit(form);
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("submitted"));
    expect(input("Name").value).toBe("");
  });

  test("false keeps the saved values (edit forms) and still shows the success message", async () => {
    const { form } = renderForm({ onSubmit: vi.fn(), resetOnSuccess: false, successMessage: "Saved.", initialValues: { name: "", email: "" } });
    type("Name", "Jan");
    type("Email address", "jan@example.com");
    await submit(form);
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("submitted"));
    expect(input("Name").value).toBe("Jan");
    expect(screen.getByRole("status").textContent).toBe("Saved.");
  });
});

describe("debounce", () => {
  test("typing does not validate synchronously; 20 ms after the last keystroke it does", async () => {
    // given
    vi.useFakeTimers();
    const fields: FieldDefinitions = { email: { label: "Email address", rules: "required|email", show: "live" } };
    const { form } = renderForm({ fields, children: <TextField name="email" /> });
    // when
    type("Email address", "jan@");
    // then
    expect(form.getAttribute("data-state")).toBe("complete");
    expect(errorOf("contact-email").textContent).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1));
    expect(errorOf("contact-email").textContent).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(errorOf("contact-email").textContent).toBe("Please enter a valid email address.");
    expect(form.getAttribute("data-state")).toBe("invalid");
  });

  test("a keystroke within 20 ms restarts the wait", async () => {
    vi.useFakeTimers();
    const fields: FieldDefinitions = { email: { label: "Email address", rules: "required|email", show: "live" } };
    renderForm({ fields, children: <TextField name="email" /> });
    type("Email address", "jan@");
    await act(() => vi.advanceTimersByTimeAsync(15));
    type("Email address", "jan@e");
    await act(() => vi.advanceTimersByTimeAsync(15));
    expect(errorOf("contact-email").textContent).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(5));
    expect(errorOf("contact-email").textContent).toBe("Please enter a valid email address.");
  });
});

describe("declaration errors", () => {
  test("compileFields throws on an unknown rule", () => {
    expect(() => compileFields({ email: { label: "Email address", rules: "required|emial" } })).toThrowError('Unknown validation rule "emial"');
  });

  test("rendering a form with an unknown rule throws", () => {
    // given
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fields: FieldDefinitions = { email: { label: "Email address", rules: "required|emial" } };
    // when / then
    expect(() => renderForm({ fields, children: <TextField name="email" /> })).toThrowError('Unknown validation rule "emial"');
    quiet.mockRestore();
  });

  test("a field that is not declared throws", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => renderForm({ children: <TextField name="phone" /> })).toThrowError('Field "phone" is not declared in form "contact"');
    quiet.mockRestore();
  });
});

describe("errors given from the start (initialErrors)", () => {
  test("show at their fields with the incomplete message, and the first of them takes focus", async () => {
    renderForm({ incompleteMessage: INCOMPLETE, initialValues: { name: "Eva", email: "eva@" }, initialErrors: { email: "Please enter a valid email address." } });
    expect(errorOf("contact-email").textContent).toBe("Please enter a valid email address.");
    expect(input("Email address").getAttribute("aria-invalid")).toBe("true");
    expect(errorOf("contact-name").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe(INCOMPLETE);
    await waitFor(() => expect(document.activeElement).toBe(input("Email address")));
  });

  test("go once the field is corrected", async () => {
    renderForm({ initialValues: { name: "Eva", email: "eva@" }, initialErrors: { email: "Please enter a valid email address." } });
    type("Email address", "eva@example.com");
    await waitFor(() => expect(errorOf("contact-email").textContent).toBe(""));
  });
});

describe("what a parent entered before the code ran", () => {
  const fields: FieldDefinitions = { ...FIELDS, terms: { label: "I accept the terms", rules: "accepted" } };
  const ui = (onSubmit: FormProps["onSubmit"]) => (
    <I18nextProvider i18n={createI18n("en", en)}>
      <Form id="contact" fields={fields} onSubmit={onSubmit}>
        <TextField name="name" />
        <TextField name="email" type="email" />
        <Checkbox name="terms" />
        <SubmitButton />
      </Form>
    </I18nextProvider>
  );

  test("stays in the fields once the form hydrates, and is what the form submits", async () => {
    // given: the published form, filled in before hydration
    const container = document.createElement("div");
    container.innerHTML = renderToString(ui(vi.fn()));
    document.body.appendChild(container);
    (container.querySelector("#contact-name") as HTMLInputElement).value = "Eva";
    (container.querySelector("#contact-terms") as HTMLInputElement).checked = true;
    const onSubmit = vi.fn();
    // when: React takes the form over, then the parent goes on typing
    const view = render(ui(onSubmit), { container, hydrate: true });
    type("Email address", "eva@example.com");
    // then
    await waitFor(() => expect(input("Email address").value).toBe("eva@example.com"));
    expect(input("Name").value).toBe("Eva");
    expect(input("I accept the terms").checked).toBe(true);
    await submit(view.container.querySelector("form") as HTMLFormElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: "Eva", email: "eva@example.com", terms: true });
  });

  test("is nothing when the controls hold the initial values", () => {
    const form = document.createElement("form");
    form.innerHTML = '<input name="name" value="Eva"><input name="terms" type="checkbox"><input name="size" type="radio" value="s"><input name="size" type="radio" value="m">';
    expect(valuesEnteredBeforeHydration(form, ["name", "terms", "size", "missing"], { name: "Eva", terms: "", size: "" })).toBeNull();
    (form.querySelectorAll("input")[3] as HTMLInputElement).checked = true;
    expect(valuesEnteredBeforeHydration(form, ["name", "terms", "size"], { name: "Eva", terms: "", size: "" })).toEqual({ size: "m" });
  });
});
