import { useCallback } from "react";
import { useNavigate } from "react-router";
import { takeRedirect } from "../../../lib/auth";
import { useLocale } from "../../../lib/i18n";
import { useAccountPath } from "../../../lib/pages/account-path";

/** Where a visitor goes once signed in: the remembered page (the cookie is then cleared), else the account page. */
export function useContinueTarget(): () => string {
  const accountPath = useAccountPath(useLocale());
  return useCallback(() => takeRedirect() ?? accountPath, [accountPath]);
}

/** Goes on to the remembered page or the account page. */
export function useContinue(): (options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const target = useContinueTarget();
  return useCallback((options) => void navigate(target(), options), [navigate, target]);
}
