import { lazy } from "react";
import { ensureAccountTexts } from "../../lib/i18n";
// With the app's CSS (the account page is published as HTML); only the code below loads lazily.
import "./profile.css";

/**
 * The account page's profile block, loaded only where the page has it: visitors who never open the
 * account page never load the form system. (Its orders block is features/orders'.)
 */
export const ProfileBlock = lazy(() => Promise.all([import("./components/profile-block"), ensureAccountTexts()]).then(([module]) => ({ default: module.ProfileBlock })));
