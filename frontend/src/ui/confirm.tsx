import { useId } from "react";

type ConfirmProps = {
  question: string;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  /** The id of the "no" button, so the caller can move focus to it when the question opens. */
  noId?: string;
  className?: string;
};

/**
 * A yes/no question in place (removing an address, a cart line, emptying the cart): a labelled
 * group, the destructive answer first and styled as such; focus is the caller's (usually "no").
 */
export function Confirm({ question, yes, no, onYes, onNo, noId, className }: ConfirmProps) {
  const questionId = useId();
  return (
    <div className={className ? `confirm ${className}` : "confirm"} role="group" aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      <div className="confirm__actions">
        <button type="button" className="button button--danger" onClick={onYes}>
          {yes}
        </button>
        <button id={noId} type="button" className="button button--secondary" onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}
