/**
 * The fields of each collection's entry: a page (title, slug made from the title, parent,
 * SEO, blocks), an article (title, slug, excerpt, category, cover, date, SEO, body), a menu
 * (its items), the settings (company, numbers, address, socials; the owner's) and the banner.
 * Every field shows the default language's value beside it when the entry is in another.
 */
import type { ReactNode } from "react";
import { DEFAULT_LOCALE, useTranslation } from "../../lib/i18n";
import { ArticleCategory, ArticleCover } from "./article-fields";
import { BlocksField, RichTextField } from "./blocks-field";
import { DocField, type FieldKind } from "./doc-field";
import { valueAt } from "./document-paths";
import type { Collection, Document, EntrySummary } from "./editing-api";
import { fromLocalInput, localInput } from "./documents";
import { menuItems } from "./menu-items";
import { MenuItemsField } from "./menu-items-field";
import { ShopFields } from "./shop-fields";

export type FieldsProps = {
  form: string;
  collection: Collection;
  locale: string;
  values: Document;
  set: (path: string, value: unknown) => void;
  errors: Record<string, string>;
  /** The default language's document (null: this is the default language, or not per language). */
  reference: Document | null;
  /** Required before publishing, as the API last said (`missing`). */
  required: string[];
  /** The pages of this language, for a page's parent. */
  pages: EntrySummary[];
  entryKey: string;
  makeSlug: () => void;
};

export type Spec = { path: string; label: string; kind?: FieldKind; help?: string; options?: { value: string; label: string }[] };

export function CollectionFields(props: FieldsProps) {
  const { t } = useTranslation();
  const { form, collection, locale, values, set, errors, reference, required, pages, entryKey, makeSlug } = props;
  const field = ({ path, label, kind, help, options }: Spec, extra?: ReactNode) => {
    const raw = valueAt(values, path);
    const isTime = kind === "date-time";
    return (
      <DocField
        key={path}
        form={form}
        path={path}
        label={t(`studio.editing.fields.${label}`)}
        kind={kind}
        options={options}
        help={help ? t(`studio.editing.help.${help}`) : undefined}
        value={isTime ? localInput(raw as string | null) : raw}
        onChange={(value) => set(path, isTime ? fromLocalInput(value) : value)}
        error={errors[path]}
        required={required.includes(path)}
        reference={reference && path !== "slug" ? { locale: DEFAULT_LOCALE, value: isTime ? localInput(valueAt(reference, path) as string | null) : (valueAt(reference, path) ?? "") } : null}
        extra={extra}
      />
    );
  };
  const seo = [field({ path: "seoTitle", label: "seoTitle", help: "seoTitle" }), field({ path: "seoDescription", label: "seoDescription", kind: "long-text", help: "seoDescription" })];
  const slug = field(
    { path: "slug", label: "slug", help: "slug" },
    <button type="button" className="button button--secondary" onClick={makeSlug}>
      {t("studio.editing.makeSlug")}
    </button>,
  );

  switch (collection) {
    case "page": {
      const parents = pages.filter((page) => page.key !== entryKey && page.translated);
      return (
        <>
          {field({ path: "title", label: "title" })}
          {slug}
          <DocField
            form={form}
            path="parent"
            label={t("studio.editing.fields.parent")}
            kind="select"
            value={values.parent ?? ""}
            options={[{ value: "", label: t("studio.editing.noParent") }, ...parents.map((page) => ({ value: page.key, label: `${page.title} (${page.path ?? page.key})` }))]}
            onChange={(value) => set("parent", value || null)}
            error={errors.parent}
          />
          <fieldset className="studio-group">
            <legend>{t("studio.editing.seo")}</legend>
            {seo}
          </fieldset>
          <BlocksField form={form} path="blocks" label={t("studio.editing.fields.blocks")} value={(values.blocks as unknown[]) ?? []} onChange={(blocks) => set("blocks", blocks)} errors={errors} help={t("studio.editing.help.blocks")} locale={locale} />
        </>
      );
    }
    case "article":
      return (
        <>
          {field({ path: "title", label: "title" })}
          {slug}
          {field({ path: "excerpt", label: "excerpt", kind: "long-text" })}
          <ArticleCategory form={form} locale={locale} value={values.category} onChange={(key) => set("category", key)} error={errors.category} />
          {field({ path: "publishedAt", label: "publishedAt", kind: "date-time", help: "publishedAt" })}
          <ArticleCover form={form} locale={locale} value={values.cover} onChange={(cover) => set("cover", cover)} errors={errors} />
          <fieldset className="studio-group">
            <legend>{t("studio.editing.seo")}</legend>
            {seo}
          </fieldset>
          <RichTextField form={form} path="body" label={t("studio.editing.fields.body")} value={(values.body as unknown[]) ?? []} onChange={(body) => set("body", body)} errors={errors} help={t("studio.editing.help.body")} locale={locale} />
        </>
      );
    case "menu":
      return (
        <MenuItemsField
          form={form}
          items={menuItems(values.items)}
          onChange={(items) => set("items", items)}
          errors={errors}
          reference={reference ? { locale: DEFAULT_LOCALE, document: reference } : null}
        />
      );
    case "settings":
      return (
        <>
          {field({ path: "companyName", label: "companyName" })}
          {field({ path: "cocNumber", label: "cocNumber" })}
          {field({ path: "vatNumber", label: "vatNumber" })}
          <fieldset className="studio-group">
            <legend>{t("studio.editing.fields.address")}</legend>
            {["street", "housenumber", "postalCode", "city", "country"].map((name) => field({ path: `address.${name}`, label: name }))}
          </fieldset>
          <fieldset className="studio-group">
            <legend>{t("studio.editing.fields.socialLinks")}</legend>
            {["facebook", "instagram", "linkedin", "x", "tiktok"].map((name) => field({ path: `socialLinks.${name}`, label: name }))}
          </fieldset>
        </>
      );
    case "banner":
      return field({ path: "text", label: "bannerText", kind: "long-text", help: "bannerText" });
    default:
      return <ShopFields {...props} field={field} slug={slug} seo={seo} />;
  }
}
