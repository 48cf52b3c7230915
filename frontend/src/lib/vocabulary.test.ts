/**
 * contracts/vocabularies.json: the lists the SPA's vocabulary and the server's StrEnums
 * (checked by backend/tests/test_vocabularies.py) must both spell exactly, in this order.
 */
import { expect, test } from "vitest";
import contract from "../../../contracts/vocabularies.json";
import {
  ACCOUNT_ERRORS,
  EMAIL_CHANGE_OUTCOMES,
  LESSON_ACCESS,
  LINE_REFUSALS,
  OFFER_KINDS,
  ORDER_ERRORS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PRODUCT_TYPES,
  SHIPPING_COUNTRIES,
} from "./vocabulary";

const LISTS: Record<string, readonly string[]> = {
  accountError: ACCOUNT_ERRORS,
  emailChangeOutcome: EMAIL_CHANGE_OUTCOMES,
  shippingCountry: SHIPPING_COUNTRIES,
  productType: PRODUCT_TYPES,
  paymentStatus: PAYMENT_STATUSES,
  orderStatus: ORDER_STATUSES,
  orderError: ORDER_ERRORS,
  lineRefusal: LINE_REFUSALS,
  offerKind: OFFER_KINDS,
  lessonAccess: LESSON_ACCESS,
};

test("the SPA has exactly the vocabularies of the contract", () => {
  expect(Object.keys(LISTS).sort()).toEqual(Object.keys(contract).sort());
});

test.each(Object.entries(contract))("%s spells the contract's values in its order", (name, values) => {
  expect(LISTS[name]).toEqual(values);
});
