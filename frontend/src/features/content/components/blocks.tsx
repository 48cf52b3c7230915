import { lazy, Suspense } from "react";
import { ButtonLink } from "../../../ui/button-link";
import type { BlockData, IntroBlockData, TextBlockData } from "../types";

// Forms (formik + yup) load only on pages that have one; publishing still renders them.
const FormBlock = lazy(() => import("./form-block").then((module) => ({ default: module.FormBlock })));

function IntroBlock({ block, headingLevel }: { block: IntroBlockData; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="block block-intro">
      <div className="block-intro__inner">
        {block.eyebrow ? <p className="block-intro__eyebrow">{block.eyebrow}</p> : null}
        <Heading className="block-intro__title">{block.title}</Heading>
        <p className="block-intro__text">{block.text}</p>
        {block.button ? <ButtonLink to={block.button.path}>{block.button.label}</ButtonLink> : null}
      </div>
    </section>
  );
}

function TextBlock({ block }: { block: TextBlockData }) {
  return (
    <section className="block block-text">
      {block.title ? <h2>{block.title}</h2> : null}
      {block.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

/** Renders a page's blocks; the first intro carries the page's main heading. */
export function Blocks({ blocks }: { blocks: BlockData[] }) {
  const firstIntro = blocks.findIndex((block) => block.type === "intro");
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "intro":
            return <IntroBlock key={index} block={block} headingLevel={index === firstIntro ? 1 : 2} />;
          case "text":
            return <TextBlock key={index} block={block} />;
          case "form":
            return (
              <Suspense key={index} fallback={<section className="block block-form" aria-busy="true" />}>
                <FormBlock block={block} />
              </Suspense>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
