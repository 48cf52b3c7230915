/** The Splash word mark with a wave; the text stays real text for screen readers. */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="#0a6fb8" />
        <path d="M6 24c4 0 4-3 7-3s3 3 7 3 4-3 7-3 3 3 7 3" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="20" cy="14" r="4.5" fill="#ffd23f" />
      </svg>
      <span className="logo__text">Splash</span>
    </span>
  );
}
