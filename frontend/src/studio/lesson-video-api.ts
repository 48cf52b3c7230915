/** The lesson video panel's calls (backend/splash/academy/video_studio_routes.py). */
import type { ApiClient } from "../lib/api";

export const UPLOAD_STATUSES = ["receiving", "queued", "probing", "packaging", "done", "failed", "expired"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const IMPORT_FAILURES = ["not_a_video", "too_long", "too_large", "encoding_failed", "storage_failed", "file_missing", "interrupted"] as const;
export type ImportFailure = (typeof IMPORT_FAILURES)[number];

export type VideoUpload = {
  id: number;
  lessonId: number;
  fileName: string;
  size: number;
  offset: number;
  status: UploadStatus;
  percent: number;
  failure: ImportFailure | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  chunkSize: number;
};

export type LessonVideo = {
  lessonId: number;
  lessonKey: string;
  master: string | null;
  durationMs: number | null;
  captions: { locale: string; src: string }[];
  poster: { src: string; width: number; height: number } | null;
  upload: VideoUpload | null;
};

type Data<T> = { data: T };

export const getLessonVideo = async (client: ApiClient, lessonId: number) =>
  (await client.request<Data<LessonVideo>>("GET", `/lessons/${lessonId}/video`)).data;

export const startUpload = async (client: ApiClient, lessonId: number, file: { name: string; type: string; size: number }) =>
  (
    await client.request<Data<VideoUpload>>("POST", `/lessons/${lessonId}/video/uploads`, {
      // The browser's guess by the name (.ts may pass for TypeScript): only a video type is sent as is.
      body: { fileName: file.name.slice(0, 200), contentType: file.type.startsWith("video/") ? file.type : "application/octet-stream", size: file.size },
    })
  ).data;

export const getUpload = async (client: ApiClient, uploadId: number) => (await client.request<Data<VideoUpload>>("GET", `/video-uploads/${uploadId}`)).data;

export const sendChunk = async (client: ApiClient, uploadId: number, offset: number, chunk: Blob, signal?: AbortSignal) =>
  (
    await client.request<Data<VideoUpload>>("PATCH", `/video-uploads/${uploadId}`, {
      body: chunk,
      headers: { "content-type": "application/octet-stream", "upload-offset": String(offset) },
      signal,
    })
  ).data;

export const putCaptions = async (client: ApiClient, lessonId: number, locale: string, file: Blob) =>
  (await client.request<Data<LessonVideo>>("PUT", `/lessons/${lessonId}/captions/${locale}`, { body: file, headers: { "content-type": "text/vtt" } })).data;

export const removeCaptions = async (client: ApiClient, lessonId: number, locale: string) =>
  (await client.request<Data<LessonVideo>>("DELETE", `/lessons/${lessonId}/captions/${locale}`)).data;

export const putPoster = async (client: ApiClient, lessonId: number, file: Blob) =>
  (await client.request<Data<LessonVideo>>("PUT", `/lessons/${lessonId}/poster`, { body: file, headers: { "content-type": file.type || "image/jpeg" } })).data;
