/**
 * The studio's own entry (vite.config.ts builds it apart from the shop's, `--mode studio`):
 * the studio shell (backend/splash/site/web/studio.py) loads this script, so the shop's pages
 * hold not a byte of the studio. The shop's base styles come along for the shared form fields
 * and buttons.
 */
import "../app/styles.css";
import { startStudio } from "./studio";

const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
void startStudio(root);
