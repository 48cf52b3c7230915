/**
 * Leaving the SPA for another site (the payment provider's page): a full navigation, so the
 * browser's back button and the provider's return work as on any shop. One object, so tests can
 * watch where the page would go (jsdom cannot navigate).
 */
export const browserNavigation = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};
