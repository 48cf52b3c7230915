/**
 * The checkout's state: the draft (restored from this tab's session, or started from the cart's
 * shipping country and the signed-in parent's details and saved address), the fields the server
 * refused, and placing the order — once at a time, with the attempt's idempotency key and, while
 * the captcha is on, a fresh captcha token — before leaving for the payment page.
 */
import { useRef, useState } from "react";
import type { User } from "../../../lib/auth";
import { useCaptcha } from "../../../lib/captcha";
import { readCheckoutDraft, rememberPlacedOrder, writeCheckoutDraft, type CartLine, type ShippingCountryCode } from "../../../lib/cart";
import type { Locale } from "../../../lib/i18n";
import { browserNavigation } from "../../../lib/navigation";
import { routePath } from "../../../lib/routes";
import { placeOrder } from "../api/place-order";
import {
  addressValues,
  attemptFor,
  emptyDraft,
  orderDraft,
  parseDraft,
  SHIPPING,
  shippingCountry,
  stepsOf,
  type CheckoutDraft,
  type FormStep,
  type Step,
  type StepValues,
} from "../utils/draft";
import { describeOrderError, firstStepWithErrors, type FieldErrors, type OrderProblem } from "../utils/order-errors";

/** The country a new address starts with: the shop's language's own (English: none chosen). */
const HOME_COUNTRY: Partial<Record<Locale, string>> = { nl: "nl", de: "de", fr: "fr", es: "es", sv: "se" };

/**
 * A new draft: the country chosen in the cart (its shipping cost is what the parent saw), else a
 * signed-in parent's first saved address, else the shop's language's country. A signed-in
 * parent's saved address is filled in when it is in that country (the first such one); an address
 * in another country would not go with the cart's, so the address then starts empty.
 */
export function startDraft(user: User | null, locale: Locale, cartCountry: ShippingCountryCode | null = null): CheckoutDraft {
  const draft = emptyDraft();
  const saved = user?.addresses.find((address) => cartCountry === null || address.country === cartCountry);
  draft.values.shipping = saved ? addressValues(saved, SHIPPING) : { [`${SHIPPING}country`]: cartCountry ?? HOME_COUNTRY[locale] ?? "" };
  if (user) draft.values.personal = { firstname: user.firstname ?? "", lastname: user.lastname ?? "", email: user.email };
  return draft;
}

/** A kept draft whose country differs from the cart's: the cart's was chosen later (the checkout
 * keeps the two the same), so the shipping step follows it rather than silently costing more or less. */
function withCartCountry(draft: CheckoutDraft, cartCountry: ShippingCountryCode | null): CheckoutDraft {
  if (!cartCountry || shippingCountry(draft.values.shipping) === cartCountry) return draft;
  return { ...draft, values: { ...draft.values, shipping: { ...draft.values.shipping, [`${SHIPPING}country`]: cartCountry } } };
}

/** A kept draft (typed before signing in, say) with a signed-in parent's own address: the one
 * their order goes to. */
function withAccountEmail(draft: CheckoutDraft, user: User | null): CheckoutDraft {
  if (!user || draft.values.personal?.email === user.email) return draft;
  return { ...draft, values: { ...draft.values, personal: { ...draft.values.personal, email: user.email } } };
}

/** Where the payment provider sends the parent back: this shop's order-payment page. */
function returnUrl(locale: Locale): string {
  return `${window.location.origin}${routePath("order-payment", locale)}`;
}

/** The cart's shipping country, and how the checkout changes it (the two stay one country). */
export type CartCountry = { country: ShippingCountryCode | null; setCountry: (country: ShippingCountryCode | null) => void };

export function useCheckout(user: User | null, locale: Locale, lines: CartLine[], cart: CartCountry) {
  // Rendered only in the browser once the cart and the session are known: storage may be read here.
  const [draft, setDraftState] = useState<CheckoutDraft>(() => {
    const kept = parseDraft(readCheckoutDraft());
    return kept ? withCartCountry(withAccountEmail(kept, user), cart.country) : startDraft(user, locale, cart.country);
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const [placing, setPlacing] = useState(false);
  // Counts the refusals of the withdrawal question (the summary focuses the checkbox on each).
  const [withdrawalRefused, setWithdrawalRefused] = useState(0);
  const captcha = useCaptcha();
  const pending = useRef(false);
  // The newest draft, for handlers that run before the next render (a double click).
  const current = useRef(draft);

  const setDraft = (next: CheckoutDraft) => {
    current.current = next;
    writeCheckoutDraft(next);
    setDraftState(next);
  };
  /** A country chosen in the shipping step is the cart's too (back on the cart page, it is shown). */
  const keepCountry = (step: FormStep, values: StepValues) => {
    const country = step === "shipping" ? shippingCountry(values) : null;
    if (country && country !== cart.country) cart.setCountry(country);
  };
  const steps = stepsOf(draft);

  return {
    draft,
    steps,
    fieldErrors,
    problem,
    placing,
    withdrawalRefused,
    /** The summary's withdrawal checkbox (kept in the draft like the steps' values). */
    waiveWithdrawal(waived: boolean) {
      setDraft({ ...current.current, withdrawalWaived: waived });
      if (waived) setWithdrawalRefused(0);
    },
    /** A step's form changed (kept as typed, so a reload finds it). */
    keep(step: FormStep, values: StepValues) {
      keepCountry(step, values);
      setDraft({ ...current.current, values: { ...current.current.values, [step]: values } });
    },
    goTo(step: Step) {
      setProblem(null);
      setDraft({ ...current.current, step });
    },
    /** A step's form was completed: keep its values and go on to the next step. */
    complete(step: FormStep, values: StepValues) {
      keepCountry(step, values);
      const next = { ...current.current, values: { ...current.current.values, [step]: values } };
      const order = stepsOf(next);
      setFieldErrors((errors) => ({ ...errors, [step]: [] }));
      setProblem(null);
      setDraft({ ...next, step: order[order.indexOf(step) + 1] ?? "summary" });
    },
    /** Places the order; `lessons`: the cart holds lessons, so the withdrawal question must be answered yes. */
    async place(lessons = false) {
      if (pending.current) return; // a second click before the first one re-rendered
      if (lessons && !current.current.withdrawalWaived) {
        setWithdrawalRefused((count) => count + 1);
        return;
      }
      pending.current = true;
      setPlacing(true);
      setProblem(null);
      const body = orderDraft(current.current, lines, locale, lessons);
      const attempt = attemptFor(current.current, JSON.stringify(body));
      setDraft({ ...current.current, attempt });
      try {
        // A fresh token per attempt (a retry too): the key, not the token, makes it the same order.
        const captchaToken = await captcha.token();
        const { data } = await placeOrder(body, returnUrl(locale), attempt.key, captchaToken);
        rememberPlacedOrder(data.slug);
        browserNavigation.leaveTo(data.checkoutUrl);
        // Still placing: the browser is on its way to the payment page.
      } catch (error) {
        pending.current = false;
        setPlacing(false);
        const found = describeOrderError(error);
        if (found.kind === "key-reused") setDraft({ ...current.current, attempt: null });
        if (found.kind === "withdrawal") {
          setWithdrawalRefused((count) => count + 1);
          return;
        }
        const step = found.kind === "fields" ? firstStepWithErrors(found.fields, current.current) : null;
        if (found.kind === "fields" && step) {
          setFieldErrors(found.fields);
          setDraft({ ...current.current, step });
        } else {
          setProblem(found.kind === "fields" ? { kind: "failed" } : found);
        }
      }
    },
  };
}

export type CheckoutState = ReturnType<typeof useCheckout>;
