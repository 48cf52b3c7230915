import { useId, type ReactNode, type Ref } from "react";

/** One part of the account page: an h2 (focusable, for focus after an action) and its content. */
export function ProfileSection({ title, headingRef, className, children }: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`profile-section ${className ?? ""}`} aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A live message: role="status" for success, role="alert" for failure; always rendered so it is announced. */
export function Announcement({ message }: { message: { kind: "success" | "failure"; text: string } | null }) {
  return (
    <>
      <p className="profile-message profile-message--success" role="status">
        {message?.kind === "success" ? message.text : null}
      </p>
      <p className="profile-message profile-message--failure" role="alert">
        {message?.kind === "failure" ? message.text : null}
      </p>
    </>
  );
}
