/**
 * Choosing an image file for the media library, with the upload's progress: the library's own
 * upload, a file's replacement and the picker's upload all use this one field.
 */
import { useState } from "react";
import { useTranslation } from "../lib/i18n";
import { ACCEPTED_TYPES } from "./media-api";

type Props = { id: string; label: string; help?: string; progress: number | null; onFile: (file: File) => void };

export function UploadField({ id, label, help, progress, onFile }: Props) {
  const { t } = useTranslation();
  return (
    <div className="studio-upload">
      <label htmlFor={id}>{label}</label>{" "}
      <input
        id={id}
        type="file"
        accept={ACCEPTED_TYPES}
        disabled={progress !== null}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      {help ? (
        <p id={`${id}-help`} className="studio-help">
          {help}
        </p>
      ) : null}
      {progress !== null ? (
        <p role="status">
          <label htmlFor={`${id}-progress`}>{t("studio.media.uploading")}</label>{" "}
          <progress id={`${id}-progress`} max={1} value={progress}>
            {Math.round(progress * 100)}%
          </progress>
        </p>
      ) : null}
    </div>
  );
}

/** The progress of the upload under way (null: none), and `run` to make one through it. */
export function useUploadProgress(): [number | null, <T>(upload: (onProgress: (fraction: number) => void) => Promise<T>) => Promise<T>] {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async <T,>(upload: (onProgress: (fraction: number) => void) => Promise<T>): Promise<T> => {
    setProgress(0);
    try {
      return await upload(setProgress);
    } finally {
      setProgress(null);
    }
  };
  return [progress, run];
}
