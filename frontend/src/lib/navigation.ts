/**
 * Leaving the SPA for another site (the payment provider's page, another language's domain): a
 * full navigation, so the browser's back button and the provider's return work as on any shop.
 * One object, so tests can watch where the page would go (jsdom cannot navigate).
 */
export const browserNavigation = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
  /** A top-level form post of `fields` to `action`: what it carries stays out of every URL. */
  post(action: string, fields: Record<string, string>): void {
    const form = document.createElement("form");
    form.method = "post";
    form.action = action;
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  },
};
