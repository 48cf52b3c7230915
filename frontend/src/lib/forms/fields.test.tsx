import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test, vi } from "vitest";
import { createI18n } from "../i18n";
import en from "../../locales/en.json";
import { Checkbox, FileField, PasswordFields, RadioGroup, Select, TextArea, TextField } from "./fields";
import { Form } from "./form";
import { Address, addressFields, PersonalDetails, personalDetailsFields, SHIPPING_COUNTRIES } from "./groups";
import type { FieldDefinitions } from "./schema";

const i18n = createI18n("en", en);

function renderInForm(fields: FieldDefinitions, children: ReactNode, onSubmit = vi.fn()) {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Form id="f" fields={fields} onSubmit={onSubmit}>
        {children}
      </Form>
    </I18nextProvider>,
  );
  return { ...view, onSubmit, form: view.container.querySelector("form") as HTMLFormElement };
}

async function submit(form: HTMLFormElement) {
  await act(async () => {
    fireEvent.submit(form);
  });
}

const errorOf = (id: string) => document.getElementById(`${id}-error`) as HTMLElement;

describe("labels", () => {
  test("a field without required or accepted is marked optional in its label", () => {
    renderInForm({ phone: { label: "Phone number", rules: "length:0,20" } }, <TextField name="phone" type="tel" />);
    const phone = screen.getByLabelText("Phone number (optional)") as HTMLInputElement;
    expect(phone.id).toBe("f-phone");
    expect(phone.type).toBe("tel");
    expect(phone.required).toBe(false);
  });

  test("a required field is not marked optional and carries the required attribute", () => {
    renderInForm({ name: { label: "Name", rules: "required" } }, <TextField name="name" />);
    expect((screen.getByLabelText("Name") as HTMLInputElement).required).toBe(true);
  });

  test("TextArea is labelled and has the given rows", () => {
    renderInForm({ message: { label: "Message", rules: "required" } }, <TextArea name="message" rows={4} />);
    const area = screen.getByLabelText("Message") as HTMLTextAreaElement;
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.rows).toBe(4);
  });
});

describe("Select", () => {
  const fields: FieldDefinitions = { topic: { label: "Subject", rules: "required" } };
  const options = [
    { value: "order", label: "My order" },
    { value: "return", label: "A return" },
  ];

  test("starts on the 'Choose…' placeholder, followed by the options", () => {
    renderInForm(fields, <Select name="topic" options={options} />);
    const select = screen.getByLabelText("Subject") as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ["", "Choose…"],
      ["order", "My order"],
      ["return", "A return"],
    ]);
    expect(select.value).toBe("");
  });

  test("choosing an option sets the value that is submitted", async () => {
    // given
    const { form, onSubmit } = renderInForm(fields, <Select name="topic" options={options} />);
    const select = screen.getByLabelText("Subject") as HTMLSelectElement;
    // when
    fireEvent.change(select, { target: { value: "return" } });
    expect(select.value).toBe("return");
    await submit(form);
    // then
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ topic: "return" }, { captchaToken: null }));
  });

  test("the placeholder counts as empty: required shows its message", async () => {
    const { form } = renderInForm(fields, <Select name="topic" options={options} />);
    await submit(form);
    await waitFor(() => expect(errorOf("f-topic").textContent).toBe("Subject is required."));
    expect(screen.getByLabelText("Subject").getAttribute("aria-describedby")).toBe("f-topic-error");
  });
});

describe("RadioGroup", () => {
  const fields: FieldDefinitions = { delivery: { label: "Delivery", rules: "required" } };
  const options = [
    { value: "home", label: "At home" },
    { value: "pickup", label: "Pick-up point" },
  ];

  test("is a fieldset whose legend is the field's label; the first radio gets the field's id", () => {
    renderInForm(fields, <RadioGroup name="delivery" options={options} />);
    const group = screen.getByRole("group", { name: "Delivery" });
    expect(group.tagName).toBe("FIELDSET");
    const radios = within(group).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => [radio.id, radio.value, radio.name])).toEqual([
      ["f-delivery", "home", "delivery"],
      ["f-delivery-pickup", "pickup", "delivery"],
    ]);
    expect(screen.getByLabelText("At home")).toBe(radios[0]);
    expect(screen.getByLabelText("Pick-up point")).toBe(radios[1]);
  });

  test("choosing a radio checks it", () => {
    renderInForm(fields, <RadioGroup name="delivery" options={options} />);
    fireEvent.click(screen.getByLabelText("Pick-up point"));
    expect((screen.getByLabelText("Pick-up point") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("At home") as HTMLInputElement).checked).toBe(false);
  });

  test("its message is linked to the fieldset", async () => {
    const { form } = renderInForm(fields, <RadioGroup name="delivery" options={options} />);
    await submit(form);
    await waitFor(() => expect(errorOf("f-delivery").textContent).toBe("Delivery is required."));
    const group = screen.getByRole("group", { name: "Delivery" });
    expect(group.getAttribute("aria-describedby")).toBe("f-delivery-error");
    expect(group.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("FileField", () => {
  const fields: FieldDefinitions = { file: { label: "File", rules: "required" } };

  test("reads 'No file chosen' until a file is chosen, then the file's name", async () => {
    // given
    const { form, onSubmit } = renderInForm(fields, <FileField name="file" accept=".pdf" />);
    const fileInput = screen.getByLabelText("File") as HTMLInputElement;
    const status = document.getElementById(fileInput.getAttribute("aria-describedby") ?? "") as HTMLElement;
    expect(fileInput.type).toBe("file");
    expect(fileInput.accept).toBe(".pdf");
    expect(status.textContent).toBe("No file chosen");
    // when
    const file = new File(["%PDF"], "invoice.pdf", { type: "application/pdf" });
    fireEvent.change(fileInput, { target: { files: [file] } });
    // then
    expect(status.textContent).toBe("invoice.pdf");
    await submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ file: [file] }, { captchaToken: null }));
  });

  test("without a file a required file field shows its message, linked after the status", async () => {
    const { form } = renderInForm(fields, <FileField name="file" />);
    await submit(form);
    await waitFor(() => expect(errorOf("f-file").textContent).toBe("File is required."));
    const describedBy = (screen.getByLabelText("File").getAttribute("aria-describedby") ?? "").split(" ");
    expect(describedBy).toHaveLength(2);
    expect(document.getElementById(describedBy[0] as string)?.textContent).toBe("No file chosen");
    expect(describedBy[1]).toBe("f-file-error");
  });
});

describe("PasswordFields", () => {
  const fields: FieldDefinitions = {
    password: { label: "Password", rules: "required|length:8,64" },
    password_confirmation: { label: "Repeat password", rules: "required|confirm:password" },
  };

  test("renders two password inputs for new passwords", () => {
    renderInForm(fields, <PasswordFields name="password" confirmation="password_confirmation" />);
    const inputs = [screen.getByLabelText("Password"), screen.getByLabelText("Repeat password")] as HTMLInputElement[];
    expect(inputs.map((field) => [field.type, field.autocomplete, field.id])).toEqual([
      ["password", "new-password", "f-password"],
      ["password", "new-password", "f-password_confirmation"],
    ]);
  });

  test("a different confirmation shows 'Repeat password does not match.'", async () => {
    // given
    renderInForm(fields, <PasswordFields name="password" confirmation="password_confirmation" />);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Geheim123!" } });
    fireEvent.change(screen.getByLabelText("Repeat password"), { target: { value: "Geheim123?" } });
    // when
    fireEvent.blur(screen.getByLabelText("Repeat password"));
    // then
    await waitFor(() => expect(errorOf("f-password_confirmation").textContent).toBe("Repeat password does not match."));
  });

  test("the same confirmation passes", async () => {
    const { form, onSubmit } = renderInForm(fields, <PasswordFields name="password" confirmation="password_confirmation" />);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Geheim123!" } });
    fireEvent.change(screen.getByLabelText("Repeat password"), { target: { value: "Geheim123!" } });
    await submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: "Geheim123!", password_confirmation: "Geheim123!" }, { captchaToken: null }));
  });

  test("current-password is passed on for a login", () => {
    renderInForm(fields, <PasswordFields name="password" confirmation="password_confirmation" autoComplete="current-password" />);
    expect((screen.getByLabelText("Password") as HTMLInputElement).autocomplete).toBe("current-password");
  });
});

describe("Checkbox", () => {
  const fields: FieldDefinitions = { consent: { label: "I agree that Splash uses my details to answer my message", rules: "accepted" } };

  test("is labelled with the field's label", () => {
    renderInForm(fields, <Checkbox name="consent" />);
    const box = screen.getByLabelText("I agree that Splash uses my details to answer my message") as HTMLInputElement;
    expect(box.type).toBe("checkbox");
    expect(box.checked).toBe(false);
    expect(box.required).toBe(true);
  });

  test("children replace the label text", () => {
    renderInForm(
      fields,
      <Checkbox name="consent">
        I accept the <a href="/terms">terms</a>
      </Checkbox>,
    );
    expect((screen.getByLabelText("I accept the terms") as HTMLInputElement).type).toBe("checkbox");
  });

  test("holds true once checked", async () => {
    const { form, onSubmit } = renderInForm(fields, <Checkbox name="consent" />);
    fireEvent.click(screen.getByRole("checkbox"));
    await submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ consent: true }, { captchaToken: null }));
  });
});

describe("groups", () => {
  const t = i18n.t;

  test("PersonalDetails renders labelled inputs with autocomplete", () => {
    renderInForm(personalDetailsFields(t), <PersonalDetails />);
    expect(screen.getByRole("group", { name: "Personal details" })).toBeTruthy();
    const inputs = ["First name", "Last name", "Email address"].map((label) => screen.getByLabelText(label) as HTMLInputElement);
    expect(inputs.map((field) => [field.name, field.type, field.autocomplete])).toEqual([
      ["firstname", "text", "given-name"],
      ["lastname", "text", "family-name"],
      ["email", "email", "email"],
    ]);
    expect(inputs[2]?.inputMode).toBe("email");
  });

  test("Address renders labelled inputs with autocomplete", () => {
    renderInForm(addressFields(t), <Address />);
    expect(screen.getByRole("group", { name: "Address" })).toBeTruthy();
    const labels = ["Street", "House number", "Addition (optional)", "Other address details (c/o, floor…) (optional)", "Postal code", "City", "Country"];
    const inputs = labels.map((label) => screen.getByLabelText(label) as HTMLInputElement);
    expect(inputs.map((field) => [field.name, field.getAttribute("autocomplete")])).toEqual([
      ["street", "address-line1"],
      ["housenumber", null],
      ["addition", null],
      ["additionalInfo", "address-line2"],
      ["postalCode", "postal-code"],
      ["city", "address-level2"],
      ["country", "country"],
    ]);
  });

  test("Address with a prefix renders prefixed names and ids, in its own autocomplete section", () => {
    renderInForm(addressFields(t, { prefix: "billing_" }), <Address prefix="billing_" legend="Billing address" />);
    expect(screen.getByRole("group", { name: "Billing address" })).toBeTruthy();
    const street = screen.getByLabelText("Street") as HTMLInputElement;
    expect([street.name, street.id, street.getAttribute("autocomplete")]).toEqual(["billing_street", "f-billing_street", "section-billing address-line1"]);
    expect([...document.querySelectorAll("input, select")].map((field) => field.getAttribute("name"))).toEqual([
      "billing_street",
      "billing_housenumber",
      "billing_addition",
      "billing_additionalInfo",
      "billing_postalCode",
      "billing_city",
      "billing_country",
    ]);
    expect(screen.getByLabelText("Country").getAttribute("autocomplete")).toBe("section-billing country");
  });

  test("the country options are nl, de, fr, es and se, after the placeholder", () => {
    renderInForm(addressFields(t), <Address />);
    const select = screen.getByLabelText("Country") as HTMLSelectElement;
    expect(SHIPPING_COUNTRIES).toEqual(["nl", "de", "fr", "es", "se"]);
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ["", "Choose…"],
      ["nl", "Netherlands"],
      ["de", "Germany"],
      ["fr", "France"],
      ["es", "Spain"],
      ["se", "Sweden"],
    ]);
  });

  test("an empty address submitted shows the spec's required messages", async () => {
    const { form } = renderInForm(addressFields(t, { requireAddition: true }), <Address />);
    await submit(form);
    await waitFor(() => expect(errorOf("f-street").textContent).toBe("Street is required."));
    const messages = ["street", "housenumber", "addition", "additionalInfo", "postalCode", "city", "country"].map((name) => errorOf(`f-${name}`).textContent);
    expect(messages).toEqual(["Street is required.", "House number is required.", "Addition is required.", "", "Postal code is required.", "City is required.", "Country is required."]);
  });
});
