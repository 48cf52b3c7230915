/**
 * An article's category, chosen from the blog's categories of its language (their names in that
 * language), and its cover, chosen from the media library through the picker.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { ImageChoice } from "../content/image-choice";
import type { ImageData } from "../content/rich-text/convert";
import { useSession } from "../session";
import { useImagePicker } from "./blocks-field";
import { DocField, fieldDomId } from "./doc-field";
import { listCategories, type Category } from "./editing-api";

type CategoryProps = { form: string; locale: string; value: unknown; onChange: (key: string | null) => void; error?: string };

export function ArticleCategory({ form, locale, value, onChange, error }: CategoryProps) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [categories, setCategories] = useState<Category[] | null>(null);
  useEffect(() => {
    let current = true;
    listCategories(client, locale).then(
      (found) => current && setCategories(found),
      () => current && setCategories([]),
    );
    return () => {
      current = false;
    };
  }, [client, locale]);
  const chosen = typeof value === "string" ? value : "";
  const known = (categories ?? []).map((category) => ({ value: category.key, label: category.name }));
  // A key this language has no category for (yet) stays visible instead of silently changing.
  const stray = chosen && categories && !known.some((option) => option.value === chosen) ? [{ value: chosen, label: chosen }] : [];
  return (
    <DocField
      form={form}
      path="category"
      label={t("studio.editing.fields.category")}
      kind="select"
      value={chosen}
      options={[{ value: "", label: t(categories === null ? "studio.loading" : "studio.editing.noCategory") }, ...known, ...stray]}
      help={t("studio.editing.help.category")}
      onChange={(key) => onChange(key || null)}
      error={error}
    />
  );
}

type CoverProps = { form: string; locale: string; value: unknown; onChange: (cover: ImageData | null) => void; errors: Record<string, string> };

export function ArticleCover({ form, locale, value, onChange, errors }: CoverProps) {
  const { t } = useTranslation();
  const images = useImagePicker(locale);
  const below = Object.entries(errors)
    .filter(([at]) => at === "cover" || at.startsWith("cover."))
    .map(([, message]) => message);
  return (
    <div data-path="cover">
      <ImageChoice
        id={fieldDomId(form, "cover")}
        legend={t("studio.editing.fields.cover")}
        value={(value ?? null) as Partial<ImageData> | null}
        locale={locale}
        pickImage={images.pickImage}
        onChange={onChange}
        removable
        errors={[...new Set(below)]}
      />
      {images.dialog}
    </div>
  );
}
