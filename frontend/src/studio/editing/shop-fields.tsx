/**
 * The fields of the shop's and the academy's collections: a product's and a course's texts
 * (per language), a variant, its price and an offer's (the owner's: euros in the field, whole
 * cents to the API, documents.ts), a size guide's rows, a level's and a lesson's texts; a
 * product's setup and a suit's free lessons (setup-fields.tsx), a course's outline
 * (outline-fields.tsx).
 * The generic entry editor (entry-form.tsx) saves, publishes and keeps their history.
 */
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { RichTextField } from "./blocks-field";
import type { FieldsProps, Spec } from "./collection-fields";
import type { Document } from "./editing-api";
import { CourseOutlineFields } from "./outline-fields";
import { FreeLessonsFields, ProductSetupFields } from "./setup-fields";

type Props = FieldsProps & {
  field: (spec: Spec, extra?: ReactNode) => ReactNode;
  slug: ReactNode;
  seo: ReactNode[];
};

const COLOURS = ["blue", "pink"];
const ROW = { size: "", minKg: "", maxKg: "", age: "" };

export function ShopFields(props: Props) {
  const { t } = useTranslation();
  const { form, collection, values, set, errors, field, slug, seo } = props;
  const description = (
    <RichTextField form={form} path="description" label={t("studio.editing.fields.description")} value={(values.description as unknown[]) ?? []} onChange={(body) => set("description", body)} errors={errors} locale={props.locale} />
  );
  const seoGroup = (
    <fieldset className="studio-group">
      <legend>{t("studio.editing.seo")}</legend>
      {seo}
    </fieldset>
  );
  const perKey = (name: string, label: string) => {
    const keys = Object.keys((values[name] as Document | null) ?? {});
    if (keys.length === 0) return null;
    return (
      <fieldset className="studio-group">
        <legend>{t(`studio.editing.fields.${label}`)}</legend>
        {keys.map((key) => field({ path: `${name}.${key}`, label: "perKey" }, <span className="field__help">{key}</span>))}
      </fieldset>
    );
  };

  switch (collection) {
    case "product":
      return (
        <>
          {field({ path: "title", label: "title" })}
          {slug}
          {field({ path: "intro", label: "intro", kind: "long-text" })}
          {description}
          {perKey("imageAlt", "imageAlts")}
          {perKey("colours", "colourNames")}
          {seoGroup}
        </>
      );
    case "course":
      return (
        <>
          {field({ path: "title", label: "title" })}
          {slug}
          {field({ path: "intro", label: "intro", kind: "long-text" })}
          {description}
          {field({ path: "imageAlt", label: "imageAlt", help: "imageAlt" })}
          {seoGroup}
        </>
      );
    case "level":
      return (
        <>
          {field({ path: "title", label: "title" })}
          {field({ path: "description", label: "description", kind: "long-text" })}
        </>
      );
    case "lesson":
      return (
        <>
          {field({ path: "title", label: "title" })}
          {slug}
          {field({ path: "description", label: "description", kind: "long-text" })}
          {field({ path: "posterAlt", label: "posterAlt" })}
        </>
      );
    case "variant": {
      const yesNo = [
        { value: "true", label: t("studio.editing.onSale") },
        { value: "false", label: t("studio.editing.offSale") },
      ];
      return (
        <>
          {field({ path: "product", label: "product" })}
          {field({ path: "colour", label: "colour", kind: "select", options: COLOURS.map((colour) => ({ value: colour, label: t(`studio.editing.colours.${colour}`) })) })}
          {field({ path: "size", label: "size" })}
          {field({ path: "active", label: "active", kind: "select", options: yesNo })}
          {field({ path: "position", label: "position", help: "position" })}
        </>
      );
    }
    case "price":
    case "offer":
      return field({ path: "price", label: "priceEuros", help: "priceEuros" });
    case "size-guide":
      return <SizeRows {...props} />;
    case "product-setup":
      return <ProductSetupFields {...props} />;
    case "course-outline":
      return <CourseOutlineFields {...props} />;
    case "free-lessons":
      return <FreeLessonsFields {...props} />;
    default:
      return null;
  }
}

function SizeRows({ values, set, field }: Props) {
  const { t } = useTranslation();
  const rows = (values.rows as Document[]) ?? [];
  return (
    <>
      {rows.map((_, index) => (
        <fieldset key={index} className="studio-group">
          <legend>{t("studio.editing.sizeRow", { number: index + 1 })}</legend>
          {field({ path: `rows.${index}.size`, label: "size" })}
          {field({ path: `rows.${index}.minKg`, label: "minKg" })}
          {field({ path: `rows.${index}.maxKg`, label: "maxKg" })}
          {field({ path: `rows.${index}.age`, label: "age" })}
          <button type="button" className="button button--secondary" onClick={() => set("rows", rows.filter((__, at) => at !== index))}>
            {t("studio.editing.removeSizeRow", { number: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--secondary" onClick={() => set("rows", [...rows, { ...ROW }])}>
        {t("studio.editing.addSizeRow")}
      </button>
    </>
  );
}
