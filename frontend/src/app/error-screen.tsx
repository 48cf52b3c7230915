import { useEffect } from "react";
import { useRouteError } from "react-router";
import { isChunkLoadError, reloadGuarded } from "./build-update";

/**
 * The fatal error screen (route error boundary). A chunk that failed to load — usually a new
 * deployment removed it — reloads the page instead, at most once per 10 seconds.
 * It uses no translations: it must render even when the texts could not be loaded.
 */
export function ErrorScreen() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadGuarded(window.sessionStorage, () => window.location.reload());
    else console.error(error);
  }, [chunk, error]);
  return (
    <main id="main" className="status-screen" tabIndex={-1}>
      <h1>Splash, something went wrong!</h1>
      <p>Please reload the page. / Herlaad de pagina alstublieft.</p>
      <a className="button button--primary" href="/">
        Splash
      </a>
    </main>
  );
}
