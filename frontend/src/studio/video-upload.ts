/**
 * Sending a lesson video in chunks, as the server takes it (backend/splash/academy/video_uploads.py):
 * each chunk at the offset the server has; a chunk the server says starts elsewhere (409) goes on
 * from the offset it names; a chunk that fails on the way (network, 5xx) is tried again after a
 * pause from the offset the server then reports, a few times, before the upload stops — to be
 * resumed later from where the server is (`continueUpload` with the same file).
 */
import { ApiError, type ApiClient } from "../lib/api";
import { getUpload, sendChunk, startUpload, type VideoUpload } from "./lesson-video-api";

export type UploadOptions = {
  /** Attempts after a failed chunk before giving up (the 409 of a chunk sent twice is no failure). */
  retries?: number;
  /** The pause before attempt n (1-based), in milliseconds. */
  pause?: (attempt: number) => number;
  wait?: (milliseconds: number) => Promise<void>;
  onProgress?: (upload: VideoUpload) => void;
  signal?: AbortSignal;
};

const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** A refusal that trying again cannot change (a 4xx other than a timeout or too many requests). */
function final(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

function offsetIn(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const offset = error.details.offset;
  return typeof offset === "number" ? offset : null;
}

/** Sends the rest of `file` for an upload the server knows; the upload once every byte is in. */
export async function continueUpload(client: ApiClient, started: VideoUpload, file: Blob, options: UploadOptions = {}): Promise<VideoUpload> {
  const { retries = 5, pause = (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)), wait = sleep, onProgress, signal } = options;
  let upload = started;
  let offset = started.offset;
  let failures = 0;
  while (offset < upload.size && upload.status === "receiving") {
    const chunk = file.slice(offset, offset + upload.chunkSize);
    try {
      upload = await sendChunk(client, upload.id, offset, chunk, signal);
      offset = upload.offset;
      failures = 0;
      onProgress?.(upload);
      continue;
    } catch (error) {
      if (signal?.aborted) throw error;
      const right = offsetIn(error);
      if (right !== null && right !== offset) {
        offset = right; // the server has more (or less) than this tab thought: go on from there
        continue;
      }
      if (final(error) && right === null) throw error;
      failures += 1;
      if (failures > retries) throw error;
      await wait(pause(failures));
      try {
        upload = await getUpload(client, upload.id);
        offset = upload.offset;
        onProgress?.(upload);
      } catch {
        // still away: the next attempt asks again
      }
    }
  }
  return upload;
}

/** Announces `file` for the lesson and sends it in chunks. */
export async function uploadVideo(client: ApiClient, lessonId: number, file: File, options: UploadOptions = {}): Promise<VideoUpload> {
  const started = await startUpload(client, lessonId, file);
  options.onProgress?.(started);
  return continueUpload(client, started, file, options);
}

/** Whether the server's upload is this file's, still taking bytes (so a new pick of the same file resumes it). */
export function resumable(upload: VideoUpload | null, file: { name: string; size: number }): upload is VideoUpload {
  return upload !== null && upload.status === "receiving" && upload.fileName === file.name.slice(0, 200) && upload.size === file.size;
}

/** The share of the bytes sent, as a whole percentage. */
export const sentPercent = (upload: VideoUpload) => (upload.size === 0 ? 0 : Math.floor((upload.offset / upload.size) * 100));

/** Whether the worker still has the upload (the panel polls until it is done or failed). */
export const importing = (upload: VideoUpload | null) => upload !== null && ["queued", "probing", "packaging"].includes(upload.status);
