/**
 * A lesson's video panel (/studio/lessons/:id/video): the video playing now, a new one sent in
 * chunks with its progress (resumed after a failed chunk, or by picking the same file again),
 * the worker's import followed until the lesson plays it or says why it could not, then the
 * captions per language and the poster (lesson-media.tsx).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { Heading } from "../heading";
import { getLessonVideo, getUpload, type LessonVideo, type VideoUpload } from "../lesson-video-api";
import { useSession } from "../session";
import { StatusMessage, type Notice } from "../status";
import { continueUpload, importing, resumable, sentPercent, uploadVideo } from "../video-upload";
import { LessonCaptions, LessonPoster } from "./lesson-media";

const POLL_MILLISECONDS = 2000;

export function LessonVideoScreen() {
  const { t } = useTranslation();
  const { client } = useSession();
  const lessonId = Number(useParams().id);
  const [video, setVideo] = useState<LessonVideo | null | "failed">(null);

  useEffect(() => {
    let current = true;
    getLessonVideo(client, lessonId).then(
      (found) => current && setVideo(found),
      () => current && setVideo("failed"),
    );
    return () => {
      current = false;
    };
  }, [client, lessonId]);

  return (
    <>
      <Heading>{t("studio.lessonVideo.title", { id: lessonId })}</Heading>
      {video === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : video === "failed" ? (
        <p role="alert">{t("studio.failed")}</p>
      ) : (
        <LessonVideoPanel video={video} onChanged={setVideo} />
      )}
    </>
  );
}

export function LessonVideoPanel({ video, onChanged }: { video: LessonVideo; onChanged: (video: LessonVideo) => void }) {
  const { t } = useTranslation();
  const seconds = video.durationMs === null ? null : Math.round(video.durationMs / 1000);
  return (
    <div className="studio-lesson-video">
      <section aria-labelledby="lesson-video-now">
        <h2 id="lesson-video-now">{t("studio.lessonVideo.now")}</h2>
        <p>{seconds === null ? t("studio.lessonVideo.none") : t("studio.lessonVideo.plays", { seconds })}</p>
      </section>
      <VideoUploader lessonId={video.lessonId} latest={video.upload} onReload={onChanged} />
      <LessonCaptions video={video} onChanged={onChanged} />
      <LessonPoster video={video} onChanged={onChanged} />
    </div>
  );
}

function VideoUploader({ lessonId, latest, onReload }: { lessonId: number; latest: VideoUpload | null; onReload: (video: LessonVideo) => void }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [upload, setUpload] = useState<VideoUpload | null>(latest);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const stopped = useRef(false);

  useEffect(() => () => void (stopped.current = true), []);

  const send = useCallback(
    async (chosen: File) => {
      setSending(true);
      setNotice(null);
      try {
        const onProgress = (next: VideoUpload) => !stopped.current && setUpload(next);
        const done = resumable(upload, chosen) ? await continueUpload(client, upload, chosen, { onProgress }) : await uploadVideo(client, lessonId, chosen, { onProgress });
        setUpload(done);
      } catch (error) {
        const tooLarge = error instanceof ApiError && error.status === 413;
        setNotice({ kind: "failed", text: t(tooLarge ? "studio.lessonVideo.tooLarge" : "studio.lessonVideo.interrupted") });
      } finally {
        setSending(false);
      }
    },
    [client, lessonId, upload, t],
  );

  const waiting = importing(upload);
  useEffect(() => {
    if (!waiting || !upload) return;
    const timer = setTimeout(() => {
      getUpload(client, upload.id).then(
        async (next) => {
          setUpload(next);
          if (next.status === "done") onReload(await getLessonVideo(client, lessonId));
        },
        () => setUpload({ ...upload }), // asked again after the next pause
      );
    }, POLL_MILLISECONDS);
    return () => clearTimeout(timer);
  }, [client, lessonId, onReload, upload, waiting]);

  return (
    <section aria-labelledby="lesson-video-upload">
      <h2 id="lesson-video-upload">{t("studio.lessonVideo.upload")}</h2>
      <StatusMessage notice={notice} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (file) void send(file);
        }}
      >
        <label htmlFor="lesson-video-file">{t("studio.lessonVideo.file")}</label>
        <input id="lesson-video-file" type="file" accept="video/*" disabled={sending} onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        <button type="submit" className="button button--primary" disabled={!file || sending || waiting}>
          {file && resumable(upload, file) ? t("studio.lessonVideo.resume") : t("studio.lessonVideo.send")}
        </button>
      </form>
      {upload ? <UploadState upload={upload} sending={sending} /> : null}
    </section>
  );
}

export function UploadState({ upload, sending = true }: { upload: VideoUpload; sending?: boolean }) {
  const { t } = useTranslation();
  if (upload.status === "receiving" && !sending) {
    return <p>{t("studio.lessonVideo.paused", { name: upload.fileName, percent: sentPercent(upload) })}</p>;
  }
  if (upload.status === "receiving") {
    const percent = sentPercent(upload);
    return (
      <p>
        <label htmlFor="lesson-video-sent">{t("studio.lessonVideo.sending", { name: upload.fileName, percent })}</label>{" "}
        <progress id="lesson-video-sent" max={100} value={percent} />
      </p>
    );
  }
  if (importing(upload)) {
    return (
      <p role="status">
        <label htmlFor="lesson-video-import">{t(`studio.lessonVideo.stages.${upload.status}`, { percent: upload.percent })}</label>{" "}
        <progress id="lesson-video-import" max={100} value={upload.percent} />
      </p>
    );
  }
  if (upload.status === "failed") {
    return (
      <p role="alert" className="studio-notice--failed">
        {t("studio.lessonVideo.importFailed", { name: upload.fileName, reason: t(`studio.lessonVideo.failures.${upload.failure ?? "interrupted"}`) })}
      </p>
    );
  }
  return <p role="status">{t(upload.status === "done" ? "studio.lessonVideo.imported" : "studio.lessonVideo.expired", { name: upload.fileName })}</p>;
}
