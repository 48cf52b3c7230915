/**
 * A course's outline (`course-outline`): on the site or not, its place, its levels in order and
 * each level's lessons in order (moved by the ordered list's buttons, or to another level by
 * its level field: last there, the focus following it), which lessons are free previews, and
 * how long each lasts — minutes typed in (1–180), or empty for its video's length, shown
 * beside the field.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { CheckField } from "./check-field";
import type { FieldsProps, Spec } from "./collection-fields";
import { DocField, FieldError, fieldDomId } from "./doc-field";
import type { OutlineLesson, OutlineLevel } from "./documents";
import type { EntrySummary } from "./editing-api";
import { OrderedList } from "./ordered-list";
import { useEntries } from "./use-entries";
import { useFocusAfterRender } from "../../ui/use-focus-after-render";

type Props = FieldsProps & { field: (spec: Spec, extra?: ReactNode) => ReactNode };

const titles = (entries: EntrySummary[] | null) => new Map((entries ?? []).map((entry) => [entry.key, entry]));

export function CourseOutlineFields({ form, values, set, errors, field }: Props) {
  const { t } = useTranslation();
  const levelTitles = titles(useEntries("level"));
  const lessonTitles = titles(useEntries("lesson"));
  const levels = (values.levels as OutlineLevel[] | null) ?? [];
  const levelName = (level: OutlineLevel) => levelTitles.get(level.key)?.title || level.key;
  const lessonName = (lesson: OutlineLesson) => lessonTitles.get(lesson.key)?.title || lesson.key;
  const setLessons = (at: number, lessons: OutlineLesson[]) => set("levels", levels.map((level, index) => (index === at ? { ...level, lessons } : level)));
  const [announcement, setAnnouncement] = useState("");
  const focusAfter = useFocusAfterRender();
  const levelField = (at: number, index: number) => fieldDomId(form, `levels.${at}.lessons.${index}.level`);
  const moveToLevel = (from: number, index: number, to: number) => {
    const lesson = levels[from]?.lessons[index];
    const target = levels[to];
    if (!lesson || !target || from === to) return;
    set(
      "levels",
      levels.map((level, at) => (at === from ? { ...level, lessons: level.lessons.filter((_, place) => place !== index) } : at === to ? { ...level, lessons: [...level.lessons, lesson] } : level)),
    );
    setAnnouncement(t("studio.editing.movedToLevel", { name: lessonName(lesson), level: levelName(target) }));
    focusAfter(levelField(to, target.lessons.length));
  };
  const lessonRow = (at: number, lesson: OutlineLesson, index: number) => {
    const path = `levels.${at}.lessons.${index}`;
    const videoMs = lessonTitles.get(lesson.key)?.videoMs;
    const video = videoMs ? t("studio.editing.videoMinutes", { minutes: Math.max(1, Math.round(videoMs / 60_000)) }) : t("studio.editing.noVideoYet");
    const change = (changes: Partial<OutlineLesson>) => setLessons(at, (levels[at]?.lessons ?? []).map((other, place) => (place === index ? { ...other, ...changes } : other)));
    return (
      <div className="studio-group" data-path={path}>
        <p className="studio-ordered__name">{lessonName(lesson)}</p>
        <DocField
          form={form}
          path={`${path}.level`}
          label={t("studio.editing.fields.lessonLevel")}
          kind="select"
          options={levels.map((level) => ({ value: level.key, label: levelName(level) }))}
          value={levels[at]?.key ?? ""}
          onChange={(key) => moveToLevel(at, index, levels.findIndex((level) => level.key === key))}
        />
        <CheckField form={form} path={`${path}.freePreview`} label={t("studio.editing.fields.freePreview")} checked={lesson.freePreview} onChange={(freePreview) => change({ freePreview })} error={errors[`${path}.freePreview`]} />
        <DocField form={form} path={`${path}.minutes`} label={t("studio.editing.fields.minutes")} value={lesson.minutes ?? ""} onChange={(minutes) => change({ minutes })} help={t("studio.editing.help.minutes", { video })} error={errors[`${path}.minutes`]} />
      </div>
    );
  };
  return (
    <>
      <CheckField form={form} path="published" label={t("studio.editing.fields.onSite")} checked={values.published === true} onChange={(checked) => set("published", checked)} error={errors.published} />
      {field({ path: "position", label: "position", help: "shopPosition" })}
      <FieldError error={errors.levels} />
      <OrderedList items={levels} keyOf={(level) => level.key} nameOf={levelName} onChange={(next) => set("levels", next)} label={t("studio.editing.fields.levels")}>
        {(level, at) => (
          <fieldset className="studio-fieldset">
            <legend>{t("studio.editing.levelNumber", { number: at + 1, title: levelName(level) })}</legend>
            <OrderedList items={level.lessons} keyOf={(lesson) => lesson.key} nameOf={lessonName} onChange={(next) => setLessons(at, next)} label={t("studio.editing.lessonsOf", { title: levelName(level) })}>
              {(lesson, index) => lessonRow(at, lesson, index)}
            </OrderedList>
          </fieldset>
        )}
      </OrderedList>
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
