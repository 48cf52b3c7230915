import { useEffect, useId, useRef, type ReactNode } from "react";

type Props = {
  title: string;
  intro?: ReactNode;
  /** Moves focus to the title when the card appears after an action (e.g. 'check your e-mail'). */
  focusTitle?: boolean;
  busy?: boolean;
  children?: ReactNode;
};

/** The frame of every account screen: one h1, a short introduction, then the form or the message. */
export function AuthCard({ title, intro, focusTitle = false, busy = false, children }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section className="auth-card" aria-labelledby={id} aria-busy={busy || undefined}>
      <h1 id={id} ref={heading} tabIndex={-1} className="auth-card__title">
        {title}
      </h1>
      {intro ? <p className="auth-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** A quiet skeleton while a screen waits for the browser (query string, user). */
export function AuthCardSkeleton({ label }: { label: string }) {
  return (
    <section className="auth-card auth-card--skeleton" aria-busy="true" aria-label={label}>
      <span className="skeleton skeleton--title" />
      <span className="skeleton" />
      <span className="skeleton" />
    </section>
  );
}
