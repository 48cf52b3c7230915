import { preloadable } from "../../lib/preloadable";
// With the app's CSS (the account page is published as HTML); only the code below loads lazily.
import "./profile.css";

/**
 * The account page's profile block, loaded only where the page has it: visitors who never open the
 * account page never load the form system. (Its orders block is features/orders'.)
 */
export const ProfileBlock = preloadable(() => import("./components/profile-block").then((module) => module.ProfileBlock));
